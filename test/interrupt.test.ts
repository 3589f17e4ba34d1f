// Issue 31: Ctrl-C (and SIGTERM) everywhere as in `run`. A command stopped before any game finished
// says so instead of printing a table of empty rates (`0.0% (0.0–100.0%)`); a partial report says what
// it covers; `fuzz` prints its summary so far, with the commands that replay the failures found, and
// exits 130. The signals are sent to a child process.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { compareCommand, renderCompare } from '../src/cli/compare.js';
import { exploitCommand, renderExploit } from '../src/cli/exploit.js';
import { renderRoleValues, roleValuesCommand } from '../src/cli/roleValues.js';
import { renderSweep, sweepCommand } from '../src/cli/sweep.js';
import { BIN, ROOT } from './helpers/cli.js';

const plain = new Chalk({ level: 0 });
const bench = { option: [] as string[], strategy: [] as string[], seed: '1', workers: '1', progress: false, games: '2000' };
const EMPTY_RATE = /0\.0% \(0\.0–100\.0%\)|−100\.0 to \+100\.0/;

/** An AbortSignal already aborted: the command is interrupted before its first game. */
const stopped = () => AbortSignal.abort();

describe('interrupted before any game finished: "no games finished", not an empty table', () => {
  it('sweep, compare, role-values and exploit', async () => {
    const sweep = (await sweepCommand({ ...bench, setup: 'club-12', vary: ['players=8..20'] }, stopped())).report;
    const compare = (await compareCommand([], { ...bench, setup: 'ukrainian', left: [], right: ['tie=random'], side: [] }, stopped())).report;
    const values = (await roleValuesCommand({ ...bench, setup: 'ukrainian' }, stopped())).report;
    const exploit = await exploitCommand({ ...bench, setup: 'vanilla' }, stopped());
    for (const [name, partial, text] of [
      ['sweep', sweep.partial, renderSweep(sweep, plain)],
      ['compare', compare.partial, renderCompare(compare, plain)],
      ['role-values', values.partial, renderRoleValues(values, plain)],
      ['exploit', exploit.partial, renderExploit(exploit, plain)],
    ] as const) {
      expect(partial, name).toBe(true);
      expect(text, name).toMatch(/no games finished/);
      expect(text, name).not.toMatch(EMPTY_RATE);
      expect(text, name).not.toMatch(/games 0–-1/);
    }
    // The header says what finished of what was asked.
    expect(renderSweep(sweep, plain)).toMatch(/^Run +0 of 2,000 games per point × 13 points, seed 1, the same/m);
    expect(renderExploit(exploit, plain)).toMatch(/^Run +0 of 2,000 games per arm/m);
  });
});

/**
 * Starts the CLI, sends `signal` after `delayMs` (time to start and install its handlers: node's own
 * would end the process with no report, and the test would fail), and collects the result.
 */
async function interrupted(args: string[], signal: 'SIGINT' | 'SIGTERM', delayMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', COLUMNS: '100' } });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  await new Promise((r) => setTimeout(r, delayMs));
  child.kill(signal);
  return { code: await exited, stdout, stderr };
}

describe('signals sent to the command line', () => {
  it('sweep on SIGTERM: exit 130, the games that finished marked partial, never a table of empty rates', async () => {
    // Its first chunk (2,000 games at each of 13 points, two threads) takes several seconds: most often
    // none has finished at the signal (the path checked exactly above), else a partial report.
    const r = await interrupted(['sweep', '--setup', 'club-12', '--vary', 'players=8..20', '--games', '100000', '--workers', '2'], 'SIGTERM', 2000);
    expect(r.code, r.stderr).toBe(130);
    expect(r.stdout).toMatch(/no games finished|^PARTIAL: the sweep was interrupted/m);
    expect(r.stdout).not.toMatch(EMPTY_RATE);
  });

  it('role-values and exploit on SIGINT: exit 130, what finished marked partial with what it covers, never a table of empty rates', async () => {
    for (const [args, covers] of [
      [['role-values', '--setup', 'ukrainian'], /^Run +[\d,]+ of 100,000,000 games per arm × 13 arms, seed 1,/m],
      [['exploit', '--setup', 'vanilla'], /^Run +[\d,]+ of 100,000,000 games per arm, seed 1,/m],
    ] as const) {
      const r = await interrupted([...args, '--games', '100000000', '--workers', '1'], 'SIGINT', 2500);
      expect(r.code, `${args[0]}: ${r.stderr}`).toBe(130);
      expect(r.stdout, args[0]).toMatch(covers);
      expect(r.stdout, args[0]).toMatch(/no games finished|^PARTIAL: /m);
      expect(r.stdout, args[0]).not.toMatch(EMPTY_RATE);
    }
  });

  it('a partial tournament says how many of the games asked for finished', async () => {
    const r = await interrupted(['tournament', '--strategies', 'random,smart', '--games', '50000000', '--workers', '1'], 'SIGINT', 3000);
    expect(r.code, r.stderr).toBe(130);
    expect(r.stdout).toMatch(/^Run +[\d,]+ of 50,000,000 games per pairing/m);
    expect(r.stdout).toMatch(/PARTIAL/);
  });

  it('fuzz on SIGINT prints its summary so far and the replay commands of the failures found, exit 130', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fuzz-interrupt-'));
    const bot = join(dir, 'broken-bot.ts');
    writeFileSync(
      bot,
      `export default {
  name: 'broken',
  description: 'throws when asked to vote from day 2 on (test)',
  createPlayer: () => ({
    decide(view: { day: number }, req: { kind: string; options: readonly number[] }, rng: { pick<T>(a: readonly T[]): T }) {
      if (req.kind === 'vote' && view.day >= 2) throw new Error('broken vote');
      return req.options.length ? rng.pick(req.options) : null;
    },
  }),
};
`,
    );
    const r = await interrupted(['fuzz', '--games', '100000000', '--workers', '1', '--strategy', bot, '--out', join(dir, 'out')], 'SIGINT', 5000);
    expect(r.code, r.stderr).toBe(130);
    expect(r.stdout).toMatch(/^Fuzz, seed 1 \(--games 100000000\): [\d,]+ games on/m);
    expect(r.stdout).toMatch(/PARTIAL: interrupted/);
    expect(r.stdout).toMatch(/Coverage/);
    expect(r.stdout).toMatch(/setups failed/);
    expect(r.stdout).toMatch(/^ {2}replay: mafia-sim replay .* --check$/m);
  });
});
