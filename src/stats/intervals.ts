// Confidence intervals: for a proportion (Wilson), for a proportion measured on several seats of each
// game (the seats of one game are not independent), and for a mean.
import type { Distribution } from './distribution.js';

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface Interval {
  readonly low: number;
  readonly high: number;
}

/** Wilson score interval for k successes in n trials. */
export function wilson(k: number, n: number, z = Z95): Interval {
  if (n === 0) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // At k = 0 (k = n) the bound is exactly 0 (1); computed, it is off by rounding.
  return { low: k === 0 ? 0 : Math.max(0, centre - half), high: k === n ? 1 : Math.min(1, centre + half) };
}

/**
 * The interval of a proportion measured on `perGame` seats in each game, from the distribution of how
 * many of them succeeded per game: Wilson's interval at the effective sample size, the number of
 * independent trials that would give the observed variance (Korn & Graubard). The five citizens of one
 * game live or die together more than five games' citizens do, so the seat count overstates the
 * information. When every game agrees (a share of exactly 0 or 1, say) the variance says nothing and
 * the games themselves are taken as the trials: the cautious choice.
 */
export function clusteredRate(successesPerGame: Distribution, perGame: number): Interval {
  const games = successesPerGame.n;
  if (games === 0 || perGame <= 0) return { low: 0, high: 1 };
  if (perGame === 1) return wilson(successesPerGame.sum, games);
  return effectiveWilson(successesPerGame.mean / perGame, successesPerGame.sd / perGame, games, perGame);
}

/**
 * clusteredRate from the sums of the per-game counts alone: Σx and Σx² over `games` games of
 * `perGame` seats (what a survival curve keeps for each phase, src/stats/timing.ts).
 */
export function clusteredRateOfSums(sum: number, sumOfSquares: number, games: number, perGame: number): Interval {
  if (games === 0 || perGame <= 0) return { low: 0, high: 1 };
  if (perGame === 1) return wilson(sum, games);
  const mean = sum / games;
  const sd = games < 2 ? 0 : Math.sqrt(Math.max(0, sumOfSquares - sum * mean) / (games - 1));
  return effectiveWilson(mean / perGame, sd / perGame, games, perGame);
}

/** Wilson's interval of share p at the effective sample size its per-game sd gives (clusteredRate). */
function effectiveWilson(p: number, sdShare: number, games: number, perGame: number): Interval {
  const variance = (sdShare * sdShare) / games;
  const effective = variance > 0 && p > 0 && p < 1 ? Math.min(games * perGame, Math.max(games, (p * (1 - p)) / variance)) : games;
  return wilson(p * effective, effective);
}

/** The normal-theory interval of a mean (n ≥ 2); null when it cannot be estimated. */
export function meanInterval(values: Distribution, z = Z95): Interval | null {
  if (values.n < 2) return null;
  const half = (z * values.sd) / Math.sqrt(values.n);
  return { low: values.mean - half, high: values.mean + half };
}

/** A ratio's sums over games: Σx, Σn, games with n > 0, Σx², Σxn, Σn² (x: count, n: trials, per game). */
export interface RatioSums {
  readonly count: number;
  readonly of: number;
  readonly games: number;
  readonly xx: number;
  readonly xn: number;
  readonly nn: number;
}

/**
 * The interval of a share counted over trials that come in games of varying size (a game's votes, its
 * reports): as clusteredRate, Wilson's at the effective sample size, here from the ratio estimator's
 * cluster variance, G/(G−1) · Σ(x − R·n)² / (Σn)². Every game agreeing (a share of 0 or 1, or one game)
 * falls back to the games as the trials, the cautious choice.
 */
export function clusteredRatio(r: RatioSums): Interval {
  if (r.of === 0) return { low: 0, high: 1 };
  const p = r.count / r.of;
  const g = r.games;
  const residual = r.xx - 2 * p * r.xn + p * p * r.nn;
  const variance = g > 1 ? ((g / (g - 1)) * Math.max(0, residual)) / (r.of * r.of) : 0;
  const effective = variance > 0 && p > 0 && p < 1 ? Math.min(r.of, Math.max(g, (p * (1 - p)) / variance)) : Math.max(1, g);
  return wilson(p * effective, effective);
}
