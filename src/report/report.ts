// The report of a run as one data object: the text tables and `--json` are both drawn from it.
// It keeps every count, so shard reports merge back into exactly the single-run report.
import { ELIMINATION_CAUSES, WINNERS, type EliminationCause, type Winner } from '../model/events.js';
import type { OptionValue } from '../rules/options.js';
import type { Team } from '../model/roles.js';
import { Distribution, type DistributionData } from '../stats/distribution.js';
import { clusteredRate, meanInterval } from '../stats/intervals.js';
import { perGameCounts, Tally, type FailedGame, type IllegalExample, type GroupData, type GroupTally, type SeatTally, type TallyData } from '../stats/tally.js';
import type { Job } from '../runner/job.js';
import { DEFAULT_STRATEGY } from '../strategy/default.js';
import type { CompiledSetup } from '../setup/compile.js';
import { metricsFromRows, metricsRows, type MetricsRow } from './metrics.js';
import { rate, type Rate } from './rate.js';
import { timingReport, type TimingReport } from './timing.js';
import { playedSides, type PlayedSides } from './sides.js';
import { exploitabilityOf, type Exploitability } from './exploitability.js';
import { isPluginSpec } from '../strategy/registry.js';

/** 2: independent seat streams (every game changed), per-seat rows, deaths by cause, intervals on every rate. */
export const REPORT_FORMAT = 2;

export type { Rate } from './rate.js';

/** A distribution of points with its summary; `low`/`high` bound the mean (null below two observations). */
export interface PointsSummary {
  readonly n: number;
  readonly mean: number;
  readonly low: number | null;
  readonly high: number | null;
  readonly sd: number;
  readonly p10: number;
  readonly median: number;
  readonly p90: number;
  readonly max: number;
  /** [points, count] pairs in ascending order. */
  readonly histogram: DistributionData;
}

export interface PointsRow extends PointsSummary {
  readonly group: string;
}

/** How the players of one role, or of one team, fared. */
export interface GroupRow {
  /** The role id, or the team. */
  readonly group: string;
  readonly team: string;
  /** Seats the group holds in every game. */
  readonly perGame: number;
  /** Seat-games: perGame × games. */
  readonly seats: number;
  /** Alive at the end, of `seats`; the interval allows for the seats of one game living and dying together. */
  readonly survival: Rate;
  /** Deaths by cause (causes with none left out). */
  readonly deaths: Readonly<Partial<Record<EliminationCause, number>>>;
  /** The mean day of a death (a night death counts on the day its dawn begins); null without deaths. */
  readonly meanDeathDay: number | null;
  readonly deathDays: number;
  /** Points per seat-game; the mean's interval is taken over games. */
  readonly points: PointsSummary;
  /** Per game, the group's survivors and its points summed: what the intervals above are computed from. */
  readonly perGameCounts: { readonly survivors: DistributionData; readonly points: DistributionData };
}

/**
 * A neutral team's wins (RoleDef.win), alongside the outcomes: the share of games it won (one of its
 * seats won), and how many of its seat-games won.
 */
export interface NeutralWinRow {
  readonly team: string;
  readonly win: Rate;
  readonly seatWins: number;
}

/** How one seat fared over the games (its role changes from game to game). */
export interface SeatRow {
  readonly seat: number;
  readonly survival: Rate;
  readonly win: Rate;
  /** Eliminated on day 1 (vote, shoot-out or fouls). */
  readonly outDay1: Rate;
  readonly killedNight1: Rate;
}

/** `run --precision H`: the half-width asked for and the one reached. */
export interface Precision {
  readonly target: number;
  readonly halfWidth: number;
  readonly reached: boolean;
}

/** What was played: the setup with every option resolved (a run's and a tournament's report both hold it). */
export interface SetupSummary {
  readonly name: string;
  readonly source: string;
  readonly rules: string;
  readonly players: number;
  readonly roles: Readonly<Record<string, number>>;
  readonly options: Readonly<Record<string, OptionValue>>;
  readonly params: Readonly<Record<string, OptionValue>>;
  readonly scoring: Readonly<Record<string, number>>;
}

export function setupSummary(s: CompiledSetup): SetupSummary {
  return {
    name: s.name,
    source: s.source,
    rules: s.rules.id,
    players: s.deck.length,
    roles: Object.fromEntries(s.roleCounts),
    options: s.options,
    params: s.params,
    scoring: s.scoring,
  };
}

