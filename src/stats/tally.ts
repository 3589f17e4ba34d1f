// Streaming tallies of a batch: outcome counts, game lengths, per role and team how its players fare
// (survival, deaths by cause, points), per seat, and outcomes over time (src/stats/timing.ts). Memory
// stays flat however many games are added; tallies merge exactly (threads, shards): every count is a
// whole number or a Distribution.
//
// A team's row is its roles' rows summed, but for what needs the team's seats of each game together
// (how many survived, their points): the unit an interval is computed over is the game. So is a
// role's with several seats; a role with one seat a game is its own per-game count.
import type { Game } from '../engine/game.js';
import type { RoleDef, Team } from '../model/roles.js';
import { ELIMINATION_CAUSES, isBuiltinCause, WINNERS, type EliminationCause, type Winner } from '../model/events.js';
import { Distribution, type DistributionData } from './distribution.js';
import { Metrics, type MetricsRowData } from './metrics.js';
import { Timing, type FirstPhase, type TimingData } from './timing.js';

/** How the players of one role (or one team) fared, summed over games. */
export interface GroupTally {
  /** Seats the group holds in every game (a setup's deck is the same in every game). */
  readonly perGame: number;
  /** Seat-games: perGame × games. */
  seats: number;
  survived: number;
  /** Points per seat-game. */
  readonly points: Distribution;
  /** Per game: how many of the group's seats survived, and their points summed. */
  readonly survivorsPerGame: Distribution;
  readonly pointsPerGame: Distribution;
  /** Deaths by cause, in ELIMINATION_CAUSES order. */
  readonly deaths: number[];
  /** Deaths by the kill kinds of role plug-ins (src/model/events.ts EliminationCause), by name. */
  readonly otherDeaths: Record<string, number>;
  /** The days of those deaths, summed (Elimination.day). */
  deathDays: number;
}

/** How one seat fared, over games (its role differs from game to game). */
export interface SeatTally {
  survived: number;
  won: number;
  /** Eliminated on day 1 (vote, shoot-out or fouls); killed on night 1. */
  outDay1: number;
  killedNight1: number;
}

export interface FailedGame {
  readonly game: number;
  readonly error: string;
  /** The command that replays the game (made where it failed, so it survives threads and shards). */
  readonly replay: string;
}

export interface GroupData {
  readonly team: Team;
  readonly perGame: number;
  readonly seats: number;
  readonly survived: number;
  readonly points: DistributionData;
  readonly survivorsPerGame: DistributionData;
  readonly pointsPerGame: DistributionData;
  readonly deaths: Readonly<Partial<Record<EliminationCause, number>>>;
  readonly deathDays: number;
}

/** A tally as plain data: what a worker thread posts back, and what a report is rebuilt into. */
export interface TallyData {
  readonly games: number;
  readonly outcomes: Readonly<Record<Winner, number>>;
  readonly days: DistributionData;
  readonly roles: ReadonlyArray<readonly [string, GroupData]>;
  /** Only what a team's rows do not sum from its roles': per game, its survivors and points (town, mafia, then each neutral team). */
  readonly teams: ReadonlyArray<readonly [string, { readonly survivorsPerGame: DistributionData; readonly pointsPerGame: DistributionData }]>;
  /** Seat 1 first. */
  readonly seats: readonly SeatTally[];
  readonly illegalDecisions: number;
  readonly failed: number;
  readonly failures: readonly FailedGame[];
  /** The first illegal answer of the first games that had one (bots that are not audited), in game order; absent when none. */
  readonly illegalExamples?: readonly IllegalExample[];
  /** C16.1 evenings: per seat (seat 1 first), the points of each complete evening. */
  readonly seatEvenings?: readonly DistributionData[];
  /** Behaviour metrics (`run --metrics`), per side and strategy. */
  readonly metrics?: readonly MetricsRowData[];
  /** Outcomes over time: games decided per day, and each row's deaths per phase (roles, then town, mafia, the neutral teams). */
  readonly timing: TimingData;
  /** Per neutral team (RoleDef.win), in the setup's order: the games it won, and its seats that won; absent without neutral teams. */
  readonly neutralWins?: ReadonlyArray<readonly [team: string, wins: NeutralWins]>;
}

/** How often a neutral team won: in how many games (one of its seats won), and how many of its seat-games won. */
export interface NeutralWins {
  games: number;
  seats: number;
}

