// The logistic fit behind `mafia-sim weights`, on synthetic tables whose true weights are known: the
// weights come back within their intervals, the intervals cover at about their rate, aliased columns
// are named rather than fitted, and a prediction's interval holds the truth.
import { describe, expect, it } from 'vitest';
import { createRng, type Rng } from '../src/rng.js';
import { fitLogistic, identifiedColumns, invertSpd, linearPredictor, logistic, type BinomialRow } from '../src/stats/logistic.js';
import { wilson } from '../src/stats/intervals.js';

/** Binomial(n, p) drawn one trial at a time (small n). */
const binomial = (rng: Rng, n: number, p: number) => {
  let k = 0;
  for (let i = 0; i < n; i++) if (rng.next() < p) k++;
  return k;
};

/** Tables of 4 roles with 0–3 seats each: intercept then the counts; wins drawn from the true weights. */
function synthetic(seed: string, truth: readonly number[], tables: number, trials: number): BinomialRow[] {
  const rng = createRng(seed);
  return Array.from({ length: tables }, () => {
    const x = [1, ...truth.slice(1).map(() => rng.int(4))];
    const p = logistic(x.reduce((s, v, j) => s + v * truth[j], 0));
    return { x, wins: binomial(rng, trials, p), trials };
  });
}

const TRUTH = [0.3, 0.5, -0.8, 0.1, -0.2];

describe('weights: the logistic fit (Newton, information matrix)', () => {
  it('recovers known weights, each within three standard errors', () => {
    const fit = fitLogistic(synthetic('known', TRUTH, 300, 200), TRUTH.length);
    expect(fit.converged).toBe(true);
    TRUTH.forEach((w, j) => {
      const se = Math.sqrt(fit.covariance[j][j]);
      expect(Math.abs(fit.coef[j]! - w)).toBeLessThan(3 * se);
      // 60,000 trials pin each weight to a few hundredths.
      expect(se).toBeLessThan(0.03);
    });
    // The counts are binomial under the model: Pearson's dispersion is near 1 (χ² on 295 df).
    expect(fit.dispersion).toBeGreaterThan(0.8);
    expect(fit.dispersion).toBeLessThan(1.2);
  });

  it('its 95% intervals cover the true weights at about 95% over repeated data sets', () => {
    let covered = 0;
    let total = 0;
    for (let s = 0; s < 40; s++) {
      const fit = fitLogistic(synthetic(`cover/${s}`, TRUTH, 60, 60), TRUTH.length);
      TRUTH.forEach((w, j) => {
        total++;
        if (Math.abs(fit.coef[j]! - w) <= 1.96 * Math.sqrt(fit.covariance[j][j])) covered++;
      });
    }
    // 200 intervals: the coverage's own Wilson interval must hold 95%.
    const c = wilson(covered, total);
    expect(c.low).toBeLessThan(0.95);
    expect(c.high).toBeGreaterThan(0.95);
  });

  it('a column that never varies, or is a sum of others, is left out (null), and the rest still fit', () => {
    const rows = synthetic('alias', TRUTH, 200, 100).map((r) => ({ ...r, x: [...r.x, 0, r.x[1] + r.x[2]] }));
    expect(identifiedColumns(rows, 7)).toEqual([true, true, true, true, true, false, false]);
    const fit = fitLogistic(rows, 7);
    expect(fit.coef[5]).toBeNull();
    expect(fit.coef[6]).toBeNull();
    expect(fit.covariance[6].every((v) => v === 0)).toBe(true);
    expect(Math.abs(fit.coef[2]! - TRUTH[2])).toBeLessThan(1.96 * Math.sqrt(fit.covariance[2][2]));
  });

  it("a prediction's interval (the linear predictor's variance) holds the true town win", () => {
    const fit = fitLogistic(synthetic('predict', TRUTH, 200, 200), TRUTH.length);
    const x = [1, 2, 1, 3, 0];
    const { eta, variance } = linearPredictor(fit, x);
    const true_ = x.reduce((s, v, j) => s + v * TRUTH[j], 0);
    expect(Math.abs(eta - true_)).toBeLessThan(1.96 * Math.sqrt(variance));
    expect(variance).toBeGreaterThan(0);
  });

  it('inverts a symmetric positive definite matrix, and refuses a singular one', () => {
    const inv = invertSpd([[4, 2], [2, 3]])!;
    expect(inv[0][0]).toBeCloseTo(3 / 8, 12);
    expect(inv[0][1]).toBeCloseTo(-2 / 8, 12);
    expect(inv[1][1]).toBeCloseTo(4 / 8, 12);
    expect(invertSpd([[1, 1], [1, 1]])).toBeNull();
  });

  it('the same rows give the same bits', () => {
    const a = fitLogistic(synthetic('bits', TRUTH, 80, 50), TRUTH.length);
    const b = fitLogistic(synthetic('bits', TRUTH, 80, 50), TRUTH.length);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});
