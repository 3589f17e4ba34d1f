// What `tune` and `equilibrium` share: both search smart's strategy space by successive halving, keep
// every finished unit of play in a --state file, run under a progress bar and Ctrl-C, and print the
// command line that reproduces them. Their flags are read here the same way; each command reads its own.
import type { SetupSummary } from '../report/report.js';
import { line, setupArgs } from '../report/reproduce.js';
import { openStateFile, type StateKind } from '../tune/stateFile.js';
import type { StateKey, UnitCache } from '../tune/tune.js';
import { parseCount, workerCount } from './common.js';
import { interruptible } from './interrupt.js';
import { withProgress } from './progress.js';

/** The flags of a search (src/cli/commands/flags.ts `searchStartOptions`, `halvingOptions`, `searchRunOptions`). */
export interface SearchFlags {
  setup: string;
  option: string[];
  strategy: string[];
  seed: string;
  games?: string;
  first?: string;
  budget?: string;
  workers?: string;
  state?: string;
  progress?: boolean;
}

/** --games and --first: the most games a move plays (and the games that confirm it), and the first stage's. */
export function halvingGames(flags: SearchFlags, finalDefault: number, firstDefault: number): { finalGames: number; firstGames: number } {
  const finalGames = parseCount('--games', flags.games ?? String(finalDefault), 1);
  const firstGames = parseCount('--first', flags.first ?? String(firstDefault), 1);
  return { finalGames, firstGames };
}

/** --budget: start no round (or iteration) once this many games have been played; null without one. */
export function parseBudget(flags: SearchFlags): number | null {
  return flags.budget === undefined ? null : parseCount('--budget', flags.budget, 1);
}

/**
 * The search's threads (sized for twenty moves' worth of games), and its --state file opened before any
 * game is played: a file made by another search, command (`key`), or a folder that cannot be written,
 * is refused now.
 */
export function searchThreads(flags: SearchFlags, key: StateKey, finalGames: number, kind: StateKind): { workers: number; cache: UnitCache | undefined } {
  const workers = workerCount(flags.workers, 20 * finalGames);
  const cache = flags.state === undefined ? undefined : openStateFile(flags.state, key, kind);
  return { workers, cache };
}

/**
 * Runs the search: Ctrl-C (or `signal`) stops it, and its progress bar (unless --no-progress) counts
 * against the total it announces; `etaNote` says what that total is.
 */
export function playSearch<T>(
  flags: SearchFlags,
  signal: AbortSignal | undefined,
  search: (stop: AbortSignal, onProgress: (played: number, total: number) => void) => Promise<T>,
  etaNote?: string,
): Promise<T> {
  return interruptible((stop) => withProgress(flags.progress !== false, (onProgress) => search(stop, onProgress), etaNote), signal);
}

/** The command line that gives the same search: the command, its setup and start, its own flags, then --budget and --seed. */
export function searchCommandLine(command: string, setup: SetupSummary, flags: SearchFlags, own: readonly string[], budget: number | null, seed: string): string {
  const args = [command, ...setupArgs(setup), ...flags.strategy.flatMap((s) => ['--strategy', s]), ...own];
  if (budget !== null) args.push('--budget', String(budget));
  args.push('--seed', seed);
  return line(args);
}
