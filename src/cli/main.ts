// The command-line program: parses arguments, calls a command, prints its result. The only exit point.
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { UserError } from '../errors.js';
import { reportJson } from '../report/integrity.js';
import { renderReport } from '../report/text.js';
import { collectRoles, collectSetups, renderRoles, renderSetups } from './catalogue.js';
import { calibrateCommand, renderCalibration } from './calibrate.js';
import { printable, withRulesLink } from '../text.js';
import { collect, colours, once, terminalWidth } from './common.js';
import { mergeReports } from './merge.js';
import { replayGame } from './replay.js';
import { playGameCommand } from './play.js';
import { fuzzCommand, renderFuzz } from './fuzz.js';
import { runCommand } from './run.js';
import { scenarioCommand } from './scenario.js';
import { collectStrategies, renderStrategies } from './strategies.js';
import { renderTournament, tournamentCommand } from './tournament.js';
import { renderSweep, sweepCommand, sweepCsv } from './sweep.js';
import { compareCommand, renderCompare } from './compare.js';
import { renderRoleValues, roleValuesCommand } from './roleValues.js';
import { balanceCommand, renderBalance } from './balance.js';
import { exploitCommand, renderExploit } from './exploit.js';
import { renderTune, tuneCommand } from './tune.js';
import { equilibriumCommand, renderEquilibrium } from './equilibrium.js';
import { checksummed } from '../report/integrity.js';
import { loadStrategies, PluginError } from '../strategy/load.js';
import { loadRolePlugins } from '../setup/rolePlugins.js';
import { GameFailure } from '../runner/batch.js';
import { InvariantError } from '../engine/invariants.js';
import { WorkerLost } from '../runner/parallel.js';
import { gamesOutIsStdout } from './gamesOut.js';
import { openReportFiles, type ReportFiles } from './reportFiles.js';
import { reportJsonOf } from '../report/kinds.js';
import { OutputError, processIo, ReaderGone, type Io } from './output.js';
import { applyBotFlags, botOptions } from './botFlags.js';
import { reapBotsAtExit } from '../protocol/bridge.js';

const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };

// Options that take one value are parsed by once(): given twice, they are refused, not the last.
function jobOptions(cmd: Command, defaults: { setup: string }): Command {
  return cmd
    .option('-s, --setup <name|file>', 'built-in setup name or a YAML/JSON setup file', once('--setup'), defaults.setup)
    .option('-o, --option <key=value>', 'override a rule option or setup parameter (repeatable; rules: docs/rules.md)', collect, [])
    .option('--strategy <spec>', 'NAME for everyone, or TEAM=NAME / ROLE=NAME; NAME may be NAME:key=value,… or a plug-in file (repeatable; default smart, tuned on built-in setups; random for random play)', collect, [])
    .option('--seed <n>', 'run seed: game K plays from (seed, K)', once('--seed'), '1')
    .option('--series <k>', 'club evenings of K consecutive games at the same table (C16.1); same as --option series=K', once('--series'));
}

