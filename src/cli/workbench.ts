// What the workbench commands (sweep, compare, balance, role-values) share on the command line: the run
// flags, playing the arms with a progress bar over all of them and Ctrl-C, and the header lines.
import type { ChalkInstance } from 'chalk';
import { UserError } from '../errors.js';
import { parseCount, parseSeed, workerCount } from './common.js';
import { interruptible } from './interrupt.js';
import { withProgress } from './progress.js';
import { shardRange } from './run.js';
import { armJobs, type ArmSpec } from '../workbench/arms.js';
import { playArms, type Played } from '../workbench/play.js';
import type { WorkbenchCommon, WorkbenchKind } from '../workbench/report.js';

export interface BenchFlags {
  setup: string;
  option: string[];
  strategy: string[];
  seed: string;
  games?: string;
  workers?: string;
  shard?: string;
  /** false with --no-progress. */
  progress?: boolean;
}

/** A command's result: its report, and a warning line for stderr (degenerate arms) or null. */
export interface BenchResult<R> {
  readonly report: R;
  readonly warning: string | null;
}

export interface BenchPlay {
  readonly played: Played;
  readonly common: Omit<WorkbenchCommon, 'kind' | 'format'>;
}

/**
 * Builds every arm's job (bad input stops here, naming the flag), then plays them all on the same games
 * of the run's range (a shard's, with --shard) with one progress bar; Ctrl-C keeps the chunks finished.
 */
export async function playBench(
  kind: WorkbenchKind,
  flags: BenchFlags,
  arms: readonly ArmSpec[],
  origin: (arm: ArmSpec, i: number) => string,
  opts: { defaultGames: number; details?: boolean; baselines?: readonly number[]; signal?: AbortSignal },
): Promise<BenchPlay> {
  const games = parseCount('--games', flags.games ?? String(opts.defaultGames), 1);
  const seed = parseSeed(flags.seed);
  const { first, end } = flags.shard === undefined ? { first: 0, end: games } : shardRange(flags.shard, games);
  const workers = workerCount(flags.workers, (end - first) * arms.length);
  if (arms.length < 1) throw new UserError(`${kind}: nothing to play`);
  const jobs = await armJobs(arms, seed, origin);
  const played = await interruptible((stop) =>
    withProgress(flags.progress !== false, (onProgress) =>
      playArms(arms, jobs, {
        first,
        end,
        workers,
        details: opts.details,
        baselines: opts.baselines,
        signal: stop,
        onProgress,
      }),
    ),
    opts.signal,
  );
  return { played, common: { seed, games, range: { first, end: played.result.end }, partial: played.result.partial } };
}

/** Which strategies play, for the header (the default is `random`: there are no tuned strategies yet). */
export function strategiesLine(strategies: readonly string[]): string {
  if (strategies.length === 0) return 'random for every seat (the default; `--strategy` to choose, e.g. town=smart)';
  // A spec without TEAM= or ROLE= plays every seat no other spec names, and so do a town= and a mafia=
  // spec together (every role is of one of the two teams); otherwise the rest play random.
  const who = strategies.map((s) => /^([^:=]+)=/.exec(s)?.[1].trim() ?? null);
  const everyone = who.includes(null) || (who.includes('town') && who.includes('mafia'));
  return everyone ? strategies.join(' ') : `${strategies.join(' ')} (random for the rest)`;
}

export function header(c: ChalkInstance, lines: ReadonlyArray<readonly [string, string]>): string[] {
  const w = Math.max(...lines.map(([k]) => k.length));
  return lines.map(([k, v]) => `${c.bold(k.padEnd(w))}  ${v}`);
}

export function runLine(common: Omit<WorkbenchCommon, 'kind' | 'format'>, arms: number, what = 'arm'): string {
  const n = common.range.end - common.range.first;
  const range = common.range.first > 0 || common.partial ? `, games ${common.range.first}–${common.range.end - 1}` : '';
  return `${n.toLocaleString('en-US')} games per ${what} × ${arms} ${what}${arms === 1 ? '' : 's'}, seed ${common.seed}${range}, the same game seeds in every ${what}`;
}
