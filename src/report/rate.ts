// A count out of some trials as every report states it: the count, its share and the share's Wilson
// 95% interval (apart from report.ts so that the parts of a report can use it without importing it).
import { wilson } from '../stats/intervals.js';

/** A count out of some trials, its share and the share's 95% interval. */
export interface Rate {
  readonly count: number;
  readonly share: number;
  readonly low: number;
  readonly high: number;
}

/** `count` of `n` trials with its Wilson interval (a share of 0 when there were none). */
export function rate(count: number, n: number): Rate {
  const { low, high } = wilson(count, n);
  return { count, share: n === 0 ? 0 : count / n, low, high };
}
