// `mafia-sim sweep`: a setup at every value of a setting (or a grid of two) on the same seeds (src/cli/sweep.ts).
import type { Command } from 'commander';
import { collect, colours, terminalWidth } from '../common.js';
import { renderSweep, sweepCommand, sweepCsv } from '../sweep.js';
import type { Cli } from './context.js';
import { benchOptions, shardOption, tuneOptions } from './flags.js';

export function registerSweep(program: Command, cli: Cli): void {
  const cmd = tuneOptions(benchOptions(program.command('sweep').description('play a setup at every value of a setting (or a grid of two) on the same seeds; town win against the value'), '10000'))
    .requiredOption('--vary <key=values>', 'KEY=a,b,c or KEY=a..b[:step]: a rule option, setup parameter, roles.ID or WHO.NAME.PARAM (twice: a grid)', collect, []);
  shardOption(cmd)
    .addHelpText('after', `
Every point plays the same game seeds (common random numbers), and each is compared with the point
before it on the same games. KEY is any rule option or setup parameter (players, mafia, mafiaShare, tie,
maxDays…), a role count (roles.citizen), or a strategy parameter (town.smart.revealDay: WHO.NAME.PARAM,
WHO a team, a role or all). A list whose values contain commas is written with | (nightOrder=a,b|b,a).
Ctrl-C prints the games finished of every point, marked partial (exit 130). docs/balancing.md.

Examples:
  mafia-sim sweep --setup club-12 --vary players=8..20
  mafia-sim sweep --setup vanilla --option players=13 --vary mafia=1..5 --vary start=day,night
  mafia-sim sweep --strategy town=smart --vary town.smart.revealDay=1,2,3,4 --json
  mafia-sim sweep --setup club-12 --vary players=8..20 --csv club.csv --html club.html`)
    .action((flags) =>
      cli.withFiles(flags, async (files) => {
        const { report, warning } = await sweepCommand(flags);
        cli.benchDone(files, 'sweep', report, warning, (s) => renderSweep(report, colours(s, cli.colour), terminalWidth(s)), flags.json === true, () => sweepCsv(report));
      }),
    );
}
