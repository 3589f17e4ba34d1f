// The reports of the workbench commands (sweep, compare, role-values) as data. Each arm carries the
// `run --json` report of its games (`run`), and, against its baseline arm, the raw paired counts
// (`pairs`, `details`) every difference is computed from: so shards of one command merge back exactly
// (src/workbench/merge.ts rebuilds the same object with the same functions), and every figure can be
// checked against a separate `run` of the arm on the same seed.
import { WINNERS, type Winner } from '../model/events.js';
import type { Rate } from '../report/report.js';
import { OutcomePairs, pairedDifference, type PairedDifference } from '../stats/paired.js';
import { DetailPairs, pairedTable, type DetailData, type PairedMean } from '../stats/pairedDetail.js';
import { decidedByTable, pairedDays, type TimingPair } from '../stats/pairedTiming.js';
import type { ArmSpec } from './arms.js';
import type { RunJson } from './play.js';
import type { PointTune } from './retune.js';
import type { PlayedSides } from '../report/sides.js';
import { exploitabilityOf, type Exploitability } from '../report/exploitability.js';

/** 1: the first version of the workbench reports. */
export const WORKBENCH_FORMAT = 1;

export type WorkbenchKind = 'sweep' | 'compare' | 'role-values';

/** Outcome → its paired difference from the baseline arm, on the games both finished. */
export type OutcomeDifferences = Readonly<Record<Winner, PairedDifference>>;

/** A per-seat or per-role difference found significant (Holm's correction over the arm's tests). */
export interface Notable {
  /** `seat 3 win`, `seat 3 survival`, `doctor survival`, `doctor points`. */
  readonly what: string;
  readonly diff: number;
  readonly low: number | null;
  readonly high: number | null;
  readonly p: number;
  /** `share` (a difference of rates: print in points) or `points` (of mean points per seat). */
  readonly unit: 'share' | 'points';
}

export interface ArmVsBaseline {
  /** The arm it is paired with (an index into `arms`). */
  readonly baseline: number;
  /** Games both arms finished. */
  readonly games: number;
  readonly outcomes: OutcomeDifferences;
  /** With details: per seat, the paired differences in "on the winning team" and "alive at the end". */
  readonly seats?: ReadonlyArray<{ readonly seat: number; readonly win: PairedDifference; readonly survival: PairedDifference }>;
  /** With details: per role both arms deal, the paired differences in survival share and mean points per seat. */
  readonly roles?: ReadonlyArray<{ readonly role: string; readonly survival: PairedMean; readonly points: PairedMean }>;
  /** With details: the seat and role differences significant at 5% after Holm's correction, most significant first. */
  readonly notable?: readonly Notable[];
  /** With details: where the arms' outcomes over time part (timingDifferences). */
  readonly timing?: TimingDifferences;
  /** The raw counts: `pairs[b][o]` games that ended b under the baseline and o under this arm (WINNERS order). */
  readonly pairs: readonly (readonly number[])[];
  readonly details?: DetailData;
}

export interface ArmResult {
  readonly label: string;
  readonly setup: string;
  readonly overrides: readonly string[];
  readonly strategies: readonly string[];
  readonly games: number;
  readonly outcomes: Readonly<Record<Winner, Rate>>;
  readonly meanDays: number;
  /** Null for an arm that is a baseline. */
  readonly vsBaseline: ArmVsBaseline | null;
  /** Exactly what `run --json` prints for this arm over the same range and seed. */
  readonly run: RunJson;
  /** What each side played: the spec given, as played on the setup, and where its parameters came from. */
  readonly sides?: PlayedSides;
  /** What exploit found against that play (src/report/exploitability.ts); null where no record applies. Present with `sides`. */
  readonly exploit?: Exploitability | null;
  /** Under --tune: the tune at this point (its parameters, certificate and command). */
  readonly tune?: PointTune;
}

/** An arm as a command played it: what its sides played, and its tune under --tune. */
export interface PlayedArm extends ArmSpec {
  readonly sides?: PlayedSides;
  readonly tune?: PointTune;
}

/** What every workbench report has. */
export interface WorkbenchCommon {
  readonly kind: WorkbenchKind;
  readonly format: number;
  readonly seed: string;
  /** Games per arm asked for (the range covers fewer when `partial`). */
  readonly games: number;
  readonly range: { readonly first: number; readonly end: number };
  readonly partial: boolean;
}

/** One arm's figures from its run report and, when it has a baseline, the raw pairs. */
export function armResult(
  spec: PlayedArm,
  run: RunJson,
  paired: { baseline: number; pairs: OutcomePairs; details: DetailPairs | null } | null,
): ArmResult {
  return {
    label: spec.label,
    setup: spec.setupArg,
    overrides: [...spec.overrides],
    strategies: [...spec.strategies],
    games: run.games,
    outcomes: run.outcomeRates,
    meanDays: run.length.mean,
    vsBaseline: paired === null ? null : vsBaseline(paired.baseline, paired.pairs, paired.details),
    run,
    ...(spec.sides === undefined ? {} : { sides: spec.sides, exploit: exploitabilityOf(spec.sides) }),
    ...(spec.tune === undefined ? {} : { tune: spec.tune }),
  };
}

