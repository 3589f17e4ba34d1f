// `npm run icount -- [REF] [--setup S] [--strategy T] [--warm W] [--games N]`: what a game costs the
// processor, counted rather than timed, for this checkout (and commit REF beside it, the two under
// valgrind at once). Each build plays W warm-up games and then 1 game, and again W and then N, under
// callgrind with its cache and branch simulation; the difference of the two runs divided by N − 1 is a
// game's share: instructions (Ir), first-level instruction and data cache misses (I1mr, D1mr) and
// mispredicted branches (Bm), and an estimate of cycles, EC = Ir + 10·(I1mr + D1mr) + 15·Bm.
// Instructions alone missed why smart is slower than its instruction count says; EC tracks the bench
// (docs/performance.md, "Measuring a change"). Needs valgrind. Each pair of runs takes minutes.
//
// `--functions K` also splits each build's cost a game by what ran it — JavaScript, builtins, the
// garbage collector, the optimising compiler, the rest — and lists the K JavaScript functions (and
// builtins) whose cost changed most between the builds (with one build: cost most). A compilation or
// a collection that falls inside the measured games of one run and not of another moves the total by
// several percent; the JavaScript row is what a change to the code moves (the builtins row holds the
// write barrier, whose cost follows the collector's marking: docs/performance.md).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { headBuild, refBuild, ROOT } from './builds.mjs';
import { KINDS, perGame, profileByFunction } from './jitProfile.mjs';

const USAGE = 'usage: npm run icount -- [REF] [--setup S] [--strategy T] [--warm W] [--games N] [--functions K]';
const run = promisify(execFile);

function fail(message) {
  console.error(`icount: ${message}\n${USAGE}`);
  process.exit(2);
}

const o = { ref: null, setup: 'ukrainian', strategy: 'random', warm: 3000, games: 3000, functions: 0 };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  const value = () => (i + 1 < argv.length ? argv[++i] : fail(`${a} needs a value`));
  if (a === '--setup') o.setup = value();
  else if (a === '--strategy') o.strategy = value();
  else if (a === '--warm' || a === '--games' || a === '--functions') {
    const text = value();
    const n = Number(text);
    const min = a === '--games' ? 2 : a === '--functions' ? 1 : 0;
    if (!Number.isInteger(n) || n < min) fail(`${a}: ${text}: expected a whole number ≥ ${min}`);
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
const ec = (c) => c.Ir + 10 * (c.I1mr + c.D1mr) + 15 * (c.Bcm + c.Bim);
/** Thousands, one decimal (the tables' unit). */
const k = (x) => `${(x / 1000).toFixed(1)}k`;

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
  const byFunction = o.functions > 0;
  const once = async (n) => {
    const out = join(scratch, `${index}.${n}.out`);
    const v8 = byFunction ? ['--perf-basic-prof'] : [];
    const node = [process.execPath, ...v8, '--single-threaded', '--no-allocation-site-pretenuring', join(ROOT, 'scripts/perf/games.mjs'), build.dir, o.setup, o.strategy, String(o.warm), String(n)];
    const per = byFunction ? ['--dump-instr=yes'] : [];
    const { stderr } = await run('valgrind', ['--tool=callgrind', '--cache-sim=yes', '--branch-sim=yes', ...per, `--callgrind-out-file=${out}`, ...node], { maxBuffer: 1 << 26 });
    if (!byFunction) return { totals: totals(out) };
    // node writes its perf map to /tmp whatever TMPDIR says, named by its pid (valgrind's, which runs it)
    const pid = /^==(\d+)==/m.exec(stderr)?.[1];
    const map = `/tmp/perf-${pid}.map`;
    if (pid === undefined || !existsSync(map)) throw new Error(`${build.label}: node wrote no perf map (${map}); --functions needs node's --perf-basic-prof`);
    try {
      return { totals: totals(out), functions: profileByFunction(out, map, EVENTS) };
    } finally {
      rmSync(map, { force: true });
    }
  };
  const one = await once(1);
  const many = await once(o.games);
  const per = Object.fromEntries(EVENTS.map((e) => [e, ((many.totals[e] ?? 0) - (one.totals[e] ?? 0)) / (o.games - 1)]));
  const functions = byFunction ? perGame(many.functions, one.functions, o.games - 1, EVENTS) : null;
  return { label: build.label, ...per, Bm: per.Bcm + per.Bim, EC: ec(per), functions };
}