/** How many failures a tally keeps in full (the count is always exact). */
export const KEPT_FAILURES = 20;

/** A game's first illegal answer, naming the bot and the seat (engine/game.ts firstIllegal). */
export interface IllegalExample {
  readonly game: number;
  readonly what: string;
}

/** How many games' illegal answers a tally keeps (the count of illegal decisions is always exact). */
export const KEPT_ILLEGAL_EXAMPLES = 5;

/** A row being counted: the group, its team, and this game's survivors and points so far. */
interface Row {
  readonly id: string;
  readonly team: Team;
  readonly group: GroupTally;
  /** Whether the row keeps per-game counts of its own: a team, or a role of several seats a game. */
  readonly perGameCounts: boolean;
  /** Its place in the timing's rows: the roles in order, then town, mafia and the neutral teams. */
  readonly index: number;
  /** A role's team row (a team's is itself). */
  teamRow: Row;
  survivors: number;
  points: number;
  /** This game's living seats of the row (the timing's squares need them). */
  alive: number;
}

export class Tally {
  games = 0;
  readonly outcomes: Record<Winner, number> = { town: 0, mafia: 0, draw: 0, stalemate: 0 };
  readonly days = new Distribution();
  illegalDecisions = 0;
  failed = 0;
  readonly failures: FailedGame[] = [];
  readonly illegalExamples: IllegalExample[] = [];
  /** Index 0 = seat 1. */
  readonly seats: SeatTally[] = [];
  /** C16.1 evenings: per seat (index 0 = seat 1), each complete evening's points; empty without evenings. */
  readonly seatEvenings: Distribution[] = [];
  /** Behaviour metrics, when the run counts them (the batch adds each game; null otherwise). */
  metrics: Metrics | null = null;
  /** Outcomes over time (src/stats/timing.ts). */
  readonly timing: Timing;
  /**
   * Per neutral team, in the setup's order (the teams after town and mafia): the games it won and its
   * seats that won (a neutral team wins alongside the outcome). Empty at a table without neutral roles.
   */
  readonly neutralWins: ReadonlyArray<readonly [string, NeutralWins]>;
  /** The setup's roles in its order, and the teams: town, mafia, the neutral ones (only their per-game counts are kept apart). */
  readonly #roles: Row[] = [];
  readonly #teams: Row[];
  /** This game's neutral teams that won (indices into neutralWins), while add() counts them. */
  readonly #wonNow: boolean[];
  /** The role objects seen so far and their rows: a short list searched by identity. */
  readonly #defs: RoleDef[] = [];
  readonly #defRows: Row[] = [];

