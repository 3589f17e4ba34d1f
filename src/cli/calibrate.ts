// `mafia-sim calibrate`: the engine against exact mathematics, cell by cell (src/calibration/).
import type { ChalkInstance } from 'chalk';
import { CALIBRATION_GRID, runCalibration, type CalibrationReport } from '../calibration/calibrate.js';
import { formatRate, table } from '../report/text.js';
import { parseCount, parseSeed, workerCount } from './common.js';
import { interruptible } from './interrupt.js';
import { progressBar } from './progress.js';

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
  let progress: ReturnType<typeof progressBar> | null = null;
  return interruptible(async (stop) => {
    try {
      return await runCalibration({
        cells: CALIBRATION_GRID,
        games,
        seed,
        workers,
        signal: stop,
        onProgress: (done, total) => (progress ??= progressBar(total, process.stderr, flags.progress !== false)).update(done),
      });
    } finally {
      progress?.end();
    }
  }, signal);
}

export function renderCalibration(r: CalibrationReport, c: ChalkInstance): string {
  const out: string[] = [];
  out.push(`${c.bold('Calibration')}: vanilla rules, random play, seed ${r.seed}; each cell's town win rate against its exact value (pass: |z| ≤ ${r.z})`);
  const t = table(['players', 'mafia', 'start', 'tie', 'win', 'games', 'exact', 'measured (95% interval)', 'z', ''], c);
  for (const x of r.cells) {
    t.push([x.cell.players, x.cell.mafia, x.cell.start, x.cell.tie, x.cell.win, x.games.toLocaleString('en-US'), `${(100 * x.exact.town).toFixed(3)}%`, formatRate(x.town), x.z.toFixed(2), x.pass ? c.green('pass') : c.red.bold('FAIL')]);
  }
  out.push(t.toString());
  const failed = r.cells.filter((x) => !x.pass).length;
  if (r.partial) out.push(c.yellow.bold(`PARTIAL: interrupted after ${r.cells.length} of ${CALIBRATION_GRID.length} cells.`));
  out.push(failed === 0 ? (r.partial ? '' : c.green(`All ${r.cells.length} cells agree with the exact values.`)) : c.red.bold(`${failed} of ${r.cells.length} cells disagree with the exact values.`));
  return out.filter((l) => l !== '').join('\n');
}
