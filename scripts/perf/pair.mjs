// `npm run bench:pair -- REF [--rows SETUP/STRATEGY,…] [--pairs N] [--seconds S] [--floor]`: this
// checkout against commit REF, side by side. Each pair is one `npm run bench` child measurement of each
// build (one worker, S seconds), the two run one after the other in alternating order, so that a
// machine whose speed drifts by the minute weighs on both alike; each row reports the medians of the
// steady (second-half) games per second and of the games per CPU-second, and the change as the median
// of the pairs' ratios with its distribution-free 95% interval (order statistics of the binomial, as
// for a sign test). `--floor` runs the floor probe (../shared/bench/floor.mjs) after each pair and
// reports each build's first row against it. docs/performance.md, "Measuring a change".
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { headBuild, refBuild } from './builds.mjs';

const USAGE = 'usage: npm run bench:pair -- REF [--rows SETUP/STRATEGY,…] [--pairs N] [--seconds S] [--floor]';

function parse(argv) {
  const o = { ref: null, rows: ['ukrainian/random', 'club-12/random', 'ukrainian/smart', 'club-20/smart'], pairs: 6, seconds: 8, floor: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) fail(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--rows') o.rows = value().split(',');
    else if (a === '--pairs') o.pairs = whole(a, value(), 1);
    else if (a === '--seconds') o.seconds = whole(a, value(), 2);
    else if (a === '--floor') o.floor = true;
    else if (a.startsWith('-')) fail(`unknown option ${a}`);
    else if (o.ref === null) o.ref = a;
    else fail(`one REF only (got ${o.ref} and ${a})`);
  }
  if (o.ref === null) fail('REF missing');
  for (const r of o.rows) if (!/^[\w.-]+\/[\w.:=,-]+$/.test(r)) fail(`--rows: ${r}: expected SETUP/STRATEGY`);
  return o;
}

function whole(flag, text, min) {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) fail(`${flag}: ${text}: expected a whole number ≥ ${min}`);
  return n;
}

function fail(message) {
  console.error(`bench:pair: ${message}\n${USAGE}`);
  process.exit(2);
}

/** One bench child of `build` (dist/src/bench/bench.js --child): { rate, steady, busy, … }. */
function child(build, setup, strategy, seconds) {
  const task = JSON.stringify({ setup, strategy, workers: 1, seconds });
  const out = execFileSync(process.execPath, [join(build.dir, 'dist/src/bench/bench.js'), '--child', task], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(out);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
};

/**
 * The distribution-free 95% interval of a median from n values: the k-th smallest and k-th largest,
 * k the largest with P(Binomial(n, ½) < k) ≤ 2.5%; null when n is too small for any (n < 6).
 */
function medianInterval(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  let below = 0; // P(Binomial(n, 1/2) < k), for k = 1, 2, …
  let choose = 1;
  let k = 0;
  for (let j = 0; j < n; j++) {
    below += choose / 2 ** n;
    if (below > 0.025) break;
    k = j + 1;
    choose = (choose * (n - j)) / (j + 1);
  }
  return k === 0 ? null : [s[k - 1], s[n - k]];
}

const fmt = (x) => Math.round(x).toLocaleString('en-US');
const pct = (r) => `${r >= 1 ? '+' : '−'}${Math.abs(100 * (r - 1)).toFixed(1)}%`;
const change = (ratios) => {
  const ci = medianInterval(ratios);
  return `${pct(median(ratios))} (${ci ? `${pct(ci[0])} to ${pct(ci[1])}` : `range ${pct(Math.min(...ratios))} to ${pct(Math.max(...ratios))}`})`;
};

const o = parse(process.argv.slice(2));
let ref;
try {
  ref = refBuild(o.ref);
} catch (e) {
  fail(e.message);
}
const head = headBuild();
// The floor probe as `npm run bench` finds and runs it (src/bench/floor.ts, from this checkout's build).
const { floorProbe, measureFloor } = await import(pathToFileURL(join(head.dir, 'dist/src/bench/floor.js')).href);
const probe = o.floor ? floorProbe() : null;
if (o.floor && probe === null) fail('--floor: no floor probe at ../shared/bench/floor.mjs (set MAFIA_FLOOR_PROBE)');
const log = (s) => process.stderr.write(`${s}\n`);
const results = new Map(o.rows.map((r) => [r, { ref: [], head: [] }]));
const floors = [];
for (let i = 0; i < o.pairs; i++) {
  for (const row of o.rows) {
    const [setup, strategy] = row.split('/');
    const order = i % 2 === 0 ? [['ref', ref], ['head', head]] : [['head', head], ['ref', ref]];
    for (const [side, build] of order) {
      const r = child(build, setup, strategy, o.seconds);
      results.get(row)[side].push(r);
      log(`pair ${i + 1}/${o.pairs} ${row} ${build.label}: ${fmt(r.steady)} games/s warm, ${fmt(r.rate / r.busy)} per CPU-second`);
    }
  }
  if (o.floor) {
    floors.push(measureFloor(probe));
    log(`pair ${i + 1}/${o.pairs} floor probe: ${fmt(floors[floors.length - 1])} games/s`);
  }
}

const lines = [
  `${head.label} against ${ref.label}: ${o.pairs} alternating pairs of ${o.seconds}-second bench children (one worker), medians; change = median of the pairs' ratios (95% interval)`,
  '',
  `| row | ${ref.label} games/s (warm) | ${head.label} | change | ${ref.label} games per CPU-second | ${head.label} | change |`,
  '|---|---:|---:|---:|---:|---:|---:|',
];
const steady = (r) => r.steady;
const perCpu = (r) => r.rate / r.busy;
for (const [row, { ref: a, head: b }] of results) {
  const cells = (f) => [fmt(median(a.map(f))), fmt(median(b.map(f))), change(b.map((r, i) => f(r) / f(a[i])))];
  lines.push(`| ${row} | ${[...cells(steady), ...cells(perCpu)].join(' | ')} |`);
}
if (o.floor) {
  const first = results.get(o.rows[0]);
  const share = (rs) => median(rs.map((r, i) => steady(r) / floors[i]));
  lines.push('', `Floor probe: median ${fmt(median(floors))} games/s; ${o.rows[0]} warm against the probe run after it, median: ${ref.label} ×${share(first.ref).toFixed(3)}, ${head.label} ×${share(first.head).toFixed(3)}.`);
}
process.stdout.write(`${lines.join('\n')}\n`);
