// `mafia-sim weights`: plays many setups of a family and fits an additive weight per role to their town
// wins on a logit scale (logit P(town) = intercept + Σ weight × seats), on a seeded share of the setups;
// the rest are held out to measure how far the model misses (docs/balancing.md, docs/statistics.md).
import type { Side } from '../model/roles.js';
import { ROLES } from '../rules/catalogue.js';
import { createRng } from '../rng.js';
import { jobFromSpec, type Job } from '../runner/job.js';
import { runArms, type ArmsResult } from '../runner/parallel.js';
import { wilson } from '../stats/intervals.js';
import { fitLogistic, linearPredictor, logistic, normalInterval, type BinomialRow, type LogisticFit } from '../stats/logistic.js';
import { erfc } from '../stats/special.js';
import { isPluginSpec } from '../strategy/registry.js';
import { WEIGHTS_FORMAT, weightsCommand, type Estimate, type HeldOutError, type RoleWeight, type WeightsDesign, type WeightsModel, type WeightsReport, type WeightsSetupResult } from '../report/weights.js';
import { armJobSpec } from './arms.js';
import { plainRoles } from './roleValues.js';
import type { WeightsSetup } from './weightsSetups.js';
import { loadSetup } from '../setup/load.js';
import { playedSides, sidesLine } from '../report/sides.js';

/** Games per chunk handed to a thread: every setup's games of a chunk (results do not depend on it). */
const WEIGHTS_CHUNK = 250;

export interface WeightsPlay {
  readonly games: number;
  readonly workers: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (done: number, total: number) => void;
}

/** Plays games 0…games−1 of every setup, each from its own run seed, on the worker pool. */
export async function playSetups(setups: readonly WeightsSetup[], plan: WeightsPlay): Promise<ArmsResult> {
  const jobs: Job[] = [];
  for (const s of setups) jobs.push(await jobFromSpec(armJobSpec(s.spec, s.seed)));
  return runArms(jobs, {
    first: 0,
    end: plan.games,
    workers: plan.workers,
    chunkGames: WEIGHTS_CHUNK,
    signal: plan.signal,
    isolate: jobs.some((j) => j.strategies.specs.some(isPluginSpec)),
    onProgress: (done) => plan.onProgress?.(done * jobs.length, plan.games * jobs.length),
  });
}

/** The setups held out: a seeded share of them, at least one, and at least two left to fit. */
export function heldOutSet(count: number, holdout: number, seed: string): Set<number> {
  const order = createRng(`weights/${seed}/split`).shuffle([...Array(count).keys()]);
  const n = Math.min(count - 2, Math.max(1, Math.round(holdout * count)));
  return new Set(order.slice(0, n));
}

/** The columns: the intercept, then every role any setup seats, town before mafia, by name. */
export function roleColumns(setups: readonly WeightsSetup[]): string[] {
  const ids = [...new Set(setups.flatMap((s) => Object.keys(s.counts)))];
  const team = (id: string) => (ROLES.get(id)?.team === 'mafia' ? 1 : 0);
  return ids.sort((a, b) => team(a) - team(b) || a.localeCompare(b));
}

const covariates = (roles: readonly string[], counts: Readonly<Record<string, number>>) => [1, ...roles.map((r) => counts[r] ?? 0)];

/** A setup's predicted town win with its 95% interval from the weights' uncertainty (and `extra` logit variance). */
export function predictCounts(model: Pick<WeightsModel, 'columns' | 'coef' | 'covariance' | 'scale'>, counts: Readonly<Record<string, number>>, extra = 0): Estimate & { eta: number; variance: number } {
  const { eta, variance } = linearPredictor(model, covariates(model.columns.slice(1), counts), model.scale);
  const e = normalInterval(eta, variance + extra);
  return { value: logistic(eta), low: logistic(e.low), high: logistic(e.high), eta, variance };
}

/** The empirical logit of k of n and its variance (the half-count keeps 0 and n finite). */
function empiricalLogit(k: number, n: number): { logit: number; variance: number } {
  return { logit: Math.log((k + 0.5) / (n - k + 0.5)), variance: 1 / (k + 0.5) + 1 / (n - k + 0.5) };
}

