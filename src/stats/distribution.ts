// A distribution of values kept as value → count: fixed memory for any number of games, exact
// percentiles, and merging that does not depend on order.
//
// Every statistic is computed from the counts in ascending value order, never from running sums, so
// a distribution depends only on the multiset of values added: however the games were split into
// chunks, threads or shards, the mean and sd come out bit for bit the same.

/** A distribution as plain data: [value, count] pairs in ascending value order. */
export type DistributionData = ReadonlyArray<readonly [number, number]>;

/** Up to this many distinct values are found by a linear scan (points take two or three values); past it, by a Map. */
const SCAN = 8;

export class Distribution {
  // Distinct values in insertion order and their counts (finite numbers only).
  private readonly values: number[] = [];
  private readonly counts: number[] = [];
  private index: Map<number, number> | null = null;
  n = 0;

  add(value: number, count = 1): void {
    this.n += count;
    const values = this.values;
    if (this.index === null) {
      for (let i = 0; i < values.length; i++) {
        if (values[i] === value) {
          this.counts[i] += count;
          return;
        }
      }
    } else {
      const i = this.index.get(value);
      if (i !== undefined) {
        this.counts[i] += count;
        return;
      }
    }
    this.index?.set(value, values.length);
    values.push(value);
    this.counts.push(count);
    if (this.index === null && values.length > SCAN) this.index = new Map(values.map((v, i) => [v, i]));
  }

  merge(other: Distribution): void {
    for (let i = 0; i < other.values.length; i++) this.add(other.values[i], other.counts[i]);
  }

  /** [value, count] pairs in ascending value order. */
  sorted(): [number, number][] {
    return this.values.map((v, i): [number, number] => [v, this.counts[i]]).sort((a, b) => a[0] - b[0]);
  }

  get sum(): number {
    let s = 0;
    for (const [v, c] of this.sorted()) s += v * c;
    return s;
  }

  get mean(): number {
    return this.n === 0 ? 0 : this.sum / this.n;
  }

  /** Sample standard deviation (two-pass over the histogram). */
  get sd(): number {
    if (this.n < 2) return 0;
    const m = this.mean;
    let ss = 0;
    for (const [v, c] of this.sorted()) ss += c * (v - m) * (v - m);
    return Math.sqrt(ss / (this.n - 1));
  }

  get max(): number {
    let m = -Infinity;
    for (const v of this.values) if (v > m) m = v;
    return this.n === 0 ? 0 : m;
  }

  /** Nearest-rank percentile: the smallest value with at least q·n observations at or below it. */
  quantile(q: number): number {
    if (this.n === 0) return 0;
    const rank = Math.max(1, Math.ceil(q * this.n));
    let seen = 0;
    for (const [v, c] of this.sorted()) {
      seen += c;
      if (seen >= rank) return v;
    }
    return this.max;
  }

  toJSON(): DistributionData {
    return this.sorted();
  }

  static fromPairs(pairs: DistributionData): Distribution {
    const d = new Distribution();
    for (const [v, c] of pairs) d.add(v, c);
    return d;
  }

  static fromJSON(data: DistributionData): Distribution {
    return Distribution.fromPairs(data);
  }
}
