// `mafia-sim run`: play a batch of seeded games (on worker threads, or one shard of the batch) and
// report the tables (or JSON). Ctrl-C (or SIGTERM) stops the run and reports the games that finished.
import { UserError } from '../errors.js';
import { buildReport, type Report } from '../report/report.js';
import { wilson } from '../stats/intervals.js';
import type { Tally } from '../stats/tally.js';
import { Metrics } from '../stats/metrics.js';
import { whereTheyPart } from '../scenario/checks.js';
import { jobFromSpec, replayCommand, type Job } from '../runner/job.js';
import { ROLES } from '../rules/catalogue.js';
import { runGames } from '../runner/parallel.js';
import { isPluginSpec } from '../strategy/registry.js';
import { jobOverrides, overrideLabel, parseCount, parseSeed, workerCount, type JobFlags } from './common.js';
import { openGamesOut } from './gamesOut.js';
import { fdSink, type TextSink } from './output.js';
import { progressBar } from './progress.js';
import { degenerateWarning, FirstChunkWatch } from '../workbench/degenerate.js';

export interface RunFlags extends JobFlags {
  /** Default: 10,000; with --precision, the most games to play (default 100,000,000). */
  games?: string;
  /** `--precision H`: play whole chunks until the town win interval's half-width is at most H. */
  precision?: string;
  gamesOut?: string;
  check?: boolean;
  strict?: boolean;
  /** Threads; default: one per 25,000 games, at most one per CPU (workerCount). */
  workers?: string;
  /** `I/N`: play only shard I of N of the games. */
  shard?: string;
  /** false with --no-progress. */
  progress?: boolean;
  /** `--metrics`: count behaviour metrics (src/stats/metrics.ts) into the report. */
  metrics?: boolean;
}

export interface RunHooks {
  /** Stops the run like Ctrl-C does (tests, the benchmark). */
  readonly signal?: AbortSignal;
  /** Called as games are counted (finished or failed) within the run's range. */
  readonly onProgress?: (done: number) => void;
  /** Where `--games-out -` writes (default: the process's stdout). */
  readonly stdout?: TextSink;
  /** Receives a warning line (a degenerate setup); default: stderr. */
  readonly warn?: (line: string) => void;
  /**
   * `--check` with a role plug-in in play: receives the line of each sampled game that replayed alone
   * differently from the run (replayCheck); the CLI prints it and exits 1. Default: stderr.
   */
  readonly onReplayMismatch?: (line: string) => void;
}

/** The signals that stop a run the way Ctrl-C does. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** A report; `partial` is true when the run was interrupted (the CLI then exits 130). */
export async function runCommand(flags: RunFlags, hooks: RunHooks = {}): Promise<Report> {
  const precision = flags.precision === undefined ? null : parsePrecision(flags.precision);
  if (precision !== null && flags.shard !== undefined) throw new UserError('--precision and --shard: a run that decides its own length cannot be split into fixed shards; give shards a fixed --games');
  const games = parseCount('--games', flags.games ?? (precision === null ? '10000' : String(PRECISION_GAMES)), 1);
  const { first, end } = flags.shard === undefined ? { first: 0, end: games } : shardRange(flags.shard, games);
  const workers = workerCount(flags.workers, end - first);
  // The worker threads rebuild the job from this same spec with the same function.
  const seed = parseSeed(flags.seed);
  const job = await jobFromSpec({ setupArg: flags.setup, overrides: jobOverrides(flags), strategies: flags.strategy, seed }, overrideLabel(flags));

  // Opened before the signal handlers are in: opening a FIFO waits for its reader, and Ctrl-C must
  // still be able to end that wait.
  const out = flags.gamesOut !== undefined ? openGamesOut(flags.gamesOut, hooks.stdout ?? fdSink(1, 'stdout')) : null;
  // --check with a role plug-in: the sampled games' records as the run played them, to replay each alone.
  const sampled = flags.check === true && hasPluginRole(job) ? new SampledRecords(replaySample(first, end)) : null;
  const onLines = out || sampled ? (lines: string) => (out?.write(lines), sampled?.keep(lines)) : undefined;
  const stop = stopOnSignals(hooks.signal, () => out?.abort());
  const progress = progressBar(end - first, process.stderr, flags.progress !== false);
  const watch = new FirstChunkWatch();
  try {
    const result = await runGames(job, {
      first,
      end,
      workers,
      check: flags.check,
      strict: flags.strict,
      metrics: flags.metrics === true,
      onLines,
      onProgress: (done) => {
        progress.update(done);
        hooks.onProgress?.(done);
      },
      signal: stop.signal,
      until: (tallies) => watch.observe(tallies) || (precision !== null && halfWidth(tallies[0]) <= precision),
      // Plug-in code plays on a thread of its own, so that exhausting memory or calling process.exit
      // ends that thread, which is reported, rather than the process.
      isolate: job.strategies.specs.some(isPluginSpec),
    });
    // The games file holds exactly the games the report covers, in index order (a prefix if interrupted).
    out?.commit();
    progress.end();
    const warning = degenerateWarning(watch.chunks, [[job.setup.name, ...job.overrides].join(' ')]);
    if (warning !== null) (hooks.warn ?? ((line) => process.stderr.write(`${line}\n`)))(warning);
    if (flags.metrics === true) result.tally.metrics ??= new Metrics(); // no game played: an empty table, still there
    if (sampled !== null && !result.partial) {
      for (const line of await replayCheck(job, sampled.records)) (hooks.onReplayMismatch ?? ((l) => process.stderr.write(`${l}\n`)))(line);
    }
    const reached = precision !== null && halfWidth(result.tally) <= precision;
    return buildReport(job, result.tally, {
      first,
      end: result.end,
      partial: result.partial,
      ...(precision === null ? {} : { precision: { target: precision, halfWidth: halfWidth(result.tally), reached } }),
    });
  } finally {
    progress.end();
    stop.release();
    out?.abort();
  }
}

