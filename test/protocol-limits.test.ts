// Limits for every protocol bot (docs/protocol.md, "Limits"): a bot that does not answer in time,
// exits, writes something that is not a message, reports an error or goes over its memory limit fails
// the game it was playing — reported per game, naming the bot and the seat, with the command that
// replays it — and the run goes on (the bot is started afresh); under --strict the first such game
// stops the run. Ctrl-C and SIGTERM stop a run promptly with its partial report, even while a game
// thread waits for a bot that never answers, or an in-process plug-in loops forever.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cliAsync, ROOT } from './helpers/cli.js';

const BAD = (mode: string, marker = '') => `exec:node test/fixtures/bots/bad_bot.mjs ${mode} ${marker}`.trim();

interface RunJson {
  games: number;
  failedGames: number;
  partial: boolean;
  failures: { game: number; error: string; replay: string }[];
}

async function runWith(bot: string, extra: string[] = []) {
  const r = await cliAsync(['run', '--games', '6', '--strategy', `town=${bot}`, '--strategy', 'mafia=smart', '--json', '--no-progress', ...extra]);
  return { ...r, report: r.stdout === '' ? null : (JSON.parse(r.stdout) as RunJson) };
}

/** The games fail per game, the others finish: the fixture misbehaves at games 3 and 5 of seed 1. */
function expectFailedPerGame(r: Awaited<ReturnType<typeof runWith>>, mode: string, says: RegExp) {
  expect(r.code, r.stderr).toBe(1);
  const report = r.report!;
  expect(report.partial).toBe(false);
  expect(report.failures.map((f) => f.game)).toEqual([3, 5]);
  expect(report.games).toBe(4); // the other games finished: the bot was started again after each failure
  for (const f of report.failures) {
    expect(f.error).toMatch(new RegExp(`^PluginError: bot exec:node test/fixtures/bots/bad_bot\\.mjs ${mode} \\(seat \\d+\\) `));
    expect(f.error).toMatch(says);
    expect(f.replay).toContain(`--game ${f.game}`);
  }
}

