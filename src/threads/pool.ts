// An ordered pool of worker threads for numbered tasks whose results must be taken in order (fuzz's
// cases): tasks 0, 1, 2, … are handed to idle threads while `more` allows and at most a window ahead
// of the first result not yet taken; results that arrive out of order wait until those before them
// are in. What the caller makes of the results therefore never depends on the thread count. A thread
// that dies (out of memory, exit, an uncaught error) stops the pool with a WorkerLost naming its task.
import { Worker } from 'node:worker_threads';
import { UserError } from '../errors.js';
import { tuneHeapForGames } from './heapTuning.js';

/**
 * Each worker's V8 young generation, MB. A game's garbage dies young, so a small young generation
 * collects it as cheaply as V8's default does and keeps each thread's memory down
 * (docs/performance.md: "Memory and the collector").
 */
export const WORKER_YOUNG_GENERATION_MB = 8;

/** A worker thread died under a task (out of memory, or ended): the run cannot account for its games. */
export class WorkerLost extends Error {
  override readonly name = 'WorkerLost';
}

/** What a pool's worker posts back: a task's result, or a failure outside any task's control. */
export type PoolMessage<R> = { readonly type: 'result'; readonly task: number; readonly result: R } | FatalMessage;

export interface FatalMessage {
  readonly type: 'fatal';
  readonly userError: boolean;
  readonly message: string;
  readonly stack: string;
}

/** A worker's report of an error it cannot recover from (bad input is a UserError in the main thread too). */
export function fatalMessage(e: unknown): FatalMessage {
  return { type: 'fatal', userError: e instanceof UserError, message: e instanceof Error ? e.message : String(e), stack: e instanceof Error ? (e.stack ?? e.message) : String(e) };
}

/** The main thread's error for a worker's fatal message: bad input stays a UserError (exit 2). */
export function fatalError(m: FatalMessage): Error {
  const e = m.userError ? new UserError(m.message) : new Error(`worker thread: ${m.message}`);
  if (!m.userError) e.stack = `Error: worker thread failed\nCaused by: ${m.stack}`;
  return e;
}

/**
 * Starts a worker thread with the young generation a game wants; `lost` hears how it died (out of
 * memory, an uncaught error outside any task's try — a plug-in's timer, say — or an exit) unless
 * `settled` says the pool is done with it.
 */
export function startWorker<M>(url: URL, workerData: unknown, onMessage: (m: M) => void, lost: (what: string) => void, settled: () => boolean): Worker {
  const w = new Worker(url, { workerData, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
  w.on('message', onMessage);
  w.on('error', (e) => {
    if ((e as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') return lost('ran out of memory (JS heap)');
    lost(`failed with an uncaught ${e instanceof Error ? `${e.name}: ${e.message.split('\n')[0]}` : String(e)}`);
  });
  w.on('exit', (code) => {
    if (!settled()) lost(`exited unexpectedly (exit code ${code})`);
  });
  return w;
}

export interface PoolPlan<R> {
  /** The worker entry module; it is sent task numbers and posts PoolMessages. */
  readonly url: URL;
  readonly workerData: unknown;
  readonly workers: number;
  /** Whether task `i` should be handed out now (asked again whenever a thread is idle). */
  more(i: number): boolean;
  /** Task i's result, in task order; returning 'stop' ends the pool (results still under way are dropped). */
  take(i: number, result: R): 'stop' | void;
  /** Names what the pool plays, for a lost thread's message: "cases 12" or "games 0–1999". */
  describe(i: number): string;
}

export function runPool<R>(plan: PoolPlan<R>): Promise<void> {
  tuneHeapForGames(); // before the first game (docs/performance.md)
  const window = 4 * plan.workers;
  const waiting = new Map<number, R>();
  let taken = 0;
  let next = 0;
  let settled = false;
  return new Promise<void>((resolve, reject) => {
    const pool: Worker[] = [];
    const idle: Worker[] = [];
    const playing = new Map<Worker, number>();
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      Promise.all(pool.map((w) => w.terminate())).then(outcome, outcome);
    };
    const fail = (e: Error) => finish(() => reject(e));
    const lost = (w: Worker, what: string) => {
      const task = playing.get(w);
      fail(new WorkerLost(`a worker thread ${what}${task === undefined ? '' : ` while playing ${plan.describe(task)}`}; the run is stopped`));
    };
    const dispatch = () => {
      while (!settled && idle.length > 0 && next < taken + window && plan.more(next)) {
        const w = idle.pop()!;
        playing.set(w, next);
        w.postMessage(next++);
      }
      if (!settled && playing.size === 0 && waiting.size === 0) finish(resolve);
    };
    const onMessage = (w: Worker, m: PoolMessage<R>) => {
      if (settled) return;
      if (m.type === 'fatal') return fail(fatalError(m));
      playing.delete(w);
      idle.push(w);
      waiting.set(m.task, m.result);
      while (waiting.has(taken)) {
        const r = waiting.get(taken)!;
        waiting.delete(taken);
        let verdict: 'stop' | void;
        try {
          verdict = plan.take(taken++, r);
        } catch (e) {
          return fail(e instanceof Error ? e : new Error(String(e)));
        }
        if (verdict === 'stop') return finish(resolve);
      }
      dispatch();
    };
    for (let i = 0; i < plan.workers; i++) {
      const w: Worker = startWorker<PoolMessage<R>>(plan.url, plan.workerData, (m) => onMessage(w, m), (what) => lost(w, what), () => settled);
      pool.push(w);
      idle.push(w);
    }
    dispatch();
  });
}

/** A worker entry module (or a child process entry) of this package, `dist/src/<path>.js` (from src/, as vitest runs, dist's copy: a thread or a node process runs plain JS). */
export function workerEntry(path: string): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL(`../../dist/src/${path}.js`, here) : new URL(`../${path}.js`, here);
}
