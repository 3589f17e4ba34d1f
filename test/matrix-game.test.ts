// The zero-sum matrix game solver that `equilibrium` stands on: exact values and mixes of games whose
// solutions are known, and the equilibrium property (neither player gains by a pure deviation) on
// seeded random matrices.
import { describe, expect, it } from 'vitest';
import { payoff, solveMatrixGame } from '../src/equilibrium/matrixGame.js';
import { createRng } from '../src/rng.js';

describe('solveMatrixGame', () => {
  it('matching pennies: value 1/2, both players mix evenly', () => {
    const s = solveMatrixGame([
      [1, 0],
      [0, 1],
    ]);
    expect(s.value).toBeCloseTo(0.5, 12);
    expect(s.rows).toEqual([expect.closeTo(0.5, 12), expect.closeTo(0.5, 12)]);
    expect(s.columns).toEqual([expect.closeTo(0.5, 12), expect.closeTo(0.5, 12)]);
  });

  it('rock–paper–scissors: value 0, thirds each', () => {
    const s = solveMatrixGame([
      [0, -1, 1],
      [1, 0, -1],
      [-1, 1, 0],
    ]);
    expect(s.value).toBeCloseTo(0, 12);
    for (const x of [...s.rows, ...s.columns]) expect(x).toBeCloseTo(1 / 3, 12);
  });

  it('a saddle point is found as a pure pair; a dominated row gets no weight', () => {
    // Row 1 dominates row 0; against it the column player takes column 1 (0.4 < 0.7).
    const s = solveMatrixGame([
      [0.2, 0.3],
      [0.7, 0.4],
    ]);
    expect(s.value).toBeCloseTo(0.4, 12);
    expect(s.rows).toEqual([expect.closeTo(0, 12), expect.closeTo(1, 12)]);
    expect(s.columns).toEqual([expect.closeTo(0, 12), expect.closeTo(1, 12)]);
    expect(solveMatrixGame([[0.55]])).toEqual({ value: expect.closeTo(0.55, 12), rows: [1], columns: [1] });
  });

  it('an unequal mix: [[0.9, 0.2], [0.3, 0.6]] has value 0.48 at x = (0.3, 0.7), y = (0.4, 0.6)', () => {
    const s = solveMatrixGame([
      [0.9, 0.2],
      [0.3, 0.6],
    ]);
    expect(s.value).toBeCloseTo(0.48, 12);
    expect(s.rows[0]).toBeCloseTo(0.3, 12);
    expect(s.columns[0]).toBeCloseTo(0.4, 12);
  });

  it('on 200 seeded random matrices up to 8 × 8, no pure row beats the value against y and no pure column against x', () => {
    const rng = createRng('matrix-game');
    for (let k = 0; k < 200; k++) {
      const m = 1 + rng.int(8);
      const n = 1 + rng.int(8);
      const a = Array.from({ length: m }, () => Array.from({ length: n }, () => Math.round(rng.next() * 100) / 100));
      const s = solveMatrixGame(a);
      expect(payoff(a, s.rows, s.columns)).toBeCloseTo(s.value, 9);
      for (let i = 0; i < m; i++) expect(payoff(a, a.map((_, r) => (r === i ? 1 : 0)), s.columns)).toBeLessThanOrEqual(s.value + 1e-9);
      for (let j = 0; j < n; j++) expect(payoff(a, s.rows, a[0].map((_, c) => (c === j ? 1 : 0)))).toBeGreaterThanOrEqual(s.value - 1e-9);
      expect(s.rows.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 12);
      expect(s.columns.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 12);
    }
  });
});
