// Plays a range of a job's games in fixed-size chunks, in-process or on worker threads, and merges the
// chunk tallies in chunk order. Chunks do not depend on the worker count, so neither does the result.
// An interrupt (AbortSignal) keeps only the contiguous prefix of finished chunks: a partial result is
// still deterministic for the games it covers.
import { Worker } from 'node:worker_threads';
import { UserError } from '../errors.js';
import { Tally, type TallyData } from '../stats/tally.js';
import { GameFailure, newTally, playChunk } from './batch.js';
import { jobSpec, type Job, type JobSpec } from './job.js';
import { isPluginSpec } from '../strategy/registry.js';

/** Games per chunk: the unit of work handed to a thread, and of a partial result. */
export const CHUNK_GAMES = 2000;

/**
 * Each worker's V8 young generation, MB. A game's garbage is short-lived; measured on 2 cores, 8 MB
 * instead of V8's default played as many games per CPU-second and cut peak RSS by about 40 MB.
 */
const WORKER_YOUNG_GENERATION_MB = 8;

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
  /**
   * Play on worker threads even when `workers` is 1: plug-in code that exhausts the heap or calls
   * process.exit then ends one thread (reported as a WorkerLost), not the whole process with a crash.
   */
  readonly isolate?: boolean;
}

/** A worker thread died under a chunk (out of memory, or ended): the run cannot account for its games. */
export class WorkerLost extends Error {
  override readonly name = 'WorkerLost';
}

export interface RunResult {
  readonly tally: Tally;
  /** The end of the range the tally covers: plan.end, or less when interrupted. */
  readonly end: number;
  readonly partial: boolean;
}

/** What a worker is started with. */
export interface WorkerInit {
  readonly spec: JobSpec;
  readonly check: boolean;
  readonly strict: boolean;
  readonly records: boolean;
}

export interface ChunkRequest {
  readonly chunk: number;
  readonly from: number;
  readonly to: number;
}

export type WorkerMessage =
  | { readonly type: 'chunk'; readonly chunk: number; readonly tally: TallyData; readonly lines: string | null }
  | { readonly type: 'failure'; readonly chunk: number; readonly game: number; readonly error: string; readonly replay: string; readonly causeStack: string }
  | { readonly type: 'fatal'; readonly userError: boolean; readonly message: string; readonly stack: string };

export async function runGames(job: Job, plan: RunPlan): Promise<RunResult> {
  const size = plan.chunkGames ?? CHUNK_GAMES;
  const chunks = Math.ceil((plan.end - plan.first) / size);
  const chunkFrom = (c: number) => plan.first + c * size;
  const chunkTo = (c: number) => Math.min(plan.end, chunkFrom(c + 1));
  const workers = Math.max(1, Math.min(plan.workers, chunks));
  const ctx: Ctx = { job, plan, chunks, chunkFrom, chunkTo };
  return workers === 1 && plan.isolate !== true ? runInProcess(ctx) : runOnWorkers(ctx, workers);
}

interface Ctx {
  readonly job: Job;
  readonly plan: RunPlan;
  readonly chunks: number;
  chunkFrom(c: number): number;
  chunkTo(c: number): number;
}

async function runInProcess({ job, plan, chunks, chunkFrom, chunkTo }: Ctx): Promise<RunResult> {
  const tally = newTally(job);
  const opts = { check: plan.check, strict: plan.strict, records: plan.onLines !== undefined };
  for (let c = 0; c < chunks; c++) {
    if (plan.signal?.aborted) return { tally, end: chunkFrom(c), partial: true };
    const result = playChunk(job, chunkFrom(c), chunkTo(c), opts);
    tally.merge(result.tally);
    if (result.lines !== null) plan.onLines?.(result.lines);
    plan.onProgress?.(chunkTo(c) - plan.first);
    // Let the event loop run between chunks: a SIGINT handler, a caller's timers.
    if (c + 1 < chunks) await new Promise((resolve) => setImmediate(resolve));
  }
  return { tally, end: plan.end, partial: false };
}

