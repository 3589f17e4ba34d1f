// Streaming tallies of a batch: outcome counts, game lengths, per-role survival, wins and points.
// Memory stays flat however many games are added; tallies merge exactly (workers, shards).
import type { Game } from '../engine/game.js';
import type { RoleDef } from '../rules/roles.js';
import { WINNERS, type Winner } from '../engine/events.js';
import { Distribution, type DistributionData } from './distribution.js';

export interface GroupTally {
  seats: number;
  survived: number;
  won: number;
  points: Distribution;
}

export interface FailedGame {
  readonly game: number;
  readonly error: string;
  /** The command that replays the game (made where it failed, so it survives threads and shards). */
  readonly replay: string;
}

/** A group tally as plain data. */
export interface GroupData {
  readonly seats: number;
  readonly survived: number;
  readonly won: number;
  readonly points: DistributionData;
}

/** A tally as plain data: what a worker thread posts back, and what a report is rebuilt into. */
export interface TallyData {
  readonly games: number;
  readonly outcomes: Readonly<Record<Winner, number>>;
  readonly days: DistributionData;
  readonly roles: ReadonlyArray<readonly [string, GroupData]>;
  readonly teams: ReadonlyArray<readonly [string, GroupData]>;
  readonly illegalDecisions: number;
  readonly failed: number;
  readonly failures: readonly FailedGame[];
  /** C16.1 evenings: per seat (seat 1 first), the points of each complete evening. */
  readonly seatEvenings?: readonly DistributionData[];
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
  /** C16.1 evenings: per seat (index 0 = seat 1), each complete evening's points; empty without evenings. */
  readonly seatEvenings: Distribution[] = [];
  /** Each role's row and its team's row, found once per role rather than twice per seat per game. */
  private readonly rows = new Map<RoleDef, { readonly role: GroupTally; readonly team: GroupTally }>();

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
      const rows = this.rows.get(role) ?? this.rowsFor(role);
      const survived = g.alive[s];
      const won = role.team === w ? 1 : 0;
      const pts = g.points[s];
      count(rows.role, survived, won, pts);
      count(rows.team, survived, won, pts);
    }
    if (g.eveningPoints) this.addEvening(g.eveningPoints);
  }

  private addEvening(points: readonly number[]): void {
    for (let s = 1; s < points.length; s++) (this.seatEvenings[s - 1] ??= new Distribution()).add(points[s]);
  }

  private rowsFor(role: RoleDef): { role: GroupTally; team: GroupTally } {
    const rows = { role: this.roles.get(role.id)!, team: this.teams.get(role.team)! };
    this.rows.set(role, rows);
    return rows;
  }

  addFailure(game: number, error: string, replay: string): void {
    this.failed++;
    if (this.failures.length < KEPT_FAILURES) this.failures.push({ game, error, replay });
  }

  /** Adds another tally's counts. Failures are kept in merge order: merge ranges in index order. */
  merge(o: Tally): void {
    this.games += o.games;
    for (const w of WINNERS) this.outcomes[w] += o.outcomes[w];
    this.days.merge(o.days);
    this.illegalDecisions += o.illegalDecisions;
    for (const [key, mine, theirs] of pairs(this.roles, o.roles)) this.roles.set(key, mergeGroup(mine, theirs));
    for (const [key, mine, theirs] of pairs(this.teams, o.teams)) this.teams.set(key, mergeGroup(mine, theirs));
    this.failed += o.failed;
    for (const f of o.failures) if (this.failures.length < KEPT_FAILURES) this.failures.push(f);
    o.seatEvenings.forEach((d, i) => (this.seatEvenings[i] ??= new Distribution()).merge(d));
  }

  toJSON(): TallyData {
    return {
      games: this.games,
      outcomes: { ...this.outcomes },
      days: this.days.toJSON(),
      roles: [...this.roles].map(([k, g]) => [k, groupData(g)]),
      teams: [...this.teams].map(([k, g]) => [k, groupData(g)]),
      illegalDecisions: this.illegalDecisions,
      failed: this.failed,
      failures: this.failures.map((f) => ({ ...f })),
      ...(this.seatEvenings.length > 0 ? { seatEvenings: this.seatEvenings.map((d) => d.toJSON()) } : {}),
    };
  }

  static fromJSON(data: TallyData): Tally {
    const t = new Tally(data.roles.map(([id]) => id));
    t.games = data.games;
    for (const w of WINNERS) t.outcomes[w] = data.outcomes[w];
    t.days.merge(Distribution.fromJSON(data.days));
    for (const [k, g] of data.roles) t.roles.set(k, fromGroupData(g));
    for (const [k, g] of data.teams) t.teams.set(k, fromGroupData(g));
    t.illegalDecisions = data.illegalDecisions;
    t.failed = data.failed;
    t.failures.push(...data.failures.slice(0, KEPT_FAILURES));
    for (const d of data.seatEvenings ?? []) t.seatEvenings.push(Distribution.fromJSON(d));
    return t;
  }
}

function groupData(g: GroupTally): GroupData {
  return { seats: g.seats, survived: g.survived, won: g.won, points: g.points.toJSON() };
}

function fromGroupData(g: GroupData): GroupTally {
  return { seats: g.seats, survived: g.survived, won: g.won, points: Distribution.fromJSON(g.points) };
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
