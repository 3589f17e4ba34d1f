// `mafia-sim calibrate`: plays vanilla cells whose exact win probabilities are known (exact.ts) and
// holds the engine's estimate against them. A cell passes when |z| ≤ 4, z measured in standard errors
// of the exact probability at the games played (docs/calibration.md).
import { WINNERS, type Winner } from '../model/events.js';
import { jobFromSpec } from '../runner/job.js';
import { runGames } from '../runner/parallel.js';
import { wilson } from '../stats/intervals.js';
import { Z95 } from '../stats/intervals.js';
import { vanillaExact, type ExactOutcome, type VanillaCell } from './exact.js';

/**
 * The default grid: players 6–21, 1–3 mafia, and each of the eight combinations of start, tie and win
 * on a small table and on a large one. Three are the cells the old seat streams failed by 10–19 standard
 * errors: 12/1/night/random/parity, 7/1/night/random/elimination, 9/2/night/none/parity.
 */
export const CALIBRATION_GRID: readonly VanillaCell[] = (
  [
    [6, 1, 'day', 'random', 'parity'],
    [7, 1, 'night', 'random', 'elimination'],
    [7, 2, 'day', 'none', 'parity'],
    [8, 2, 'night', 'none', 'elimination'],
    [9, 2, 'night', 'none', 'parity'],
    [9, 1, 'day', 'random', 'elimination'],
    [10, 3, 'night', 'random', 'parity'],
    [11, 2, 'day', 'none', 'elimination'],
    [12, 1, 'night', 'random', 'parity'],
    [13, 3, 'day', 'random', 'elimination'],
    [14, 2, 'night', 'none', 'parity'],
    [15, 3, 'day', 'none', 'parity'],
    [16, 2, 'night', 'random', 'elimination'],
    [18, 3, 'day', 'random', 'parity'],
    [20, 3, 'night', 'none', 'elimination'],
    [21, 2, 'day', 'none', 'elimination'],
  ] as const
).map(([players, mafia, start, tie, win]) => ({ players, mafia, start, tie, win, maxDays: 40 }));

/** A cell passes when the estimate is within this many standard errors of the exact value. */
export const CALIBRATION_Z = 4;

/** The default half-width of a cell's 95% interval: ±0.2 points. */
export const DEFAULT_HALF_WIDTH = 0.002;

/** Games for a 95% interval of about ±halfWidth around probability p (whole thousands). */
export function gamesForHalfWidth(p: number, halfWidth = DEFAULT_HALF_WIDTH): number {
  const n = (Z95 * Z95 * p * (1 - p)) / (halfWidth * halfWidth);
  return Math.max(1000, Math.ceil(n / 1000) * 1000);
}

export interface CellResult {
  readonly cell: VanillaCell;
  readonly games: number;
  readonly exact: ExactOutcome;
  readonly outcomes: Readonly<Record<Winner, number>>;
  /** The town's estimated win rate with its Wilson 95% interval. */
  readonly town: { readonly share: number; readonly low: number; readonly high: number };
  /** (estimate − exact) / the exact value's standard error at these games. */
  readonly z: number;
  readonly pass: boolean;
}

/** Judges a cell's counts against its exact value. */
export function judgeCell(cell: VanillaCell, outcomes: Readonly<Record<Winner, number>>, exact = vanillaExact(cell)): CellResult {
  const games = WINNERS.reduce((n, w) => n + outcomes[w], 0);
  const p = exact.town;
  const share = games === 0 ? 0 : outcomes.town / games;
  const se = Math.sqrt((p * (1 - p)) / Math.max(1, games));
  // A certain outcome has no spread: any departure from it is a failure.
  const z = se > 0 ? (share - p) / se : share === p ? 0 : Infinity;
  return { cell, games, exact, outcomes: { ...outcomes }, town: { share, ...wilson(outcomes.town, games) }, z, pass: Math.abs(z) <= CALIBRATION_Z };
}

/** The `--option`s that make a cell of the vanilla setup. */
export function cellOptions(cell: VanillaCell): string[] {
  return [`players=${cell.players}`, `mafia=${cell.mafia}`, `start=${cell.start}`, `tie=${cell.tie}`, `win=${cell.win}`, `maxDays=${cell.maxDays}`];
}

export interface CalibrationPlan {
  readonly cells: readonly VanillaCell[];
  /** Games per cell; default: enough for ±0.2 points at the cell's exact probability. */
  readonly games?: number;
  readonly seed: string;
  readonly workers: number;
  /** Games counted so far over the whole grid, and the grid's total. */
  readonly onProgress?: (done: number, total: number) => void;
  readonly signal?: AbortSignal;
}

export interface CalibrationReport {
  readonly format: number;
  readonly seed: string;
  readonly z: number;
  readonly cells: readonly CellResult[];
  /** True when interrupted: the cells listed are those that finished. */
  readonly partial: boolean;
  readonly pass: boolean;
}

export const CALIBRATION_FORMAT = 1;

export async function runCalibration(plan: CalibrationPlan): Promise<CalibrationReport> {
  const exact = plan.cells.map((c) => vanillaExact(c));
  const games = plan.cells.map((_, i) => plan.games ?? gamesForHalfWidth(exact[i].town));
  const total = games.reduce((a, b) => a + b, 0);
  const cells: CellResult[] = [];
  let before = 0;
  let partial = false;
  for (const [i, cell] of plan.cells.entries()) {
    const job = await jobFromSpec({ setupArg: 'vanilla', overrides: cellOptions(cell), strategies: ['random'], seed: plan.seed });
    const result = await runGames(job, {
      first: 0,
      end: games[i],
      workers: plan.workers,
      signal: plan.signal,
      onProgress: (done) => plan.onProgress?.(before + done, total),
    });
    if (result.partial) {
      partial = true;
      break;
    }
    if (result.tally.failed > 0) throw new Error(`calibrate: ${result.tally.failed} game(s) of vanilla ${cellOptions(cell).join(' ')} failed: ${result.tally.failures[0].replay}`);
    cells.push(judgeCell(cell, result.tally.outcomes, exact[i]));
    before += games[i];
  }
  return { format: CALIBRATION_FORMAT, seed: plan.seed, z: CALIBRATION_Z, cells, partial, pass: !partial && cells.every((c) => c.pass) };
}
