// `mafia-sim tune`: alternating best response over a strategy's parameters (src/cli/tune.ts).
import type { Command } from 'commander';
import { colours, once, terminalWidth } from '../common.js';
import { renderTune, tuneCommand, TUNE_FINAL_GAMES, TUNE_FIRST_GAMES, TUNE_ROUNDS } from '../tune.js';
import type { Cli } from './context.js';
import { halvingOptions, reportFileOptions, searchRunOptions, searchStartOptions } from './flags.js';

export function registerTune(program: Command, cli: Cli): void {
  const cmd = searchStartOptions(
    program.command('tune').description("alternating best response over a strategy's parameters: the town's against the mafia's, then the mafia's, until neither gains"),
    'where to start, as for run (repeatable; default smart): TEAM= specs give each side its own',
  ).option('--params <a,b,…>', 'tune only these parameters (default: every parameter that applies to the table)', once('--params'));
  halvingOptions(cmd, 'a move', TUNE_FINAL_GAMES, TUNE_FIRST_GAMES).option('--rounds <n>', `the most rounds, one side each (default ${TUNE_ROUNDS})`, once('--rounds'));
  searchRunOptions(cmd, 'round', 'one per 25,000 games of a round, up to the number of CPUs');
  reportFileOptions(cmd, 'also write the result as a self-contained HTML page: every round, the tuned parameters, the certificate (- for stdout)', 'also write its tables as CSV (- for stdout; docs/reports.md)')
    .addHelpText('after', `
Rounds alternate sides, the town first. In a round, each of the side's one-parameter moves (a number's
grid neighbours and grid ends, a boolean flipped, every other word; mafia-sim strategies lists the
parameters) plays against the current parameters on the same seeds; successive halving keeps the better
half by paired gain and doubles its games, from --first up to --games; the survivor is replayed on as
many fresh games and taken if its paired gain's 95% interval is above zero. Tuning stops when neither
side has such a move (converged), at --rounds or at --budget. It prints the tuned parameters per side,
the town win rate there, and the certificate: each side's best remaining move and its gain. Ctrl-C
stops (exit 130); with --state, the same command continues and gives what an unbroken run gives.
docs/strategies.md.

Examples:
  mafia-sim tune --setup ukrainian --state ukrainian.tune.json
  mafia-sim tune --setup club-12 --games 4000 --json
  mafia-sim tune --setup vanilla --params bloc,nominateAt --games 2000`)
    .action((flags) =>
      cli.withFiles(flags, async (files) => {
        const report = await tuneCommand(flags);
        cli.searchDone(files, 'tune', report, (s) => renderTune(report, colours(s, cli.colour), terminalWidth(s)), flags.json === true);
      }),
    );
}
