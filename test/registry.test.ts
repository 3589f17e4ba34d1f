// The strategy registry imports no bot: each entry point gives it the built-in ones (registerBuiltIns,
// the list in strategies/index.ts) — here test/setup.ts, as the CLI, the worker threads and the package
// entry do — and a registry given none says so instead of finding no strategy.
import { describe, expect, it, vi } from 'vitest';
import { builtInStrategies, registerBuiltIns } from '../src/strategy/registry.js';
import { BUILT_IN_STRATEGIES } from '../strategies/index.js';

describe('the strategy registry is given the built-in bots', () => {
  it('holds the bots it was given, in their order; given them again, it holds the same', () => {
    expect([...builtInStrategies().keys()]).toEqual(['random', 'smart']);
    registerBuiltIns(BUILT_IN_STRATEGIES);
    expect([...builtInStrategies().values()]).toEqual(BUILT_IN_STRATEGIES);
  });

  it('refuses another bot under a built-in name', () => {
    expect(() => registerBuiltIns([{ ...BUILT_IN_STRATEGIES[0] }])).toThrow('two built-in strategies are named random');
  });

  it('a registry given none says so at the first spec that needs a built-in bot', async () => {
    vi.resetModules();
    const fresh = (await import('../src/strategy/registry.js')) as typeof import('../src/strategy/registry.js');
    expect(() => fresh.parseStrategies(['smart'])).toThrow(/^no built-in strategies: the entry point gives them to the registry first/);
    expect(() => fresh.parseStrategies([])).toThrow(/^no built-in strategies/);
  });
});