  /**
   * `roles` fixes the per-role rows, in the setup's order: each role and how many seats hold it.
   * `firstPhase`: whether the rules play day 1 or night 1 after night 0 (the order of the phases).
   */
  constructor(roles: ReadonlyArray<readonly [id: string, perGame: number, team: Team]>, seats: number, firstPhase: FirstPhase) {
    const seatsOf = new Map<string, number>([['town', 0], ['mafia', 0]]);
    for (const [id, perGame, team] of roles) {
      this.#roles.push(newRow(id, team, perGame, perGame !== 1, this.#roles.length));
      seatsOf.set(team, (seatsOf.get(team) ?? 0) + perGame);
    }
    this.#teams = [...seatsOf].map(([team, n], i) => newRow(team, team, n, true, roles.length + i));
    for (const r of this.#roles) r.teamRow = this.#teams.find((t) => t.team === r.team)!;
    this.neutralWins = this.#teams.slice(2).map((t) => [t.id, { games: 0, seats: 0 }] as const);
    this.#wonNow = this.neutralWins.map(() => false);
    this.timing = new Timing(firstPhase, roles.length + this.#teams.length);
    for (let s = 0; s < seats; s++) this.seats.push(emptySeat());
  }

  /** `eveningPoints`: on an evening's last game (C16.1), each seat's points over the evening (runner/series.ts). */
  add(g: Game, eveningPoints: readonly number[] | null = null): void {
    const w = g.winner!;
    this.games++;
    this.outcomes[w]++;
    this.days.add(g.day);
    this.timing.addGame(w, g.day);
    this.illegalDecisions += g.illegalDecisions;
    for (let s = 1; s <= g.n; s++) {
      const role = g.roles[s];
      const row = this.#row(role);
      const survived = g.alive[s];
      const pts = g.points[s];
      row.group.points.add(pts);
      row.survivors += survived;
      row.points += pts;
      const team = row.teamRow;
      team.survivors += survived;
      team.points += pts;
      const seat = this.seats[s - 1];
      seat.survived += survived;
      if (role.win === null ? role.team === w : g.seatWon(s)) seat.won++;
    }
    if (g.neutralWinners !== null) this.#addNeutralWins(g);
    const timing = this.timing;
    for (const e of g.eliminations) {
      const role = g.roles[e.seat];
      const row = this.#row(role);
      const group = row.group;
      const p = timing.phaseIndex(e.phase, e.n);
      timing.addDeath(row.index, p, row.alive--);
      const team = row.teamRow;
      timing.addDeath(team.index, p, team.alive--);
      const i = causeIndex(e.cause);
      if (i >= 0) group.deaths[i]++;
      else group.otherDeaths[e.cause] = (group.otherDeaths[e.cause] ?? 0) + 1;
      group.deathDays += e.day;
      if (e.n === 1) {
        if (e.phase === 'day') this.seats[e.seat - 1].outDay1++;
        else this.seats[e.seat - 1].killedNight1++;
      }
    }
    for (const row of this.#roles) {
      row.group.seats += row.group.perGame;
      row.group.survived += row.survivors;
      endGame(row);
    }
    for (const t of this.#teams) endGame(t);
    if (eveningPoints) this.#addEvening(eveningPoints);
  }

  /** A game's neutral winners: each seat that won, and each team once a game. */
  #addNeutralWins(g: Game): void {
    const won = this.#wonNow;
    for (const seat of g.neutralWinners!) {
      const i = this.#teams.indexOf(this.#row(g.roles[seat]).teamRow) - 2;
      if (i < 0) throw new Error(`tally: seat ${seat} won as a neutral, but ${g.roles[seat].team} is not a neutral team`);
      this.neutralWins[i][1].seats++;
      if (!won[i]) this.neutralWins[i][1].games++;
      won[i] = true;
    }
    won.fill(false);
  }

  #row(role: RoleDef): Row {
    const defs = this.#defs;
    for (let i = 0; i < defs.length; i++) if (defs[i] === role) return this.#defRows[i];
    const row = this.#roles.find((r) => r.id === role.id);
    if (!row) throw new Error(`tally: role ${role.id} is not in the setup`);
    defs.push(role);
    this.#defRows.push(row);
    return row;
  }

  #addEvening(points: readonly number[]): void {
    for (let s = 1; s < points.length; s++) (this.seatEvenings[s - 1] ??= new Distribution()).add(points[s]);
  }

  addFailure(game: number, error: string, replay: string): void {
    this.failed++;
    if (this.failures.length < KEPT_FAILURES) this.failures.push({ game, error, replay });
  }

  /** Per role, in the setup's order: its id, its counts and its team. */
  get roles(): ReadonlyArray<readonly [string, GroupTally, Team]> {
    return this.#roles.map((r) => [r.id, r.group, r.team] as const);
  }

