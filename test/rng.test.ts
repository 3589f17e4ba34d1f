// The random streams (G10): every stream runs alea's recurrence, and no seat's stream replays another's
// or the game's. The independence checks run over 100,000 game seeds, where a correlation's standard
// error is 1/√100,000 ≈ 0.0032: the seat streams that once replayed each other correlated at 0.9985.
import seedrandom from 'seedrandom';
import { beforeAll, describe, expect, it } from 'vitest';
import { aleaFromState, deriveGameSeed, GameStreams, type Rng } from '../src/rng.js';

const GAMES = 100_000;
const SEATS = 12;
const DRAWS = 16;
/** The draws a 12-seat deal takes from the game's stream (a Fisher–Yates shuffle) before play begins. */
const DEAL_DRAWS = SEATS - 1;

/** Sums for the correlation of every draw j of stream A with every draw k of stream B. */
class CrossCorrelation {
  readonly sa = new Float64Array(DRAWS);
  readonly sb = new Float64Array(DRAWS);
  readonly saa = new Float64Array(DRAWS);
  readonly sbb = new Float64Array(DRAWS);
  readonly sab = new Float64Array(DRAWS * DRAWS);
  /** Per draw j: how often ⌊10·a_j⌋ = ⌊10·b_j⌋ (a pick of 10). */
  readonly samePick = new Float64Array(DRAWS);
  n = 0;

  add(a: Float64Array, b: Float64Array): void {
    this.n++;
    for (let j = 0; j < DRAWS; j++) {
      this.sa[j] += a[j];
      this.sb[j] += b[j];
      this.saa[j] += a[j] * a[j];
      this.sbb[j] += b[j] * b[j];
      if (Math.floor(10 * a[j]) === Math.floor(10 * b[j])) this.samePick[j]++;
      for (let k = 0; k < DRAWS; k++) this.sab[j * DRAWS + k] += a[j] * b[k];
    }
  }

  /** Pearson's r of draw j of A with draw k of B. */
  r(j: number, k: number): number {
    const n = this.n;
    const cov = this.sab[j * DRAWS + k] / n - (this.sa[j] / n) * (this.sb[k] / n);
    const va = this.saa[j] / n - (this.sa[j] / n) ** 2;
    const vb = this.sbb[k] / n - (this.sb[k] / n) ** 2;
    return cov / Math.sqrt(va * vb);
  }
}

function draws(rng: Rng, skip = 0): Float64Array {
  for (let i = 0; i < skip; i++) rng.next();
  const out = new Float64Array(DRAWS);
  for (let j = 0; j < DRAWS; j++) out[j] = rng.next();
  return out;
}

