// The parallel runner, shards and merge: the report never depends on threads, shards or interrupts
// beyond the range of games it covers.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GAMES_PER_WORKER, workerCount } from '../src/cli/common.js';
import { runCommand, shardRange, type RunFlags } from '../src/cli/run.js';
import { mergeCommand } from '../src/cli/merge.js';
import { reportJson } from '../src/report/integrity.js';
import { tallyFromReport, buildReport, type Report } from '../src/report/report.js';
import { runBatch } from '../src/runner/batch.js';
import { Tally } from '../src/stats/tally.js';
import { BIN, ROOT, cli } from './helpers/cli.js';
import { makeJob } from './helpers/job.js';

const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string) => join(dir, name);

// A plug-in bot that throws on about one decision in 2,000: its failures are deterministic (they
// depend only on each seat's seeded stream), so they must come out the same on any thread or shard.
const FLAKY = file('flaky.mjs');
writeFileSync(
  FLAKY,
  `export default {
  name: 'flaky',
  description: 'random, but sometimes throws',
  createPlayer: () => ({
    decide(view, request, rng) {
      if (rng.next() < 1 / 2000) throw new Error('flaky bot gave up');
      return request.options.length === 0 ? null : rng.pick(request.options);
    },
  }),
};
`,
);

// 5,000 games is three chunks of the runner's 2,000: enough for every thread to get work.
const GAMES = '5000';
const flags = (more: Partial<RunFlags> = {}): RunFlags => ({ setup: 'ukrainian', option: [], strategy: [], seed: '1', games: GAMES, progress: false, ...more });
const json = (x: Report) => reportJson(x);

