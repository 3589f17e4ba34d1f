// The fuzz tests leave nothing in the system temp folder: run in a temp folder of their own, they
// remove the setup files they wrote once they pass.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from './helpers/cli.js';

it('test/invariants leaves no files in the temp folder', () => {
  const temp = mkdtempSync(join(tmpdir(), 'fuzz-temp-'));
  try {
    const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
    const r = spawnSync(process.execPath, [vitest, 'run', 'test/invariants'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, TMPDIR: temp, MAFIA_FUZZ_GAMES: '300', NO_COLOR: '1' },
    });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(readdirSync(temp).filter((f) => f.startsWith('mafia-sim'))).toEqual([]);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
});
