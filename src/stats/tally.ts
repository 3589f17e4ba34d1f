// Streaming tallies of a batch: outcome counts, game lengths, per-role survival, wins and points.
// Memory stays flat however many games are added; tallies merge exactly (workers, shards).
import type { Game } from '../engine/game.js';
import { WINNERS, type Winner } from '../engine/events.js';
import { Distribution } from './distribution.js';

export interface GroupTally {
  seats: number;
  survived: number;
  won: number;
  points: Distribution;
}

export interface FailedGame {
  readonly game: number;
  readonly error: string;
}

/** How many failures a tally keeps in full (the count is always exact). */
export const KEPT_FAILURES = 20;

export class Tally {
  games = 0;
  readonly outcomes: Record<Winner, number> = { town: 0, mafia: 0, draw: 0, stalemate: 0 };
  readonly days = new Distribution();
  readonly roles = new Map<string, GroupTally>();
  readonly teams = new Map<string, GroupTally>();
  illegalDecisions = 0;
  failed = 0;
  readonly failures: FailedGame[] = [];

  /** `roleIds` fixes the order of the per-role rows (the setup's order), whatever the games' order. */
  constructor(roleIds: readonly string[]) {
    for (const id of roleIds) this.roles.set(id, emptyGroup());
    for (const t of ['town', 'mafia']) this.teams.set(t, emptyGroup());
  }

  add(g: Game): void {
    const w = g.winner!;
    this.games++;
    this.outcomes[w]++;
    this.days.add(g.day);
    this.illegalDecisions += g.illegalDecisions;
    for (let s = 1; s <= g.n; s++) {
      const role = g.roles[s];
      const survived = g.alive[s];
      const won = role.team === w ? 1 : 0;
      const pts = g.points[s];
      count(this.roles.get(role.id)!, survived, won, pts);
      count(this.teams.get(role.team)!, survived, won, pts);
    }
  }

  addFailure(game: number, error: string): void {
    this.failed++;
    if (this.failures.length < KEPT_FAILURES) this.failures.push({ game, error });
  }

  merge(o: Tally): void {
    this.games += o.games;
    for (const w of WINNERS) this.outcomes[w] += o.outcomes[w];
    this.days.merge(o.days);
    this.illegalDecisions += o.illegalDecisions;
    for (const [key, mine, theirs] of pairs(this.roles, o.roles)) this.roles.set(key, mergeGroup(mine, theirs));
    for (const [key, mine, theirs] of pairs(this.teams, o.teams)) this.teams.set(key, mergeGroup(mine, theirs));
    this.failed += o.failed;
    for (const f of o.failures) if (this.failures.length < KEPT_FAILURES) this.failures.push(f);
  }
}

function count(group: GroupTally, survived: number, won: number, pts: number): void {
  group.seats++;
  group.survived += survived;
  group.won += won;
  group.points.add(pts);
}

function emptyGroup(): GroupTally {
  return { seats: 0, survived: 0, won: 0, points: new Distribution() };
}

function mergeGroup(a: GroupTally | undefined, b: GroupTally): GroupTally {
  const out = a ?? emptyGroup();
  out.seats += b.seats;
  out.survived += b.survived;
  out.won += b.won;
  out.points.merge(b.points);
  return out;
}

function* pairs(mine: Map<string, GroupTally>, theirs: Map<string, GroupTally>): Generator<[string, GroupTally | undefined, GroupTally]> {
  for (const [k, v] of theirs) yield [k, mine.get(k), v];
}
