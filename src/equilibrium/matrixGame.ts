// A two-player zero-sum matrix game solved exactly: the row player (the town) maximises the payoff, the
// column player (the mafia) minimises it. The linear program of the column player — after shifting the
// payoffs above zero, maximise Σw subject to A·w ≤ 1, w ≥ 0 — starts feasible at w = 0, so one phase
// of the simplex method solves it; the row player's mix is the program's dual, read off the final
// tableau. Bland's rule (the lowest index enters and leaves) cannot cycle and makes the answer a
// function of the matrix alone.

export interface MatrixSolution {
  /** The game's value: what the row player's mix guarantees and the column player's concedes. */
  readonly value: number;
  /** The row player's mix (sums to 1) and the column player's. */
  readonly rows: readonly number[];
  readonly columns: readonly number[];
}

const EPS = 1e-12;

/** Solves the game with payoffs `a[i][j]` to the row player (row i against column j). */
export function solveMatrixGame(a: readonly (readonly number[])[]): MatrixSolution {
  const m = a.length;
  const n = m === 0 ? 0 : a[0].length;
  if (m === 0 || n === 0 || a.some((r) => r.length !== n)) throw new Error('solveMatrixGame: a non-empty rectangular matrix is needed');
  // Payoffs shifted to at least 1, so the value is positive and the program bounded.
  let low = Infinity;
  for (const r of a) for (const x of r) low = Math.min(low, x);
  const shift = 1 - low;
  // The tableau: m constraint rows [A' | I | 1], and the objective row [-1… | 0… | 0].
  const width = n + m + 1;
  const t: number[][] = [];
  for (let i = 0; i < m; i++) {
    const row = new Array<number>(width).fill(0);
    for (let j = 0; j < n; j++) row[j] = a[i][j] + shift;
    row[n + i] = 1;
    row[width - 1] = 1;
    t.push(row);
  }
  const obj = new Array<number>(width).fill(0);
  for (let j = 0; j < n; j++) obj[j] = -1;
  const basis = Array.from({ length: m }, (_, i) => n + i);
  for (;;) {
    const enter = obj.findIndex((c, j) => j < width - 1 && c < -EPS);
    if (enter < 0) break;
    let leave = -1;
    let ratio = Infinity;
    for (let i = 0; i < m; i++) {
      if (t[i][enter] <= EPS) continue;
      const r = t[i][width - 1] / t[i][enter];
      if (r < ratio - EPS || (r <= ratio + EPS && leave >= 0 && basis[i] < basis[leave])) {
        ratio = Math.min(ratio, r);
        leave = i;
      }
    }
    if (leave < 0) throw new Error('solveMatrixGame: unbounded program (cannot happen with positive payoffs)');
    pivot(t, obj, leave, enter);
    basis[leave] = enter;
  }
  const w = new Array<number>(n).fill(0);
  for (let i = 0; i < m; i++) if (basis[i] < n) w[basis[i]] = t[i][width - 1];
  const sum = obj[width - 1]; // Σw at the optimum
  const u = Array.from({ length: m }, (_, i) => Math.max(0, obj[n + i]));
  const uSum = u.reduce((x, y) => x + y, 0);
  return {
    value: 1 / sum - shift,
    rows: u.map((x) => x / uSum),
    columns: w.map((x) => x / sum),
  };
}

function pivot(t: number[][], obj: number[], row: number, col: number): void {
  const p = t[row][col];
  const r = t[row];
  for (let j = 0; j < r.length; j++) r[j] /= p;
  const eliminate = (other: number[]) => {
    const f = other[col];
    if (f === 0) return;
    for (let j = 0; j < other.length; j++) other[j] -= f * r[j];
  };
  for (let i = 0; i < t.length; i++) if (i !== row) eliminate(t[i]);
  eliminate(obj);
}

/** The row player's expected payoff from mixes x (rows) and y (columns). */
export function payoff(a: readonly (readonly number[])[], x: readonly number[], y: readonly number[]): number {
  let v = 0;
  for (let i = 0; i < a.length; i++) for (let j = 0; j < y.length; j++) v += x[i] * y[j] * a[i][j];
  return v;
}
