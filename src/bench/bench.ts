// `npm run bench [-- --quick]`: games per second and peak memory of the runner, on one worker and on
// every core, for the built-in setups and strategies that exist, plus one long run showing memory
// stays flat. Writes docs/benchmarks.md and prints it. Timing lives here only, never in a test.
//
// Each measurement runs in its own child process (this file with --child), so each peak RSS
// (process.resourceUsage().maxRSS, threads included) belongs to that measurement alone.
import { execFile, execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem, type as osType, release } from 'node:os';
import { fileURLToPath } from 'node:url';
import { jobFromSpec } from '../runner/job.js';
import { CHUNK_GAMES, runGames } from '../runner/parallel.js';
import { builtinSetup } from '../setup/builtin.js';
import { floorProbe, measureFloor } from './floor.js';
import { builtInStrategies, registerBuiltIns } from '../strategy/registry.js';
import { BUILT_IN_STRATEGIES } from '../../strategies/index.js';

interface ChildTask {
  readonly setup: string;
  readonly strategy: string;
  readonly workers: number;
  /** Play this many games, or (without) as many as finish in `seconds`. */
  readonly games?: number;
  readonly seconds?: number;
}

interface ChildResult {
  readonly games: number;
  readonly seconds: number;
  /** Games per second over the whole run. */
  readonly rate: number;
  /** Games per second over the second half of the run: past JIT warm-up and thread start-up. */
  readonly steady: number;
  /** CPU time of the whole process (every thread) per second of the run: how many cores it kept busy. */
  readonly busy: number;
  /** Peak resident set size of the whole process, MB. */
  readonly peakMB: number;
  /** Resident set size at 10%, 20%, … 100% of the games (runs of a fixed number of games), MB. */
  readonly rssMB: readonly number[];
}

const ROWS: ReadonlyArray<readonly [setup: string, strategy: string]> = [
  ['ukrainian', 'random'],
  ['club-12', 'random'],
  ['ukrainian', 'smart'],
  ['club-20', 'smart'],
];
const TARGET_RATE = 50_000;
const TARGET_SMART_RATE = 15_000;
const TARGET_SPEEDUP = 1.8;
const TARGET_PEAK_MB = 200;
/** ukrainian/random on one worker against the floor probe (a bare 12-seat random loop), measured in the same run. */
const TARGET_FLOOR_SHARE = 0.3;

const MB = 1024 * 1024;
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
/** Games per CPU-second over the whole run: the work a run costs, whatever else the machine was doing. */
const perCpu = (r: ChildResult) => fmt(r.rate / Math.max(1e-9, r.busy));

/**
 * One measurement, cold start included (module loading aside): JIT warm-up on one worker and thread
 * start-up on several are both part of what a user waits for. A timed run is stopped like Ctrl-C
 * stops one and counts the finished prefix of chunks, so chunks in flight on threads at the stop
 * count against the threads.
 */
async function child(task: ChildTask): Promise<ChildResult> {
  const job = await jobFromSpec({ setupArg: task.setup, overrides: [], strategies: [task.strategy], seed: '1' });
  const games = task.games ?? Number.MAX_SAFE_INTEGER;
  const stop = new AbortController();
  const rssMB: number[] = [];
  const marks: [seconds: number, done: number][] = [];
  let nextSample = 0.1;
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  // A timed run stops at the deadline, but not before every thread has finished a chunk.
  const enough = task.workers * CHUNK_GAMES;
  let due = false;
  let counted = 0;
  const timer =
    task.seconds === undefined
      ? undefined
      : setTimeout(() => {
          due = true;
          if (counted >= enough) stop.abort();
        }, task.seconds * 1000);
  const result = await runGames(job, {
    first: 0,
    end: games,
    workers: task.workers,
    signal: stop.signal,
    onProgress: (done) => {
      counted = done;
      if (due && done >= enough) stop.abort();
      marks.push([(performance.now() - start) / 1000, done]);
      while (task.games !== undefined && done / games >= nextSample - 1e-9) {
        rssMB.push(process.memoryUsage.rss() / MB);
        nextSample += 0.1;
      }
    },
  });
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpu0);
  clearTimeout(timer);
  // The second half starts at the last progress mark at or before mid-run, so it spans at least half
  // the run (the first mark after mid-run can sit next to the last when threads finish together).
  const [midT, midDone] = [...marks].reverse().find(([t]) => t <= seconds / 2) ?? [0, 0];
  const [endT, endDone] = marks[marks.length - 1] ?? [seconds, 0];
  const steady = endT > midT ? (endDone - midDone) / (endT - midT) : result.end / seconds;
  const busy = (cpu.user + cpu.system) / 1e6 / seconds;
  return { games: result.end, seconds, rate: result.end / seconds, steady, busy, peakMB: (process.resourceUsage().maxRSS * 1024) / MB, rssMB };
}

