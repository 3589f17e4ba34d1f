// Plays a range of games in fixed-size chunks, in-process or on worker threads, and merges the chunk
// tallies in chunk order. Chunks do not depend on the worker count, so neither does the result. An
// interrupt (AbortSignal) keeps only the contiguous prefix of finished chunks, and so does a stopping
// rule (`until`, judged on that prefix after each chunk): either way the result is deterministic for
// the games it covers. Several jobs ("arms") can be played on the same games (see batch.ts).
import type { Worker } from 'node:worker_threads';
import { OutcomePairs } from '../stats/paired.js';
import { Tally, type TallyData } from '../stats/tally.js';
import { DetailPairs, type DetailData } from '../stats/pairedDetail.js';
import { tuneHeapForGames } from '../threads/heapTuning.js';
import { GameFailure, newDetails, newTally, playChunk, type ArmsTally } from './batch.js';
import { jobSpec, type Job, type JobSpec } from './job.js';
import { isPluginSpec } from '../strategy/registry.js';
import { fatalError, startWorker, workerEntry, WorkerLost, type FatalMessage } from '../threads/pool.js';

export { WorkerLost } from '../threads/pool.js';
import { botSettings, type BotSettings } from '../protocol/settings.js';

/** Games per chunk: the unit of work handed to a thread, and of a partial result. */
export const CHUNK_GAMES = 2000;


export interface RunPlan {
  /** First game index. */
  readonly first: number;
  /** End of the range (exclusive). */
  readonly end: number;
  /** Threads to play on; 1 plays in-process. Never more than there are chunks. */
  readonly workers: number;
  /** Defaults to CHUNK_GAMES. Results do not depend on it (only a partial result's extent does). */
  readonly chunkGames?: number;
  readonly check?: boolean;
  readonly strict?: boolean;
  /** Receives each chunk's --games-out lines, in game-index order. */
  readonly onLines?: (lines: string) => void;
  /** Called as chunks are counted, with the number of games (finished or failed) counted so far. */
  readonly onProgress?: (done: number) => void;
  /** Aborting stops the run; the result then covers the finished prefix of chunks. */
  readonly signal?: AbortSignal;
  /** A stopping rule, asked after each chunk is merged: true ends the run there (not partial). */
  readonly until?: (tallies: readonly Tally[]) => boolean;
  /**
   * Play on worker threads even when `workers` is 1: plug-in code that exhausts the heap or calls
   * process.exit then ends one thread (reported as a WorkerLost), not the whole process with a crash.
   */
  readonly isolate?: boolean;
  /** Also pair every seat and common role of each arm with its baseline (ArmsResult.details). */
  readonly details?: boolean;
  /** Arm i is paired with arm baselines[i] (an earlier arm; default: arm 0). */
  readonly baselines?: readonly number[];
  /** Count behaviour metrics (src/stats/metrics.ts) into every tally. */
  readonly metrics?: boolean;
}


export interface RunResult {
  readonly tally: Tally;
  /** The end of the range the tally covers: plan.end, or less when interrupted or stopped by `until`. */
  readonly end: number;
  readonly partial: boolean;
}

export interface ArmsResult extends ArmsTally {
  readonly end: number;
  readonly partial: boolean;
}

/** What a worker is started with. */
export interface WorkerInit {
  readonly specs: readonly JobSpec[];
  readonly check: boolean;
  readonly strict: boolean;
  readonly records: boolean;
  readonly details: boolean;
  readonly baselines?: readonly number[];
  readonly metrics: boolean;
  /** The protocol bots' limits and isolation, as on the main thread (src/protocol/settings.ts). */
  readonly bots: BotSettings;
}

export interface ChunkRequest {
  readonly chunk: number;
  readonly from: number;
  readonly to: number;
}

/** A chunk's arms as plain data. */
export interface ChunkData {
  readonly tallies: readonly TallyData[];
  readonly pairs: readonly (readonly (readonly number[])[])[];
  /** Only with RunPlan.details: each arm's per-seat and per-role pairs (null for the first). */
  readonly details: readonly (DetailData | null)[] | null;
  readonly lines: string | null;
}

export type WorkerMessage =
  | ({ readonly type: 'chunk'; readonly chunk: number } & ChunkData)
  | { readonly type: 'failure'; readonly chunk: number; readonly game: number; readonly error: string; readonly replay: string; readonly causeStack: string }
  | FatalMessage;

