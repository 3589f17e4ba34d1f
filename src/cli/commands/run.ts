// `mafia-sim run`: a batch of seeded games and its report (src/cli/run.ts plays it).
import type { Command } from 'commander';
import { reportJson } from '../../report/integrity.js';
import { renderReport } from '../../report/text.js';
import { colours, once, terminalWidth } from '../common.js';
import { gamesOutIsStdout } from '../gamesOut.js';
import { runCommand } from '../run.js';
import type { Cli } from './context.js';
import { botOptions, jobOptions, progressOption, reportFileOptions, shardOption } from './flags.js';

export function registerRun(program: Command, cli: Cli): void {
  const cmd = jobOptions(program.command('run').description('play a batch of seeded games and print outcome, length, role and point tables'))
    .option('-n, --games <n>', 'number of games (default: 10000; with --precision, the most to play, default 100000000)', once('--games'))
    .option('--precision <h>', 'play until the town win interval is ±H or narrower (0.005 or 0.5%), in whole chunks of 2,000 games', once('--precision'))
    .option('--json', 'print the report as JSON')
    .option('--games-out <file>', 'write one JSON line per game to FILE (- for stdout)', once('--games-out'));
  reportFileOptions(cmd, 'also write the report as a self-contained HTML page (charts, tables, its JSON inside)', 'also write every table as one tidy CSV (docs/reports.md)')
    .option('--check', 'check engine invariants after every phase, and that every decision taken was among the options offered (G9; slower)')
    .option('--strict', 'stop at the first failed game instead of recording it')
    .option('--metrics', 'also count how each strategy plays, per side: vote accuracy, votes on allies, investigator claims and report truth, doctor saves, kills on revealed investigators, illegal decisions (docs/strategies.md)')
    .option('-w, --workers <n>', 'threads to play on; 1 plays in-process, or on one thread with a plug-in (default: one per 25,000 games, up to the number of CPUs)', once('--workers'));
  shardOption(cmd, 'play only shard I of N: games [⌊(I−1)·G/N⌋, ⌊I·G/N⌋) (merge the --json reports with `merge`)');
  botOptions(progressOption(cmd))
    .addHelpText('after', `
Ctrl-C (or SIGTERM) stops the run and prints the report of the games finished so far, marked partial
(exit 130). --games-out - writes the lines to stdout and the report to stderr (docs/cli.md). The rule
options and their clause IDs: mafia-sim setups, and docs/rules.md.

Examples:
  mafia-sim run
  mafia-sim run --setup vanilla --option players=12 --option mafia=2 --option start=night
  mafia-sim run --games 100000 --seed 7 --json > report.json
  mafia-sim run --setup my-table.yaml --option tie=random --games-out games.jsonl
  mafia-sim run --games 1000000 --shard 2/4 --json > shard-2.json
  mafia-sim run --setup club-12 --precision 0.5%
  mafia-sim run --games 100000 --html report.html --csv report.csv`)
    .action((flags) =>
      cli.withFiles(flags, async (files) => {
        let replayMismatch = false;
        const report = await runCommand(flags, {
          stdout: cli.io.stdout,
          warn: cli.say,
          onReplayMismatch: (line) => {
            replayMismatch = true;
            cli.say(line);
          },
        });
        files.commit('run', report);
        // With the games (or a page) on stdout, the report goes to stderr: stdout holds nothing else.
        const toStderr = files.stdoutTaken || (flags.gamesOut !== undefined && gamesOutIsStdout(flags.gamesOut));
        const stream = toStderr ? process.stderr : process.stdout;
        const text = flags.json ? reportJson(report) : renderReport(report, colours(stream, cli.colour), terminalWidth(stream));
        if (toStderr) cli.io.stderr.write(text.endsWith('\n') ? text : text + '\n');
        else cli.out(text);
        if (report.partial) cli.code = 130;
        else if (report.failedGames > 0 || replayMismatch) cli.code = 1;
      }),
    );
}
