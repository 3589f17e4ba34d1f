// Builds a job the way the CLI does, for tests that play games in-process.
import type { Job } from '../../src/runner/job.js';
import { loadSetup } from '../../src/setup/load.js';
import { parseStrategies } from '../../src/strategy/registry.js';

/**
 * `strategies` default to `random` for every seat, not the CLI's default (smart): the tests that use
 * this are about the engine, statistics and reports, written for (and exact under) random play.
 */
export function makeJob(setup = 'ukrainian', options: string[] = [], seed = '1', strategies: string[] = ['random']): Job {
  return { setupArg: setup, overrides: options, setup: loadSetup(setup, options), strategies: parseStrategies(strategies), seed };
}
