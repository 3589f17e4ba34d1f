// Builds a job the way the CLI does, for tests that play games in-process.
import type { Job } from '../../src/runner/job.js';
import { loadSetup } from '../../src/setup/load.js';
import { parseStrategies } from '../../src/strategy/registry.js';

export function makeJob(setup = 'ukrainian', options: string[] = [], seed = '1', strategies: string[] = []): Job {
  return { setupArg: setup, overrides: options, setup: loadSetup(setup, options), strategies: parseStrategies(strategies), seed };
}