export interface Report {
  readonly format: number;
  readonly setup: SetupSummary;
  readonly seed: string;
  readonly strategies: readonly string[];
  /**
   * What each side played, worked out when the games were played (src/report/sides.ts): null when a
   * spec names a plug-in or a bot program; absent from reports made before it was recorded.
   */
  readonly sides?: PlayedSides | null;
  /** How far one change gains either side against that play, where exploit measured it (src/report/exploitability.ts); null where no record applies. Present with `sides`. */
  readonly exploit?: Exploitability | null;
  /** Games finished (failed games are not counted here). */
  readonly games: number;
  /** The range of game indices the run covered: [first, end). */
  readonly range: { readonly first: number; readonly end: number };
  readonly partial: boolean;
  readonly precision?: Precision;
  readonly outcomes: Readonly<Record<Winner, number>>;
  readonly outcomeRates: Readonly<Record<Winner, Rate>>;
  /** Per neutral team, in the setup's order: how often it won alongside the outcome; absent without neutral teams. */
  readonly neutralWins?: readonly NeutralWinRow[];
  readonly length: { readonly mean: number; readonly histogram: DistributionData };
  /** Outcomes over time: decided by each day, survival after each phase (src/report/timing.ts). */
  readonly timing: TimingReport;
  readonly roles: readonly GroupRow[];
  readonly teams: readonly GroupRow[];
  readonly seats: readonly SeatRow[];
  readonly illegalDecisions: number;
  readonly failedGames: number;
  readonly failures: readonly FailedGame[];
  /** The first illegal answers of bots that are not audited (a game each, the first few games), naming bot and seat; absent when none. */
  readonly illegalExamples?: readonly IllegalExample[];
  /** C16.1 evenings (`series` > 1): each seat's points over a complete evening, one row per seat ("seat 1", …). */
  readonly evenings?: { readonly count: number; readonly seats: readonly PointsRow[] };
  /** `run --metrics`: behaviour per side and strategy (src/report/metrics.ts). */
  readonly metrics?: readonly MetricsRow[];
}

export interface ReportMeta {
  readonly first: number;
  readonly end: number;
  readonly partial: boolean;
  readonly precision?: Precision;
}

/** What a report says about the job (everything but the counts); reports merge only when these agree. */
export type ReportHeader = Pick<Report, 'format' | 'setup' | 'seed' | 'strategies' | 'sides'>;

export function reportHeader(job: Job): ReportHeader {
  const strategies = job.strategies.specs.length > 0 ? job.strategies.specs : [DEFAULT_STRATEGY];
  return {
    format: REPORT_FORMAT,
    setup: setupSummary(job.setup),
    seed: job.seed,
    strategies,
    // A plug-in's or bot program's play is its own code's: there is nothing to write out for it.
    sides: strategies.some(isPluginSpec) ? null : playedSides(strategies, job.setup),
  };
}

export function buildReport(job: Job, tally: Tally, meta: ReportMeta): Report {
  return assembleReport(reportHeader(job), tally, meta);
}

/** The report of a tally; `merge` uses it too, so merged shards print exactly what one run prints. */
export function assembleReport(header: ReportHeader, tally: Tally, meta: ReportMeta): Report {
  const rates = {} as Record<Winner, Rate>;
  for (const w of WINNERS) rates[w] = rate(tally.outcomes[w], tally.games);
  return {
    ...header,
    // Derived from the sides recorded, so that a report assembled again (merge, its consistency check) says the same.
    ...(header.sides !== undefined ? { exploit: exploitabilityOf(header.sides) } : {}),
    games: tally.games,
    range: { first: meta.first, end: meta.end },
    partial: meta.partial,
    ...(meta.precision ? { precision: meta.precision } : {}),
    outcomes: { ...tally.outcomes },
    outcomeRates: rates,
    ...(tally.neutralWins.length > 0
      ? { neutralWins: tally.neutralWins.map(([team, x]): NeutralWinRow => ({ team, win: rate(x.games, tally.games), seatWins: x.seats })) }
      : {}),
    length: { mean: tally.days.mean, histogram: tally.days.sorted() },
    timing: timingReport(tally.timing.toJSON(), tally.games, [
      ...tally.roles.map(([group, g, team]) => ({ group, team, perGame: g.perGame })),
      ...tally.teams.map(([team, g]) => ({ group: team, team, perGame: g.perGame })),
    ]),
    roles: tally.roles.map(([role, g, team]) => groupRow(role, team, g)),
    teams: tally.teams.map(([team, g]) => groupRow(team, team, g)),
    seats: tally.seats.map((x, i) => seatRow(i + 1, x, tally.games)),
    illegalDecisions: tally.illegalDecisions,
    failedGames: tally.failed,
    failures: tally.failures.map((f) => ({ ...f })),
    ...(tally.illegalExamples.length > 0 ? { illegalExamples: tally.illegalExamples.map((x) => ({ ...x })) } : {}),
    ...(tally.seatEvenings.length > 0
      ? { evenings: { count: tally.seatEvenings[0].n, seats: tally.seatEvenings.map((d, i) => pointsRow(`seat ${i + 1}`, d)) } }
      : {}),
    ...(tally.metrics !== null ? { metrics: metricsRows(tally.metrics) } : {}),
  };
}

