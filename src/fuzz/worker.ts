// Fuzz worker-thread entry (runs from dist/): loads the run's role plug-ins and plug-in strategies,
// then plays the cases the main thread sends (src/threads/pool.ts), posting back each case's games.
import { parentPort, workerData } from 'node:worker_threads';
import type { RoleDef } from '../model/roles.js';
import { fatalMessage, type PoolMessage } from '../threads/pool.js';
import { loadRolePlugin } from '../setup/rolePlugins.js';
import { loadStrategies } from '../strategy/load.js';
import { registerBuiltIns } from '../strategy/registry.js';
import { BUILT_IN_STRATEGIES } from '../../strategies/index.js';
import { playCase, type CasePlayed, type FuzzWorkerInit } from './fuzz.js';
import type { GenerateContext } from './generate.js';

const port = parentPort!;
const init = workerData as FuzzWorkerInit;
const post = (m: PoolMessage<CasePlayed>) => port.postMessage(m);
registerBuiltIns(BUILT_IN_STRATEGIES);

async function load(): Promise<GenerateContext> {
  const plugins = new Map<string, RoleDef>();
  for (const file of init.roles) plugins.set(file, await loadRolePlugin(file, file, file));
  await loadStrategies(init.strategies);
  return { plugins, userStrategies: init.strategies };
}

const ready = load();
ready.catch((e) => post(fatalMessage(e))); // reported once; the main thread then stops every worker

// Cases that arrive while the plug-ins load wait for them, in order.
port.on('message', (task: number) => {
  ready.then(
    (ctx) => playCase(init.seed, task, ctx, init.perCase, undefined, { every: init.every }).then((result) => post({ type: 'result', task, result }), (e) => post(fatalMessage(e))),
    () => {},
  );
});
