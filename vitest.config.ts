// The suite's setup: each test file first gives the strategy registry the built-in bots (test/setup.ts),
// as every entry point of mafia-sim does.
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { setupFiles: ['test/setup.ts'] } });