/** The tally a report was made from: every count is in the report. */
export function tallyFromReport(r: Report): Tally {
  const group = (x: GroupRow): GroupData => ({
    team: x.team as Team,
    perGame: x.perGame,
    seats: x.seats,
    survived: x.survival.count,
    points: x.points.histogram,
    survivorsPerGame: x.perGameCounts.survivors,
    pointsPerGame: x.perGameCounts.points,
    deaths: x.deaths,
    deathDays: x.deathDays,
  });
  const data: TallyData = {
    games: r.games,
    outcomes: r.outcomes,
    days: r.length.histogram,
    roles: r.roles.map((x) => [x.group, group(x)]),
    teams: r.teams.map((x) => [x.group, { survivorsPerGame: x.perGameCounts.survivors, pointsPerGame: x.perGameCounts.points }]),
    seats: r.seats.map((x) => ({ survived: x.survival.count, won: x.win.count, outDay1: x.outDay1.count, killedNight1: x.killedNight1.count })),
    illegalDecisions: r.illegalDecisions,
    failed: r.failedGames,
    failures: r.failures,
    ...(r.illegalExamples ? { illegalExamples: r.illegalExamples } : {}),
    ...(r.evenings ? { seatEvenings: r.evenings.seats.map((x) => x.histogram) } : {}),
    timing: r.timing.counts,
    ...(r.neutralWins ? { neutralWins: r.neutralWins.map((x) => [x.team, { games: x.win.count, seats: x.seatWins }] as const) } : {}),
  };
  const tally = Tally.fromJSON(data);
  if (r.metrics) tally.metrics = metricsFromRows(r.metrics);
  return tally;
}


function groupRow(group: string, team: string, g: GroupTally): GroupRow {
  const perGame = g.perGame;
  const counts = perGameCounts(g);
  const survival = clusteredRate(counts.survivors, perGame);
  const perGameMean = meanInterval(counts.points);
  const deaths: Partial<Record<EliminationCause, number>> = {};
  let died = 0;
  ELIMINATION_CAUSES.forEach((c, i) => {
    if (g.deaths[i] === 0) return;
    deaths[c] = g.deaths[i];
    died += g.deaths[i];
  });
  for (const c of Object.keys(g.otherDeaths).sort()) {
    if (g.otherDeaths[c] === 0) continue;
    deaths[c] = g.otherDeaths[c];
    died += g.otherDeaths[c];
  }
  const points = summary(g.points);
  return {
    group,
    team,
    perGame,
    seats: g.seats,
    survival: { count: g.survived, share: g.seats === 0 ? 0 : g.survived / g.seats, ...survival },
    deaths,
    meanDeathDay: died === 0 ? null : g.deathDays / died,
    deathDays: g.deathDays,
    // The mean per seat is the mean per game over the group's seats; so are its bounds.
    points: { ...points, low: perGameMean && perGameMean.low / perGame, high: perGameMean && perGameMean.high / perGame },
    perGameCounts: { survivors: counts.survivors.sorted(), points: counts.points.sorted() },
  };
}

function seatRow(seat: number, x: SeatTally, games: number): SeatRow {
  return { seat, survival: rate(x.survived, games), win: rate(x.won, games), outDay1: rate(x.outDay1, games), killedNight1: rate(x.killedNight1, games) };
}

function summary(d: Distribution): PointsSummary {
  const m = meanInterval(d);
  return {
    n: d.n,
    mean: d.mean,
    low: m && m.low,
    high: m && m.high,
    sd: d.sd,
    p10: d.quantile(0.1),
    median: d.quantile(0.5),
    p90: d.quantile(0.9),
    max: d.max,
    histogram: d.sorted(),
  };
}

export function pointsRow(group: string, d: Distribution): PointsRow {
  return { group, ...summary(d) };
}
