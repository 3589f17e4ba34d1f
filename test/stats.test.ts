// The statistics the reports print, pinned by cases worked out by hand, and by simulation where a
// method's promise is its coverage. A tally merged from pieces equals one batch, field by field.
import { describe, expect, it } from 'vitest';
import { GameStreams } from '../src/rng.js';
import { runBatch } from '../src/runner/batch.js';
import { runGames } from '../src/runner/parallel.js';
import { Distribution } from '../src/stats/distribution.js';
import { clusteredRate, meanInterval, wilson, Z95 } from '../src/stats/intervals.js';
import { mcnemarP, OutcomePairs, pairedDifference } from '../src/stats/paired.js';
import { binomialCdf, logGamma, regularizedBeta } from '../src/stats/special.js';
import { intervalDecimals, formatRate } from '../src/report/text.js';
import { makeJob } from './helpers/job.js';

const dist = (values: number[]) => {
  const d = new Distribution();
  for (const v of values) d.add(v);
  return d;
};

describe('percentiles (nearest rank)', () => {
  it('the median of [1, 2, 3] is 2; of [1, 2, 3, 4] it is 2 (the smallest value with half at or below)', () => {
    expect(dist([3, 1, 2]).quantile(0.5)).toBe(2);
    expect(dist([4, 1, 3, 2]).quantile(0.5)).toBe(2);
  });

  it('where q·n is not a whole number the rank rounds up: p90 of seven values is the seventh, p10 of them the first', () => {
    const d = dist([10, 20, 30, 40, 50, 60, 70]);
    expect(d.quantile(0.9)).toBe(70); // 6.3 → rank 7
    expect(d.quantile(0.1)).toBe(10); // 0.7 → rank 1
    expect(d.quantile(0.25)).toBe(20); // 1.75 → rank 2
  });

  it('mean and sample sd from the histogram: [2, 4, 4, 4, 5, 5, 7, 9] has mean 5 and sd √(32/7)', () => {
    const d = dist([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(d.mean).toBe(5);
    expect(d.sd).toBeCloseTo(Math.sqrt(32 / 7), 12);
  });
});

describe('intervals', () => {
  it('wilson(5, 10) ≈ [0.2366, 0.7634]', () => {
    const w = wilson(5, 10);
    expect(w.low).toBeCloseTo(0.2366, 4);
    expect(w.high).toBeCloseTo(0.7634, 4);
  });

  it('wilson(0, n) is [0, z²/(n+z²)] and wilson(n, n) is [n/(n+z²), 1]', () => {
    const z2 = Z95 * Z95;
    expect(wilson(0, 10)).toEqual({ low: 0, high: expect.closeTo(z2 / (10 + z2), 12) });
    expect(wilson(10, 10)).toEqual({ low: expect.closeTo(10 / (10 + z2), 12), high: 1 });
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it('a proportion over several seats a game: as wide as the games make it, never narrower than one trial per seat', () => {
    // Five seats a game that always live or die together: the information is one trial a game.
    const together = new Distribution();
    together.add(0, 600);
    together.add(5, 400);
    const w = clusteredRate(together, 5);
    const perGame = wilson(400, 1000);
    expect(w.low).toBeCloseTo(perGame.low, 6);
    expect(w.high).toBeCloseTo(perGame.high, 6);
    // Independent seats: binomial counts per game give about the seat-level interval.
    const rng = new GameStreams('clustered').game;
    const independent = new Distribution();
    let alive = 0;
    for (let g = 0; g < 4000; g++) {
      let k = 0;
      for (let s = 0; s < 5; s++) if (rng.chance(0.3)) k++;
      independent.add(k);
      alive += k;
    }
    const seats = wilson(alive, 20000);
    const c = clusteredRate(independent, 5);
    expect((c.high - c.low) / (seats.high - seats.low)).toBeGreaterThan(0.9);
    expect((c.high - c.low) / (seats.high - seats.low)).toBeLessThan(1.1);
    // Nobody ever survives: the games are the trials (cautious), not the seats.
    const none = new Distribution();
    none.add(0, 100);
    expect(clusteredRate(none, 5)).toEqual(wilson(0, 100));
  });

  it('a mean’s interval is mean ± z·sd/√n, and does not exist for one value', () => {
    const d = dist([1, 2, 3, 4, 5]);
    const m = meanInterval(d)!;
    const half = (Z95 * Math.sqrt(2.5)) / Math.sqrt(5);
    expect(m.low).toBeCloseTo(3 - half, 12);
    expect(m.high).toBeCloseTo(3 + half, 12);
    expect(meanInterval(dist([7]))).toBeNull();
  });

  it('printed intervals show their bounds: never "0.0% – 0.0%", never two bounds alike', () => {
    expect(formatRate({ share: 0, ...wilson(0, 10000) })).toBe('0.00% (0.00–0.04%)');
    expect(formatRate({ share: 1, ...wilson(10000, 10000) })).toBe('100.00% (99.96–100.00%)');
    expect(formatRate({ share: 0.5, ...wilson(5000, 10000) })).toBe('50.0% (49.0–51.0%)');
    expect(formatRate({ share: 0.5, low: 0.499996, high: 0.500004 })).toBe('50.0000% (49.9996–50.0004%)');
    expect(intervalDecimals(0, 1e-9)).toBeGreaterThan(4);
  });
});

describe('special functions and exact tests', () => {
  it('logGamma: ln((n−1)!) at whole numbers, ln √π at ½', () => {
    let f = 0;
    for (let n = 1; n <= 30; n++) {
      expect(logGamma(n)).toBeCloseTo(f, 10);
      f += Math.log(n);
    }
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
  });

  it('regularizedBeta: I_x(1,1) = x, I_x(a,1) = xᵃ, I_½(a,a) = ½', () => {
    for (const x of [0.1, 0.37, 0.5, 0.9]) {
      expect(regularizedBeta(x, 1, 1)).toBeCloseTo(x, 12);
      expect(regularizedBeta(x, 3, 1)).toBeCloseTo(x ** 3, 12);
    }
    for (const a of [1, 2.5, 10, 300]) expect(regularizedBeta(0.5, a, a)).toBeCloseTo(0.5, 10);
  });

  it('binomialCdf equals the sum of the probabilities', () => {
    for (const [n, p] of [[30, 0.5], [17, 0.2], [50, 0.9]] as const) {
      let sum = 0;
      let choose = 1;
      for (let k = 0; k < n; k++) {
        sum += choose * p ** k * (1 - p) ** (n - k);
        expect(binomialCdf(k, n, p)).toBeCloseTo(sum, 10);
        choose = (choose * (n - k)) / (k + 1);
      }
    }
  });

  it('McNemar’s exact p: 0 against 5 discordant pairs is 2·2⁻⁵; 2 against 10 is 2·79/4096', () => {
    expect(mcnemarP(0, 5)).toBeCloseTo(0.0625, 12);
    expect(mcnemarP(10, 2)).toBeCloseTo((2 * 79) / 4096, 12);
    expect(mcnemarP(7, 7)).toBe(1);
    expect(mcnemarP(0, 0)).toBe(1);
  });

  it('the paired difference’s 95% interval covers the true difference about 95% of the time (Newcombe)', () => {
    // Pairs from a known joint law: P(both) = .3, P(baseline only) = .1, P(other only) = .2, P(neither) = .4.
    const truth = 0.1;
    const rng = new GameStreams('coverage').game;
    let covered = 0;
    const reps = 4000;
    for (let r = 0; r < reps; r++) {
      const t = { both: 0, baselineOnly: 0, otherOnly: 0, neither: 0 };
      for (let i = 0; i < 150; i++) {
        const u = rng.next();
        if (u < 0.3) t.both++;
        else if (u < 0.4) t.baselineOnly++;
        else if (u < 0.6) t.otherOnly++;
        else t.neither++;
      }
      const d = pairedDifference(t);
      if (d.low <= truth && truth <= d.high) covered++;
    }
    const bound = 4 * Math.sqrt((0.95 * 0.05) / reps);
    expect(Math.abs(covered / reps - 0.95)).toBeLessThan(bound);
  });

  it('the paired difference is the other minus the baseline, and swapping the arms negates it', () => {
    const t = { both: 500, baselineOnly: 40, otherOnly: 90, neither: 370 };
    const d = pairedDifference(t);
    expect(d.diff).toBeCloseTo(0.05, 12);
    const s = pairedDifference({ both: 500, baselineOnly: 90, otherOnly: 40, neither: 370 });
    expect(s.diff).toBeCloseTo(-d.diff, 12);
    expect(s.low).toBeCloseTo(-d.high, 12);
    expect(s.high).toBeCloseTo(-d.low, 12);
    expect(d.p).toBe(s.p);
    // Paired is tighter than two Wilson intervals side by side would suggest.
    const a = wilson(540, 1000);
    const b = wilson(590, 1000);
    expect(d.high - d.low).toBeLessThan(b.high - b.low + (a.high - a.low));
  });

  it('OutcomePairs counts by baseline and other outcome, and its 2×2 table of one outcome', () => {
    const p = new OutcomePairs();
    p.add('town', 'town');
    p.add('town', 'mafia');
    p.add('mafia', 'town');
    p.add('mafia', 'town');
    p.add('draw', 'stalemate');
    expect(p.games).toBe(5);
    expect(p.table('town')).toEqual({ both: 1, baselineOnly: 1, otherOnly: 2, neither: 1 });
    expect(OutcomePairs.fromJSON(p.toJSON()).counts).toEqual(p.counts);
  });
});

describe('tallies merge exactly', () => {
  const fields = (t: { toJSON(): unknown }) => JSON.parse(JSON.stringify(t.toJSON()));

  it('a tally merged from three pieces equals the one batch over the same games, field by field', () => {
    for (const setup of ['ukrainian', 'club-12']) {
      const job = makeJob(setup, [], '3');
      const whole = runBatch(job, { from: 0, to: 901 });
      const merged = runBatch(job, { from: 0, to: 250 });
      merged.merge(runBatch(job, { from: 250, to: 251 }));
      merged.merge(runBatch(job, { from: 251, to: 901 }));
      expect(fields(merged)).toEqual(fields(whole));
      expect(whole.games).toBe(901);
    }
  });

  it('a tally played on two threads equals the one batch, field by field', async () => {
    const job = makeJob('ukrainian', [], '4');
    const threads = await runGames(job, { first: 0, end: 5001, workers: 2, chunkGames: 700 });
    expect(fields(threads.tally)).toEqual(fields(runBatch(job, { from: 0, to: 5001 })));
  });
});