export async function runGames(job: Job, plan: RunPlan): Promise<RunResult> {
  const r = await runArms([job], plan);
  return { tally: r.tallies[0], end: r.end, partial: r.partial };
}

/** Plays the same games of every job; arm i > 0 is paired with arm 0 (or plan.baselines[i]) game by game. */
export async function runArms(jobs: readonly Job[], plan: RunPlan): Promise<ArmsResult> {
  tuneHeapForGames(); // before the first game, for this thread and the workers it starts
  const size = plan.chunkGames ?? CHUNK_GAMES;
  const chunks = Math.ceil((plan.end - plan.first) / size);
  const chunkFrom = (c: number) => plan.first + c * size;
  const chunkTo = (c: number) => Math.min(plan.end, chunkFrom(c + 1));
  const workers = Math.max(1, Math.min(plan.workers, chunks));
  const ctx: Ctx = { jobs, plan, chunks, chunkFrom, chunkTo, merged: new Merged(jobs, plan.details === true, plan.baselines) };
  return workers === 1 && plan.isolate !== true ? runInProcess(ctx) : runOnWorkers(ctx, workers);
}

/** The tallies and pairs of the chunks merged so far, in chunk order. */
class Merged {
  readonly tallies: Tally[];
  readonly pairs: OutcomePairs[];
  readonly details: (DetailPairs | null)[] | null;

  constructor(jobs: readonly Job[], details: boolean, baselines: readonly number[] | undefined) {
    this.tallies = jobs.map(newTally);
    this.pairs = jobs.map(() => new OutcomePairs());
    this.details = details && jobs.length > 1 ? newDetails(jobs, baselines) : null;
  }

  add(chunk: ArmsTally): void {
    chunk.tallies.forEach((t, i) => this.tallies[i].merge(t));
    chunk.pairs.forEach((p, i) => this.pairs[i].merge(p));
    if (this.details !== null) chunk.details?.forEach((d, i) => d !== null && this.details![i]!.merge(d));
  }

  result(end: number, partial: boolean): ArmsResult {
    return this.details === null ? { tallies: this.tallies, pairs: this.pairs, end, partial } : { tallies: this.tallies, pairs: this.pairs, details: this.details, end, partial };
  }
}

interface Ctx {
  readonly jobs: readonly Job[];
  readonly plan: RunPlan;
  readonly chunks: number;
  chunkFrom(c: number): number;
  chunkTo(c: number): number;
  readonly merged: Merged;
}

async function runInProcess({ jobs, plan, chunks, chunkFrom, chunkTo, merged }: Ctx): Promise<ArmsResult> {
  const opts = { check: plan.check, strict: plan.strict, records: plan.onLines !== undefined, details: plan.details, baselines: plan.baselines, metrics: plan.metrics };
  for (let c = 0; c < chunks; c++) {
    if (plan.signal?.aborted) return merged.result(chunkFrom(c), true);
    const result = playChunk(jobs, chunkFrom(c), chunkTo(c), opts);
    merged.add(result.arms);
    if (result.lines !== null) plan.onLines?.(result.lines);
    plan.onProgress?.(chunkTo(c) - plan.first);
    if (plan.until?.(merged.tallies)) return merged.result(chunkTo(c), false);
    // Let the event loop run between chunks: a SIGINT handler, a caller's timers.
    if (c + 1 < chunks) await new Promise((resolve) => setImmediate(resolve));
  }
  return merged.result(plan.end, false);
}

/** What every worker thread of a run starts from: the jobs as plain specs, and the run's switches. */
function workerInit(jobs: readonly Job[], plan: RunPlan): WorkerInit {
  return { specs: jobs.map(jobSpec), check: plan.check === true, strict: plan.strict === true, records: plan.onLines !== undefined, details: plan.details === true, metrics: plan.metrics === true, bots: botSettings(), ...(plan.baselines ? { baselines: plan.baselines } : {}) };
}

