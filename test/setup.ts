// Every test file starts as the CLI does: the strategy registry is given the built-in bots
// (strategies/index.ts) before any spec is read. vitest.config.ts runs it first.
import { registerBuiltIns } from '../src/strategy/registry.js';
import { BUILT_IN_STRATEGIES } from '../strategies/index.js';

registerBuiltIns(BUILT_IN_STRATEGIES);