/** Runs the program on `argv`; everything it prints goes to `io` (the process's stdout and stderr). */
export async function main(argv: readonly string[], io: Io = processIo()): Promise<number> {
  reapBotsAtExit();
  let colour = !argv.includes('--no-color');
  const out = (text: string) => io.stdout.write(text.endsWith('\n') ? text : text + '\n');
  // One line on stderr. Messages echo what the user gave (paths, values): never a raw control character.
  const say = (line: string) => io.stderr.write(`${printable(line)}\n`);
  let code = 0;
  // The report's text (or JSON) on stdout, or on stderr when a --html or --csv page has taken stdout.
  const printReport = (files: ReportFiles, text: string | ((stream: NodeJS.WriteStream) => string)) => {
    const stream = files.stdoutTaken ? process.stderr : process.stdout;
    const shown = typeof text === 'string' ? text : text(stream);
    if (files.stdoutTaken) io.stderr.write(shown.endsWith('\n') ? shown : shown + '\n');
    else out(shown);
  };
  const program = new Command()
    .name('mafia-sim')
    .description('Seeded, reproducible simulator and strategy tester for the party game Mafia')
    .version(pkg.version)
    .option('--no-color', 'no colour, even on a terminal')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      outputError: (s, write) => write(printable(s.trim().replace(/^error: /, 'mafia-sim: error: ')) + '\n'),
    })
    .showSuggestionAfterError(true)
    .addHelpText('after', `
The rules, clause by clause (the IDs such as U3.4 that options and messages cite): docs/rules.md
Exit codes: 0 ok, 1 failed games or expectations, 2 bad input, 70 internal error, 130 interrupted
(docs/cli.md).

Examples:
  mafia-sim run --games 1000 --seed 7
  mafia-sim replay --seed 7 --game 3
  mafia-sim run --help`);

  jobOptions(program.command('run').description('play a batch of seeded games and print outcome, length, role and point tables'), { setup: 'ukrainian' })
    .option('-n, --games <n>', 'number of games (default: 10000; with --precision, the most to play, default 100000000)', once('--games'))
    .option('--precision <h>', 'play until the town win interval is ±H or narrower (0.005 or 0.5%), in whole chunks of 2,000 games', once('--precision'))
    .option('--json', 'print the report as JSON')
    .option('--games-out <file>', 'write one JSON line per game to FILE (- for stdout)', once('--games-out'))
    .option('--html <file>', 'also write the report as a self-contained HTML page (charts, tables, its JSON inside)', once('--html'))
    .option('--csv <file>', 'also write every table as one tidy CSV (docs/reports.md)', once('--csv'))
    .option('--check', 'check engine invariants after every phase, and that every decision taken was among the options offered (G9; slower)')
    .option('--strict', 'stop at the first failed game instead of recording it')
    .option('--metrics', 'also count how each strategy plays, per side: vote accuracy, votes on allies, investigator claims and report truth, doctor saves, kills on revealed investigators, illegal decisions (docs/strategies.md)')
    .option('-w, --workers <n>', 'threads to play on; 1 plays in-process, or on one thread with a plug-in (default: one per 25,000 games, up to the number of CPUs)', once('--workers'))
    .option('--shard <i/n>', 'play only shard I of N: games [⌊(I−1)·G/N⌋, ⌊I·G/N⌋) (merge the --json reports with `merge`)', once('--shard'))
    .option('--no-progress', 'no progress bar (it shows only when stderr is a terminal)');
  botOptions(program.commands.at(-1)!)
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
    .action(async (flags) => {
      const files = openReportFiles(flags, io.stdout);
      try {
        let replayMismatch = false;
        const report = await runCommand(flags, {
          stdout: io.stdout,
          warn: say,
          onReplayMismatch: (line) => {
            replayMismatch = true;
            say(line);
          },
        });
        files.commit('run', report);
        // With the games (or a page) on stdout, the report goes to stderr: stdout holds nothing else.
        const toStderr = files.stdoutTaken || (flags.gamesOut !== undefined && gamesOutIsStdout(flags.gamesOut));
        const stream = toStderr ? process.stderr : process.stdout;
        const text = flags.json ? reportJson(report) : renderReport(report, colours(stream, colour), terminalWidth(stream));
        if (toStderr) io.stderr.write(text.endsWith('\n') ? text : text + '\n');
        else out(text);
        if (report.partial) code = 130;
        else if (report.failedGames > 0 || replayMismatch) code = 1;
      } finally {
        files.abort();
      }
    });

  /** The flags every workbench command has, after its own. */
  const benchOptions = (cmd: Command, games: string): Command =>
    cmd
      .option('-s, --setup <name|file>', 'built-in setup name or a YAML/JSON setup file', once('--setup'), 'ukrainian')
      .option('-o, --option <key=value>', 'a rule option, setup parameter or roles.ID=N for every arm (repeatable)', collect, [])
      .option('--strategy <spec>', 'NAME for everyone, or TEAM=NAME / ROLE=NAME, for every arm (repeatable; default smart, tuned on built-in setups; random for random play)', collect, [])
      .option('--seed <n>', 'run seed: game K of every arm plays from (seed, K)', once('--seed'), '1')
      .option('-n, --games <n>', `games per arm (default ${games})`, once('--games'))
      .option('-w, --workers <n>', 'threads; 1 plays in-process (default: one per 25,000 games played, up to the number of CPUs)', once('--workers'))
      .option('--json', 'print the report as JSON (the data the text is drawn from)')
      .option('--html <file>', 'also write the report as a self-contained HTML page (- for stdout)', once('--html'))
      .option('--csv <file>', 'also write its tables as CSV (- for stdout; docs/reports.md)', once('--csv'))
      .option('--no-progress', 'no progress bar (it shows only when stderr is a terminal)');
  /** --tune and tune's flags, prefixed (sweep, compare, balance): re-tune the strategy at each point. */
  const tuneOptions = (cmd: Command): Command =>
    cmd
      .option('--tune', 're-tune the strategy at each point (mafia-sim tune from --strategy, default smart) and play the point with the tuned parameters')
      .option('--tune-params <a,b,…>', 'with --tune: tune only these parameters (tune --params)', once('--tune-params'))
      .option('--tune-games <n>', 'with --tune: the most games a move plays, and the games that confirm it (tune --games; default 8000)', once('--tune-games'))
      .option('--tune-first <n>', 'with --tune: games every move plays in the first stage (tune --first; default 500)', once('--tune-first'))
      .option('--tune-rounds <n>', 'with --tune: the most rounds per point, one side each (tune --rounds; default 12)', once('--tune-rounds'))
      .option('--tune-budget <n>', 'with --tune: start no round of a point\'s tune once this many games have been played (tune --budget)', once('--tune-budget'))
      .option('--tune-state <dir>', 'with --tune: one tune state file per point in DIR; the same command continues where it stopped', once('--tune-state'));
  /** A workbench report: its page and CSV (from its JSON; `csv` overrides the CSV), then its text or JSON. */
  const benchDone = (
    files: ReportFiles,
    kind: string,
    report: { partial: boolean; arms?: ReadonlyArray<{ run: { failedGames: number } }> },
    warning: string | null,
    text: (stream: NodeJS.WriteStream) => string,
    json: boolean,
    csv?: () => string,
  ) => {
    if (warning !== null) say(warning);
    const body = JSON.stringify(checksummed(report), null, 2);
    files.commitJson(kind, body, null, csv?.());
    printReport(files, json ? body : text);
    if (report.partial) code = 130;
    else if (report.arms?.some((a) => a.run.failedGames > 0)) code = 1;
  };
  /** Opens a workbench command's --html/--csv targets before it plays, and drops them if it fails. */
  const withFiles = async (flags: { html?: string; csv?: string }, run: (files: ReportFiles) => Promise<void>) => {
    const files = openReportFiles(flags, io.stdout);
    try {
      await run(files);
    } finally {
      files.abort();
    }
  };

  program
    .command('merge')
    .description('combine --json reports of contiguous game ranges (shards) of one run, sweep, compare or role-values')
    .argument('<reports...>', 'JSON reports from `run --json` (or sweep, compare, role-values --json), any order')
    .option('--json', 'print the merged report as JSON (exactly what one run of all the games prints)')
    .option('--html <file>', 'also write the merged report as a self-contained HTML page', once('--html'))
    .option('--csv <file>', "also write its tables as CSV: a run's tidy CSV, a sweep's one row a point (docs/reports.md)", once('--csv'))
    .addHelpText('after', `
Examples:
  mafia-sim merge shard-*.json --json > report.json
  mafia-sim merge a.json b.json
  mafia-sim merge shard-*.json --html report.html`)
    .action((reports: string[], flags) => {
      const files = openReportFiles(flags, io.stdout);
      try {
        const merged = mergeReports(reports);
        if (merged.kind === 'run') {
          const report = merged.report;
          files.commit('run', report);
          printReport(files, flags.json ? reportJson(report) : (s) => renderReport(report, colours(s, colour), terminalWidth(s)));
          if (report.failedGames > 0) code = 1;
          return;
        }
        const text = (s: NodeJS.WriteStream) => {
          const c = colours(s, colour);
          return merged.kind === 'sweep' ? renderSweep(merged.report, c) : merged.kind === 'compare' ? renderCompare(merged.report, c) : renderRoleValues(merged.report, c);
        };
        benchDone(files, merged.kind, merged.report, null, text, flags.json === true, merged.kind === 'sweep' ? () => sweepCsv(merged.report) : undefined);
      } finally {
        files.abort();
      }
    });

  botOptions(jobOptions(program.command('replay').description('replay game K of a run and narrate it'), { setup: 'ukrainian' }))
    .requiredOption('-g, --game <k>', 'game index within the run (0-based)', once('--game'))
    .option('--json', "print the game's record (as a --games-out line)")
    .option('--check', 'check engine invariants after every phase, as run --check does, and that the game plays the same twice (G10); exit 1 if not')
    .option('--seat <n>', 'with --answers: a game of mafia-sim play, the person at this seat (game 0)', once('--seat'))
    .option('--answers <list>', "with --seat: that person's answers, as play printed them", once('--answers'))
    .addHelpText('after', `
The narration cites rule clauses by ID (U5.3, C10.1): docs/rules.md.

Examples:
  mafia-sim replay --seed 1 --game 42
  mafia-sim replay --setup vanilla --option players=9 --seed 3 --game 0 --json`)
    .action((flags) => {
      const { record, text } = replayGame(flags, colours(process.stdout, colour));
      out(flags.json ? JSON.stringify(record) : text);
    });

  program.command('play').description('take a seat yourself in a seeded game against bots, answering at the prompt')
    .option('-s, --setup <name|file>', 'built-in setup name or a YAML/JSON setup file', once('--setup'), 'ukrainian')
    .option('-o, --option <key=value>', 'override a rule option or setup parameter (repeatable; rules: docs/rules.md)', collect, [])
    .option('--strategy <spec>', "the other seats' bots, as for run: NAME, TEAM=NAME or ROLE=NAME (repeatable; default smart, tuned on built-in setups; random for random play)", collect, [])
    .option('--seed <n>', 'the game is game 0 of this seed (default: a new seed, drawn now and printed)', once('--seed'))
    .option('--seat <n>', 'your seat (default: drawn from the seed)', once('--seat'))
    .option('--answers <list>', 'your answers so far, comma-separated (as the command printed at the end lists them); then the prompt', once('--answers'))
    .addHelpText('after', `
Each turn shows what your seat knows and the choices: type a seat number, 0 to pass, or a menu
number (speeches: claim, report a check, accuse, vouch, done). At the end every role is revealed, with
the commands that play the same game again (play … --answers …) and narrate it (replay … --seat
--answers …). Reads plain lines from stdin, so answers may be piped. Exit 1 if the input ends first,
130 on Ctrl-C, each with the command that goes on. docs/cli.md.

Examples:
  mafia-sim play
  mafia-sim play --setup vanilla --option players=7 --seat 3 --seed 5 --strategy smart
  mafia-sim play --seed 5 --seat 3 --answers accuse:1,done,2`)
    .action(async (flags) => {
      const input = { input: process.stdin, inputIsTerminal: process.stdin.isTTY === true };
      code = await playGameCommand(flags, { ...io, ...input }, colours(process.stdout, colour), terminalWidth(process.stdout));
    });

  program
    .command('scenario')
    .description('run scripted games (YAML) and check their expectations; exit 1 on any failure')
    .argument('<files...>', 'scenario files')
    .option('-v, --verbose', 'narrate each scenario game')
    .addHelpText('after', `
The file format: docs/scenarios.md; a scenario's name starts with the clause IDs it checks (docs/rules.md).

Examples:
  mafia-sim scenario test/scenarios/*.yaml
  mafia-sim scenario my-case.yaml --verbose`)
    .action(async (files: string[], flags) => {
      const result = await scenarioCommand(files, colours(process.stdout, colour), flags.verbose === true);
      out(result.text);
      if (result.failed > 0) code = 1;
    });

  program
    .command('fuzz')
    .description('play random setups and strategies with every check on; shrink each failure to a case that replays it')
    .option('-n, --games <n>', 'games to play (default 2000)', once('--games'))
    .option('--time <duration>', 'play for this long instead (60s, 2m, 90): the report then depends only on how many games were played', once('--time'))
    .option('--seed <n>', 'fuzz seed: the same seed (and count of games) gives the same setups and report', once('--seed'), '1')
    .option('--strategy <spec>', 'also mix in this strategy: NAME, TEAM=NAME or ROLE=NAME, a plug-in file (repeatable)', collect, [])
    .option('--role <file>', 'also mix in this role plug-in (repeatable; the Bodyguard, roles/bodyguard.ts, always is)', collect, [])
    .option('--out <dir>', 'write the failed setups (and their shrunk cases) here (default: a new temp folder, made only on a failure)', once('--out'))
    .option('-w, --workers <n>', 'threads to play cases on; 1 plays in-process; the report is the same for any count (default: one per 25,000 games, up to the number of CPUs)', once('--workers'))
    .option('--json', 'print the report as JSON')
    .option('--no-progress', 'no progress bar (it shows only when stderr is a terminal)')
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
      out(flags.json ? JSON.stringify(report, null, 2) : renderFuzz(report, colours(process.stdout, colour)));
      if (report.failedSetups > 0) code = 1;
    });

  program.command('setups').description('list the built-in setups and every rule option')
    .option('--json', 'print the list as JSON (the data the text is drawn from)')
    .addHelpText('after', '\nThe rules the options belong to (their clause IDs): docs/rules.md\n\nExamples:\n  mafia-sim setups\n  mafia-sim setups --json')
    .action((flags) => {
      const catalogue = collectSetups();
      out(flags.json ? JSON.stringify(catalogue, null, 2) : renderSetups(catalogue, terminalWidth(process.stdout)));
    });
  program.command('roles').description('list every role with a one-line description')
    .option('--json', 'print the list as JSON (the data the text is drawn from)')
    .addHelpText('after', '\nExamples:\n  mafia-sim roles\n  mafia-sim roles --json')
    .action((flags) => {
      const roles = collectRoles();
      out(flags.json ? JSON.stringify(roles, null, 2) : renderRoles(roles, terminalWidth(process.stdout)));
    });

  program.command('strategies').description('list every strategy with its description and parameters')
    .option('--json', 'print the list as JSON')
    .addHelpText('after', '\nExamples:\n  mafia-sim strategies\n  mafia-sim run --strategy town=smart:revealBlacks=2 --strategy mafia=smart:fakeClaim=0.5')
    .action((flags) => {
      const list = collectStrategies();
      out(flags.json ? JSON.stringify(list, null, 2) : renderStrategies(list, terminalWidth(process.stdout)));
    });

  program.command('tournament').description('play every town × mafia pairing of some strategies on the same seeds; town win % matrix')
    .option('-s, --setup <name|file>', 'built-in setup name or a YAML/JSON setup file', once('--setup'), 'ukrainian')
    .option('-o, --option <key=value>', 'override a rule option or setup parameter (repeatable)', collect, [])
    .requiredOption('--strategies <a,b,…>', 'strategies to pair (names, NAME:key=value,…, or plug-in files; repeatable)', collect, [])
    .option('-n, --games <n>', 'games per pairing', once('--games'), '2000')
    .option('--seed <n>', 'run seed: game K of every pairing plays from (seed, K)', once('--seed'), '1')
    .option('-w, --workers <n>', 'threads to play each pairing on; 1 plays in-process (default: one per 25,000 games, up to the number of CPUs)', once('--workers'))
    .option('--json', 'print the tournament as JSON')
    .option('--metrics', 'also count how each side of each pairing plays (as run --metrics)')
    .option('--html <file>', 'also write the tournament as a self-contained HTML page (heat maps, the paired comparison)', once('--html'))
    .option('--csv <file>', 'also write every table as one tidy CSV (docs/reports.md)', once('--csv'))
    .option('--no-progress', 'no progress bar (it shows only when stderr is a terminal)');
  botOptions(program.commands.at(-1)!.option('--strict', 'stop at the first failed game instead of recording it'), 'run every JS/TS plug-in in a process of its own (default: those not shipped with mafia-sim; --no-isolate: none)')
    .option('--no-isolate', 'run every JS/TS plug-in in-process')
    .addHelpText('after', `
Every pairing plays the same game seeds and is compared with the first (town=first mafia=first) game by
game: the paired difference in town wins, its 95% interval and McNemar's p (docs/statistics.md). Ctrl-C
stops and prints the games finished, marked partial (exit 130).

Examples:
  mafia-sim tournament --strategies random,smart
  mafia-sim tournament --setup vanilla --option players=9 --strategies random,smart --games 5000 --json
  mafia-sim tournament --strategies smart,smart:fakeClaim=0.8,counterClaim=1,./my-bot.js`)
    .action(async (flags) => {
      const files = openReportFiles(flags, io.stdout);
      try {
        const report = await tournamentCommand(flags);
        files.commit('tournament', report);
        printReport(files, flags.json ? reportJsonOf('tournament', report) : (s) => renderTournament(report, colours(s, colour), terminalWidth(s)));
        if (report.partial) code = 130;
        else if (report.pairings.some((p) => p.failedGames > 0)) code = 1;
      } finally {
        files.abort();
      }
    });

  tuneOptions(benchOptions(program.command('sweep').description('play a setup at every value of a setting (or a grid of two) on the same seeds; town win against the value'), '10000'))
    .requiredOption('--vary <key=values>', 'KEY=a,b,c or KEY=a..b[:step]: a rule option, setup parameter, roles.ID or WHO.NAME.PARAM (twice: a grid)', collect, [])
    .option('--shard <i/n>', 'play only shard I of N of the games (merge the --json reports with `merge`)', once('--shard'))
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
      withFiles(flags, async (files) => {
        const { report, warning } = await sweepCommand(flags);
        benchDone(files, 'sweep', report, warning, (s) => renderSweep(report, colours(s, colour)), flags.json === true, () => sweepCsv(report));
      }),
    );

  tuneOptions(benchOptions(program.command('compare').description('play setups, option sets or strategies on the same seeds; paired differences and a verdict').argument('[setups...]', 'one setup per arm (default: --setup in every arm)'), '10000'))
    .option('--left <key=value>', 'a setting of arm 1, the baseline (repeatable)', collect, [])
    .option('--right <key=value>', 'a setting of arm 2 (repeatable)', collect, [])
    .option('--side <n:key=value>', 'a setting of arm N, 1-based (repeatable; for three or more arms)', collect, [])
    .option('--shard <i/n>', 'play only shard I of N of the games (merge the --json reports with `merge`)', once('--shard'))
    .addHelpText('after', `
Every arm plays the same game seeds; each arm after the first is paired with it game by game: the
difference in town, mafia, draw and stalemate rates (Newcombe's 95% interval, McNemar's p), the seat and
role differences that are significant after Holm's correction, and a verdict line. A setting KEY=VALUE
is a rule option, setup parameter, roles.ID=N, WHO.NAME.PARAM (a strategy parameter) or strategy=SPEC
(a --strategy for that arm only). Ctrl-C prints the games finished (exit 130). docs/balancing.md.

Examples:
  mafia-sim compare ukrainian ukrainian --right tie=random
  mafia-sim compare --setup ukrainian --right strategy=town=smart
  mafia-sim compare club-12 club-13
  mafia-sim compare --setup vanilla --option players=9 --side 2:mafia=3 --side 3:start=night --json`)
    .action((setups: string[], flags, cmd: Command) =>
      withFiles(flags, async (files) => {
        const { report, warning } = await compareCommand(setups, { ...flags, setupGiven: cmd.getOptionValueSource('setup') === 'cli' });
        benchDone(files, 'compare', report, warning, (s) => renderCompare(report, colours(s, colour)), flags.json === true);
      }),
    );

  benchOptions(program.command('role-values').description("each role's worth to the town: the paired change in town win when it stands instead of a plain seat"), '10000')
    .option('--shard <i/n>', 'play only shard I of N of the games (merge the --json reports with `merge`)', once('--shard'))
    .addHelpText('after', `
For each role that is not its team's plain role (citizen or townie; mafia): the table against the table
with one of its seats made plain ("as is"), and the table plus the role against the table plus a plain
seat of its team ("one more"), each pair on the same game seeds. Club tables have no plain citizen: the
club rules' guest role citizen (no action) is the yardstick. docs/balancing.md.

Examples:
  mafia-sim role-values --setup club-12
  mafia-sim role-values --setup ukrainian --games 40000 --json`)
    .action((flags) =>
      withFiles(flags, async (files) => {
        const { report, warning } = await roleValuesCommand(flags);
        benchDone(files, 'role-values', report, warning, (s) => renderRoleValues(report, colours(s, colour)), flags.json === true);
      }),
    );

  tuneOptions(benchOptions(program.command('balance').description('find the value of one knob that brings town win closest to a target (default 50%)'), '20000, in the final round'))
    .requiredOption('--knob <key>', 'a rule option, setup parameter, roles.ID or WHO.NAME.PARAM to search', once('--knob'))
    .option('--target <share>', 'the town win rate to reach: 50% (default), 0.45, …', once('--target'))
    .option('--range <a..b>', 'the values to search (default: the knob\'s bounds; for a whole number, current/4 to 4·current+4)', once('--range'))
    .option('--shard <i/n>', 'refused: each round depends on the one before', once('--shard'))
    .addHelpText('after', `
Whole numbers (mafia, players, roles.citizen) are bracketed over the range in rounds of up to 7 values,
then every value near the answer plays the full --games; numbers (mafiaShare, a strategy's selfHeal) are
bisected in 3 rounds of growing size, then the interpolated root and its neighbours play the full
--games; words (tie, start) are each tried. Every round plays the same game seeds. The result: the best
value with its town win interval and its neighbours (how sharp the optimum is). docs/balancing.md.

Examples:
  mafia-sim balance --setup vanilla --knob mafia --option players=13
  mafia-sim balance --setup club-12 --knob mafiaShare --range 0.2..0.45
  mafia-sim balance --setup ukrainian --knob tie --target 45%`)
    .action((flags) =>
      withFiles(flags, async (files) => {
        const { report, warning } = await balanceCommand(flags);
        benchDone(files, 'balance', report, warning, (s) => renderBalance(report, colours(s, colour)), flags.json === true);
      }),
    );

  benchOptions(program.command('exploit').description("how far one side gains against a strategy by changing one thing: the deviation library and each parameter's range ends, on the same seeds"), '10000')
    .addHelpText('after', `
--strategy names the strategy under test as for run (default smart; TEAM= specs give each side its own).
Each side plays, in turn, every deviation of the library that applies (strategies/deviations.ts: smart
with one behaviour changed) and each of its strategy's parameters at each end of its range (a boolean
flipped, every other value of a word) against the other side's strategy, on the same game seeds as the
strategy against itself. Per side: every variant's gain in that side's win rate, paired game by game
(Newcombe's 95% interval, McNemar's p), the largest first; the best is the strategy's exploitability.
Ctrl-C prints the games finished (exit 130). docs/strategies.md.

Examples:
  mafia-sim exploit --setup ukrainian
  mafia-sim exploit --setup club-12 --strategy town=smart:revealDay=2 --strategy mafia=smart --games 20000
  mafia-sim exploit --setup vanilla --option players=9 --games 4000 --json`)
    .action((flags) =>
      withFiles(flags, async (files) => {
        const report = await exploitCommand(flags);
        const body = JSON.stringify(report, null, 2);
        files.commitJson('exploit', body, report.command);
        printReport(files, flags.json === true ? body : (s) => renderExploit(report, colours(s, colour), terminalWidth(s)));
        if (report.partial) code = 130;
      }),
    );

  program.command('tune').description("alternating best response over a strategy's parameters: the town's against the mafia's, then the mafia's, until neither gains")
    .option('-s, --setup <name|file>', 'built-in setup name or a YAML/JSON setup file', once('--setup'), 'ukrainian')
    .option('-o, --option <key=value>', 'a rule option or setup parameter (repeatable)', collect, [])
    .option('--strategy <spec>', 'where to start, as for run (repeatable; default smart): TEAM= specs give each side its own', collect, [])
    .option('--params <a,b,…>', 'tune only these parameters (default: every parameter that applies to the table)', once('--params'))
    .option('-n, --games <n>', 'the most games a move plays, and the games that confirm it (default 8000)', once('--games'))
    .option('--first <n>', 'games every move plays in the first stage of the halving (default 500)', once('--first'))
    .option('--rounds <n>', 'the most rounds, one side each (default 12)', once('--rounds'))
    .option('--budget <n>', 'start no round once this many games have been played (every arm counted)', once('--budget'))
    .option('--seed <n>', 'run seed: every unit of play is seeded from it', once('--seed'), '1')
    .option('-w, --workers <n>', 'threads; 1 plays in-process (default: one per 25,000 games of a round, up to the number of CPUs)', once('--workers'))
    .option('--state <file>', 'keep every finished unit of play in FILE; run again with the same FILE to continue where it stopped', once('--state'))
    .option('--json', 'print the result as JSON')
    .option('--no-progress', 'no progress bar (it shows only when stderr is a terminal)')
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
  mafia-sim tune --setup vanilla --params bloc,temperature --games 2000`)
    .action(async (flags) => {
      const report = await tuneCommand(flags);
      out(flags.json === true ? JSON.stringify(report, null, 2) : renderTune(report, colours(process.stdout, colour), terminalWidth(process.stdout)));
      if (report.partial) code = 130;
    });

  program.command('equilibrium').description("a setup's value at an equilibrium of smart's strategy space: populations of town and mafia profiles, their matrix game solved, best responses added until neither side gains")
    .option('-s, --setup <name|file>', 'built-in setup name or a YAML/JSON setup file', once('--setup'), 'ukrainian')
    .option('-o, --option <key=value>', 'a rule option or setup parameter (repeatable)', collect, [])
    .option('--strategy <spec>', 'the profiles the populations start from, as for run (repeatable; default smart): TEAM= specs give each side its own', collect, [])
    .option('-n, --games <n>', "the most games a best response's move plays, and the games that confirm it (default 4000)", once('--games'))
    .option('--first <n>', 'games every move plays in the first stage of the halving (default 300)', once('--first'))
    .option('--matrix-games <n>', 'games per town × mafia cell of the matrix (default 4000)', once('--matrix-games'))
    .option('--epsilon <points>', 'a best response must gain more than this many points to join (default 1)', once('--epsilon'))
    .option('--climb <n>', 'the most one-change steps of a best response (default 2, at most 8)', once('--climb'))
    .option('--iterations <n>', 'the most iterations (default 8)', once('--iterations'))
    .option('--budget <n>', 'start no iteration once this many games have been played (every arm counted)', once('--budget'))
    .option('--seed <n>', 'run seed: every unit of play is seeded from it', once('--seed'), '1')
    .option('-w, --workers <n>', 'threads; 1 plays in-process (default: up to the number of CPUs)', once('--workers'))
    .option('--state <file>', 'keep every finished unit of play in FILE; run again with the same FILE to continue where it stopped', once('--state'))
    .option('--json', 'print the result as JSON')
    .option('--no-progress', 'no progress bar (it shows only when stderr is a terminal)')
    .addHelpText('after', `
