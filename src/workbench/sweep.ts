// `sweep`: one setup played at every value of one setting (or every pair of values of two: a grid), all on
// the same game seeds (common random numbers), so that neighbouring points differ by the rule, not by the
// luck of the deal. Each point is paired with the one before it along the last setting: the table shows
// how much each step changes the town's win, with its paired interval.
import type { Winner } from '../model/events.js';
import type { Rate } from '../report/report.js';
import type { PairedDifference } from '../stats/paired.js';
import { applySetting, describeSetting, type ArmSpec } from './arms.js';
import { armResults, WORKBENCH_FORMAT, type ArmResult, type PlayedArm, type WorkbenchCommon } from './report.js';
import { sidesLine } from '../report/sides.js';
import { makingVerdict } from '../report/exploitability.js';
import type { Played } from './play.js';
import type { Vary } from './values.js';

export interface SweepDesign {
  readonly setup: string;
  readonly options: readonly string[];
  /** The --strategy specs every point starts from (`random` for everyone when none). */
  readonly strategies: readonly string[];
  /** One or two settings and their values, as given. */
  readonly vary: ReadonlyArray<{ readonly key: string; readonly values: readonly string[] }>;
}

export interface SweepPoint {
  /** The value of each varied setting, in `design.vary` order. */
  readonly values: readonly string[];
  readonly players: number;
  readonly games: number;
  readonly outcomes: Readonly<Record<Winner, Rate>>;
  readonly meanDays: number;
  /** Town win minus the previous point's along the last setting, on the same games (null for a first). */
  readonly townStep: PairedDifference | null;
}

export interface SweepReport extends WorkbenchCommon {
  readonly kind: 'sweep';
  readonly design: SweepDesign;
  /** What each side played at the points (the header's Strategies line). */
  readonly playing: string;
  /** Row-major over the grid: for each value of the first setting, each value of the second. */
  readonly points: readonly SweepPoint[];
  readonly arms: readonly ArmResult[];
  /** What a reader must know before reading the curve: that its points play differently made profiles (makingVerdict), or nothing. */
  readonly verdicts: readonly string[];
}

/** The arms of a sweep, row-major, and each one's baseline (the previous point along the last setting). */
export function sweepArms(design: SweepDesign, vary: readonly Vary[]): { arms: ArmSpec[]; baselines: number[] } {
  const base = { setupArg: design.setup, overrides: [...design.options], strategies: [...design.strategies] };
  const rows = vary.length === 2 ? vary[0].settings : [null];
  const cols = vary[vary.length - 1].settings;
  const arms: ArmSpec[] = [];
  const baselines: number[] = [];
  for (const row of rows) {
    for (const [j, col] of cols.entries()) {
      const settings = row === null ? [col] : [row, col];
      let arm: Omit<ArmSpec, 'label'> = base;
      for (const s of settings) arm = applySetting(arm, s);
      baselines.push(j === 0 ? arms.length : arms.length - 1);
      arms.push({ ...arm, label: settings.map(describeSetting).join(' ') });
    }
  }
  return { arms, baselines };
}

export function sweepReport(common: Omit<WorkbenchCommon, 'kind' | 'format'>, design: SweepDesign, arms: readonly ArmResult[]): SweepReport {
  const cols = design.vary[design.vary.length - 1].values.length;
  const points = arms.map((a, i): SweepPoint => {
    const j = i % cols;
    const row = Math.floor(i / cols);
    const values = design.vary.length === 2 ? [design.vary[0].values[row], design.vary[1].values[j]] : [design.vary[0].values[j]];
    return {
      values,
      players: a.run.setup.players,
      games: a.games,
      outcomes: a.outcomes,
      meanDays: a.meanDays,
      townStep: a.vsBaseline === null ? null : a.vsBaseline.outcomes.town,
    };
  });
  const making = makingVerdict(arms, 'point');
  return { kind: 'sweep', format: WORKBENCH_FORMAT, ...common, design, playing: sidesLine(arms), points, arms, verdicts: making === null ? [] : [making[0].toUpperCase() + making.slice(1)] };
}

/** The report of a played sweep. */
export function playedSweep(common: Omit<WorkbenchCommon, 'kind' | 'format'>, design: SweepDesign, arms: readonly PlayedArm[], baselines: readonly number[], played: Played): SweepReport {
  return sweepReport(common, design, armResults(arms, played.runs, baselines, played.result.pairs, played.result.details));
}
