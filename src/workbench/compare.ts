// `compare`: two or more arms — setups, option sets, strategies — on the same game seeds; each arm after
// the first is paired with the first game by game: the paired difference in every outcome with Newcombe's
// interval and McNemar's p, the per-seat and per-role differences that are significant, and one line a
// designer can act on. A "no significant difference" line states what size of difference the games rule
// out (docs/statistics.md: a claim of no difference needs power).
import { formatDifference, formatP } from '../report/text.js';
import type { PairedDifference } from '../stats/paired.js';
import type { ArmSpec } from './arms.js';
import { armResults, WORKBENCH_FORMAT, type ArmResult, type PlayedArm, type WorkbenchCommon } from './report.js';
import { sidesLine } from '../report/sides.js';
import { makingVerdict } from '../report/exploitability.js';
import type { Played } from './play.js';

export interface CompareDesign {
  /** Every arm as given: its setup, its overrides (shared ones first) and its strategy specs. */
  readonly arms: ReadonlyArray<Omit<ArmSpec, 'label'> & { readonly label: string }>;
}

export interface CompareReport extends WorkbenchCommon {
  readonly kind: 'compare';
  readonly design: CompareDesign;
  /** What each side played in the arms (the header's Strategies line). */
  readonly playing: string;
  readonly arms: readonly ArmResult[];
  /** Per arm after the first: the line a designer can act on. */
  readonly verdicts: readonly string[];
}

export function compareReport(common: Omit<WorkbenchCommon, 'kind' | 'format'>, design: CompareDesign, arms: readonly ArmResult[]): CompareReport {
  // An arm whose profiles were made otherwise than the baseline's differs by its play too: the verdict says so.
  const verdicts = arms.slice(1).map((a) => {
    const said = verdict(a.label, arms[0].label, a.vsBaseline!.outcomes.town);
    const making = makingVerdict([arms[0], a], 'arm');
    return making === null ? said : `${said}; ${making}`;
  });
  return { kind: 'compare', format: WORKBENCH_FORMAT, ...common, design, playing: sidesLine(arms), arms, verdicts };
}

/** `given`: the arms as the flags describe them (the design); `playing`: as played (re-tuned under --tune). */
export function playedCompare(common: Omit<WorkbenchCommon, 'kind' | 'format'>, given: readonly ArmSpec[], playing: readonly PlayedArm[], played: Played): CompareReport {
  const baselines = playing.map(() => 0);
  return compareReport(common, { arms: given.map((s) => ({ ...s })) }, armResults(playing, played.runs, baselines, played.result.pairs, played.result.details));
}

/**
 * `tie=random vs baseline: town +2.3 points (+1.6 to +3.0), p < 0.001`, or, when the interval holds 0,
 * `… no significant difference in town win (+0.1 points, p = 0.41): the change is between −0.8 and +1.1 points
 * (95% interval)` — what size of difference these games rule out.
 */
export function verdict(label: string, baseline: string, d: PairedDifference): string {
  const who = `${label} vs ${baseline}`;
  if (d.p < 0.05 && (d.low > 0 || d.high < 0)) return `${who}: town ${formatPoints(d)}, ${formatP(d.p)}`;
  const [lo, hi] = formatDifference(d).replace(/^.*\(|\)$/g, '').split(' to ');
  return `${who}: no significant difference in town win (${formatDifference(d).split(' (')[0]} points, ${formatP(d.p)}): the change is between ${lo} and ${hi} points (95% interval)`;
}

/** `+2.3 points (+1.6 to +3.0)`. */
export function formatPoints(d: { diff: number; low: number; high: number }): string {
  const [head, rest] = formatDifference(d).split(' (');
  return `${head} points (${rest}`;
}