/** Where the worker entry is: next to this module when built; from src/ (vitest), dist/'s copy. */
function workerUrl(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('../../dist/src/runner/worker.js', here) : new URL('./worker.js', here);
}

function runOnWorkers({ job, plan, chunks, chunkFrom, chunkTo }: Ctx, count: number): Promise<RunResult> {
  const init: WorkerInit = { spec: jobSpec(job), check: plan.check === true, strict: plan.strict === true, records: plan.onLines !== undefined };
  // Chunks finished out of order wait here until the ones before them are in; handing out chunks at
  // most WINDOW ahead of the first unmerged one bounds that buffer whatever a slow thread does.
  const window = 4 * count;
  const waiting = new Map<number, { tally: TallyData; lines: string | null }>();
  const tally = newTally(job);
  let merged = 0;
  let next = 0;
  let failure: { chunk: number; error: GameFailure } | null = null;
  let settled = false;

  return new Promise<RunResult>((resolve, reject) => {
    const pool: Worker[] = [];
    const idle: Worker[] = [];
    /** The chunk each busy worker is playing, to name the games a dead worker took with it. */
    const playing = new Map<Worker, ChunkRequest>();
    const lost = (w: Worker, what: string) => {
      const req = playing.get(w);
      const games = req ? ` while playing games ${req.from}–${req.to - 1}` : '';
      const plugins = job.strategies.specs.filter((spec) => isPluginSpec(spec));
      const suspects = plugins.length > 0 ? ` (plug-in strategies in play: ${plugins.join(', ')})` : '';
      fail(new WorkerLost(`a worker thread ${what}${games}${suspects}; the run is stopped`));
    };

    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      plan.signal?.removeEventListener('abort', onAbort);
      Promise.all(pool.map((w) => w.terminate())).then(outcome, outcome);
    };
    const fail = (e: Error) => finish(() => reject(e));
    const onAbort = () => finish(() => resolve({ tally, end: chunkFrom(merged), partial: true }));

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
        tally.merge(Tally.fromJSON(done.tally));
        if (done.lines !== null) plan.onLines?.(done.lines);
        merged++;
        plan.onProgress?.(chunkTo(merged - 1) - plan.first);
      }
      // --strict: the failure reported is the first in index order, whichever thread found it first.
      if (failure !== null && merged >= failure.chunk) fail(failure.error);
      else if (merged === chunks) finish(() => resolve({ tally, end: plan.end, partial: false }));
    };

    const onMessage = (w: Worker, m: WorkerMessage) => {
      if (settled) return;
      if (m.type === 'fatal') {
        const e = m.userError ? new UserError(m.message) : new Error(`worker thread: ${m.message}`);
        if (!m.userError) e.stack = `Error: worker thread failed\nCaused by: ${m.stack}`;
        return fail(e);
      }
      playing.delete(w);
      if (m.type === 'failure') {
        if (failure === null || m.chunk < failure.chunk) failure = { chunk: m.chunk, error: new GameFailure(m.game, m.error, m.replay, m.causeStack) };
      } else waiting.set(m.chunk, { tally: m.tally, lines: m.lines });
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
      const w = new Worker(workerUrl(), { workerData: init, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
      w.on('message', (m: WorkerMessage) => onMessage(w, m));
      w.on('error', (e) => {
        if ((e as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') return lost(w, 'ran out of memory (JS heap)');
        // An error thrown outside any chunk's try (a plug-in's timer, say): the thread is gone with it.
        const text = e instanceof Error ? `${e.name}: ${e.message.split('\n')[0]}` : String(e);
        lost(w, `failed with an uncaught ${text}`);
      });
      w.on('exit', (code) => {
        if (!settled) lost(w, `exited unexpectedly (exit code ${code})`);
      });
      pool.push(w);
      idle.push(w);
    }
    dispatch();
  });
}