/** Each build's cost a game by kind, and the functions whose cost changed most (or, with one build, cost most). */
function functionTables(rows) {
  const byKind = rows.map((r) => {
    const sums = Object.fromEntries(KINDS.map((kind) => [kind, 0]));
    for (const f of r.functions.values()) sums[f.kind] += ec(f.costs);
    return sums;
  });
  const lines = ['', 'EC a game by what ran:', '', `| build | ${KINDS.join(' | ')} |`, `|---|${KINDS.map(() => '---:').join('|')}|`];
  rows.forEach((r, i) => lines.push(`| ${r.label} | ${KINDS.map((kind) => k(byKind[i][kind])).join(' | ')} |`));
  const code = (r) => new Map([...r.functions].filter(([, f]) => f.kind === 'JS' || f.kind === 'builtins').map(([name, f]) => [name, f.costs]));
  const [a, b] = rows.map(code);
  const names = new Set([...a.keys(), ...(b?.keys() ?? [])]);
  const zero = Object.fromEntries(EVENTS.map((e) => [e, 0]));
  const score = (name) => (b ? Math.abs(ec(b.get(name) ?? zero) - ec(a.get(name) ?? zero)) : ec(a.get(name)));
  const top = [...names].sort((x, y) => score(y) - score(x)).slice(0, o.functions);
  lines.push('', b ? `The ${top.length} JavaScript functions and builtins whose EC a game changed most:` : `The ${top.length} JavaScript functions and builtins that cost most a game:`, '');
  if (b) {
    lines.push(`| function | ${rows[0].label} EC | ${rows[1].label} EC | change | Ir | I1mr | Bm |`, '|---|---:|---:|---:|---:|---:|---:|');
    for (const name of top) {
      const x = a.get(name) ?? zero;
      const y = b.get(name) ?? zero;
      const d = (e) => Math.round(e(y) - e(x));
      lines.push(`| ${name} | ${Math.round(ec(x))} | ${Math.round(ec(y))} | ${d(ec)} | ${d((c) => c.Ir)} | ${d((c) => c.I1mr)} | ${d((c) => c.Bcm + c.Bim)} |`);
    }
  } else {
    lines.push('| function | EC | Ir | I1mr | Bm |', '|---|---:|---:|---:|---:|');
    for (const name of top) {
      const c = a.get(name);
      lines.push(`| ${name} | ${Math.round(ec(c))} | ${Math.round(c.Ir)} | ${Math.round(c.I1mr)} | ${Math.round(c.Bcm + c.Bim)} |`);
    }
  }
  return lines;
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
  const lines = ['| build | EC | Ir | I1mr | D1mr | Bm |', '|---|---:|---:|---:|---:|---:|'];
  for (const r of rows) lines.push(`| ${r.label} | ${k(r.EC)} | ${k(r.Ir)} | ${Math.round(r.I1mr)} | ${Math.round(r.D1mr)} | ${Math.round(r.Bm)} |`);
  if (rows.length === 2) lines.push('', `${rows[1].label} against ${rows[0].label}: EC ${(100 * (rows[1].EC / rows[0].EC - 1)).toFixed(1)}%, Ir ${(100 * (rows[1].Ir / rows[0].Ir - 1)).toFixed(1)}% a game`);
  if (o.functions > 0) lines.push(...functionTables(rows));
  console.log(`${o.setup}/${o.strategy}, per game:\n\n${lines.join('\n')}`);
} catch (e) {
  // A failed run's message is its command line and then its whole stderr: the line that names the error.
  const cause = String(e.stderr ?? '').split('\n').find((l) => /^\w*Error: /.test(l));
  console.error(`icount: ${cause ? cause.trim() : String(e.message).split('\n')[0]}`);
  process.exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
