// `mafia-sim fuzz`: random setups and strategies with every check on, each failure shrunk (src/cli/fuzz.ts).
import type { Command } from 'commander';
import { collect, colours, once, terminalWidth } from '../common.js';
import { fuzzCommand, renderFuzz } from '../fuzz.js';
import type { Cli } from './context.js';
import { progressOption } from './flags.js';

export function registerFuzz(program: Command, cli: Cli): void {
  const cmd = program
    .command('fuzz')
    .description('play random setups and strategies with every check on; shrink each failure to a case that replays it')
    .option('-n, --games <n>', 'games to play (default 2000)', once('--games'))
    .option('--time <duration>', 'play for this long instead (60s, 2m, 90): the report then depends only on how many games were played', once('--time'))
    .option('--seed <n>', 'fuzz seed: the same seed (and count of games) gives the same setups and report', once('--seed'), '1')
    .option('--strategy <spec>', 'also mix in this strategy: NAME, TEAM=NAME or ROLE=NAME, a plug-in file (repeatable)', collect, [])
    .option('--role <file>', 'also mix in this role plug-in (repeatable; the Bodyguard, roles/bodyguard.ts, always is)', collect, [])
    .option('--out <dir>', 'write the failed setups (and their shrunk cases) here (default: a new temp folder, made only on a failure)', once('--out'))
    .option('-w, --workers <n>', 'threads to play cases on; 1 plays in-process; the report is the same for any count (default: one per 25,000 games, up to the number of CPUs)', once('--workers'))
    .option('--json', 'print the report as JSON');
  progressOption(cmd)
    .addHelpText('after', `
Each setup is a random rule set, table (roles from every family, role plug-ins), option values, club
immunities and evenings, played by random, smart with random parameters and your --strategy specs, up
to 20 games; after every phase the engine invariants are checked, and every decision against the
options offered (G9); one setup in 500 also gets the differential checks (replay = batch, workers
1 = 2, shard merge). A failure is shrunk (fewer seats and roles, options back to their defaults,
simpler strategies, the earliest failing game) while it fails the same check; each is printed with the
command that replays it with --check and a scenario file that fails the same way (mafia-sim scenario
FILE). Exit 1 on any failure. docs/cli.md, docs/fuzzing.md.

Examples:
  mafia-sim fuzz --games 5000 --seed 7
  mafia-sim fuzz --time 60s --strategy town=./my-bot.ts --role ./my-role.ts --out fuzz-out`)
    .action(async (flags) => {
      const report = await fuzzCommand(flags);
      cli.out(flags.json ? JSON.stringify(report, null, 2) : renderFuzz(report, colours(process.stdout, cli.colour), terminalWidth(process.stdout)));
      cli.code = report.partial === true ? 130 : report.failedSetups > 0 ? 1 : 0;
    });
}
