// The command line as a user meets it: bad input exits 2 with one line and no stack trace, help shows
// examples, the catalogues are complete, and `run --games-out`, `run --json` and `replay` agree.
// Spawning costs ~0.3 s a process, so the processes are all started in beforeAll, side by side: the
// games commands and a few bad inputs run the real binary; the many one-line checks call the built
// CLI's `main` in-process (what bin/mafia-sim.js runs: the shim only sets the exit code from it, and
// prints a stack trace if it throws, which counts as exit 70 here).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../src/rules/roles.js';
import { BUILTIN_SETUPS } from '../src/setup/builtin.js';
import { BIN, ROOT } from './helpers/cli.js';

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Like helpers/cli.ts, but asynchronous, so that the processes run side by side. */
function cliAsync(args: string[]): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The built CLI's main(), in this process, with stdout and stderr captured; one call at a time. */
async function cliInProcess(args: string[]): Promise<Result> {
  const { main } = (await import(pathToFileURL(join(ROOT, 'dist/src/cli/main.js')).href)) as {
    main: (argv: string[], io: { stdout: { write(s: string): void }; stderr: { write(s: string): void } }) => Promise<number>;
  };
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (s: string) => void (stdout += s) }, stderr: { write: (s: string) => void (stderr += s) } };
  try {
    return { code: await main(args, io), stdout, stderr };
  } catch (err) {
    return { code: 70, stdout, stderr: stderr + ((err as Error).stack ?? String(err)) }; // what the shim prints
  }
}

/** Runs the commands a few at a time; results keyed by name. */
async function runAll(commands: Record<string, string[]>): Promise<Record<string, Result>> {
  const names = Object.keys(commands);
  const out: Record<string, Result> = {};
  let next = 0;
  const lane = async () => {
    while (next < names.length) {
      const name = names[next++];
      out[name] = await cliAsync(commands[name]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, Math.min(6, cpus().length)) }, lane));
  return out;
}

const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-cli-'));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

// Bad input, each also asked to write a games file that must not appear. `spawn`: run the real binary.
const BAD: Record<string, { args: string[]; says: RegExp; spawn?: boolean }> = {
  'missing setup file': { args: ['run', '--setup', join(dir, 'no-such-table.yaml')], says: /no-such-table\.yaml/ },
  'malformed YAML': { args: ['run', '--setup', file('broken.yaml', 'rules: [ukrainian\nroles: {don: 1\n')], says: /broken\.yaml: cannot read setup/ },
  'unknown role': {
    args: ['run', '--setup', file('typo.yaml', 'rules: ukrainian\nroles: {don: 1, mafai: 2, courtesan: 1, citizen: 8}\n')],
    says: /unknown role "mafai".*did you mean "mafia"/,
    spawn: true,
  },
  'unknown option': { args: ['run', '--option', 'foo=1'], says: /unknown option "foo"/ },
  'bad option value': { args: ['run', '--option', 'tie=sometimes'], says: /tie.*"sometimes".*revote-then-all/ },
  'bad option value (number)': { args: ['run', '--option', 'maxDays=many'], says: /maxDays.*whole number/ },
  'negative --games': { args: ['run', '--games', '-5'], says: /--games -5/ },
  'non-numeric --games': { args: ['run', '--games', 'abc'], says: /--games abc/ },
  'bad --seed': { args: ['run', '--seed', 'junk'], says: /--seed junk/ },
  'impossible vanilla counts': { args: ['run', '--setup', 'vanilla', '--option', 'mafia=9', '--option', 'players=5'], says: /mafia \(9\).*players \(5\)/ },
  'unknown strategy': { args: ['run', '--strategy', 'randon'], says: /unknown strategy "randon".*did you mean "random"/ },
  'unknown command': { args: ['frobnicate'], says: /unknown command 'frobnicate'/, spawn: true },
  'unwritable --games-out': { args: ['run', '--games', '2', '--games-out', join(dir, 'no-such-dir', 'games.jsonl')], says: /--games-out .*games\.jsonl/, spawn: true },
  'too many --workers': { args: ['run', '--workers', '1000'], says: /--workers 1000: expected a whole number from 1 to \d+/ },
  'replay without --game': { args: ['replay'], says: /--game/ },
  'bad --game': { args: ['replay', '--game', 'x1'], says: /--game x1/ },
};
const badOut = (name: string) => join(dir, `bad-${name.replace(/\W+/g, '-')}.jsonl`);

const SEED = '5';
const GAMES = 24;
const REPLAYED = [0, 13, 23];
const JOB = ['--seed', SEED, '--option', 'tie=random', '--option', 'maxDays=12'];
const gamesOut = join(dir, 'games.jsonl');

let results: Record<string, Result> = {};
let commandNames: string[] = [];

