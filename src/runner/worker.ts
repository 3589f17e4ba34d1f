// Worker-thread entry (runs from dist/): rebuilds the job from plain data, then plays the chunks the
// main thread sends, posting back each chunk's tally (and --games-out lines) as plain data.
import { parentPort, workerData } from 'node:worker_threads';
import { GameFailure, playChunk } from './batch.js';
import { jobFromSpec, type Job } from './job.js';
import { setBotSettings } from '../protocol/settings.js';
import { registerBuiltIns } from '../strategy/registry.js';
import { BUILT_IN_STRATEGIES } from '../../strategies/index.js';
import type { ChunkRequest, WorkerInit, WorkerMessage } from './parallel.js';
import { fatalMessage } from '../threads/pool.js';

const port = parentPort!;
const init = workerData as WorkerInit;
const post = (m: WorkerMessage) => port.postMessage(m);
setBotSettings(init.bots); // before any job is built: isolation decides how plug-ins are loaded
registerBuiltIns(BUILT_IN_STRATEGIES);

const fatal = (e: unknown) => post(fatalMessage(e));

const ready: Promise<Job[]> = Promise.all(init.specs.map((spec) => jobFromSpec(spec)));
ready.catch(fatal); // reported once; the main thread then stops every worker

// Requests that arrive while the job is still loading wait for it, in order.
port.on('message', (req: ChunkRequest) => {
  ready.then((jobs) => playRequest(jobs, req), () => {});
});

function playRequest(jobs: readonly Job[], req: ChunkRequest): void {
  try {
    const { arms, lines } = playChunk(jobs, req.from, req.to, init);
    const details = arms.details ? arms.details.map((d) => (d === null ? null : d.toJSON())) : null;
    post({ type: 'chunk', chunk: req.chunk, tallies: arms.tallies.map((t) => t.toJSON()), pairs: arms.pairs.map((p) => p.toJSON()), details, lines });
  } catch (e) {
    if (e instanceof GameFailure) post({ type: 'failure', chunk: req.chunk, game: e.game, error: e.error, replay: e.replay, causeStack: e.causeStack });
    else fatal(e);
  }
}