/** A thread died: the error names the games it took with it and the plug-ins that may have killed it. */
function workerLost(jobs: readonly Job[], what: string, req: ChunkRequest | undefined): WorkerLost {
  const games = req ? ` while playing games ${req.from}–${req.to - 1}` : '';
  const plugins = [...new Set(jobs.flatMap((j) => j.strategies.specs).filter((spec) => isPluginSpec(spec)))];
  const suspects = plugins.length > 0 ? ` (plug-in strategies in play: ${plugins.join(', ')})` : '';
  return new WorkerLost(`a worker thread ${what}${games}${suspects}; the run is stopped`);
}

/** A chunk's tallies as a worker posted them (plain data), made objects again. */
function chunkTally(done: ChunkData): ArmsTally {
  return {
    tallies: done.tallies.map((t) => Tally.fromJSON(t)),
    pairs: done.pairs.map((p) => OutcomePairs.fromJSON(p)),
    ...(done.details ? { details: done.details.map((d) => (d === null ? null : DetailPairs.fromJSON(d))) } : {}),
  };
}

function runOnWorkers({ jobs, plan, chunks, chunkFrom, chunkTo, merged: tallies }: Ctx, count: number): Promise<ArmsResult> {
  const init = workerInit(jobs, plan);
  // Chunks finished out of order wait here until the ones before them are in; handing out chunks at
  // most WINDOW ahead of the first unmerged one bounds that buffer whatever a slow thread does.
  const window = 4 * count;
  const waiting = new Map<number, ChunkData>();
  let merged = 0;
  let next = 0;
  let failure: { chunk: number; error: GameFailure } | null = null;
  let settled = false;

  return new Promise<ArmsResult>((resolve, reject) => {
    const pool: Worker[] = [];
    const idle: Worker[] = [];
    /** The chunk each busy worker is playing, to name the games a dead worker took with it. */
    const playing = new Map<Worker, ChunkRequest>();
    const lost = (w: Worker, what: string) => fail(workerLost(jobs, what, playing.get(w)));

    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      plan.signal?.removeEventListener('abort', onAbort);
      Promise.all(pool.map((w) => w.terminate())).then(outcome, outcome);
    };
    const fail = (e: Error) => finish(() => reject(e));
    const onAbort = () => finish(() => resolve(tallies.result(chunkFrom(merged), true)));

    const dispatch = () => {
      while (!settled && failure === null && idle.length > 0 && next < chunks && next < merged + window) {
        const req: ChunkRequest = { chunk: next, from: chunkFrom(next), to: chunkTo(next) };
        next++;
        const w = idle.pop()!;
        playing.set(w, req);
        w.postMessage(req);
      }
    };

    const drain = () => {
      while (waiting.has(merged)) {
        const done = waiting.get(merged)!;
        waiting.delete(merged);
        tallies.add(chunkTally(done));
        if (done.lines !== null) plan.onLines?.(done.lines);
        merged++;
        plan.onProgress?.(chunkTo(merged - 1) - plan.first);
        // A stopping rule ends the run at this chunk (a --strict failure can only be in a later one).
        if (plan.until?.(tallies.tallies)) return finish(() => resolve(tallies.result(chunkTo(merged - 1), false)));
      }
      // --strict: the failure reported is the first in index order, whichever thread found it first.
      if (failure !== null && merged >= failure.chunk) fail(failure.error);
      else if (merged === chunks) finish(() => resolve(tallies.result(plan.end, false)));
    };

    const onMessage = (w: Worker, m: WorkerMessage) => {
      if (settled) return;
      if (m.type === 'fatal') return fail(fatalError(m));
      playing.delete(w);
      if (m.type === 'failure') {
        if (failure === null || m.chunk < failure.chunk) failure = { chunk: m.chunk, error: new GameFailure(m.game, m.error, m.replay, m.causeStack) };
      } else waiting.set(m.chunk, { tallies: m.tallies, pairs: m.pairs, details: m.details, lines: m.lines });
      idle.push(w);
      try {
        drain(); // writes --games-out lines: a failing write ends the run
      } catch (e) {
        return fail(e instanceof Error ? e : new Error(String(e)));
      }
      dispatch();
    };

    plan.signal?.addEventListener('abort', onAbort);
    if (plan.signal?.aborted) return onAbort();
    for (let i = 0; i < count; i++) {
      const w: Worker = startWorker<WorkerMessage>(workerEntry('runner/worker'), init, (m) => onMessage(w, m), (what) => lost(w, what), () => settled);
      pool.push(w);
      idle.push(w);
    }
    dispatch();
  });
}
