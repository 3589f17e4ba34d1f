// Logistic regression of binomial counts (k wins of n trials per row) by Newton's method, with the
// information matrix for intervals and Pearson's dispersion for counts noisier than the model says.
// Columns that add nothing to the ones before them (never varied, or a sum of others) are left out
// and named, not fitted as arbitrary numbers. Pure arithmetic in a fixed order: the same rows give
// the same bits on any machine.
import { Z95 } from './intervals.js';

export interface BinomialRow {
  /** The row's covariates, one per column (an intercept is a column of 1s). */
  readonly x: readonly number[];
  readonly wins: number;
  readonly trials: number;
}

export interface LogisticFit {
  /** Per column: its coefficient, or null when the column was left out (aliased). */
  readonly coef: readonly (number | null)[];
  /** The inverse information matrix over every column (0 in the rows and columns of those left out). */
  readonly covariance: readonly (readonly number[])[];
  /** Pearson's χ² over the rows divided by the residual degrees of freedom; 1 when there are none. */
  readonly dispersion: number;
  readonly deviance: number;
  readonly iterations: number;
  readonly converged: boolean;
}

export const logistic = (eta: number): number => (eta >= 0 ? 1 / (1 + Math.exp(-eta)) : Math.exp(eta) / (1 + Math.exp(eta)));

/** Which columns carry something the columns before them do not (Gram–Schmidt on the rows' values). */
export function identifiedColumns(rows: readonly BinomialRow[], columns: number): boolean[] {
  const basis: number[][] = [];
  const kept: boolean[] = [];
  for (let j = 0; j < columns; j++) {
    const v = rows.map((r) => r.x[j]);
    const norm0 = Math.sqrt(dot(v, v));
    for (const b of basis) {
      const d = dot(v, b);
      for (let i = 0; i < v.length; i++) v[i] -= d * b[i];
    }
    const norm = Math.sqrt(dot(v, v));
    const keep = norm0 > 0 && norm > 1e-9 * Math.max(1, norm0);
    kept.push(keep);
    if (keep) basis.push(v.map((x) => x / norm));
  }
  return kept;
}

function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/** The inverse of a symmetric positive definite matrix (Cholesky), or null when it is not one. */
export function invertSpd(a: readonly (readonly number[])[]): number[][] | null {
  const n = a.length;
  const l = a.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i][j];
      for (let k = 0; k < j; k++) s -= l[i][k] * l[j][k];
      if (i === j) {
        if (!(s > 1e-300)) return null;
        l[i][i] = Math.sqrt(s);
      } else l[i][j] = s / l[j][j];
    }
  }
  // L⁻¹ column by column, then A⁻¹ = L⁻ᵀ L⁻¹.
  const inv = a.map(() => new Array<number>(n).fill(0));
  for (let c = 0; c < n; c++) {
    for (let i = c; i < n; i++) {
      let s = i === c ? 1 : 0;
      for (let k = c; k < i; k++) s -= l[i][k] * inv[k][c];
      inv[i][c] = s / l[i][i];
    }
  }
  const out = a.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) for (let j = 0; j <= i; j++) {
    let s = 0;
    for (let k = i; k < n; k++) s += inv[k][i] * inv[k][j];
    out[i][j] = s;
    out[j][i] = s;
  }
  return out;
}

interface Step {
  readonly gradient: number[];
  readonly information: number[][];
  readonly deviance: number;
}

