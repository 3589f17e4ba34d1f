// `mafia-sim balance`: the value of one knob that brings town win closest to a target (src/cli/balance.ts).
import type { Command } from 'commander';
import { balanceCommand, renderBalance } from '../balance.js';
import { colours, once, terminalWidth } from '../common.js';
import type { Cli } from './context.js';
import { benchOptions, shardOption, tuneOptions } from './flags.js';

export function registerBalance(program: Command, cli: Cli): void {
  const cmd = tuneOptions(benchOptions(program.command('balance').description('find the value of one knob that brings town win closest to a target (default 50%)'), '20000, in the final round'))
    .requiredOption('--knob <key>', 'a rule option, setup parameter, roles.ID or WHO.NAME.PARAM to search', once('--knob'))
    .option('--target <share>', 'the town win rate to reach: 50% (default), 0.45, …', once('--target'))
    .option('--range <a..b>', "the values to search (default: the knob's bounds; for a whole number, current/4 to 4·current+4)", once('--range'));
  shardOption(cmd, 'refused: each round depends on the one before')
    .addHelpText('after', `
Whole numbers (mafia, players, roles.citizen) are bracketed over the range in rounds of up to 7 values,
then every value near the answer plays the full --games; numbers (a strategy's selfHeal, foulRate) are
bisected in 3 rounds of growing size, then the interpolated root and its neighbours play the full
--games; a number that deals whole seats (mafiaShare) is searched as whole numbers are, one value per
table it deals, shown with its seats; words (tie, start) are each tried. Every round plays the same game seeds. The result: the best
value with its town win interval and its neighbours (how sharp the optimum is). docs/balancing.md.

Examples:
  mafia-sim balance --setup vanilla --knob mafia --option players=13
  mafia-sim balance --setup club-12 --knob mafiaShare --range 0.2..0.45
  mafia-sim balance --setup ukrainian --knob tie --target 45%`)
    .action((flags) =>
      cli.withFiles(flags, async (files) => {
        const { report, warning } = await balanceCommand(flags);
        cli.benchDone(files, 'balance', report, warning, (s) => renderBalance(report, colours(s, cli.colour), terminalWidth(s)), flags.json === true);
      }),
    );
}
