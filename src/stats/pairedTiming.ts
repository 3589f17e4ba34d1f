// When two arms' outcomes part: for each game played under a baseline arm and another arm on the same
// seed, how and after how many days each ended, kept as counts of (baseline outcome, baseline days,
// other outcome, other days). From them, for any outcome and day d, the paired 2×2 table of "decided
// as that outcome by day d" under both arms (McNemar, Newcombe: src/stats/paired.ts). Whole numbers,
// merged exactly in any order; kept only where a command pairs details (compare, role-values).
import { WINNERS, type Winner } from '../model/events.js';
import type { PairedTable } from './paired.js';

/** Days are packed below this (maxDays is far smaller). */
const DAYS = 1 << 16;

/** One kind of pair: [baseline outcome (WINNERS index), baseline days, other outcome, other days, games]. */
export type TimingPair = readonly [number, number, number, number, number];

export class TimingPairs {
  readonly #counts = new Map<number, number>();

  add(base: Winner, baseDays: number, other: Winner, otherDays: number): void {
    const key = ((WINNERS.indexOf(base) * DAYS + baseDays) * WINNERS.length + WINNERS.indexOf(other)) * DAYS + otherDays;
    this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
  }

  merge(o: TimingPairs): void {
    for (const [k, n] of o.#counts) this.#counts.set(k, (this.#counts.get(k) ?? 0) + n);
  }

  /** The pairs in one order (by baseline outcome and days, then the other's), whatever order they were added or merged in. */
  toJSON(): TimingPair[] {
    return [...this.#counts.entries()].sort((a, b) => a[0] - b[0]).map(([k, n]) => {
      const od = k % DAYS;
      const rest = (k - od) / DAYS;
      const ow = rest % WINNERS.length;
      const rest2 = (rest - ow) / WINNERS.length;
      return [Math.floor(rest2 / DAYS), rest2 % DAYS, ow, od, n];
    });
  }

  static fromJSON(pairs: readonly TimingPair[]): TimingPairs {
    const t = new TimingPairs();
    for (const [bw, bd, ow, od, n] of pairs) {
      const key = ((bw * DAYS + bd) * WINNERS.length + ow) * DAYS + od;
      t.#counts.set(key, (t.#counts.get(key) ?? 0) + n);
    }
    return t;
  }
}

/** The days any paired game ended on, from the first to the last (empty without pairs). */
export function pairedDays(pairs: readonly TimingPair[]): number[] {
  if (pairs.length === 0) return [];
  const lo = Math.min(...pairs.map((p) => Math.min(p[1], p[3])));
  const hi = Math.max(...pairs.map((p) => Math.max(p[1], p[3])));
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}

/** "Decided as `w` by day `d`" under the baseline (first) and the other arm (second). */
export function decidedByTable(pairs: readonly TimingPair[], w: Winner, d: number): PairedTable {
  const wi = WINNERS.indexOf(w);
  const t = { both: 0, baselineOnly: 0, otherOnly: 0, neither: 0 };
  for (const [bw, bd, ow, od, n] of pairs) {
    const b = bw === wi && bd <= d;
    const o = ow === wi && od <= d;
    if (b && o) t.both += n;
    else if (b) t.baselineOnly += n;
    else if (o) t.otherOnly += n;
    else t.neither += n;
  }
  return t;
}
