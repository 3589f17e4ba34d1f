// `node scripts/perf/games.mjs DIR SETUP STRATEGY WARM N`: plays WARM games, then N more, of the build in
// DIR (its dist/), in-process and on one thread, as `run` plays them (pretenuring off); prints the
// second stretch's games per second. What icount.mjs runs under callgrind.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const [dir, setup, strategy, warm, n] = process.argv.slice(2);
const load = (path) => import(pathToFileURL(join(dir, 'dist/src', path)).href);
// (the registry is given the built-in bots by its caller; builds before that import them themselves)
const builtIn = await import(pathToFileURL(join(dir, 'dist/strategies/index.js')).href).catch(() => null);
if (builtIn !== null) (await load('strategy/registry.js')).registerBuiltIns(builtIn.BUILT_IN_STRATEGIES);
const { jobFromSpec } = await load('runner/job.js');
const { runBatch } = await load('runner/batch.js');
// (src/threads/heapTuning.ts; src/runner/ in older builds, and none before the switch: pretenuring on)
const heap = await load('threads/heapTuning.js').catch(() => load('runner/heapTuning.js')).catch(() => null);
heap?.tuneHeapForGames();
const job = await jobFromSpec({ setupArg: setup, overrides: [], strategies: [strategy], seed: '1' });
const W = Number(warm);
const N = Number(n);
runBatch(job, { from: 0, to: W });
const t = performance.now();
runBatch(job, { from: W, to: W + N });
console.log(`${Math.round((N / (performance.now() - t)) * 1000)} games/s`);