The double oracle: each side keeps a population of profiles (smart's parameters as --strategy specs),
starting from --strategy. Every town profile plays every mafia profile on the same seeds; the zero-sum
game of the town's win rate is solved exactly for a mix per side. Then each side seeks a best response
to the other's mix (tune's successive halving over every one-parameter move and every deviation of the
library, climbing up to --climb steps, confirmed on fresh games); one that gains more than --epsilon
points joins its population. It stops when neither does (converged). It prints the mixes, the town's
win rate with the mixes against each other on fresh games, and the certificate: each side's best gain
against the final mix. A mix plays as --strategy 'town=mix:SPEC@W|SPEC@W'. docs/strategies.md.

Examples:
  mafia-sim equilibrium --setup ukrainian --state ukrainian.eq.json
  mafia-sim equilibrium --setup club-12 --games 2000 --matrix-games 2000 --json`)
    .action(async (flags) => {
      const report = await equilibriumCommand(flags);
      out(flags.json === true ? JSON.stringify(report, null, 2) : renderEquilibrium(report, colours(process.stdout, colour), terminalWidth(process.stdout)));
      if (report.partial) code = 130;
    });

  program.command('calibrate').description('play vanilla cells with exact win probabilities and check the engine agrees (|z| ≤ 4)')
    .option('-n, --games <n>', 'games per cell (default: enough for a ±0.2-point interval at each cell\'s exact value)', once('--games'))
    .option('--seed <n>', 'run seed', once('--seed'), '1')
    .option('-w, --workers <n>', 'threads to play each cell on; 1 plays in-process (default: one per CPU)', once('--workers'))
    .option('--json', 'print the cells as JSON')
    .option('--html <file>', 'also write the calibration as a self-contained HTML page', once('--html'))
    .option('--csv <file>', 'also write the cells as one tidy CSV (docs/reports.md)', once('--csv'))
    .option('--no-progress', 'no progress bar (it shows only when stderr is a terminal)')
    .addHelpText('after', `