describe('random streams', () => {
  it('G10 every stream runs seedrandom’s alea recurrence: from the same state, the same numbers', () => {
    for (const seed of ['1/0', '1/12345', 'scenario', '']) {
      const state = (seedrandom.alea(seed, { state: true }) as unknown as { state(): { c: number; s0: number; s1: number; s2: number } }).state();
      const reference = seedrandom.alea('', { state } as seedrandom.Options);
      const ours = aleaFromState(state);
      for (let i = 0; i < 1000; i++) expect(ours.next()).toBe(reference());
    }
  });

  it('G10 the game stream and the seat streams of one seed are the same every time, and differ between seeds', () => {
    const a = new GameStreams('1/7');
    const b = new GameStreams('1/7');
    expect(draws(a.game)).toEqual(draws(b.game));
    expect(draws(a.seat(4))).toEqual(draws(b.seat(4)));
    expect(draws(new GameStreams('1/8').game)).not.toEqual(draws(new GameStreams('1/7').game));
  });

  it('G10 a seat’s stream does not depend on what the game or other seats draw first', () => {
    const fresh = draws(new GameStreams('1/42').seat(5));
    const busy = new GameStreams('1/42');
    for (let i = 0; i < 100; i++) busy.game.next();
    draws(busy.seat(3));
    draws(busy.seat(6));
    expect(draws(busy.seat(5))).toEqual(fresh);
  });

  it('G10 the team key (the word a team agrees on at night 0) is fixed by the game seed, new each game, uniform, and draws from no stream', () => {
    expect(new GameStreams('1/7').teamKey()).toBe(new GameStreams('1/7').teamKey());
    const fresh = new GameStreams('1/9');
    const before = [draws(fresh.game), draws(fresh.seat(1))];
    const keyed = new GameStreams('1/9');
    keyed.teamKey();
    expect([draws(keyed.game), draws(keyed.seat(1))]).toEqual(before);
    // Over 40,000 games each of its 4 low bits is set about half the time (SE 0.0025), and two games'
    // keys differ: a key the deal's seats decided would repeat across games with the same team.
    const games = 40_000;
    const bits = [0, 0, 0, 0];
    const seen = new Set<number>();
    for (let k = 0; k < games; k++) {
      const key = new GameStreams(deriveGameSeed('1', k)).teamKey();
      seen.add(key);
      for (let b = 0; b < 4; b++) bits[b] += (key >>> b) & 1;
    }
    expect(seen.size).toBeGreaterThan(games - 5);
    for (const n of bits) expect(Math.abs(n / games - 0.5)).toBeLessThan(4 * 0.0025);
  });

  // One pass over the game seeds gathers every statistic the tests below check.
  const pairs: CrossCorrelation[] = []; // [i] = seat i+1 with seat i+2; [SEATS-1] = the last seat with the game stream
  beforeAll(() => {
    for (let i = 0; i < SEATS; i++) pairs.push(new CrossCorrelation());
    for (let k = 0; k < GAMES; k++) {
      const streams = new GameStreams(deriveGameSeed('1', k));
      const seat: Float64Array[] = [];
      for (let s = 1; s <= SEATS; s++) seat.push(draws(streams.seat(s)));
      const game = draws(streams.game, DEAL_DRAWS);
      for (let i = 0; i < SEATS - 1; i++) pairs[i].add(seat[i], seat[i + 1]);
      pairs[SEATS - 1].add(seat[SEATS - 1], game);
    }
  });
  const label = (i: number) => (i < SEATS - 1 ? `seat ${i + 1} and seat ${i + 2}` : `seat ${SEATS} and the game stream after the deal`);
  const se = 1 / Math.sqrt(GAMES);

  it('G10 draw j of a seat and draw j of the next seat (or of the game stream) are uncorrelated: |r| < 4 standard errors', () => {
    const worst: string[] = [];
    pairs.forEach((p, i) => {
      for (let j = 0; j < DRAWS; j++) if (Math.abs(p.r(j, j)) >= 4 * se) worst.push(`${label(i)}, draw ${j + 1}: r = ${p.r(j, j).toFixed(4)}`);
    });
    expect(worst).toEqual([]);
  });

  it('G10 no draw of a seat is correlated with any draw of the next seat or of the game stream (every lag; Bonferroni bound)', () => {
    // 12 pairs × 256 lags: |z| > 5.1 has family-wise probability below 0.001 for independent streams.
    const worst: string[] = [];
    pairs.forEach((p, i) => {
      for (let j = 0; j < DRAWS; j++) {
        for (let k = 0; k < DRAWS; k++) if (Math.abs(p.r(j, k)) >= 5.1 * se) worst.push(`${label(i)}, draws ${j + 1}/${k + 1}: r = ${p.r(j, k).toFixed(4)}`);
      }
    });
    expect(worst).toEqual([]);
  });

  it('G10 a pick of 10 by a seat and by the next seat (or by the game stream) agree at the chance rate, 10%', () => {
    // Over the 16 draws of 100,000 games: 1.6M picks a pair, standard error √(0.1·0.9/1.6M) ≈ 0.00024.
    const trials = GAMES * DRAWS;
    const bound = 4 * Math.sqrt((0.1 * 0.9) / trials);
    const off: string[] = [];
    pairs.forEach((p, i) => {
      const rate = p.samePick.reduce((a, b) => a + b, 0) / trials;
      if (Math.abs(rate - 0.1) > bound) off.push(`${label(i)}: ${(100 * rate).toFixed(2)}%`);
    });
    expect(off).toEqual([]);
  });
});