/** The half-width of the town win's 95% interval, as a share (what --precision aims at). */
function halfWidth(tally: Tally): number {
  const w = wilson(tally.outcomes.town, tally.games);
  return (w.high - w.low) / 2;
}

/**
 * Ctrl-C or SIGTERM (or `also` aborting) as the run's AbortSignal: the first stops the threads, which
 * report the finished prefix; a second ends the process at once (exit 130), after `beforeExit` (the
 * temp games file removed). `release` takes the handlers out again.
 */
function stopOnSignals(also: AbortSignal | undefined, beforeExit: () => void): { readonly signal: AbortSignal; release(): void } {
  const interrupt = new AbortController();
  let stops = 0;
  const onStop = () => {
    if (++stops > 1) {
      beforeExit();
      process.exit(130);
    }
    interrupt.abort();
  };
  for (const s of STOP_SIGNALS) process.on(s, onStop);
  const onAbort = () => interrupt.abort();
  also?.addEventListener('abort', onAbort);
  return {
    signal: interrupt.signal,
    release: () => {
      for (const s of STOP_SIGNALS) process.removeListener(s, onStop);
      also?.removeEventListener('abort', onAbort);
    },
  };
}

/** The records of the sampled games, by game index, kept from the lines the run writes. */
class SampledRecords {
  readonly records = new Map<number, string>();

  constructor(private readonly sample: readonly number[]) {}

  keep(lines: string): void {
    for (const line of lines.split('\n')) {
      if (line === '') continue;
      const index = (JSON.parse(line) as { index: number }).index;
      if (this.sample.includes(index)) this.records.set(index, line);
    }
  }
}

/** Whether a role of the setup comes from a plug-in file (not the built-in catalogue). */
function hasPluginRole(job: Job): boolean {
  return job.setup.deck.some((r) => !ROLES.has(r.id));
}

/**
 * The games `run --check` replays alone when a role plug-in is in play: the first, middle and last of
 * the range (the last has the most earlier games behind it on its thread).
 */
export function replaySample(first: number, end: number): number[] {
  return [...new Set([first, Math.floor((first + end - 1) / 2), end - 1])].filter((k) => k >= first && k < end);
}

/**
 * G10 for plug-ins: each sampled game played alone on a fresh thread (a fresh copy of every plug-in
 * module, as `replay --game K` in a new process) must give the record the run gave it. A plug-in that
 * keeps game facts in its module state fails here (docs/extending.md, "What a plug-in must not do").
 * One line per game that differs, naming the replay command; a game that failed in the run is skipped.
 */
export async function replayCheck(job: Job, batch: ReadonlyMap<number, string>): Promise<string[]> {
  const out: string[] = [];
  for (const [k, line] of batch) {
    let alone = '';
    await runGames(job, { first: k, end: k + 1, workers: 1, isolate: true, check: true, onLines: (l) => (alone += l) });
    alone = alone.trim();
    if (alone !== '' && alone !== line) {
      out.push(
        `replay check (G10): game ${k} played alone gave another record than in the run: a role plug-in keeps state between games? (docs/extending.md, "What a plug-in must not do"): ${whereTheyPart(line, alone)}; replay: ${replayCommand(job, k, true)}`,
      );
    }
  }
  return out;
}

/** The most games `--precision` plays when --games does not say. */
export const PRECISION_GAMES = 100_000_000;

/** `--precision 0.5%` or `--precision 0.005`: a half-width of the town win interval, as a share. */
export function parsePrecision(raw: string): number {
  const t = raw.trim();
  const percent = t.endsWith('%');
  const x = Number(percent ? t.slice(0, -1) : t);
  const share = percent ? x / 100 : x;
  if (!Number.isFinite(x) || t === '' || t === '%' || !(share > 0 && share < 0.5) || (!percent && x >= 0.5)) {
    throw new UserError(`--precision ${raw}: expected a half-width of the town win interval above 0, as a share (0.005) or in percent (0.5%)`);
  }
  return share;
}

/** Shard I of N covers games [⌊(I−1)·G/N⌋, ⌊I·G/N⌋): contiguous, disjoint, and together all G. */
export function shardRange(raw: string, games: number): { first: number; end: number } {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(raw);
  const i = m ? Number(m[1]) : NaN;
  const n = m ? Number(m[2]) : NaN;
  if (!m || !(n >= 1 && n <= 1e6 && i >= 1 && i <= n)) throw new UserError(`--shard ${raw}: expected I/N with 1 ≤ I ≤ N ≤ 1000000, e.g. --shard 3/8`);
  const at = (k: number) => Number((BigInt(k) * BigInt(games)) / BigInt(n));
  return { first: at(i - 1), end: at(i) };
}