beforeAll(async () => {
  const spawned: Record<string, string[]> = {
    help: ['--help'],
    run: ['run', '--games', String(GAMES), ...JOB, '--games-out', gamesOut, '--json'],
    replayText: ['replay', ...JOB, '--game', String(REPLAYED[1])],
  };
  for (const k of REPLAYED) spawned[`replay${k}`] = ['replay', ...JOB, '--game', String(k), '--json'];
  const inProcess: Record<string, string[]> = {
    version: ['--version'],
    setups: ['setups'],
    roles: ['roles'],
  };
  for (const [name, b] of Object.entries(BAD)) {
    const writes = b.args[0] === 'run' && !b.args.includes('--games-out');
    (b.spawn ? spawned : inProcess)[`bad:${name}`] = writes ? [...b.args, '--games-out', badOut(name)] : b.args;
  }
  const running = runAll(spawned);
  const local: Record<string, Result> = {};
  for (const [name, args] of Object.entries(inProcess)) local[name] = await cliInProcess(args);
  // The command list decides which help pages to ask for.
  const helpText = (await cliInProcess(['--help'])).stdout;
  const section = helpText.split(/^Commands:\n/m)[1]?.split(/\n\n/)[0] ?? '';
  commandNames = [...section.matchAll(/^ {2}([a-z][\w-]*)\b/gm)].map((m) => m[1]).filter((c) => c !== 'help');
  for (const c of commandNames) local[`help:${c}`] = await cliInProcess([c, '--help']);
  results = { ...local, ...(await running) };
  results['help:'] = results.help;
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bad input', () => {
  for (const [name, b] of Object.entries(BAD)) {
    it(`${name}: exit 2, one stderr line, no stack trace, nothing on stdout, no games file`, () => {
      const r = results[`bad:${name}`];
      expect(r.code, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines, r.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(/^mafia-sim: error: /);
      expect(lines[0]).toMatch(b.says);
      expect(r.stderr).not.toMatch(/^\s+at |node:internal|\.js:\d+/m);
    });
  }

  it('bad input leaves no games file behind (not even a partial one)', () => {
    const left = readdirSync(dir).filter((f) => f.startsWith('bad-') || f.endsWith('.partial'));
    expect(left).toEqual([]);
    expect(existsSync(join(dir, 'no-such-dir'))).toBe(false);
  });
});

describe('help, version and catalogues', () => {
  it('--help lists the commands and every help page shows an example', () => {
    expect(commandNames).toEqual(expect.arrayContaining(['run', 'replay', 'scenario', 'setups', 'roles']));
    for (const c of ['', ...commandNames]) {
      const r = results[`help:${c}`];
      expect(r.code, `${c} --help`).toBe(0);
      expect(r.stdout, `${c || 'mafia-sim'} --help`).toMatch(/Examples?:\n\s+mafia-sim \S/);
    }
  });

  it('--version prints the package version', () => {
    expect(results.version.code).toBe(0);
    expect(results.version.stdout.trim()).toBe(pkg.version);
  });

  it('setups lists every built-in setup, roles lists every role', () => {
    expect(results.setups.code).toBe(0);
    for (const s of BUILTIN_SETUPS) expect(results.setups.stdout).toMatch(new RegExp(`^${s.name}\\b`, 'm'));
    expect(results.roles.code).toBe(0);
    const listed = results.roles.stdout.trim().split('\n').map((l) => l.split(/\s+/)[0]);
    expect([...listed].sort()).toEqual([...ROLES.keys()].sort());
  });
});

describe('run, --games-out and replay', () => {
  const records = () => readFileSync(gamesOut, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);

  it('run --json reports games, seed, setup and the four outcomes (stalemate apart from draw)', () => {
    const r = results.run;
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.games).toBe(GAMES);
    expect(report.seed).toBe(SEED);
    expect(report.setup).toMatchObject({ name: 'ukrainian', rules: 'ukrainian', players: 12 });
    expect(report.setup.options).toMatchObject({ tie: 'random', maxDays: 12 });
    expect(Object.keys(report.outcomes).sort()).toEqual(['draw', 'mafia', 'stalemate', 'town']);
    const sum = Object.values(report.outcomes as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(sum).toBe(GAMES);
  });

  it('run --games-out writes one JSON line per game: index, seed, winner, days, eliminations (with cause), points', () => {
    const lines = records();
    expect(lines).toHaveLength(GAMES);
    const report = JSON.parse(results.run.stdout);
    const winners: Record<string, number> = { town: 0, mafia: 0, draw: 0, stalemate: 0 };
    lines.forEach((rec, i) => {
      expect(rec.index).toBe(i);
      expect(rec.seed).toBe(`${SEED}/${i}`);
      expect(Object.keys(winners)).toContain(rec.winner);
      winners[rec.winner as string]++;
      expect(Number.isInteger(rec.days) && (rec.days as number) >= 1 && (rec.days as number) <= 12).toBe(true);
      const elims = rec.eliminations as Record<string, unknown>[];
      expect(Array.isArray(elims)).toBe(true);
      for (const e of elims) {
        expect(['vote', 'night', 'fouls', 'shootout', 'sportsman']).toContain(e.cause);
        expect(e.seat).toBeGreaterThanOrEqual(1);
      }
      expect(rec.points).toHaveLength(12);
    });
    expect(winners).toEqual(report.outcomes); // the file and the report describe the same games
  });

  it('replay --json prints exactly the --games-out line of that game', () => {
    const lines = readFileSync(gamesOut, 'utf8').trimEnd().split('\n');
    for (const k of REPLAYED) {
      const r = results[`replay${k}`];
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.trim()).toBe(lines[k]);
    }
  });

  it("replay's narrated outcome is the batch's outcome for that game", () => {
    const r = results.replayText;
    expect(r.code, r.stderr).toBe(0);
    const rec = records()[REPLAYED[1]];
    const m = /Outcome: (\w+) after (\d+) day/.exec(r.stdout);
    expect(m, r.stdout.slice(-300)).not.toBeNull();
    expect([m![1], Number(m![2])]).toEqual([rec.winner, rec.days]);
    expect(r.stdout).toMatch(new RegExp(`Game ${REPLAYED[1]}\\b`));
  });
});