describe('parallel runner', () => {
  it('gives byte-identical JSON and --games-out files for --workers 1, 2 and 3', async () => {
    const runs = [];
    for (const w of ['1', '2', '3']) {
      const gamesOut = file(`games-${w}.jsonl`);
      const report = await runCommand(flags({ seed: '4', workers: w, gamesOut }));
      runs.push({ json: json(report), games: readFileSync(gamesOut, 'utf8') });
    }
    expect(runs[1].json).toBe(runs[0].json);
    expect(runs[2].json).toBe(runs[0].json);
    expect(runs[1].games).toBe(runs[0].games);
    expect(runs[2].games).toBe(runs[0].games);
    const indices = runs[0].games.trim().split('\n').map((line) => JSON.parse(line).index);
    expect(indices).toEqual([...Array(5000).keys()]);
    expect(JSON.parse(runs[0].json)).toMatchObject({ games: 5000, range: { first: 0, end: 5000 }, partial: false });
  });

  it('keeps failed games with their replay commands whatever thread played them', async () => {
    const one = await runCommand(flags({ strategy: [FLAKY], workers: '1' }));
    const two = await runCommand(flags({ strategy: [FLAKY], workers: '2' }));
    expect(json(two)).toBe(json(one));
    expect(one.failedGames).toBeGreaterThan(20);
    expect(one.failures).toHaveLength(20);
    const first = one.failures[0];
    expect(first.replay).toBe(`mafia-sim replay --setup ukrainian --strategy ${FLAKY} --seed 1 --game ${first.game}`);
    expect(first.error).toMatch(/flaky bot gave up/);
    // The failures kept are the first in index order.
    const games = one.failures.map((f) => f.game);
    expect(games).toEqual([...games].sort((a, b) => a - b));
    expect(one.games + one.failedGames).toBe(5000);
  });

  it('--strict stops at the first failed game in index order, on any number of threads', async () => {
    const first = (await runCommand(flags({ strategy: [FLAKY], workers: '1' }))).failures[0];
    for (const workers of ['1', '3']) {
      const error = await runCommand(flags({ strategy: [FLAKY], workers, strict: true })).catch((e: Error) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe(`game ${first.game} failed: ${first.error}\n  replay: ${first.replay}`);
    }
  });

  it('an interrupted run reports a prefix of whole chunks, marked partial, equal to a run of just those games', async () => {
    const stop = new AbortController();
    const many = flags({ seed: '3', games: '40000', workers: '2' });
    const partial = await runCommand(many, { signal: stop.signal, onProgress: (done) => done >= 4000 && stop.abort() });
    expect(partial.partial).toBe(true);
    expect(partial.range.first).toBe(0);
    expect(partial.range.end).toBeGreaterThanOrEqual(4000);
    expect(partial.range.end).toBeLessThan(40000);
    expect(partial.range.end % 2000).toBe(0);
    expect(partial.games + partial.failedGames).toBe(partial.range.end);
    const whole = await runCommand({ ...many, games: String(partial.range.end), workers: '1' });
    expect(json({ ...partial, partial: false })).toBe(json(whole));
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal === 'SIGINT' ? 'Ctrl-C (SIGINT)' : 'SIGTERM, like Ctrl-C,'} stops the threads, prints the partial report and exits 130`, async () => {
      const out = file(`interrupted-${signal}.jsonl`);
      const child = spawn(process.execPath, [BIN, 'run', '--games', '100000000', '--workers', '2', '--json', '--games-out', out], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
      let stdout = '';
      child.stdout.on('data', (d) => (stdout += d));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      // The temp games file appears just before the signal handlers are installed; wait for a first chunk in it.
      const partialFile = await tempFileOf(out);
      child.kill(signal);
      expect(await exited).toBe(130);
      const report = JSON.parse(stdout);
      expect(report.partial).toBe(true);
      expect(report.range.first).toBe(0);
      expect(report.range.end).toBeGreaterThan(0);
      expect(report.range.end % 2000).toBe(0);
      // The games file holds exactly the games the report covers, in order.
      const lines = readFileSync(out, 'utf8').trim().split('\n');
      expect(lines.map((l) => JSON.parse(l).index)).toEqual([...Array(report.range.end).keys()]);
      expect(existsSync(partialFile)).toBe(false);
    });
  }

  it('a second Ctrl-C ends the run at once (exit 130) and leaves no temp games file', async () => {
    const out = file('interrupted-twice.jsonl');
    const child = spawn(process.execPath, [BIN, 'run', '--games', '100000000', '--workers', '2', '--json', '--games-out', out], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await tempFileOf(out);
    child.kill('SIGINT');
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(readdirSync(dir).filter((f) => f.includes('interrupted-twice') && f.endsWith('.partial'))).toEqual([]);
  });
});

/** The temp file a run writes `out` through (hidden, beside it), once it holds a first chunk. */
async function tempFileOf(out: string): Promise<string> {
  const prefix = `.${basename(out)}.`;
  for (;;) {
    const tmp = readdirSync(dirname(out)).find((f) => f.startsWith(prefix) && f.endsWith('.partial'));
    const path = tmp === undefined ? '' : join(dirname(out), tmp);
    if (path && (statSync(path, { throwIfNoEntry: false })?.size ?? 0) > 0) return path;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('run --precision', () => {
  it('plays whole chunks until the town win interval is ±H: the first chunk where it holds, the same on any number of threads', async () => {
    const a = await runCommand(flags({ games: undefined, precision: '0.8%', seed: '6', workers: '1' }));
    const b = await runCommand(flags({ games: undefined, precision: '0.008', seed: '6', workers: '2' }));
    expect(json(b)).toBe(json(a));
    expect(a.precision).toEqual({ target: 0.008, halfWidth: expect.any(Number), reached: true });
    expect(a.precision!.halfWidth).toBeLessThanOrEqual(0.008);
    expect(a.games % 2000).toBe(0);
    expect(a.games).toBeGreaterThan(2000);
    // One chunk fewer was not enough.
    const before = await runCommand(flags({ games: String(a.games - 2000), seed: '6', workers: '1' }));
    const w = before.outcomeRates.town;
    expect((w.high - w.low) / 2).toBeGreaterThan(0.008);
    // The report is the report of a run of exactly those games, plus what precision says.
    const fixed = await runCommand(flags({ games: String(a.games), seed: '6', workers: '1' }));
    const { precision, ...rest } = a;
    expect(precision).toBeDefined();
    expect(json(rest as Report)).toBe(json(fixed));
  });

  it('stops at --games when the precision is not reached, and says so', async () => {
    const r = await runCommand(flags({ games: '3000', precision: '0.1%', seed: '6', workers: '1' }));
    expect(r.games).toBe(3000);
    expect(r.precision!.reached).toBe(false);
  });

  it('refuses a bad half-width, and --precision with --shard', async () => {
    for (const bad of ['0', '50%', '0.5', 'x', '-1%', '%']) {
      await expect(runCommand(flags({ precision: bad }))).rejects.toThrow(/--precision .*: expected a half-width of the town win interval above 0/);
    }
    await expect(runCommand(flags({ precision: '1%', shard: '1/2' }))).rejects.toThrow(/--precision and --shard/);
  });
});

describe('report integrity (merge)', () => {
  it('a shard edited by hand is refused by its checksum; one whose counts disagree is refused naming the field', async () => {
    const a = file('int-a.json');
    const b = file('int-b.json');
    writeFileSync(a, json(await runCommand(flags({ games: '400', shard: '1/2', workers: '1' }))));
    writeFileSync(b, json(await runCommand(flags({ games: '400', shard: '2/2', workers: '1' }))));
    expect(mergeCommand([a, b]).games).toBe(400);
    const report = JSON.parse(readFileSync(b, 'utf8'));
    const edited = file('int-edited.json');
    writeFileSync(edited, JSON.stringify({ ...report, outcomes: { ...report.outcomes, town: report.outcomes.town + 1 } }, null, 2));
    expect(() => mergeCommand([a, edited])).toThrow(/int-edited\.json: not a mafia-sim run --json report \(format 2\): checksum: does not match the report \(was it edited\?\)/);
    // Counts that disagree, with the checksum made to match: each is named.
    const { checksum: _, ...body } = report;
    const resealed = (changed: Report, name: string) => {
      const path = file(name);
      writeFileSync(path, reportJson(changed));
      return path;
    };
    const cases: [Report, RegExp][] = [
      [{ ...body, outcomes: { ...body.outcomes, town: body.outcomes.town + 1 } }, /outcomes: sum to 201, not games \(200\)/],
      [{ ...body, failedGames: 7 }, /games \+ failedGames \(207\) exceed the range's 200 games/],
      [{ ...body, roles: [{ ...body.roles[0], seats: 5 }, ...body.roles.slice(1)] }, /roles\[0\] \(don\)\.seats: 5, not perGame × games \(200\)/],
      [{ ...body, seats: body.seats.slice(1) }, /seats: 11 rows, not setup\.players \(12\)/],
      [{ ...body, length: { ...body.length, histogram: body.length.histogram.slice(1) } }, /length\.histogram: counts \d+ games, not 200/],
    ];
    for (const [changed, message] of cases) expect(() => mergeCommand([a, resealed(changed, 'int-bad.json')])).toThrow(message);
  });
});

describe('thread count', () => {
  const cpus = availableParallelism();

  it('by default one thread per GAMES_PER_WORKER games, at least one, at most one per CPU', () => {
    expect(workerCount(undefined, 1)).toBe(1);
    expect(workerCount(undefined, GAMES_PER_WORKER - 1)).toBe(1);
    expect(workerCount(undefined, 2 * GAMES_PER_WORKER)).toBe(Math.min(2, cpus));
    expect(workerCount(undefined, 1_000_000)).toBe(Math.min(Math.floor(1_000_000 / GAMES_PER_WORKER), cpus));
  });

  it('--workers is taken as given up to 4 per CPU (at least 8), and refused beyond', () => {
    const most = Math.max(8, 4 * cpus);
    expect(workerCount('3', 10)).toBe(3);
    expect(workerCount(String(most), 10)).toBe(most);
    expect(() => workerCount(String(most + 1), 10)).toThrow(new RegExp(`--workers ${most + 1}: expected a whole number from 1 to ${most}`));
    expect(() => workerCount('0', 10)).toThrow(/--workers 0/);
  });
});

describe('shards and merge', () => {
  it('shards cover the games contiguously: [⌊(I−1)·G/N⌋, ⌊I·G/N⌋)', () => {
    expect([1, 2, 3].map((i) => shardRange(`${i}/3`, 10))).toEqual([
      { first: 0, end: 3 },
      { first: 3, end: 6 },
      { first: 6, end: 10 },
    ]);
    expect(shardRange('4/4', 1e12)).toEqual({ first: 750_000_000_000, end: 1e12 });
    expect(() => shardRange('0/3', 10)).toThrow(/--shard 0\/3: expected I\/N/);
    expect(() => shardRange('4/3', 10)).toThrow(/--shard 4\/3/);
  });

  it('shards 1/3, 2/3 and 3/3 merge into exactly the JSON of the single run, failures included', async () => {
    const run = (more: Partial<RunFlags>) => runCommand(flags({ seed: '8', strategy: [FLAKY], ...more }));
    const single = json(await run({ workers: '1' }));
    const shards: string[] = [];
    for (const i of [3, 1, 2]) {
      const path = file(`shard-${i}.json`);
      writeFileSync(path, json(await run({ shard: `${i}/3`, workers: '2' })));
      shards.push(path);
    }
    expect(JSON.parse(readFileSync(shards[1], 'utf8')).range).toEqual({ first: 0, end: 1666 });
    const merged = cli(['merge', ...shards, '--json']);
    expect(merged.code).toBe(1); // the merged report has failed games, like the single run
    expect(merged.stdout).toBe(single + '\n');
    expect(JSON.parse(merged.stdout).failedGames).toBeGreaterThan(0);
  });

  it('a report rebuilt into a tally gives back the same report', () => {
    const job = makeJob('ukrainian', [], '2');
    const tally = runBatch(job, { from: 0, to: 500 });
    tally.addFailure(500, 'Error: made up', 'mafia-sim replay --seed 2 --game 500');
    const report = buildReport(job, tally, { first: 0, end: 501, partial: false });
    expect(JSON.stringify(buildReport(job, tallyFromReport(report), { first: 0, end: 501, partial: false }))).toBe(JSON.stringify(report));
    expect(JSON.stringify(Tally.fromJSON(JSON.parse(JSON.stringify(tally.toJSON()))).toJSON())).toBe(JSON.stringify(tally.toJSON()));
  });

  it('rejects reports of different seeds or setups, overlapping or missing ranges, unreadable files', async () => {
    const report = async (name: string, more: Partial<RunFlags>) => {
      const path = file(name);
      writeFileSync(path, json(await runCommand(flags({ games: '300', workers: '1', ...more }))));
      return path;
    };
    const a = await report('a.json', { shard: '1/2' });
    const b = await report('b.json', { shard: '2/2' });
    const cases: [string[], RegExp][] = [
      [[a, await report('seed.json', { shard: '2/2', seed: '9' })], /seed\.json: seed 9 differs from .*a\.json's 1; only reports of the same setup, options, strategies and seed merge$/],
      [[a, await report('setup.json', { shard: '2/2', setup: 'vanilla' })], /setup\.json: setup vanilla differs from .*a\.json's ukrainian/],
      [[a, await report('option.json', { shard: '2/2', option: ['tie=random'] })], /option\.json: option tie random differs from .*a\.json's revote-then-all/],
      [[a, a], /a\.json \(games 0–149\) overlaps .*a\.json \(games 0–149\)/],
      [[a, await report('wider.json', { shard: '2/3' }), b], /wider\.json \(games 100–199\) overlaps .*a\.json \(games 0–149\)/],
      [[await report('third.json', { shard: '1/3' }), b], /games 100–149 are in none of the reports/],
      [[a, file('missing.json')], /missing\.json: cannot read report: .*ENOENT/],
    ];
    writeFileSync(file('junk.json'), '{"format": 2}');
    cases.push([[a, file('junk.json')], /junk\.json: not a mafia-sim run --json report \(format 2\): setup: missing/]);
    writeFileSync(file('old.json'), '{"format": 1}');
    cases.push([[a, file('old.json')], /old\.json: not a mafia-sim run --json report \(format 2\): format is 1 \(this mafia-sim reads format 2\)/]);
    for (const [files, message] of cases) expect(() => mergeCommand(files), files.join(' ')).toThrow(message);
    expect(mergeCommand([b, a]).range).toEqual({ first: 0, end: 300 });

    // On the command line: one line on stderr, nothing on stdout, exit 2.
    const r = cli(['merge', a, file('seed.json'), '--json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^mafia-sim: error: .*seed\.json: seed 9 differs/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