/** The score, the information matrix and the deviance at β (over the kept columns `cols`). */
function atBeta(rows: readonly BinomialRow[], cols: readonly number[], beta: readonly number[]): Step {
  const m = cols.length;
  const gradient = new Array<number>(m).fill(0);
  const information = cols.map(() => new Array<number>(m).fill(0));
  let deviance = 0;
  for (const r of rows) {
    let eta = 0;
    for (let a = 0; a < m; a++) eta += r.x[cols[a]] * beta[a];
    const p = logistic(eta);
    const w = r.trials * p * (1 - p);
    const resid = r.wins - r.trials * p;
    for (let a = 0; a < m; a++) {
      const xa = r.x[cols[a]];
      gradient[a] += xa * resid;
      for (let b = 0; b <= a; b++) information[a][b] += xa * r.x[cols[b]] * w;
    }
    deviance += binomialDeviance(r.wins, r.trials, p);
  }
  for (let a = 0; a < m; a++) for (let b = 0; b < a; b++) information[b][a] = information[a][b];
  return { gradient, information, deviance };
}

function binomialDeviance(k: number, n: number, p: number): number {
  const term = (obs: number, exp: number) => (obs === 0 ? 0 : obs * Math.log(obs / exp));
  return 2 * (term(k, n * p) + term(n - k, n * (1 - p)));
}

/**
 * Fits P(win) = logistic(Σ coef_j · x_j) to the rows by Newton's method (halving a step that would
 * raise the deviance), from 0, until no coefficient moves by more than 1e-10.
 */
export function fitLogistic(rows: readonly BinomialRow[], columns: number, maxIterations = 100): LogisticFit {
  const identified = identifiedColumns(rows, columns);
  const cols = identified.flatMap((k, j) => (k ? [j] : []));
  let beta = new Array<number>(cols.length).fill(0);
  let at = atBeta(rows, cols, beta);
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations && !converged) {
    iterations++;
    const inv = invertSpd(at.information);
    if (inv === null) break;
    const delta = inv.map((row) => dot(row, at.gradient));
    let scale = 1;
    let next = beta.map((b, a) => b + delta[a]);
    let nextAt = atBeta(rows, cols, next);
    while (nextAt.deviance > at.deviance + 1e-9 * (1 + at.deviance) && scale > 1e-6) {
      scale /= 2;
      next = beta.map((b, a) => b + scale * delta[a]);
      nextAt = atBeta(rows, cols, next);
    }
    converged = Math.max(0, ...delta.map((d) => Math.abs(scale * d))) < 1e-10;
    beta = next;
    at = nextAt;
  }
  const inv = invertSpd(at.information) ?? at.information.map((r) => r.map(() => NaN));
  const coef: (number | null)[] = new Array<number | null>(columns).fill(null);
  const covariance = Array.from({ length: columns }, () => new Array<number>(columns).fill(0));
  cols.forEach((j, a) => {
    coef[j] = beta[a];
    cols.forEach((k, b) => (covariance[j][k] = inv[a][b]));
  });
  const df = rows.length - cols.length;
  const pearson = rows.reduce((s, r) => {
    const p = logistic(cols.reduce((e, j, a) => e + r.x[j] * beta[a], 0));
    const v = r.trials * p * (1 - p);
    return v > 0 ? s + (r.wins - r.trials * p) ** 2 / v : s;
  }, 0);
  return { coef, covariance, dispersion: df > 0 ? pearson / df : 1, deviance: at.deviance, iterations, converged };
}

/** The linear predictor of a row of covariates and its variance under the fit (scaled by `scale`). */
export function linearPredictor(fit: Pick<LogisticFit, 'coef' | 'covariance'>, x: readonly number[], scale = 1): { eta: number; variance: number } {
  let eta = 0;
  let variance = 0;
  for (let j = 0; j < x.length; j++) {
    if (x[j] === 0) continue;
    eta += x[j] * (fit.coef[j] ?? 0);
    for (let k = 0; k < x.length; k++) variance += x[j] * x[k] * fit.covariance[j][k];
  }
  return { eta, variance: scale * variance };
}

/** A value with its 95% interval from a variance (normal). */
export function normalInterval(value: number, variance: number, z = Z95): { value: number; low: number; high: number } {
  const h = z * Math.sqrt(Math.max(0, variance));
  return { value, low: value - h, high: value + h };
}