Each cell is a vanilla table (players, mafia, start, tie, win) played by uniformly random bots, whose
town win probability is computed exactly (docs/calibration.md). Exit 1 when a cell fails.

Examples:
  mafia-sim calibrate
  mafia-sim calibrate --games 1000000 --json > calibration.json`)
    .action(async (flags) => {
      const files = openReportFiles(flags, io.stdout);
      try {
        const report = await calibrateCommand(flags);
        files.commit('calibration', report);
        printReport(files, flags.json ? reportJsonOf('calibration', report) : (s) => renderCalibration(report, colours(s, colour), terminalWidth(s)));
        code = report.partial ? 130 : report.pass ? 0 : 1;
      } finally {
        files.abort();
      }
    });

  program.hook('preAction', (cmd) => {
    colour = cmd.opts().color !== false;
  });
  // Plug-in strategies and a setup's role plug-ins are imported (asynchronously) before any command
  // builds its job.
  program.hook('preAction', async (_cmd, action) => {
    // First: the limits and isolation of protocol bots decide how plug-ins are loaded.
    applyBotFlags(action.opts(), action.name() === 'tournament' ? 'foreign' : 'none');
    const { strategy: specs, setup } = action.opts();
    if (Array.isArray(specs)) await loadStrategies(specs as string[]);
    if (typeof setup === 'string') await loadRolePlugins(setup);
  });

  try {
    await program.parseAsync(argv as string[], { from: 'user' });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      return ['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(e.code) ? 0 : 2;
    }
    // stdout's reader has gone (`| head`): what it did not read, it did not want.
    if (e instanceof ReaderGone) return 0;
    if (e instanceof UserError) {
      say(`mafia-sim: error: ${withRulesLink(e.message)}`);
      return 2;
    }
    if (e instanceof WorkerLost) {
      // The games a dead thread was playing cannot be accounted for: the run failed (not our bug).
      say(`mafia-sim: error: ${e.message}`);
      return 1;
    }
    if (e instanceof OutputError) {
      // Output that could not be written in full is a failed run, never a silent exit 0.
      say(`mafia-sim: error: ${e.message}`);
      return 1;
    }
    if (e instanceof GameFailure) {
      // --strict: the first failed game ends the run, with the command that replays it (a second line).
      say(`mafia-sim: game ${e.game} failed: ${e.error}`);
      say(`  replay: ${e.replay}`);
      return 1;
    }
    if (e instanceof InvariantError) {
      // replay --check of a game that breaks an invariant: the failure run --check reported.
      say(`mafia-sim: the game failed: ${e.message}`);
      return 1;
    }
    if (e instanceof PluginError) {
      // A plug-in threw outside a batch (e.g. `replay` of a failed game): its failure, not ours.
      say(`mafia-sim: the game failed: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