  /** Per team (town, mafia, then each neutral team): its roles' rows summed, with its own per-game counts. */
  get teams(): ReadonlyArray<readonly [string, GroupTally]> {
    return this.#teams.map((t) => {
      const sum = emptyGroup(t.group.perGame);
      for (const r of this.#roles) {
        if (r.team !== t.team) continue;
        sum.seats += r.group.seats;
        sum.survived += r.group.survived;
        sum.points.merge(r.group.points);
        for (let i = 0; i < sum.deaths.length; i++) sum.deaths[i] += r.group.deaths[i];
        addOther(sum.otherDeaths, r.group.otherDeaths);
        sum.deathDays += r.group.deathDays;
      }
      sum.survivorsPerGame.merge(t.group.survivorsPerGame);
      sum.pointsPerGame.merge(t.group.pointsPerGame);
      return [t.id, sum] as const;
    });
  }

  /** Keeps game `game`'s first illegal answer, while fewer than KEPT_ILLEGAL_EXAMPLES are kept. */
  addIllegalExample(game: number, what: string): void {
    if (this.illegalExamples.length < KEPT_ILLEGAL_EXAMPLES) this.illegalExamples.push({ game, what });
  }

  /** Adds another tally's counts. Failures are kept in merge order: merge ranges in index order. */
  merge(o: Tally): void {
    this.games += o.games;
    for (const w of WINNERS) this.outcomes[w] += o.outcomes[w];
    this.days.merge(o.days);
    this.illegalDecisions += o.illegalDecisions;
    o.#roles.forEach((r, i) => addGroup(this.#roles[i].group, r.group));
    o.#teams.forEach((t, i) => addGroup(this.#teams[i].group, t.group));
    o.neutralWins.forEach(([, x], i) => addNeutral(this.neutralWins[i][1], x));
    o.seats.forEach((x, i) => {
      const mine = this.seats[i];
      mine.survived += x.survived;
      mine.won += x.won;
      mine.outDay1 += x.outDay1;
      mine.killedNight1 += x.killedNight1;
    });
    this.failed += o.failed;
    for (const f of o.failures) if (this.failures.length < KEPT_FAILURES) this.failures.push(f);
    for (const x of o.illegalExamples) this.addIllegalExample(x.game, x.what);
    o.seatEvenings.forEach((d, i) => (this.seatEvenings[i] ??= new Distribution()).merge(d));
    if (o.metrics !== null) (this.metrics ??= new Metrics()).merge(o.metrics);
    this.timing.merge(o.timing);
  }

  toJSON(): TallyData {
    return {
      games: this.games,
      outcomes: { ...this.outcomes },
      days: this.days.toJSON(),
      roles: this.#roles.map((r) => [r.id, groupData(r.team, r.group)]),
      teams: this.#teams.map((t) => [t.id, { survivorsPerGame: t.group.survivorsPerGame.toJSON(), pointsPerGame: t.group.pointsPerGame.toJSON() }]),
      seats: this.seats.map((x) => ({ ...x })),
      illegalDecisions: this.illegalDecisions,
      failed: this.failed,
      failures: this.failures.map((f) => ({ ...f })),
      ...(this.illegalExamples.length > 0 ? { illegalExamples: this.illegalExamples.map((x) => ({ ...x })) } : {}),
      ...(this.seatEvenings.length > 0 ? { seatEvenings: this.seatEvenings.map((d) => d.toJSON()) } : {}),
      ...(this.metrics !== null ? { metrics: this.metrics.toJSON() } : {}),
      timing: this.timing.toJSON(),
      ...(this.neutralWins.length > 0 ? { neutralWins: this.neutralWins.map(([team, x]) => [team, { ...x }] as const) } : {}),
    };
  }

  static fromJSON(data: TallyData): Tally {
    const t = new Tally(data.roles.map(([id, g]) => [id, g.perGame, g.team]), data.seats.length, data.timing.firstPhase);
    t.timing.merge(Timing.fromJSON(data.timing));
    t.games = data.games;
    for (const w of WINNERS) t.outcomes[w] = data.outcomes[w];
    t.days.merge(Distribution.fromJSON(data.days));
    data.roles.forEach(([, g], i) => addGroup(t.#roles[i].group, fromGroupData(g)));
    for (const [team, g] of data.teams) {
      const row = t.#teams.find((x) => x.team === team);
      if (!row) throw new Error(`tally: team ${team} has no role in the setup`);
      row.group.survivorsPerGame.merge(Distribution.fromJSON(g.survivorsPerGame));
      row.group.pointsPerGame.merge(Distribution.fromJSON(g.pointsPerGame));
    }
    data.seats.forEach((x, i) => Object.assign(t.seats[i], x));
    t.illegalDecisions = data.illegalDecisions;
    t.failed = data.failed;
    t.failures.push(...data.failures.slice(0, KEPT_FAILURES));
    for (const x of data.illegalExamples ?? []) t.addIllegalExample(x.game, x.what);
    for (const d of data.seatEvenings ?? []) t.seatEvenings.push(Distribution.fromJSON(d));
    if (data.metrics) t.metrics = Metrics.fromJSON(data.metrics);
    for (const [team, x] of data.neutralWins ?? []) {
      const mine = t.neutralWins.find(([id]) => id === team);
      if (!mine) throw new Error(`tally: neutral team ${team} has no role in the setup`);
      addNeutral(mine[1], x);
    }
    return t;
  }
}

/** The end of a game for a row: this game's survivors and points go to its per-game counts (if it keeps them). */
function endGame(row: Row): void {
  if (row.perGameCounts) {
    row.group.survivorsPerGame.add(row.survivors);
    row.group.pointsPerGame.add(row.points);
  }
  row.survivors = 0;
  row.points = 0;
  row.alive = row.group.perGame;
}

function newRow(id: string, team: Team, perGame: number, perGameCounts: boolean, index: number): Row {
  const row = { id, team, group: emptyGroup(perGame), perGameCounts, index, teamRow: null as unknown as Row, survivors: 0, points: 0, alive: perGame };
  row.teamRow = row;
  return row;
}

function addNeutral(into: NeutralWins, b: NeutralWins): void {
  into.games += b.games;
  into.seats += b.seats;
}

/** A group's per-game counts; for a role of one seat a game, its seat's own (it keeps none apart). */
export function perGameCounts(g: GroupTally): { survivors: Distribution; points: Distribution } {
  if (g.survivorsPerGame.n > 0 || g.seats === 0) return { survivors: g.survivorsPerGame, points: g.pointsPerGame };
  const survivors = new Distribution();
  if (g.seats - g.survived > 0) survivors.add(0, g.seats - g.survived);
  if (g.survived > 0) survivors.add(1, g.survived);
  return { survivors, points: g.points };
}

function causeIndex(cause: EliminationCause): number {
  switch (cause) {
    case 'vote': return 0;
    case 'shootout': return 1;
    case 'fouls': return 2;
    case 'mafia': return 3;
    case 'maniac': return 4;
    case 'courtesan': return 5;
    case 'killer': return 6;
    case 'sportsman': return 7;
    case 'several': return 8;
    default: return -1; // a role plug-in's kill kind (otherDeaths)
  }
}

function addOther(into: Record<string, number>, b: Readonly<Record<string, number>>): void {
  for (const k in b) into[k] = (into[k] ?? 0) + b[k];
}

function groupData(team: Team, g: GroupTally): GroupData {
  const deaths: Partial<Record<EliminationCause, number>> = {};
  ELIMINATION_CAUSES.forEach((c, i) => {
    if (g.deaths[i] > 0) deaths[c] = g.deaths[i];
  });
  for (const c of Object.keys(g.otherDeaths).sort()) if (g.otherDeaths[c] > 0) deaths[c] = g.otherDeaths[c];
  const perGame = perGameCounts(g);
  return {
    team,
    perGame: g.perGame,
    seats: g.seats,
    survived: g.survived,
    points: g.points.toJSON(),
    survivorsPerGame: perGame.survivors.toJSON(),
    pointsPerGame: perGame.points.toJSON(),
    deaths,
    deathDays: g.deathDays,
  };
}

function fromGroupData(g: GroupData): GroupTally {
  const one = g.perGame === 1; // per-game counts are the seat's own (perGameCounts)
  return {
    perGame: g.perGame,
    seats: g.seats,
    survived: g.survived,
    points: Distribution.fromJSON(g.points),
    survivorsPerGame: one ? new Distribution() : Distribution.fromJSON(g.survivorsPerGame),
    pointsPerGame: one ? new Distribution() : Distribution.fromJSON(g.pointsPerGame),
    deaths: ELIMINATION_CAUSES.map((c) => g.deaths[c] ?? 0),
    otherDeaths: Object.fromEntries(Object.entries(g.deaths).filter(([c]) => !isBuiltinCause(c)) as [string, number][]),
    deathDays: g.deathDays,
  };
}

function emptyGroup(perGame: number): GroupTally {
  return {
    perGame,
    seats: 0,
    survived: 0,
    points: new Distribution(),
    survivorsPerGame: new Distribution(),
    pointsPerGame: new Distribution(),
    deaths: ELIMINATION_CAUSES.map(() => 0),
    otherDeaths: {},
    deathDays: 0,
  };
}

function emptySeat(): SeatTally {
  return { survived: 0, won: 0, outDay1: 0, killedNight1: 0 };
}

function addGroup(into: GroupTally, b: GroupTally): void {
  into.seats += b.seats;
  into.survived += b.survived;
  into.points.merge(b.points);
  into.survivorsPerGame.merge(b.survivorsPerGame);
  into.pointsPerGame.merge(b.pointsPerGame);
  for (let i = 0; i < into.deaths.length; i++) into.deaths[i] += b.deaths[i];
  addOther(into.otherDeaths, b.otherDeaths);
  into.deathDays += b.deathDays;
}
