// The report of `mafia-sim weights` as data (src/workbench/weights.ts makes it), its CSV rows, its page
// title and the command that makes it again; the page's charts are src/report/html/weights.ts.
import type { CsvRow } from './csv.js';
import { line, type Reproduction } from './reproduce.js';

/** 1: the first version of the weights report and fit file. */
export const WEIGHTS_FORMAT = 1;

export interface Estimate {
  readonly value: number;
  readonly low: number;
  readonly high: number;
}

export interface WeightsDesign {
  /** The family generated (`club`), or null for listed setups. */
  readonly family: string | null;
  /** The built-in setup a family's tables are dealt from, or null. */
  readonly base: string | null;
  /** The setups listed with --setups, or null. */
  readonly listed: readonly string[] | null;
  readonly players: readonly [number, number] | null;
  readonly count: number;
  readonly holdout: number;
  readonly options: readonly string[];
  readonly strategies: readonly string[];
  /** The table the weights are read at in points (the family's base, or the first listed setup). */
  readonly reference: string;
  /** The rule set every setup is of. */
  readonly rules: string;
}

/** The fitted model: logit P(town win) = Σ coef_j · x_j over `columns` (the intercept, then each role's seats). */
export interface WeightsModel {
  readonly columns: readonly string[];
  readonly coef: readonly (number | null)[];
  /** The inverse information matrix, unscaled. */
  readonly covariance: readonly (readonly number[])[];
  /** Pearson's χ²/df of the fitted setups. */
  readonly dispersion: number;
  /** What the covariance is multiplied by for the intervals: the dispersion, at least 1. */
  readonly scale: number;
  readonly deviance: number;
  readonly iterations: number;
  readonly converged: boolean;
  /** Setups fitted (the rest are held out). */
  readonly fitted: number;
  /** The model's own error on the logit scale, beyond sampling noise, from the held-out setups (weighted by p̂(1 − p̂)²). */
  readonly modelError: number;
}

export interface RoleWeight {
  readonly role: string;
  readonly team: 'town' | 'mafia';
  /** Whether it is its team's plain role (citizen, townie, mafia): the yardstick of `vsPlain`. */
  readonly plain: boolean;
  /** Fitted setups in which it has a seat. */
  readonly setups: number;
  /** Its weight per seat on the logit scale, or null when the setups do not tell it apart (not identified). */
  readonly weight: Estimate | null;
  /** Its weight less its team's plain role's: the role instead of a plain seat (null for the plain roles). */
  readonly vsPlain: Estimate | null;
  /** `vsPlain` as town win points at the reference table: role-values' "as is". */
  readonly atReference: Estimate | null;
}

export interface HeldOutError {
  readonly setups: number;
  /** Root mean square of measured − predicted town win (a share). */
  readonly rmse: number;
  /** What sampling noise alone would give: √(mean p̂(1 − p̂)/n). */
  readonly noise: number;
  readonly mae: number;
  /** Pearson's χ² of the held-out setups against the prediction (sampling and fit variance), its p. */
  readonly chi2: number;
  readonly p: number;
}

export interface WeightsSetupResult {
  readonly index: number;
  readonly label: string;
  readonly setupArg: string;
  readonly overrides: readonly string[];
  readonly seed: string;
  readonly players: number;
  readonly counts: Readonly<Record<string, number>>;
  readonly games: number;
  readonly town: { readonly count: number; readonly share: number; readonly low: number; readonly high: number };
  readonly heldOut: boolean;
  /** The prediction with its 95% interval from the weights' uncertainty. */
  readonly predicted: Estimate;
  /** (measured − predicted) on the logit scale over its standard error (sampling and fit). */
  readonly z: number;
}

export interface WeightsReport {
  readonly kind: 'weights';
  readonly format: number;
  readonly seed: string;
  readonly games: number;
  readonly partial: boolean;
  readonly command: string;
  readonly design: WeightsDesign;
  /** What each side played (src/report/sides.ts `sidesLine`): one line when every setup plays the same. */
  readonly plays: string;
  readonly model: WeightsModel;
  readonly intercept: Estimate;
  readonly weights: readonly RoleWeight[];
  readonly heldOut: HeldOutError;
  readonly reference: { readonly setup: string; readonly players: number; readonly predicted: Estimate };
  readonly setups: readonly WeightsSetupResult[];
  /** The held-out setups the model misses most (largest |measured − predicted|), as indices into `setups`. */
  readonly misses: readonly number[];
}

/** What `--save FILE` writes and `--predict --fit FILE` reads: the report less its setups. */
export type WeightsFit = Omit<WeightsReport, 'kind' | 'setups' | 'misses' | 'partial'> & { readonly kind: 'weights-fit' };

export function weightsRows(r: WeightsReport): CsvRow[] {
  const est = (table: string, group: string, key: string, e: Estimate | null): CsvRow[] => (e === null ? [] : [{ table, group, key, value: e.value, low: e.low, high: e.high }]);
  const rows: CsvRow[] = [...est('weight', 'intercept', 'logit', r.intercept)];
  for (const w of r.weights) {
    rows.push(...est('weight', w.role, 'logit', w.weight), ...est('weight', w.role, 'vs_plain_logit', w.vsPlain), ...est('weight', w.role, 'at_reference_points', w.atReference));
    rows.push({ table: 'weight', group: w.role, key: 'setups', value: w.setups });
  }
  const h = r.heldOut;
  for (const [key, value] of [['setups', h.setups], ['rmse', h.rmse], ['noise', h.noise], ['mae', h.mae], ['model_error_logit', r.model.modelError], ['chi2', h.chi2], ['p', h.p]] as const) rows.push({ table: 'held_out', key, value });
  for (const s of r.setups) {
    rows.push({ table: 'setup', group: s.label, key: s.heldOut ? 'measured_held_out' : 'measured_fitted', value: s.town.share, low: s.town.low, high: s.town.high, count: s.town.count, n: s.games });
    rows.push({ table: 'setup', group: s.label, key: 'predicted', value: s.predicted.value, low: s.predicted.low, high: s.predicted.high });
  }
  return rows;
}

export function weightsTitle(r: WeightsReport): { title: string; subtitle: string; warning: string | null } {
  const what = r.design.family === null ? `${r.setups.length} listed setups` : `the ${r.design.family} family`;
  return {
    title: `mafia-sim weights: ${what}`,
    subtitle: `${r.setups.length} setups × ${r.games.toLocaleString('en-US')} games, ${r.model.fitted} fitted and ${r.heldOut.setups} held out; seed ${r.seed}`,
    warning: r.partial ? 'PARTIAL: the weights were interrupted; these are the games that finished.' : null,
  };
}

/** The command that makes the report (and the fit file) again. */
export function weightsCommand(d: WeightsDesign, games: number, seed: string): string {
  const args = ['weights', ...(d.family === null ? ['--setups', d.listed!.join(',')] : ['--family', d.family, '--count', String(d.count), '--players', `${d.players![0]}..${d.players![1]}`])];
  args.push('--holdout', String(d.holdout));
  for (const o of d.options) args.push('--option', o);
  for (const s of d.strategies) args.push('--strategy', s);
  args.push('--games', String(games), '--seed', seed);
  return line(args);
}

export function weightsReproduction(r: WeightsReport): Reproduction {
  return { command: r.command, note: null };
}
