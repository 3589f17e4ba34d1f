// `mafia-sim tournament`: every town × mafia pairing of some strategies on the same seeds (src/cli/tournament.ts).
import type { Command } from 'commander';
import { reportJsonOf } from '../../report/kinds.js';
import { collect, colours, once, terminalWidth } from '../common.js';
import { renderTournament, tournamentCommand } from '../tournament.js';
import type { Cli } from './context.js';
import { botOptions, progressOption, reportFileOptions, setupOption } from './flags.js';

export function registerTournament(program: Command, cli: Cli): void {
  const cmd = setupOption(program.command('tournament').description('play every town × mafia pairing of some strategies on the same seeds; town win % matrix'))
    .option('-o, --option <key=value>', 'override a rule option or setup parameter (repeatable)', collect, [])
    .requiredOption('--strategies <a,b,…>', 'strategies to pair (names, NAME:key=value,…, or plug-in files; repeatable)', collect, [])
    .option('-n, --games <n>', 'games per pairing', once('--games'), '2000')
    .option('--seed <n>', 'run seed: game K of every pairing plays from (seed, K)', once('--seed'), '1')
    .option('-w, --workers <n>', 'threads to play each pairing on; 1 plays in-process (default: one per 25,000 games, up to the number of CPUs)', once('--workers'))
    .option('--json', 'print the tournament as JSON')
    .option('--metrics', 'also count how each side of each pairing plays (as run --metrics)');
  reportFileOptions(cmd, 'also write the tournament as a self-contained HTML page (heat maps, the paired comparison)', 'also write every table as one tidy CSV (docs/reports.md)');
  progressOption(cmd).option('--strict', 'stop at the first failed game instead of recording it');
  botOptions(cmd, 'run every JS/TS plug-in in a process of its own (default: those not shipped with mafia-sim; --no-isolate: none)')
    .option('--no-isolate', 'run every JS/TS plug-in in-process')
    .addHelpText('after', `
Every pairing plays the same game seeds and is compared with the first (town=first mafia=first) game by
game: the paired difference in town wins, its 95% interval and McNemar's p (docs/statistics.md). Ctrl-C
stops and prints the games finished, marked partial (exit 130).

Examples:
  mafia-sim tournament --strategies random,smart
  mafia-sim tournament --setup vanilla --option players=9 --strategies random,smart --games 5000 --json
  mafia-sim tournament --strategies smart,smart:fakeClaim=0.8,counterClaim=1,./my-bot.js`)
    .action((flags) =>
      cli.withFiles(flags, async (files) => {
        const report = await tournamentCommand(flags);
        files.commit('tournament', report);
        cli.printReport(files, flags.json ? reportJsonOf('tournament', report) : (s) => renderTournament(report, colours(s, cli.colour), terminalWidth(s)));
        if (report.partial) cli.code = 130;
        else if (report.pairings.some((p) => p.failedGames > 0)) cli.code = 1;
      }),
    );
}
