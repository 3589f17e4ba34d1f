// `mafia-sim calibrate`: the engine against exact mathematics, cell by cell (src/calibration/).
import type { ChalkInstance } from 'chalk';
import { CALIBRATION_GRID, runCalibration, type CalibrationReport, type CellResult } from '../calibration/calibrate.js';
import { fitTable, UNLIMITED, wrapItems, wrapWords, type Column } from '../report/fit.js';
import { formatRate } from '../report/text.js';
import { parseCount, parseSeed, workerCount } from './common.js';
import { interruptible } from './interrupt.js';
import { withProgress } from './progress.js';

export interface CalibrateFlags {
  games?: string;
  seed: string;
  workers?: string;
  progress?: boolean;
}

export async function calibrateCommand(flags: CalibrateFlags, signal?: AbortSignal): Promise<CalibrationReport> {
  const games = flags.games === undefined ? undefined : parseCount('--games', flags.games, 1000);
  const seed = parseSeed(flags.seed);
  // Threads as for a run of one cell's games: the cells are played one after another.
  const workers = workerCount(flags.workers, games ?? 100_000);
  return interruptible((stop) =>
    withProgress(flags.progress !== false, (onProgress) =>
      runCalibration({
        cells: CALIBRATION_GRID,
        games,
        seed,
        workers,
        signal: stop,
        onProgress,
      }),
    ),
    signal,
  );
}

/** The calibration table, at most `width` columns wide (UNLIMITED: the table whole). */
export function renderCalibration(r: CalibrationReport, c: ChalkInstance, width = UNLIMITED): string {
  const out: string[] = [];
  out.push(...wrapItems(`${c.bold('Calibration')}: `, `vanilla rules, random play, seed ${r.seed}; each cell's town win rate against its exact value (pass: |z| ≤ ${r.z})`.split(' '), width, ' ', ''));
  const col = (head: string, f: (x: CellResult) => string | number, key = false): Column => ({ head, key, cells: r.cells.map((x) => String(f(x))) });
  out.push(fitTable([
    col('players', (x) => x.cell.players, true),
    col('mafia', (x) => x.cell.mafia, true),
    col('start', (x) => x.cell.start),
    col('tie', (x) => x.cell.tie),
    col('win', (x) => x.cell.win),
    col('games', (x) => x.games.toLocaleString('en-US')),
    col('exact', (x) => `${(100 * x.exact.town).toFixed(3)}%`),
    col('measured (95% interval)', (x) => formatRate(x.town)),
    // A minus sign, as in every other table (not a hyphen); no sign for zero.
    col('z', (x) => (Number(x.z.toFixed(2)) < 0 ? '−' : '') + Math.abs(x.z).toFixed(2)),
    col('', (x) => (x.pass ? c.green('pass') : c.red.bold('FAIL'))),
  ], width, c));
  const failed = r.cells.filter((x) => !x.pass).length;
  const say = (text: string, style: (s: string) => string) => out.push(...wrapWords(text, width).map(style));
  if (r.partial) say(`PARTIAL: interrupted after ${r.cells.length} of ${CALIBRATION_GRID.length} cells.`, (l) => c.yellow.bold(l));
  if (failed > 0) say(`${failed} of ${r.cells.length} cells disagree with the exact values.`, (l) => c.red.bold(l));
  else if (!r.partial) say(`All ${r.cells.length} cells agree with the exact values.`, (l) => c.green(l));
  return out.join('\n');
}
