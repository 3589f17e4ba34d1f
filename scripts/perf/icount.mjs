// `npm run icount -- [REF] [--setup S] [--strategy T] [--warm W] [--games N]`: what a game costs the
// processor, counted rather than timed, for this checkout (and commit REF beside it, the two under
// valgrind at once). Each build plays W warm-up games and then 1 game, and again W and then N, under
// callgrind with its cache and branch simulation; the difference of the two runs divided by N − 1 is a
// game's share: instructions (Ir), first-level instruction and data cache misses (I1mr, D1mr) and
// mispredicted branches (Bm), and an estimate of cycles, EC = Ir + 10·(I1mr + D1mr) + 15·Bm.
// Instructions alone missed why smart is slower than its instruction count says; EC tracks the bench
// (docs/performance.md, "Measuring a change"). Needs valgrind. Each pair of runs takes minutes.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { headBuild, refBuild, ROOT } from './builds.mjs';

const USAGE = 'usage: npm run icount -- [REF] [--setup S] [--strategy T] [--warm W] [--games N]';
const run = promisify(execFile);

function fail(message) {
  console.error(`icount: ${message}\n${USAGE}`);
  process.exit(2);
}

const o = { ref: null, setup: 'ukrainian', strategy: 'random', warm: 3000, games: 3000 };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  const value = () => (i + 1 < argv.length ? argv[++i] : fail(`${a} needs a value`));
  if (a === '--setup') o.setup = value();
  else if (a === '--strategy') o.strategy = value();
  else if (a === '--warm' || a === '--games') {
    const text = value();
    const n = Number(text);
    if (!Number.isInteger(n) || n < (a === '--games' ? 2 : 0)) fail(`${a}: ${text}: expected a whole number${a === '--games' ? ' ≥ 2' : ''}`);
    o[a.slice(2)] = n;
  } else if (a.startsWith('-')) fail(`unknown option ${a}`);
  else if (o.ref === null) o.ref = a;
  else fail(`one REF only (got ${o.ref} and ${a})`);
}

try {
  await run('valgrind', ['--version']);
} catch {
  fail('valgrind is not installed (Debian: apt-get install valgrind)');
}

const EVENTS = ['Ir', 'I1mr', 'D1mr', 'Bcm', 'Bim'];

/** The totals of a callgrind output file, by event. */
function totals(file) {
  let names = [];
  let values = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('events:')) names = line.split(/\s+/).slice(1);
    if (line.startsWith('totals:') || line.startsWith('summary:')) values = line.split(/\s+/).slice(1).map(Number);
  }
  return Object.fromEntries(names.map((name, i) => [name, values[i] ?? 0]));
}

/** One build's cost per game: the two runs under callgrind, one after the other. */
async function measure(build, index, scratch) {
  const once = async (n) => {
    const out = join(scratch, `${index}.${n}.out`);
    const node = [process.execPath, '--single-threaded', '--no-allocation-site-pretenuring', join(ROOT, 'scripts/perf/games.mjs'), build.dir, o.setup, o.strategy, String(o.warm), String(n)];
    await run('valgrind', ['--tool=callgrind', '--cache-sim=yes', '--branch-sim=yes', `--callgrind-out-file=${out}`, ...node], { maxBuffer: 1 << 26 });
    return totals(out);
  };
  const one = await once(1);
  const many = await once(o.games);
  const per = Object.fromEntries(EVENTS.map((e) => [e, ((many[e] ?? 0) - (one[e] ?? 0)) / (o.games - 1)]));
  return { label: build.label, ...per, Bm: per.Bcm + per.Bim, EC: per.Ir + 10 * (per.I1mr + per.D1mr) + 15 * (per.Bcm + per.Bim) };
}

let builds;
try {
  builds = o.ref === null ? [headBuild()] : [refBuild(o.ref), headBuild()];
} catch (e) {
  fail(e.message);
}
const scratch = mkdtempSync(join(tmpdir(), 'mafia-sim-icount-'));
process.stderr.write(`icount: ${o.setup}/${o.strategy}, ${o.warm} warm-up games, then 1 and ${o.games}, under callgrind: ${builds.map((b) => b.label).join(' and ')}…\n`);
try {
  const rows = await Promise.all(builds.map((b, i) => measure(b, i, scratch)));
  const k = (x) => `${(x / 1000).toFixed(1)}k`;
  const lines = ['| build | EC | Ir | I1mr | D1mr | Bm |', '|---|---:|---:|---:|---:|---:|'];
  for (const r of rows) lines.push(`| ${r.label} | ${k(r.EC)} | ${k(r.Ir)} | ${Math.round(r.I1mr)} | ${Math.round(r.D1mr)} | ${Math.round(r.Bm)} |`);
  if (rows.length === 2) lines.push('', `${rows[1].label} against ${rows[0].label}: EC ${(100 * (rows[1].EC / rows[0].EC - 1)).toFixed(1)}%, Ir ${(100 * (rows[1].Ir / rows[0].Ir - 1)).toFixed(1)}% a game`);
  console.log(`${o.setup}/${o.strategy}, per game:\n\n${lines.join('\n')}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
