// `mafia-sim compare`: setups, option sets or strategies on the same seeds, paired (src/cli/compare.ts).
import type { Command } from 'commander';
import { compareCommand, renderCompare } from '../compare.js';
import { collect, colours, terminalWidth } from '../common.js';
import type { Cli } from './context.js';
import { benchOptions, shardOption, tuneOptions } from './flags.js';

export function registerCompare(program: Command, cli: Cli): void {
  const cmd = tuneOptions(benchOptions(program.command('compare').description('play setups, option sets or strategies on the same seeds; paired differences and a verdict').argument('[setups...]', 'one setup per arm (default: --setup in every arm)'), '10000'))
    .option('--left <key=value>', 'a setting of arm 1, the baseline (repeatable)', collect, [])
    .option('--right <key=value>', 'a setting of arm 2 (repeatable)', collect, [])
    .option('--side <n:key=value>', 'a setting of arm N, 1-based (repeatable; for three or more arms)', collect, []);
  shardOption(cmd)
    .addHelpText('after', `
Every arm plays the same game seeds; each arm after the first is paired with it game by game: the
difference in town, mafia, draw and stalemate rates (Newcombe's 95% interval, McNemar's p), the seat and
role differences that are significant after Holm's correction, and a verdict line. A setting KEY=VALUE
is a rule option, setup parameter, roles.ID=N, WHO.NAME.PARAM (a strategy parameter) or strategy=SPEC
(a --strategy for that arm only). Ctrl-C prints the games finished (exit 130). docs/balancing.md.

Examples:
  mafia-sim compare ukrainian ukrainian --right tie=random
  mafia-sim compare --setup ukrainian --right strategy=town=smart:revealDay=2
  mafia-sim compare club-12 club-13
  mafia-sim compare --setup vanilla --option players=9 --side 2:mafia=3 --side 3:start=night --json`)
    .action((setups: string[], flags, command: Command) =>
      cli.withFiles(flags, async (files) => {
        const { report, warning } = await compareCommand(setups, { ...flags, setupGiven: command.getOptionValueSource('setup') === 'cli' });
        cli.benchDone(files, 'compare', report, warning, (s) => renderCompare(report, colours(s, cli.colour), terminalWidth(s)), flags.json === true);
      }),
    );
}
