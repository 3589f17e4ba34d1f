// A fit of `mafia-sim weights` kept as a file (`--save FILE`, read by `--predict SETUP --fit FILE`), the
// fits shipped with mafia-sim (src/workbench/fits/, made by the command each records), and a setup's
// predicted town win from one: with the weights' uncertainty alone, and with the model's own error as
// the held-out setups measured it.
import { UserError } from '../errors.js';
import { parseData, readInputFile } from '../setup/dataFile.js';
import type { CompiledSetup } from '../setup/compile.js';
import { logistic, normalInterval } from '../stats/logistic.js';
import { WEIGHTS_FORMAT, type Estimate, type WeightsFit, type WeightsReport } from '../report/weights.js';
import { predictCounts } from './weights.js';
import clubFit from './fits/club.json' with { type: 'json' };

/** The fits shipped, by rule set. */
const SHIPPED: Readonly<Record<string, { readonly file: string; readonly fit: unknown }>> = {
  club: { file: 'src/workbench/fits/club.json', fit: clubFit },
};

/** The report less its per-setup results: what --save writes. */
export function fitOf(r: WeightsReport): WeightsFit {
  const { kind: _kind, setups: _setups, misses: _misses, partial: _partial, ...rest } = r;
  return { kind: 'weights-fit', ...rest };
}

/** Checks that `data` is a fit file mafia-sim wrote; `label` names where it came from in the error. */
export function checkedFit(data: unknown, label: string): WeightsFit {
  const o = data as Partial<WeightsFit> | null;
  const bad = (why: string) => new UserError(`${label}: not a weights fit (${why}); write one with mafia-sim weights … --save FILE`);
  if (typeof o !== 'object' || o === null || o.kind !== 'weights-fit') throw bad('its kind is not "weights-fit"');
  if (o.format !== WEIGHTS_FORMAT) throw bad(`format ${JSON.stringify(o.format)}, this mafia-sim reads ${WEIGHTS_FORMAT}`);
  const m = o.model;
  const n = Array.isArray(m?.columns) ? m.columns.length : -1;
  const square = (x: unknown) => Array.isArray(x) && x.length === n && x.every((row) => Array.isArray(row) && row.length === n && row.every((v) => typeof v === 'number'));
  if (!m || n < 1 || !Array.isArray(m.coef) || m.coef.length !== n || !square(m.covariance) || typeof m.scale !== 'number' || typeof m.modelError !== 'number') throw bad('its model is not columns, coef, covariance, scale and modelError of one size');
  const d = o.design;
  if (typeof d?.rules !== 'string' || !Array.isArray(d.options) || !Array.isArray(d.strategies) || !(d.base === null || typeof d.base === 'string')) throw bad('its design does not say its rule set, base, options and strategies');
  return o as WeightsFit;
}

function readFitFile(file: string): unknown {
  try {
    return parseData(readInputFile(file, 'fit'), file, 'fit');
  } catch (e) {
    if (e instanceof UserError) throw new UserError(`--fit ${e.message}`);
    throw e;
  }
}

/** A fit file read (`--fit FILE`), or the fit shipped for the setup's rule set. */
export function loadFit(file: string | undefined, rules: string): { fit: WeightsFit; source: string } {
  if (file !== undefined) return { fit: checkedFit(readFitFile(file), `--fit ${file}`), source: file };
  const shipped = SHIPPED[rules];
  if (shipped === undefined) throw new UserError(`--predict: no fit is shipped for ${rules} tables (only ${Object.keys(SHIPPED).join(', ')}); make one with mafia-sim weights --family ${rules} --save FILE and give it as --fit FILE`);
  return { fit: checkedFit(shipped.fit, shipped.file), source: shipped.file };
}

export interface Prediction {
  /** With the weights' uncertainty alone. */
  readonly predicted: Estimate;
  /** With the model's own error (held-out) added: where a measurement of the setup should fall. */
  readonly withModelError: Estimate;
}

/** The setup's predicted town win; a role the fit has no weight for, or another rule set, is a UserError. */
export function predictSetup(fit: WeightsFit, setup: CompiledSetup, label: string): Prediction {
  if (setup.rules.id !== fit.design.rules) throw new UserError(`${label}: a ${setup.rules.id} table, and the fit is of ${fit.design.rules} tables`);
  const counts = Object.fromEntries(setup.roleCounts);
  for (const role of Object.keys(counts)) {
    const j = fit.model.columns.indexOf(role);
    if (j < 0) throw new UserError(`${label}: role ${role} is not in the fit (it seats ${fit.model.columns.slice(1).join(', ')})`);
    if (fit.model.coef[j] === null) throw new UserError(`${label}: the fit has no weight for role ${role} (the setups fitted do not tell it apart)`);
  }
  const p = predictCounts(fit.model, counts);
  const wide = normalInterval(p.eta, p.variance + fit.model.modelError ** 2);
  return { predicted: { value: p.value, low: p.low, high: p.high }, withModelError: { value: p.value, low: logistic(wide.low), high: logistic(wide.high) } };
}
