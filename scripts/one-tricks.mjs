// `npm run one-tricks [-- SETUP… [--games N] [--seed S] [--bots a,b] [--workers W] [--json]]`: plays
// each outside one-trick bot (bots/one-trick/*.ts, each the default with one behaviour changed, built
// through the public plug-in API) on its side against the default, and prints how much it gains that
// side. Issue 29's Done-when holds the default to no more than 3 points against such a set. Per setup
// (default: ukrainian, club-12) it is one `mafia-sim compare`: the default is the baseline arm and
// every bot an arm of its own, all on the same game seeds, so each gain is the paired difference of
// the side's win rate on the same games (Newcombe's 95% interval, docs/statistics.md). The same flags
// give the same output: compare's games do not depend on the worker count (G10), and nothing here
// reads a clock. The bots' sides and descriptions come from the build (dist/bots/one-trick/).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatDifference, formatRate } from '../dist/src/report/text.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const BOTS = 'bots/one-trick';
/** A gain above this many points is a finding (issue 29's bound for outside one-trick bots). */
const BOUND = 0.03;

const args = process.argv.slice(2);
const VALUED = ['--games', '--seed', '--bots', '--workers'];
const flag = (name, fallback) => {
  const at = args.indexOf(name);
  return at < 0 ? fallback : args[at + 1];
};
for (const [i, a] of args.entries()) {
  if (a.startsWith('--') && !VALUED.includes(a) && a !== '--json') fail(`unknown flag ${a} (flags: ${[...VALUED, '--json'].join(', ')})`);
  if (VALUED.includes(a) && (args[i + 1] === undefined || args[i + 1].startsWith('--'))) fail(`${a} needs a value`);
}
const games = flag('--games', '4000');
const seed = flag('--seed', '1');
const workers = flag('--workers', undefined);
const json = args.includes('--json');
const named = args.filter((a, i) => !a.startsWith('--') && !VALUED.includes(args[i - 1]));
const setups = named.length > 0 ? named : ['ukrainian', 'club-12'];

const all = await bots();
const chosen = flag('--bots', undefined)?.split(',').map((b) => b.trim()) ?? all.map((b) => b.name);
for (const b of chosen) if (!all.some((x) => x.name === b)) fail(`--bots: no bot ${b} in ${BOTS}/ (${all.map((x) => x.name).join(', ')})`);
const playing = all.filter((b) => chosen.includes(b.name));

const results = setups.map((setup) => measure(setup, playing));
const failed = results.some((r) => r.rows.some((row) => row.failedGames > 0));
if (json) process.stdout.write(JSON.stringify({ games: Number(games), seed, bound: BOUND, setups: results }, null, 2) + '\n');
else process.stdout.write(render(results));
if (failed) process.exitCode = 1;

/** Every bot of the folder (its .ts files; lib/ holds what they share), by name, with its side and description. */
async function bots() {
  const names = readdirSync(`${root}${BOTS}`).filter((f) => f.endsWith('.ts')).map((f) => f.slice(0, -3)).sort();
  const out = [];
  for (const name of names) {
    const built = `${root}dist/${BOTS}/${name}.js`;
    let mod;
    try {
      mod = await import(pathToFileURL(built).href);
    } catch (e) {
      fail(`${BOTS}/${name}.ts: cannot import its build ${built} (run npx tsc -p tsconfig.json): ${e.message}`);
    }
    if (mod.side !== 'town' && mod.side !== 'mafia') fail(`${BOTS}/${name}.ts: export const side = 'town' | 'mafia' is missing`);
    out.push({ name, file: `${BOTS}/${name}.ts`, side: mod.side, description: mod.default.description });
  }
  return out;
}

/** One compare on `setup`: the default as the baseline, each bot an arm on its side. */
function measure(setup, list) {
  const argv = ['compare', '--setup', setup, '--games', games, '--seed', seed, ...(workers ? ['--workers', workers] : [])];
  list.forEach((b, i) => argv.push('--side', `${i + 2}:strategy=${b.side}=${b.file}`));
  console.error(`mafia-sim ${argv.join(' ')}`);
  const r = spawnSync(process.execPath, [`${root}bin/mafia-sim.js`, ...argv, '--json', '--no-progress'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 30 });
  if (r.status !== 0) fail(`${setup}: mafia-sim compare exited ${r.status}`);
  const report = JSON.parse(r.stdout);
  if (report.partial) fail(`${setup}: the compare was interrupted`);
  const [baseline, ...arms] = report.arms;
  const rows = list.map((b, i) => {
    const arm = arms[i];
    const gain = arm.vsBaseline.outcomes[b.side];
    return {
      bot: b.name,
      side: b.side,
      description: b.description,
      withBot: arm.outcomes[b.side],
      without: baseline.outcomes[b.side],
      gain: { diff: gain.diff, low: gain.low, high: gain.high, p: gain.p },
      over: gain.low > BOUND ? 'yes' : gain.diff > BOUND ? 'maybe' : 'no',
      illegalDecisions: arm.run.illegalDecisions,
      failedGames: arm.run.failedGames,
    };
  });
  return { setup, command: `mafia-sim ${argv.join(' ')}`, games: report.games, rows };
}

/**
 * The text report: one table for every setup, the command per setup under it. `over 3?` is `yes` when
 * the gain's whole interval is above the bound, `maybe` when only the estimate is.
 */
function render(list) {
  const head = ['setup', 'bot', 'side', 'side wins, with bot', 'without', 'gain (points, 95%)', `over ${100 * BOUND}?`];
  const body = list.flatMap((s) => s.rows.map((r) => [s.setup, r.bot, r.side, formatRate(r.withBot), formatRate(r.without), formatDifference(r.gain), r.over === 'no' ? '' : r.over]));
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  const out = [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line), ''];
  for (const s of list) out.push(`${s.setup}: ${s.games} games a bot, paired on the same seeds: ${s.command}`);
  const over = list.flatMap((s) => s.rows.filter((r) => r.over !== 'no').map((r) => `${s.setup} ${r.bot}${r.over === 'maybe' ? ' (its interval reaches below)' : ''}`));
  out.push(over.length === 0 ? `No bot gains its side more than ${100 * BOUND} points.` : `Gains over ${100 * BOUND} points: ${over.join(', ')}.`);
  const illegal = list.flatMap((s) => s.rows.filter((r) => r.illegalDecisions > 0 || r.failedGames > 0).map((r) => `${s.setup} ${r.bot} (${r.illegalDecisions} illegal, ${r.failedGames} failed games)`));
  if (illegal.length > 0) out.push(`Bots that broke a rule: ${illegal.join(', ')}.`);
  return out.join('\n') + '\n';
}

function fail(message) {
  console.error(`one-tricks: ${message}`);
  process.exit(2);
}