/** The upper tail of χ² with `df` degrees of freedom (Wilson–Hilferty's cube-root normal approximation). */
export function chiSquareP(x: number, df: number): number {
  if (df <= 0) return 1;
  const a = 2 / (9 * df);
  const z = (Math.cbrt(x / df) - (1 - a)) / Math.sqrt(a);
  return Math.min(1, Math.max(0, erfc(z / Math.SQRT2) / 2));
}

function modelOf(fit: LogisticFit, roles: readonly string[], fitted: number): Omit<WeightsModel, 'modelError'> {
  return {
    columns: ['intercept', ...roles],
    coef: fit.coef,
    covariance: fit.covariance,
    dispersion: fit.dispersion,
    scale: Math.max(1, fit.dispersion),
    deviance: fit.deviance,
    iterations: fit.iterations,
    converged: fit.converged,
    fitted,
  };
}

/** Each role's weight, against its team's plain role, and in points at the reference table. */
function roleWeights(model: Omit<WeightsModel, 'modelError'>, fittedCounts: readonly Readonly<Record<string, number>>[], plain: Readonly<Record<Side, string>>, reference: Readonly<Record<string, number>>): RoleWeight[] {
  const at = (role: string) => model.columns.indexOf(role);
  const cov = (a: number, b: number) => model.scale * model.covariance[a][b];
  const etaRef = predictCounts(model, reference).eta;
  const out = model.columns.slice(1).map((role): RoleWeight => {
    const team: Side = ROLES.get(role)?.team === 'mafia' ? 'mafia' : 'town';
    const i = at(role);
    const p = at(plain[team]);
    const setups = fittedCounts.filter((c) => (c[role] ?? 0) > 0).length;
    const isPlain = role === plain[team];
    const coef = model.coef[i];
    const weight = coef === null ? null : normalInterval(coef, cov(i, i));
    let vsPlain: Estimate | null = null;
    let atReference: Estimate | null = null;
    if (!isPlain && coef !== null && p >= 0 && model.coef[p] !== null) {
      vsPlain = normalInterval(coef - model.coef[p]!, cov(i, i) + cov(p, p) - 2 * cov(i, p));
      // The role instead of a plain seat, at the reference: seated there, one of its seats made plain; else one plain seat made it.
      const points = (d: number) => ((reference[role] ?? 0) > 0 ? logistic(etaRef) - logistic(etaRef - d) : logistic(etaRef + d) - logistic(etaRef));
      atReference = { value: points(vsPlain.value), low: points(vsPlain.low), high: points(vsPlain.high) };
    }
    return { role, team, plain: isPlain, setups, weight, vsPlain, atReference };
  });
  return out.sort((a, b) => (b.atReference?.value ?? -Infinity) - (a.atReference?.value ?? -Infinity) || a.role.localeCompare(b.role));
}

/** Per setup: measured, predicted, and the z of the difference on the logit scale. */
function setupResults(setups: readonly WeightsSetup[], result: ArmsResult, held: ReadonlySet<number>, model: Omit<WeightsModel, 'modelError'>): WeightsSetupResult[] {
  return setups.map((s, i) => {
    const t = result.tallies[i];
    const k = t.outcomes.town;
    const n = t.games;
    const pred = predictCounts(model, s.counts);
    const obs = empiricalLogit(k, n);
    const z = (obs.logit - pred.eta) / Math.sqrt(obs.variance + pred.variance);
    return {
      index: s.index,
      label: s.label,
      setupArg: s.spec.setupArg,
      overrides: s.spec.overrides,
      seed: s.seed,
      players: s.players,
      counts: s.counts,
      games: n,
      town: { count: k, ...wilsonShare(k, n) },
      heldOut: held.has(i),
      predicted: { value: pred.value, low: pred.low, high: pred.high },
      z,
    };
  });
}

const wilsonShare = (k: number, n: number) => {
  const w = wilson(k, n);
  return { share: n === 0 ? 0 : k / n, low: w.low, high: w.high };
};

