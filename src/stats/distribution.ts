// A distribution of values kept as value → count: fixed memory for any number of games, exact
// percentiles, and merging that does not depend on order.

export class Distribution {
  private readonly counts = new Map<number, number>();
  n = 0;
  sum = 0;
  sumSq = 0;

  add(value: number, count = 1): void {
    this.counts.set(value, (this.counts.get(value) ?? 0) + count);
    this.n += count;
    this.sum += value * count;
    this.sumSq += value * value * count;
  }

  merge(other: Distribution): void {
    for (const [v, c] of other.sorted()) this.add(v, c);
  }

  /** [value, count] pairs in ascending value order. */
  sorted(): [number, number][] {
    return [...this.counts].sort((a, b) => a[0] - b[0]);
  }

  get mean(): number {
    return this.n === 0 ? 0 : this.sum / this.n;
  }

  get sd(): number {
    if (this.n < 2) return 0;
    const m = this.mean;
    return Math.sqrt(Math.max(0, (this.sumSq - this.n * m * m) / (this.n - 1)));
  }

  get max(): number {
    let m = -Infinity;
    for (const v of this.counts.keys()) if (v > m) m = v;
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

  static fromPairs(pairs: ReadonlyArray<readonly [number, number]>): Distribution {
    const d = new Distribution();
    for (const [v, c] of pairs) d.add(v, c);
    return d;
  }
}