function measure(task: ChildTask): ChildResult {
  const self = fileURLToPath(import.meta.url);
  const out = execFileSync(process.execPath, [self, '--child', JSON.stringify(task)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 20 });
  return JSON.parse(out) as ChildResult;
}

/** `n` one-worker processes at once: what the machine gives n independent copies (no threads involved). */
async function measureSideBySide(task: ChildTask, n: number): Promise<ChildResult> {
  const self = fileURLToPath(import.meta.url);
  const one = () =>
    new Promise<ChildResult>((resolve, reject) =>
      execFile(process.execPath, [self, '--child', JSON.stringify(task)], { encoding: 'utf8', maxBuffer: 1 << 20 }, (e, out) => (e ? reject(e) : resolve(JSON.parse(out) as ChildResult))),
    );
  const runs = await Promise.all(Array.from({ length: n }, one));
  const sum = (f: (r: ChildResult) => number) => runs.reduce((t, r) => t + f(r), 0);
  return {
    games: sum((r) => r.games),
    seconds: Math.max(...runs.map((r) => r.seconds)),
    rate: sum((r) => r.rate),
    steady: sum((r) => r.steady),
    busy: sum((r) => r.busy),
    peakMB: sum((r) => r.peakMB),
    rssMB: [],
  };
}

function machine(): string[] {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  let commit = '';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    commit = 'unknown';
  }
  return [
    `- CPU: ${cpu}, ${availableParallelism()} cores available`,
    `- Memory: ${(totalmem() / 1024 ** 3).toFixed(1)} GB`,
    `- Node ${process.version} on ${osType()} ${release()}`,
    `- Commit ${commit} (plus any uncommitted changes in the tree); load average at start ${loadavg().map((x) => x.toFixed(2)).join(' / ')}`,
  ];
}

/** What one bench run is set to: `--quick` shortens every measurement. */
interface Settings {
  readonly quick: boolean;
  readonly cores: number;
  readonly seconds: number;
  readonly repeats: number;
  readonly longGames: number;
  readonly log: (line: string) => void;
}

/** A row's best runs: on one worker, on every core, `cores` processes side by side (first row), the floor probe. */
interface Row {
  readonly one: ChildResult;
  readonly all: ChildResult;
  readonly ceiling: ChildResult | null;
  readonly floor: number;
}

async function main(argv: readonly string[]): Promise<void> {
  if (argv[0] === '--child') {
    process.stdout.write(JSON.stringify(await child(JSON.parse(argv[1]) as ChildTask)) + '\n');
    return;
  }
  const quick = argv.includes('--quick');
  const s: Settings = {
    quick,
    cores: availableParallelism(),
    seconds: quick ? 4 : 15,
    repeats: quick ? 1 : 3,
    longGames: quick ? 1_000_000 : 10_000_000,
    log: (line) => process.stderr.write(line + '\n'),
  };
  const lines: string[] = header(s);
  const notes: string[] = [];
  const checks: string[] = [];
  for (const [setup, strategy] of ROWS) {
    const missing = [!builtinSetup(setup) && `setup ${setup}`, !builtInStrategies().has(strategy) && `strategy ${strategy}`].filter(Boolean);
    if (missing.length > 0) {
      notes.push(`- Skipped ${setup} / ${strategy}: no built-in ${missing.join(' or ')} yet.`);
      s.log(`skip ${setup}/${strategy}: no built-in ${missing.join(' or ')}`);
      continue;
    }
    const row = await measureRow(setup, strategy, s);
    if (row === null) continue;
    lines.push(...rowLines(setup, strategy, row, s.cores));
    checks.push(...rowChecks(setup, strategy, row, s));
  }
  if (notes.length > 0) lines.push('', ...notes);
  lines.push(...longRun(s, checks));
  const text = lines.join('\n');
  writeFileSync(new URL('../../../docs/benchmarks.md', import.meta.url), text);
  process.stdout.write(text);
}

