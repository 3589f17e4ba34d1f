// The suite's setup: each test file first gives the strategy registry the built-in bots (test/setup.ts),
// as every entry point of mafia-sim does. Many tests spawn the CLI and play games; on a loaded 2-core
// machine vitest's 5 s default times them out, which says nothing about the behaviour they check, so
// a test gets a minute (and a hook two) unless it says more — for `npm test` and a bare `vitest` alike.
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { setupFiles: ['test/setup.ts'], testTimeout: 60_000, hookTimeout: 120_000 } });