function vsBaseline(baseline: number, pairs: OutcomePairs, details: DetailPairs | null): ArmVsBaseline {
  const outcomes = {} as Record<Winner, PairedDifference>;
  for (const w of WINNERS) outcomes[w] = pairedDifference(pairs.table(w));
  const base = { baseline, games: pairs.games, outcomes };
  if (details === null) return { ...base, pairs: pairs.toJSON() };
  const seats = details.seatWin.map((t, s) => ({
    seat: s + 1,
    win: pairedDifference(pairedTable(t)),
    survival: pairedDifference(pairedTable(details.seatSurvival[s])),
  }));
  const roles = details.roleDifferences().map((r) => ({ role: r.id, survival: r.survival, points: r.points }));
  const tests: Notable[] = [
    ...seats.flatMap((s) => [
      { what: `seat ${s.seat} win`, ...pick(s.win), unit: 'share' as const },
      { what: `seat ${s.seat} survival`, ...pick(s.survival), unit: 'share' as const },
    ]),
    ...roles.flatMap((r) => [
      { what: `${r.role} survival`, ...pick(r.survival), unit: 'share' as const },
      { what: `${r.role} points`, ...pick(r.points), unit: 'points' as const },
    ]),
  ];
  const data = details.toJSON();
  return { ...base, seats, roles, notable: holm(tests, 0.05), timing: timingDifferences(data.timing), pairs: pairs.toJSON(), details: data };
}

/** Day by day, the paired difference in "decided as each outcome by day d"; per outcome, the first day it is significant. */
export interface TimingDifferences {
  readonly days: ReadonlyArray<{ readonly day: number } & Readonly<Record<Winner, PairedDifference>>>;
  /**
   * Per outcome, the first day at which the arms' shares of games decided that way by then differ at
   * 5% after Holm's correction over every day and outcome tested (outcomes no game of either arm
   * ended in are not tested); null where they never do.
   */
  readonly parts: Readonly<Record<Winner, number | null>>;
}

export function timingDifferences(pairs: readonly TimingPair[]): TimingDifferences {
  const days = pairedDays(pairs).map((day) => {
    const row = { day } as { day: number } & Record<Winner, PairedDifference>;
    for (const w of WINNERS) row[w] = pairedDifference(decidedByTable(pairs, w, day));
    return row;
  });
  const last = days[days.length - 1];
  const tested = WINNERS.filter((w) => last !== undefined && decidedByTable(pairs, w, last.day).neither < pairs.reduce((n, p) => n + p[4], 0));
  const found = holm(tested.flatMap((w) => days.map((d) => ({ w, day: d.day, p: d[w].p }))), 0.05);
  const parts = {} as Record<Winner, number | null>;
  for (const w of WINNERS) parts[w] = found.filter((x) => x.w === w).reduce<number | null>((first, x) => (first === null || x.day < first ? x.day : first), null);
  return { days, parts };
}

const pick = (d: { diff: number; low: number | null; high: number | null; p: number }) => ({ diff: d.diff, low: d.low, high: d.high, p: d.p });

/**
 * Holm's step-down correction: the tests significant at family-wise level `alpha`, most significant
 * first. (Two dozen seat and role tests at 5% each would flag one by chance in most comparisons.)
 */
export function holm<T extends { readonly p: number }>(tests: readonly T[], alpha: number): T[] {
  const sorted = [...tests].map((t, i) => [t, i] as const).sort((a, b) => a[0].p - b[0].p || a[1] - b[1]);
  const out: T[] = [];
  for (const [k, [t]] of sorted.entries()) {
    if (t.p > alpha / (sorted.length - k)) break;
    out.push(t);
  }
  return out;
}

/** The raw paired data of an arm read back (merge). */
export function pairedOf(a: ArmResult): { baseline: number; pairs: OutcomePairs; details: DetailPairs | null } | null {
  if (a.vsBaseline === null) return null;
  return {
    baseline: a.vsBaseline.baseline,
    pairs: OutcomePairs.fromJSON(a.vsBaseline.pairs),
    details: a.vsBaseline.details ? DetailPairs.fromJSON(a.vsBaseline.details) : null,
  };
}

/** The arms of a played command: arm i paired with baselines[i] (itself = no baseline). */
export function armResults(
  specs: readonly PlayedArm[],
  runs: readonly RunJson[],
  baselines: readonly number[],
  pairs: readonly OutcomePairs[],
  details: readonly (DetailPairs | null)[] | undefined,
): ArmResult[] {
  return specs.map((spec, i) => armResult(spec, runs[i], baselines[i] === i ? null : { baseline: baselines[i], pairs: pairs[i], details: details?.[i] ?? null }));
}
