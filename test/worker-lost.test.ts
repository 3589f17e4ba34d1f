// A plug-in that kills the thread it plays on (exhausts the heap, calls process.exit, throws where
// no game catches it) ends the run with one line naming what happened and the games that thread was playing,
// exit 1: not a V8 crash with exit 134, not a stack trace. Plug-ins play on a thread of their own
// even with --workers 1, so the main process survives them to say so.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT } from './helpers/cli.js';

const HOG = './test/fixtures/memory-hog-plugin.mjs';
const EXITING = './test/fixtures/exiting-plugin.mjs';

function run(args: string[], opts: { nodeArgs?: string[]; env?: Record<string, string> } = {}) {
  const r = spawnSync(process.execPath, [...(opts.nodeArgs ?? []), BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...opts.env },
  });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

function expectOneLine(r: ReturnType<typeof run>, says: RegExp): void {
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^mafia-sim: error: /);
  expect(lines[0]).toMatch(says);
  expect(r.stderr).not.toMatch(/^\s+at |node:internal|JS stacktrace|Last few GCs/m);
}

describe('a plug-in that kills its thread', () => {
  // A small heap (the flag reaches the worker threads too) makes the hog run out in a second or two.
  for (const workers of ['1', '2']) {
    it(`exhausting the heap (--workers ${workers}): one line naming the cause, the games and the plug-in; exit 1`, () => {
      const r = run(['run', '--games', '4000', '--workers', workers, '--strategy', HOG, '--no-progress'], { nodeArgs: ['--max-old-space-size=256'] });
      expect(r.signal).toBeNull();
      expect(r.code, r.stderr.slice(0, 500)).toBe(1);
      expect(r.stdout).toBe('');
      expectOneLine(r, /a worker thread ran out of memory \(JS heap\) while playing games \d+–\d+ \(plug-in strategies in play: .*memory-hog-plugin\.mjs\)/);
    });
  }

  it('calling process.exit: one line with the exit code and the games; exit 1', () => {
    const r = run(['run', '--games', '100', '--workers', '1', '--strategy', `town=${EXITING}`, '--no-progress']);
    expect(r.code, r.stderr).toBe(1);
    expectOneLine(r, /a worker thread exited unexpectedly \(exit code 3\) while playing games 0–99 .*exiting-plugin\.mjs/);
  });

  it('throwing outside any game (from a microtask): one line with the error; exit 1', () => {
    const r = run(['run', '--games', '6000', '--strategy', `town=${EXITING}`, '--no-progress'], { env: { MAFIA_FIXTURE_MODE: 'throw-async' } });
    expect(r.code, r.stderr).toBe(1);
    expectOneLine(r, /a worker thread failed with an uncaught Error: thrown outside any game while playing games \d+–\d+/);
  });
});