/** The page's title, the machine, and the head of the table of rows. */
function header(s: Settings): string[] {
  const { cores, seconds, repeats } = s;
  return [
    '# Benchmarks',
    '',
    `Written by \`npm run bench${s.quick ? ' -- --quick' : ''}\` (src/bench/bench.ts).`,
    '',
    ...machine(),
    '',
    `Each row is one child process: \`workers 1\` plays in-process, \`workers ${cores}\` on that many threads. Every run lasts`,
    `${seconds} s (or until every thread has finished a chunk) and counts the chunks finished by then. *Whole run* includes the cold start (JIT warm-up, and thread start-up,`,
    `where ${cores} threads warm up at once on ${cores} cores while one in-process thread has a spare core for V8's compiler`,
    `and GC threads); *second half* is the rate once warm. *Cores busy* is the process's CPU time (all threads) per second:`,
    `below ${cores} on the threaded row means other work on the machine held a core; *games per CPU-second* is the cost of a`,
    `game whatever else ran (threads matching one worker's figure would scale perfectly on free cores). Peak RSS is the process's high-water`,
    `mark, threads included. The \`${cores} processes × 1\` row runs ${cores} separate one-worker processes side by side: the`,
    `ceiling the machine itself puts on ${cores} threads.`,
    `Each row is the best of ${repeats} interleaved run${repeats > 1 ? 's' : ''} (other work on the machine only ever slows a run down).`,
    '',
    '| setup | strategy | workers | games | games/s (whole run) | speed-up | games/s (second half) | speed-up | cores busy | games per CPU-second | peak RSS |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
}

/** Best of `repeats` interleaved runs of a row: on a shared machine the slowest runs measure the neighbours. */
async function measureRow(setup: string, strategy: string, s: Settings): Promise<Row | null> {
  const { cores, seconds, repeats, log } = s;
  let one: ChildResult | null = null;
  let all: ChildResult | null = null;
  // For the first row, also `cores` separate one-worker processes side by side: the most any
  // number of threads could hope for on this machine (shared caches, clock, hypervisor).
  const ceilingToo = setup === ROWS[0][0] && strategy === ROWS[0][1];
  let ceiling: ChildResult | null = null;
  // The floor probe beside the first row, interleaved with it: the yardstick of "close to the limit".
  const probe = ceilingToo ? floorProbe() : null;
  let floor = 0;
  for (let r = 0; r < repeats; r++) {
    log(`${setup}/${strategy} (${r + 1}/${repeats}): 1 worker…`);
    const o = measure({ setup, strategy, workers: 1, seconds });
    log(`  ${fmt(o.rate)} games/s (warm ${fmt(o.steady)}); ${cores} workers…`);
    const a = measure({ setup, strategy, workers: cores, seconds });
    log(`  ${fmt(a.rate)} games/s (warm ${fmt(a.steady)})`);
    if (!one || o.rate > one.rate) one = o;
    if (!all || a.rate > all.rate) all = a;
    if (probe) {
      const f = measureFloor(probe);
      log(`  floor probe: ${fmt(f)} games/s`);
      if (f > floor) floor = f;
    }
    if (ceilingToo) {
      const c = await measureSideBySide({ setup, strategy, workers: 1, seconds }, cores);
      log(`  ${cores} processes side by side: ${fmt(c.rate)} games/s (warm ${fmt(c.steady)})`);
      if (!ceiling || c.rate > ceiling.rate) ceiling = c;
    }
  }
  return one && all ? { one, all, ceiling, floor } : null;
}

/** A row's lines of the table: one worker, every core, and the side-by-side ceiling if measured. */
function rowLines(setup: string, strategy: string, { one, all, ceiling }: Row, cores: number): string[] {
  const whole = all.rate / one.rate;
  const warm = all.steady / one.steady;
  const lines = [
    `| ${setup} | ${strategy} | 1 | ${fmt(one.games)} | ${fmt(one.rate)} | | ${fmt(one.steady)} | | ${one.busy.toFixed(2)} | ${perCpu(one)} | ${one.peakMB.toFixed(0)} MB |`,
    `| ${setup} | ${strategy} | ${cores} | ${fmt(all.games)} | ${fmt(all.rate)} | ×${whole.toFixed(2)} | ${fmt(all.steady)} | ×${warm.toFixed(2)} | ${all.busy.toFixed(2)} | ${perCpu(all)} | ${all.peakMB.toFixed(0)} MB |`,
  ];
  if (ceiling) {
    lines.push(
      `| ${setup} | ${strategy} | ${cores} processes × 1 | ${fmt(ceiling.games)} | ${fmt(ceiling.rate)} | ×${(ceiling.rate / one.rate).toFixed(2)} | ${fmt(ceiling.steady)} | ×${(ceiling.steady / one.steady).toFixed(2)} | ${ceiling.busy.toFixed(2)} | ${perCpu(ceiling)} | ${ceiling.peakMB.toFixed(0)} MB (sum) |`,
    );
  }
  return lines;
}

const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** The targets a row is checked against (ukrainian / smart; ukrainian / random, the floor and the speed-up). */
function rowChecks(setup: string, strategy: string, { one, all, floor }: Row, s: Settings): string[] {
  const { cores, seconds } = s;
  const checks: string[] = [];
  if (setup === 'ukrainian' && strategy === 'smart') {
    checks.push(`- ukrainian / smart on one worker: ${fmt(one.rate)} games/s over the whole run, ${fmt(one.steady)} warm (target ≥ ${fmt(TARGET_SMART_RATE)}): ${met(one.steady >= TARGET_SMART_RATE)}`);
  }
  if (setup === 'ukrainian' && strategy === 'random') {
    const whole = all.rate / one.rate;
    const warm = all.steady / one.steady;
    checks.push(`- ukrainian / random on one worker: ${fmt(one.rate)} games/s over the whole run, ${fmt(one.steady)} warm (target ≥ ${fmt(TARGET_RATE)}): ${met(one.steady >= TARGET_RATE)}`);
    if (floor > 0) {
      const share = one.steady / floor;
      checks.push(`- ukrainian / random on one worker against the floor probe (${fmt(floor)} games/s, best of the runs beside it): ×${share.toFixed(3)} warm, ×${(one.rate / floor).toFixed(3)} whole run (target ≥ ×${TARGET_FLOOR_SHARE}): ${met(share >= TARGET_FLOOR_SHARE)}`);
    } else checks.push('- ukrainian / random against the floor probe: not measured (no ../shared/bench/floor.mjs beside the checkout; set MAFIA_FLOOR_PROBE)');
    checks.push(`- all ${cores} cores against one worker: ×${warm.toFixed(2)} warm, ×${whole.toFixed(2)} over ${seconds} s with start-up (target ≥ ×${TARGET_SPEEDUP}): ${met(warm >= TARGET_SPEEDUP)}`);
    const efficiency = all.rate / all.busy / (one.rate / one.busy);
    checks.push(
      `  (${cores} threads played ${(100 * efficiency).toFixed(0)}% as many games per CPU-second as one, with ${all.busy.toFixed(2)} of ${cores} cores busy: ×${(cores * efficiency).toFixed(2)} if every core were free)`,
    );
  }
  return checks;
}

/** The long run (memory stays flat) and, after it, every target's line. */
function longRun(s: Settings, checks: readonly string[]): string[] {
  const { cores, longGames } = s;
  s.log(`long run: ${fmt(longGames)} ukrainian/random games on ${cores} workers…`);
  const long = measure({ setup: 'ukrainian', strategy: 'random', workers: cores, games: longGames });
  return [
    '',
    '## Memory over a long run',
    '',
    `${fmt(longGames)} ukrainian / random games on ${cores} workers: ${fmt(long.rate)} games/s (${fmt(long.steady)} over the second half), ${long.seconds.toFixed(0)} s, ${long.busy.toFixed(2)} cores busy, peak RSS ${long.peakMB.toFixed(0)} MB.`,
    'Resident set size as the run progresses (tallies stream; no per-game data is kept):',
    '',
    `| progress | ${long.rssMB.map((_, i) => `${(i + 1) * 10}%`).join(' | ')} |`,
    `|---|${long.rssMB.map(() => '---:').join('|')}|`,
    `| RSS (MB) | ${long.rssMB.map((x) => x.toFixed(0)).join(' | ')} |`,
    '',
    '## Targets',
    '',
    ...checks,
    `- ${fmt(longGames)} games: peak RSS ${long.peakMB.toFixed(0)} MB (target < ${TARGET_PEAK_MB} MB): ${long.peakMB < TARGET_PEAK_MB ? 'met' : 'NOT met'}`,
    '',
    `Load average at the end: ${loadavg().map((x) => x.toFixed(2)).join(' / ')}.`,
    '',
  ];
}

registerBuiltIns(BUILT_IN_STRATEGIES);
main(process.argv.slice(2)).catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 1;
});
