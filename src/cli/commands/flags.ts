// The flag groups several commands share, each declared once: a job's setup and seed, a workbench
// command's arms, --tune's flags, a search's (tune, equilibrium), the limits of protocol bots, and the
// report outputs. Options that take
// one value are parsed by once(): given twice, they are refused, not the last.
import type { Command } from 'commander';
import { DEFAULT_BOT_SETTINGS } from '../../protocol/settings.js';
import { collect, once } from '../common.js';

/** -s, --setup: the table to play (every command that plays one table). */
export function setupOption(cmd: Command): Command {
  return cmd.option('-s, --setup <name|file>', 'built-in setup name or a YAML/JSON setup file', once('--setup'), 'ukrainian');
}

/** The flags that make a job (run, replay): src/cli/common.ts `jobFrom` reads them. */
export function jobOptions(cmd: Command): Command {
  return setupOption(cmd)
    .option('-o, --option <key=value>', 'override a rule option or setup parameter (repeatable; rules: docs/rules.md)', collect, [])
    .option('--strategy <spec>', 'NAME for everyone, or TEAM=NAME / ROLE=NAME; NAME may be NAME:key=value,… or a plug-in file (repeatable; default smart, tuned on built-in setups; random for random play)', collect, [])
    .option('--seed <n>', 'run seed: game K plays from (seed, K)', once('--seed'), '1')
    .option('--series <k>', 'club evenings of K consecutive games at the same table (C16.1); same as --option series=K', once('--series'));
}

/** --no-progress (the bar shows only on a terminal). */
export function progressOption(cmd: Command): Command {
  return cmd.option('--no-progress', 'no progress bar (it shows only when stderr is a terminal)');
}

/** --html and --csv: the report also written as a page and as CSV (src/cli/reportFiles.ts). */
export function reportFileOptions(cmd: Command, html: string, csv: string): Command {
  return cmd.option('--html <file>', html, once('--html')).option('--csv <file>', csv, once('--csv'));
}

/** What --shard auto reads (src/cli/shardAuto.ts). */
const AUTO_SHARD_HELP = '; auto: the array task of Slurm, AWS Batch, Google Batch or Cloud Run, auto/N of a Kubernetes indexed Job';

/** --shard: one slice of the games, whose --json reports `merge` combines (`auto`: the batch system's task). */
export function shardOption(cmd: Command, help = 'play only shard I of N of the games (merge the --json reports with `merge`)'): Command {
  return cmd.option('--shard <i/n|auto>', help + AUTO_SHARD_HELP, once('--shard'));
}

/** The flags every workbench command (sweep, compare, role-values, balance, exploit) has, after its own. */
export function benchOptions(cmd: Command, games: string): Command {
  return benchRunOptions(setupOption(cmd), games);
}

/** The workbench flags after --setup (weights, which plays many setups, has these without it). */
export function benchRunOptions(cmd: Command, games: string, per = 'arm', seedHelp = 'run seed: game K of every arm plays from (seed, K)'): Command {
  cmd
    .option('-o, --option <key=value>', `a rule option, setup parameter or roles.ID=N for every ${per} (repeatable)`, collect, [])
    .option('--strategy <spec>', `NAME for everyone, or TEAM=NAME / ROLE=NAME, for every ${per} (repeatable; default smart, tuned on built-in setups; random for random play)`, collect, [])
    .option('--seed <n>', seedHelp, once('--seed'), '1')
    .option('-n, --games <n>', `games per ${per} (default ${games})`, once('--games'))
    .option('-w, --workers <n>', 'threads; 1 plays in-process (default: one per 25,000 games played, up to the number of CPUs)', once('--workers'))
    .option('--json', 'print the report as JSON (the data the text is drawn from)');
  reportFileOptions(cmd, 'also write the report as a self-contained HTML page (- for stdout)', 'also write its tables as CSV (- for stdout; docs/reports.md)');
  return progressOption(cmd);
}

/** --tune and tune's flags, prefixed (sweep, compare, balance): re-tune the strategy at each point. */
export function tuneOptions(cmd: Command): Command {
  return cmd
    .option('--tune', 're-tune the strategy at each point (mafia-sim tune from --strategy, default smart) and play the point with the tuned parameters')
    .option('--tune-params <a,b,…>', 'with --tune: tune only these parameters (tune --params)', once('--tune-params'))
    .option('--tune-games <n>', 'with --tune: the most games a move plays, and the games that confirm it (tune --games; default 8000)', once('--tune-games'))
    .option('--tune-first <n>', 'with --tune: games every move plays in the first stage (tune --first; default 500)', once('--tune-first'))
    .option('--tune-rounds <n>', 'with --tune: the most rounds per point, one side each (tune --rounds; default 12)', once('--tune-rounds'))
    .option('--tune-budget <n>', "with --tune: start no round of a point's tune once this many games have been played (tune --budget)", once('--tune-budget'))
    .option('--tune-state <dir>', 'with --tune: one tune state file per point in DIR; the same command continues where it stopped', once('--tune-state'));
}

/** A search's table and where it starts (tune, equilibrium; src/cli/search.ts reads them): --setup, --option, --strategy. */
export function searchStartOptions(cmd: Command, strategyHelp: string): Command {
  return setupOption(cmd)
    .option('-o, --option <key=value>', 'a rule option or setup parameter (repeatable)', collect, [])
    .option('--strategy <spec>', strategyHelp, collect, []);
}

/** A search's successive halving: the most games `mover` plays (--games), and every move's first stage (--first). */
export function halvingOptions(cmd: Command, mover: string, games: number, first: number): Command {
  return cmd
    .option('-n, --games <n>', `the most games ${mover} plays, and the games that confirm it (default ${games})`, once('--games'))
    .option('--first <n>', `games every move plays in the first stage of the halving (default ${first})`, once('--first'));
}

/**
 * What bounds, seeds, threads and keeps a search (tune, equilibrium): a budget checked before each
 * `unit`, the seed, the threads (`workers`: their default), the --state file, --json and --no-progress.
 */
export function searchRunOptions(cmd: Command, unit: string, workers: string): Command {
  cmd
    .option('--budget <n>', `start no ${unit} once this many games have been played (every arm counted)`, once('--budget'))
    .option('--seed <n>', 'run seed: every unit of play is seeded from it', once('--seed'), '1')
    .option('-w, --workers <n>', `threads; 1 plays in-process (default: ${workers})`, once('--workers'))
    .option('--state <file>', 'keep every finished unit of play in FILE; run again with the same FILE to continue where it stopped', once('--state'))
    .option('--json', 'print the result as JSON');
  return progressOption(cmd);
}

/** The limits every protocol bot plays under and which plug-ins run isolated (src/cli/botFlags.ts parses them). */
export function botOptions(cmd: Command, isolateHelp = 'run JS/TS plug-ins in a process of their own, behind the bot protocol'): Command {
  return cmd
    .option('--decision-timeout <ms>', `the longest a protocol bot (exec: or isolated plug-in; always limited) may take over one decision or speech, ms (default ${DEFAULT_BOT_SETTINGS.decisionTimeoutMs}; limits: docs/protocol.md)`, once('--decision-timeout'))
    .option('--bot-memory <mb>', `memory limit of each bot process, MB (default ${DEFAULT_BOT_SETTINGS.memoryMb})`, once('--bot-memory'))
    .option('--isolate', isolateHelp);
}
