// V1–V5 against exact mathematics: the recursion of src/calibration/exact.ts checked by brute force and
// by the closed form, then the engine checked against it with enough games that a bias of 0.3 points
// fails the |z| ≤ 4 test with 95% probability (the old, correlated seat streams failed it by 10–19).
import { describe, expect, it } from 'vitest';
import { CALIBRATION_Z, cellOptions, gamesForHalfWidth, judgeCell } from '../src/calibration/calibrate.js';
import { uniqueMaxProbability, vanillaExact, type VanillaCell } from '../src/calibration/exact.js';
import { runGames } from '../src/runner/parallel.js';
import { makeJob } from './helpers/job.js';

/** By enumeration: every way n voters can each vote for one of the others, counting those with a unique leader. */
function uniqueMaxByEnumeration(n: number): number {
  const votes = new Array<number>(n).fill(0);
  let unique = 0;
  let all = 0;
  const place = (voter: number) => {
    if (voter === n) {
      all++;
      const top = Math.max(...votes);
      if (votes.filter((v) => v === top).length === 1) unique++;
      return;
    }
    for (let c = 0; c < n; c++) {
      if (c === voter) continue;
      votes[c]++;
      place(voter + 1);
      votes[c]--;
    }
  };
  place(0);
  return unique / all;
}

const cell = (players: number, mafia: number, start: VanillaCell['start'], tie: VanillaCell['tie'], win: VanillaCell['win']): VanillaCell => ({ players, mafia, start, tie, win, maxDays: 40 });

describe('V4 V5 the exact values', () => {
  it('V4 the chance that a random vote has a unique leader, by the recursion and by enumeration (2–7 voters)', () => {
    for (let n = 2; n <= 7; n++) expect(uniqueMaxProbability(n)).toBeCloseTo(uniqueMaxByEnumeration(n), 12);
  });

  it('V3 V4 V5 with tie=random a lone mafioso survives each vote with probability (living−1)/living: the closed form', () => {
    // 12 players, 1 mafia, night first: the mafia wins unless voted out at 11, 9, 7, 5 or 3 players.
    expect(vanillaExact(cell(12, 1, 'night', 'random', 'parity')).mafia).toBeCloseTo((10 / 11) * (8 / 9) * (6 / 7) * (4 / 5) * (2 / 3), 14);
    // 6 players, 1 mafia, day first: votes at 6 and 4 players, then 2 left: parity.
    expect(vanillaExact(cell(6, 1, 'day', 'random', 'parity')).town).toBeCloseTo(1 / 6 + (5 / 6) * (1 / 4), 14);
  });

  it('G5 G6 V5 a table decided by its deal, and the day cap: stalemate when nobody can be voted out', () => {
    expect(vanillaExact(cell(4, 2, 'day', 'random', 'parity'))).toEqual({ town: 0, mafia: 1, stalemate: 0 });
    // Two players, one mafia, win=elimination, tie=none, day first: the 1–1 vote always ties, and the
    // night kill ends it: mafia. With maxDays 1 the first day is never played: stalemate.
    expect(vanillaExact({ ...cell(2, 1, 'day', 'none', 'elimination'), maxDays: 1 })).toEqual({ town: 0, mafia: 0, stalemate: 1 });
    expect(vanillaExact(cell(2, 1, 'day', 'none', 'elimination')).mafia).toBe(1);
  });
});

/** Six cells: both starts, both tie rules, both win rules, small and large tables. */
const CELLS: readonly VanillaCell[] = [
  cell(7, 2, 'day', 'none', 'parity'),
  cell(8, 2, 'night', 'none', 'elimination'),
  cell(9, 2, 'night', 'none', 'parity'),
  cell(10, 3, 'night', 'random', 'parity'),
  cell(13, 3, 'day', 'random', 'elimination'),
  cell(15, 3, 'day', 'none', 'parity'),
];
/** The bias the test must see: 0.3 points, with 95% power at |z| ≤ 4 (4 + 1.645 standard errors). */
const BIAS = 0.003;
const gamesToSee = (p: number) => Math.ceil((((CALIBRATION_Z + 1.645) / BIAS) ** 2 * p * (1 - p)) / 1000) * 1000;

describe('V1–V5 the engine agrees with the exact values', () => {
  it('the test has the power it claims: a 0.3-point bias at these games fails |z| ≤ 4', () => {
    for (const c of CELLS) {
      const p = vanillaExact(c).town;
      const n = gamesToSee(p);
      expect(n).toBeGreaterThanOrEqual(200_000);
      for (const sign of [1, -1]) {
        const town = Math.round((p + sign * BIAS) * n);
        expect(judgeCell(c, { town, mafia: n - town, draw: 0, stalemate: 0 }).pass).toBe(false);
      }
      // …while the exact rate itself passes.
      const fair = Math.round(p * n);
      expect(judgeCell(c, { town: fair, mafia: n - fair, draw: 0, stalemate: 0 }).pass).toBe(true);
    }
    expect(gamesForHalfWidth(0.5)).toBe(241_000);
  });

  for (const c of CELLS) {
    const label = `${c.players} players, ${c.mafia} mafia, start=${c.start}, tie=${c.tie}, win=${c.win}`;
    it(`V2 V3 V4 V5 ${label}: the town's win rate is within 4 standard errors of the exact value`, async () => {
      const exact = vanillaExact(c);
      const games = gamesToSee(exact.town);
      const { tally } = await runGames(makeJob('vanilla', cellOptions(c), '1'), { first: 0, end: games, workers: 2 });
      const result = judgeCell(c, tally.outcomes, exact);
      expect(tally.failed).toBe(0);
      expect(Math.abs(result.z), `measured ${result.town.share}, exact ${exact.town}, z = ${result.z.toFixed(2)}`).toBeLessThanOrEqual(CALIBRATION_Z);
    });
  }
});
