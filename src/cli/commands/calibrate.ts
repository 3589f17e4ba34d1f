// `mafia-sim calibrate`: vanilla cells with exact win probabilities, played and checked (src/cli/calibrate.ts).
import type { Command } from 'commander';
import { reportJsonOf } from '../../report/kinds.js';
import { calibrateCommand, renderCalibration } from '../calibrate.js';
import { colours, once, terminalWidth } from '../common.js';
import type { Cli } from './context.js';
import { progressOption, reportFileOptions } from './flags.js';

export function registerCalibrate(program: Command, cli: Cli): void {
  const cmd = program.command('calibrate').description('play vanilla cells with exact win probabilities and check the engine agrees (|z| ≤ 4)')
    .option('-n, --games <n>', "games per cell (default: enough for a ±0.2-point interval at each cell's exact value)", once('--games'))
    .option('--seed <n>', 'run seed', once('--seed'), '1')
    .option('-w, --workers <n>', 'threads to play each cell on; 1 plays in-process (default: one per CPU)', once('--workers'))
    .option('--json', 'print the cells as JSON');
  progressOption(reportFileOptions(cmd, 'also write the calibration as a self-contained HTML page', 'also write the cells as one tidy CSV (docs/reports.md)'))
    .addHelpText('after', `
Each cell is a vanilla table (players, mafia, start, tie, win) played by uniformly random bots, whose
town win probability is computed exactly (docs/calibration.md). Exit 1 when a cell fails.

Examples:
  mafia-sim calibrate
  mafia-sim calibrate --games 1000000 --json > calibration.json`)
    .action((flags) =>
      cli.withFiles(flags, async (files) => {
        const report = await calibrateCommand(flags);
        files.commit('calibration', report);
        cli.printReport(files, flags.json ? reportJsonOf('calibration', report) : (s) => renderCalibration(report, colours(s, cli.colour), terminalWidth(s)));
        cli.code = report.partial ? 130 : report.pass ? 0 : 1;
      }),
    );
}
