// The built-in bots, in the order `mafia-sim strategies` lists them. The strategy registry
// (src/strategy/registry.ts) imports no bot: each entry point gives it these (registerBuiltIns) before
// any spec is read — the CLI, the worker threads, the bench and the package entry (src/index.ts).
import type { Strategy } from '../src/strategy/types.js';
import { random } from './random.js';
import { smart } from './smart.js';

export const BUILT_IN_STRATEGIES: readonly Strategy[] = [random, smart];
