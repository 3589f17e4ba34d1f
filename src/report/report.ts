// The report of a run as one data object: the text tables and `--json` are both drawn from it.
// It keeps every count, so shard reports merge back into exactly the single-run report.
import { WINNERS, type Winner } from '../engine/events.js';
import type { OptionValue } from '../rules/options.js';
import { ROLES } from '../rules/roles.js';
import { Distribution } from '../stats/distribution.js';
import { wilson } from '../stats/intervals.js';
import { Tally, type FailedGame, type GroupData, type GroupTally, type TallyData } from '../stats/tally.js';
import type { Job } from '../runner/job.js';

export const REPORT_FORMAT = 1;

export interface Rate {
  readonly count: number;
  readonly share: number;
  readonly low: number;
  readonly high: number;
}

export interface PointsRow {
  readonly group: string;
  readonly n: number;
  readonly mean: number;
  readonly sd: number;
  readonly p10: number;
  readonly median: number;
  readonly p90: number;
  readonly max: number;
  /** [points, count] pairs in ascending order. */
  readonly histogram: ReadonlyArray<readonly [number, number]>;
}

export interface RoleRow {
  readonly role: string;
  readonly team: string;
  readonly seats: number;
  readonly survived: number;
  readonly won: number;
  readonly survival: number;
  readonly win: number;
}

export interface Report {
  readonly format: number;
  readonly setup: {
    readonly name: string;
    readonly source: string;
    readonly rules: string;
    readonly players: number;
    readonly roles: Readonly<Record<string, number>>;
    readonly options: Readonly<Record<string, OptionValue>>;
    readonly params: Readonly<Record<string, OptionValue>>;
    readonly scoring: Readonly<Record<string, number>>;
  };
  readonly seed: string;
  readonly strategies: readonly string[];
  /** Games finished (failed games are not counted here). */
  readonly games: number;
  /** The range of game indices the run covered: [first, end). */
  readonly range: { readonly first: number; readonly end: number };
  readonly partial: boolean;
  readonly outcomes: Readonly<Record<Winner, number>>;
  readonly outcomeRates: Readonly<Record<Winner, Rate>>;
  readonly length: { readonly mean: number; readonly histogram: ReadonlyArray<readonly [number, number]> };
  readonly roles: readonly RoleRow[];
  readonly points: { readonly roles: readonly PointsRow[]; readonly teams: readonly PointsRow[] };
  readonly illegalDecisions: number;
  readonly failedGames: number;
  readonly failures: readonly FailedGame[];
  /** C16.1 evenings (`series` > 1): each seat's points over a complete evening, one row per seat ("seat 1", …). */
  readonly evenings?: { readonly count: number; readonly seats: readonly PointsRow[] };
}

export interface ReportMeta {
  readonly first: number;
  readonly end: number;
  readonly partial: boolean;
}

/** What a report says about the job (everything but the counts); reports merge only when these agree. */
export type ReportHeader = Pick<Report, 'format' | 'setup' | 'seed' | 'strategies'>;

export function reportHeader(job: Job): ReportHeader {
  const s = job.setup;
  return {
    format: REPORT_FORMAT,
    setup: {
      name: s.name,
      source: s.source,
      rules: s.rules.id,
      players: s.deck.length,
      roles: Object.fromEntries(s.roleCounts),
      options: s.options,
      params: s.params,
      scoring: s.scoring,
    },
    seed: job.seed,
    strategies: job.strategies.specs.length > 0 ? job.strategies.specs : ['random'],
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
    games: tally.games,
    range: { first: meta.first, end: meta.end },
    partial: meta.partial,
    outcomes: { ...tally.outcomes },
    outcomeRates: rates,
    length: { mean: tally.days.mean, histogram: tally.days.sorted() },
    roles: [...tally.roles].map(([role, g]) => roleRow(role, g)),
    points: {
      roles: [...tally.roles].map(([role, g]) => pointsRow(role, g.points)),
      teams: [...tally.teams].map(([team, g]) => pointsRow(team, g.points)),
    },
    illegalDecisions: tally.illegalDecisions,
    failedGames: tally.failed,
    failures: tally.failures.map((f) => ({ ...f })),
    ...(tally.seatEvenings.length > 0
      ? { evenings: { count: tally.seatEvenings[0].n, seats: tally.seatEvenings.map((d, i) => pointsRow(`seat ${i + 1}`, d)) } }
      : {}),
  };
}

/**
 * The tally a report was made from. A report keeps every count: outcomes, the length histogram, per
 * role seats/survived/won and points histograms; a team's counts are the sums over its roles.
 */
export function tallyFromReport(r: Report): Tally {
  const points = new Map(r.points.roles.map((p) => [p.group, p.histogram]));
  const teamOf = new Map(r.roles.map((x) => [x.role, x.team]));
  const group = (rows: readonly RoleRow[]): GroupData => ({
    seats: rows.reduce((n, x) => n + x.seats, 0),
    survived: rows.reduce((n, x) => n + x.survived, 0),
    won: rows.reduce((n, x) => n + x.won, 0),
    points: Distribution.fromPairs(rows.flatMap((x) => points.get(x.role) ?? [])).toJSON(),
  });
  const data: TallyData = {
    games: r.games,
    outcomes: r.outcomes,
    days: r.length.histogram,
    roles: r.roles.map((x) => [x.role, group([x])]),
    teams: r.points.teams.map((t) => [t.group, group(r.roles.filter((x) => teamOf.get(x.role) === t.group))]),
    illegalDecisions: r.illegalDecisions,
    failed: r.failedGames,
    failures: r.failures,
    ...(r.evenings ? { seatEvenings: r.evenings.seats.map((x) => x.histogram) } : {}),
  };
  return Tally.fromJSON(data);
}

function rate(count: number, n: number): Rate {
  const { low, high } = wilson(count, n);
  return { count, share: n === 0 ? 0 : count / n, low, high };
}

function roleRow(role: string, g: GroupTally): RoleRow {
  return {
    role,
    team: ROLES.get(role)?.team ?? role,
    seats: g.seats,
    survived: g.survived,
    won: g.won,
    survival: g.seats === 0 ? 0 : g.survived / g.seats,
    win: g.seats === 0 ? 0 : g.won / g.seats,
  };
}

export function pointsRow(group: string, d: Distribution): PointsRow {
  return {
    group,
    n: d.n,
    mean: d.mean,
    sd: d.sd,
    p10: d.quantile(0.1),
    median: d.quantile(0.5),
    p90: d.quantile(0.9),
    max: d.max,
    histogram: d.sorted(),
  };
}