/**
 * The held-out error, and the model's own error beyond noise: on the logit scale, the mean of residual²
 * less the sampling and fit variance, weighted by (p̂(1 − p̂))² — a miss's weight in points — so that a
 * table the mafia win 99.9% of the time, where a point is many logits, does not swamp the rest.
 */
function heldOutError(results: readonly WeightsSetupResult[], model: Omit<WeightsModel, 'modelError'>): { error: HeldOutError; modelError: number } {
  const held = results.filter((r) => r.heldOut);
  const mean = (f: (r: WeightsSetupResult) => number) => (held.length === 0 ? 0 : held.reduce((s, r) => s + f(r), 0) / held.length);
  let excess = 0;
  let weights = 0;
  for (const r of held) {
    const obs = empiricalLogit(r.town.count, r.games);
    const pred = predictCounts(model, r.counts);
    const w = (pred.value * (1 - pred.value)) ** 2;
    excess += w * ((obs.logit - pred.eta) ** 2 - obs.variance - pred.variance);
    weights += w;
  }
  excess = weights > 0 ? excess / weights : 0;
  const chi2 = held.reduce((s, r) => s + r.z * r.z, 0);
  return {
    error: {
      setups: held.length,
      rmse: Math.sqrt(mean((r) => (r.town.share - r.predicted.value) ** 2)),
      noise: Math.sqrt(mean((r) => (r.predicted.value * (1 - r.predicted.value)) / Math.max(1, r.games))),
      mae: mean((r) => Math.abs(r.town.share - r.predicted.value)),
      chi2,
      p: chiSquareP(chi2, held.length),
    },
    modelError: Math.sqrt(Math.max(0, excess)),
  };
}

export interface WeightsInput {
  readonly design: Omit<WeightsDesign, 'rules'>;
  readonly seed: string;
  readonly games: number;
  readonly misses: number;
}

/** The report from the games played: the fit on the setups not held out, and its error on the rest. */
export function weightsReport(input: WeightsInput, setups: readonly WeightsSetup[], result: ArmsResult): WeightsReport {
  const { design, seed } = input;
  const referenceSetup = loadSetup(design.base ?? design.reference, design.options);
  const { plain } = plainRoles(referenceSetup.rules);
  const held = heldOutSet(setups.length, design.holdout, seed);
  const roles = roleColumns(setups);
  const rows: BinomialRow[] = [];
  setups.forEach((s, i) => {
    if (!held.has(i)) rows.push({ x: covariates(roles, s.counts), wins: result.tallies[i].outcomes.town, trials: result.tallies[i].games });
  });
  const model0 = modelOf(fitLogistic(rows, roles.length + 1), roles, rows.length);
  const reference = Object.fromEntries(referenceSetup.roleCounts);
  const results = setupResults(setups, result, held, model0);
  const { error, modelError } = heldOutError(results, model0);
  const model: WeightsModel = { ...model0, modelError };
  const miss = (r: WeightsSetupResult) => Math.abs(r.town.share - r.predicted.value);
  const misses = results.filter((r) => r.heldOut).sort((a, b) => miss(b) - miss(a) || a.index - b.index).slice(0, input.misses).map((r) => r.index);
  const full: WeightsDesign = { ...design, rules: referenceSetup.rules.id };
  const ref = predictCounts(model, reference);
  const plays = sidesLine(setups.map((s) => ({ label: s.label, sides: playedSides(s.spec.strategies, loadSetup(s.spec.setupArg, s.spec.overrides)) })));
  return {
    kind: 'weights',
    format: WEIGHTS_FORMAT,
    seed,
    games: result.end,
    partial: result.partial,
    command: weightsCommand(full, input.games, seed),
    design: full,
    plays,
    model,
    intercept: normalInterval(model.coef[0] ?? 0, model.scale * model.covariance[0][0]),
    weights: roleWeights(model0, setups.filter((_, i) => !held.has(i)).map((s) => s.counts), plain, reference),
    heldOut: error,
    reference: { setup: referenceSetup.name, players: referenceSetup.roleCounts.reduce((a, [, k]) => a + k, 0), predicted: { value: ref.value, low: ref.low, high: ref.high } },
    setups: results,
    misses,
  };
}
