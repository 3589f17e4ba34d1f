// No process a bot starts outlives the run (issue 32): an `exec:` bot or an isolated plug-in that starts
// children in its own process group, in a session of its own (setsid), double-forked, holding its
// stdout, or with a cleared environment (env -i) — the ones neither the bot's process group nor the
// run's token in the environment reach — leaves none of them running once the command has exited:
// each carries the run's mark in its limits (src/protocol/bridge.ts), and the sweep at exit ends it.
// The bots write the pid of every process they start to a file, so the test knows they were started;
// the processes named `sleep TAG.K` are counted before and after.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module without types
import { BIN, ROOT, killProcesses, processesWith, spawnCapture } from '../../scripts/hostile/cases.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-orphans-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const BOT = join(ROOT, 'test', 'fixtures', 'bots', 'hostile_bot.mjs');
const PLUGIN = join(ROOT, 'test', 'fixtures', 'plugins', 'spawning-plugin.mjs');
/** A number of this test run: its children are `sleep TAG.K`, which no other run starts. */
const TAG = 60_000 + 2 * (process.pid % 10_000);

/** Runs the CLI with `args`; the processes named `sleep tag.` before and after, and the pids the bots noted. */
async function leftBehind(name: string, tag: number, args: string[]): Promise<{ before: number; noted: number[]; after: number[]; code: number | null }> {
  const marker = `sleep ${tag}.`;
  const pids = join(dir, `${name}.pids`);
  const before = processesWith(marker).length;
  const r = await spawnCapture(process.execPath, [BIN, ...args], { cwd: dir, timeoutMs: 60_000, env: { MAFIA_HOSTILE_PIDS: pids, MAFIA_HOSTILE_TAG: String(tag) } });
  let noted: number[] = [];
  try {
    noted = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
  } catch {
    // none noted: the assertion on `noted` says so
  }
  // The sweep sends its signals before the command exits; a killed process leaves the process table
  // when the system has delivered them (generously waited for, never a timing claim).
  const deadline = Date.now() + 10_000;
  let after: number[] = processesWith(marker);
  while (after.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    after = processesWith(marker);
  }
  killProcesses(marker); // whatever a failing run left, so that it does not outlive the test either
  return { before, noted, after, code: r.code };
}

describe('no process a bot starts outlives the run', () => {
  it('an exec: bot on worker threads: seven children, in its group, under setsid, double-forked, holding stdout, with a cleared environment', async () => {
    const r = await leftBehind('run', TAG, ['run', '--setup', 'vanilla', '--games', '5', '--workers', '2', '--json', '--strategy', `town=exec:node ${BOT} spawn ${TAG}`]);
    expect(r.code).toBe(0);
    expect(r.before).toBe(0);
    expect(r.noted.length).toBeGreaterThanOrEqual(7);
    expect(r.after).toEqual([]);
  }, 90_000);

  it('an exec: bot of replay, which plays on the main thread', async () => {
    const r = await leftBehind('replay', TAG + 1, ['replay', '--setup', 'vanilla', '--game', '0', '--strategy', `town=exec:node ${BOT} spawn ${TAG + 1}`]);
    expect(r.code).toBe(0);
    expect(r.before).toBe(0);
    expect(r.noted.length).toBeGreaterThanOrEqual(7);
    expect(r.after).toEqual([]);
  }, 90_000);

  it('an isolated plug-in whose import starts children with a cleared environment, one double-forked', async () => {
    const r = await leftBehind('isolated', TAG + 2, ['run', '--setup', 'vanilla', '--games', '5', '--isolate', '--json', '--strategy', `town=${PLUGIN}`]);
    expect(r.code).toBe(0);
    expect(r.before).toBe(0);
    expect(r.noted.length).toBeGreaterThanOrEqual(2);
    expect(r.after).toEqual([]);
  }, 90_000);
});