describe('a protocol bot that misbehaves fails the game it plays, and the run goes on', () => {
  it('one that never answers: "did not answer within N ms", and the replay command carries --decision-timeout', async () => {
    const r = await runWith(BAD('hang'), ['--decision-timeout', '400']);
    expectFailedPerGame(r, 'hang', /did not answer within 400 ms/);
    expect(r.report!.failures[0].replay).toContain('--decision-timeout 400');
  });

  it('one that exits: its exit code', async () => {
    expectFailedPerGame(await runWith(BAD('crash')), 'crash', /exited \(code 3\)/);
  });

  it('one that writes a line that is not JSON: the line', async () => {
    expectFailedPerGame(await runWith(BAD('garbage')), 'garbage', /wrote a line that is not JSON: "I think seat 3 is the don"/);
  });

  it('one that answers with an error message: the message', async () => {
    expectFailedPerGame(await runWith(BAD('error')), 'error', /reported an error \(.*\): no idea what to do/);
  });

  it('one that goes over --bot-memory: killed, with the heap message', async () => {
    const r = await runWith(BAD('hog'), ['--bot-memory', '48', '--decision-timeout', '20000']);
    expectFailedPerGame(r, 'hog', /was killed by SIGABRT \(perhaps over its memory limit\).*heap out of memory/);
  });

  it('one that speaks another protocol version: every game fails, saying why', async () => {
    const v2 = await runWith(BAD('v2'));
    expect(v2.report!.failedGames).toBe(6);
    expect(v2.report!.failures[0].error).toMatch(/bad_bot\.mjs v2 \(seat \d+\) speaks protocol 2; mafia-sim speaks 1 \(at its start\)$/);
  });

  it('a command whose program does not exist is one error line before any game, exit 2', async () => {
    const r = await cliAsync(['run', '--games', '6', '--strategy', 'town=exec:no-such-bot-program --flag', '--json', '--no-progress']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--strategy town=exec:no-such-bot-program --flag.*no-such-bot-program: command not found/);
  });

  it('replaying a failed game fails the same way, naming the bot and the seat; exit 1', async () => {
    const r = await runWith(BAD('crash'));
    const f = r.report!.failures[0];
    // The command as a shell would run it (it quotes the bot's command line).
    const again = spawnSync('sh', ['-c', f.replay.replace(/^mafia-sim /, `'${process.execPath}' '${BIN}' `)], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(again.status, again.stderr).toBe(1);
    expect(again.stderr.trim()).toBe(`mafia-sim: the game failed: ${f.error.replace(/^PluginError: /, '')}`);
  });

  it('--strict: the first failed game stops the run with one line and its replay command; exit 1', async () => {
    const r = await runWith(BAD('crash'), ['--strict']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^mafia-sim: game 3 failed: PluginError: bot exec:node test\/fixtures\/bots\/bad_bot\.mjs crash \(seat \d+\) exited \(code 3\)/);
    expect(lines[1]).toMatch(/^ {2}replay: mafia-sim replay .* --game 3$/);
  });

  it('tournament --strict: the same, for the first failed game of any pairing; exit 1', async () => {
    const r = await cliAsync(['tournament', '--games', '6', '--strategies', `smart,${BAD('crash')}`, '--strict', '--json', '--no-progress']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^mafia-sim: game \d+ failed: PluginError: bot exec:node test\/fixtures\/bots\/bad_bot\.mjs crash \(seat \d+\) exited \(code 3\)/);
  });
});

/** Whether a process is running (a zombie, killed but not yet reaped by whoever adopted it, is not), after up to 3 s for it to go. */
async function running(pid: number): Promise<boolean> {
  for (let i = 0; i < 30; i++) {
    let state = 'gone';
    try {
      state = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
    } catch {
      // no such process
    }
    if (state === 'gone' || state === 'Z') return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/** Starts a run, waits until `ready` exists (the bot is stuck), sends `signal`; resolves with the result. */
function interrupted(args: string[], ready: string, signal: NodeJS.Signals) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const poll = setInterval(() => {
      if (existsSync(ready)) {
        clearInterval(poll);
        child.kill(signal);
      }
    }, 50);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('Ctrl-C and SIGTERM stop a run promptly, with the partial report (exit 130)', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal} while a game waits for a protocol bot that never answers (--workers 1, a 10-minute limit); the bot is killed`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'mafia-stop-'));
      const marker = join(dir, 'stuck');
      const r = await interrupted(['run', '--games', '6', '--workers', '1', '--decision-timeout', '600000', '--strategy', `town=${BAD('hang', marker)}`, '--json', '--no-progress'], marker, signal);
      expect(r.code, r.stderr).toBe(130);
      expect((JSON.parse(r.stdout) as RunJson).partial).toBe(true);
      const pid = Number(readFileSync(marker, 'utf8').split(' ')[1]);
      expect(await running(pid)).toBe(false); // the stuck bot did not outlive the run
    });
  }

  it('SIGINT while an in-process plug-in loops forever in decide (--workers 1): its thread is stopped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mafia-stop-'));
    const marker = join(dir, 'looping');
    const r = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = spawn(process.execPath, [BIN, 'run', '--games', '6', '--workers', '1', '--strategy', 'town=test/fixtures/attacks/attacker.mjs', '--json', '--no-progress'], {
        cwd: ROOT,
        env: { ...process.env, NO_COLOR: '1', ATTACK: 'loop', ATTACK_MARKER: marker },
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 30_000,
      });
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      const poll = setInterval(() => {
        if (existsSync(marker)) {
          clearInterval(poll);
          child.kill('SIGINT');
        }
      }, 50);
      child.on('close', (code) => resolve({ code, stdout }));
    });
    expect(r.code).toBe(130);
    expect((JSON.parse(r.stdout) as RunJson).partial).toBe(true);
  });
});
