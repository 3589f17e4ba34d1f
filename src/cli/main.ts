// The command-line program: builds the commands (src/cli/commands/, one module each), parses the
// arguments, runs the command, and turns what it threw into an exit code. The only exit point.
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { InvariantError } from '../engine/invariants.js';
import { UserError } from '../errors.js';
import { reapBotsAtExit } from '../protocol/bridge.js';
import { GameFailure } from '../runner/batch.js';
import { WorkerLost } from '../runner/parallel.js';
import { loadRolePlugins } from '../setup/rolePlugins.js';
import { loadStrategies, PluginError } from '../strategy/load.js';
import { registerBuiltIns } from '../strategy/registry.js';
import { BUILT_IN_STRATEGIES } from '../../strategies/index.js';
import { printable, withRulesLink } from '../text.js';
import { applyBotFlags } from './botFlags.js';
import { autoShard, isAutoShard } from './shardAuto.js';
import { checkCommandInputs } from './hostileInput.js';
import { terminalWidth } from './common.js';
import { oneLineError, reflowHelp } from './help.js';
import { registerBalance } from './commands/balance.js';
import { registerCalibrate } from './commands/calibrate.js';
import { registerCompare } from './commands/compare.js';
import { Cli } from './commands/context.js';
import { registerEquilibrium } from './commands/equilibrium.js';
import { registerExploit } from './commands/exploit.js';
import { registerFuzz } from './commands/fuzz.js';
import { registerLikelihoods } from './commands/likelihoods.js';
import { registerMerge } from './commands/merge.js';
import { registerPlay } from './commands/play.js';
import { registerReplay } from './commands/replay.js';
import { registerRoles } from './commands/roles.js';
import { registerRoleValues } from './commands/roleValues.js';
import { registerRun } from './commands/run.js';
import { registerScenario } from './commands/scenario.js';
import { registerSetups } from './commands/setups.js';
import { registerStrategies } from './commands/strategies.js';
import { registerSweep } from './commands/sweep.js';
import { registerTournament } from './commands/tournament.js';
import { registerTune } from './commands/tune.js';
import { registerWeights } from './commands/weights.js';
import { OutputError, processIo, ReaderGone, type Io } from './output.js';

const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };

/** The commands, in the order the help lists them. */
const COMMANDS = [
  registerRun,
  registerMerge,
  registerReplay,
  registerPlay,
  registerScenario,
  registerFuzz,
  registerSetups,
  registerRoles,
  registerStrategies,
  registerTournament,
  registerSweep,
  registerCompare,
  registerRoleValues,
  registerWeights,
  registerBalance,
  registerExploit,
  registerTune,
  registerEquilibrium,
  registerLikelihoods,
  registerCalibrate,
];

/** Runs the program on `argv`; everything it prints goes to `io` (the process's stdout and stderr). */
export async function main(argv: readonly string[], io: Io = processIo()): Promise<number> {
  reapBotsAtExit();
  registerBuiltIns(BUILT_IN_STRATEGIES);
  const cli = new Cli(io, argv);
  const program = buildProgram(io);
  for (const register of COMMANDS) register(program, cli);
  program.hook('preAction', (cmd, action) => {
    cli.colour = cmd.opts().color !== false;
    // `--shard auto`: the batch system's task, said in one line, before anything is opened or played.
    const { shard } = action.opts();
    if (typeof shard === 'string' && isAutoShard(shard)) {
      const auto = autoShard(shard, process.env);
      cli.say(auto.note);
      action.setOptionValue('shard', `${auto.i}/${auto.n}`);
    }
  });
  // Plug-in strategies and a setup's role plug-ins are imported (asynchronously) before any command
  // builds its job.
  program.hook('preAction', async (_cmd, action) => {
    // Before anything is read, imported, played or written: no output names an input or another output.
    checkCommandInputs(action.name(), action.opts(), action.args);
    // First: the limits and isolation of protocol bots decide how plug-ins are loaded.
    applyBotFlags(action.opts(), action.name() === 'tournament' ? 'foreign' : 'none');
    const { strategy: specs, setup } = action.opts();
    if (Array.isArray(specs)) await loadStrategies(specs as string[]);
    if (typeof setup === 'string') await loadRolePlugins(setup);
  });

  try {
    await program.parseAsync(argv as string[], { from: 'user' });
    return cli.code;
  } catch (e) {
    return exitCode(e, cli.say);
  }
}

/** The program with its global options and help, and no commands yet. */
function buildProgram(io: Io): Command {
  return new Command()
    .name('mafia-sim')
    .description('Seeded, reproducible simulator and strategy tester for the party game Mafia')
    .version(pkg.version)
    .option('--no-color', 'no colour, even on a terminal')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(reflowHelp(s, terminalWidth(process.stdout))),
      writeErr: (s) => io.stderr.write(reflowHelp(s, terminalWidth(process.stderr))),
      getOutHelpWidth: () => terminalWidth(process.stdout),
      getErrHelpWidth: () => terminalWidth(process.stderr),
      outputError: (s, write) => write(printable(oneLineError(s).replace(/^error: /, 'mafia-sim: error: ')) + '\n'),
    })
    // Option descriptions wrap on a terminal of 60 columns too (commander's default stops below 40 columns of room).
    .configureHelp({ minWidthToWrap: 20 })
    .showSuggestionAfterError(true)
    .addHelpText('after', `
The rules, clause by clause (the IDs such as U3.4 that options and messages cite): docs/rules.md
Exit codes: 0 ok, 1 failed games or expectations, 2 bad input, 70 internal error, 130 interrupted
(docs/cli.md).

Examples:
  mafia-sim run --games 1000 --seed 7
  mafia-sim replay --seed 7 --game 3
  mafia-sim run --help`);
}

/** The exit code for what a command threw, after saying what went wrong; anything unforeseen is rethrown (70). */
function exitCode(e: unknown, say: (line: string) => void): number {
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
