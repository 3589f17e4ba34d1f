// `npm run bench:isolate -- [--games N] [--setup S] [--strategies a,b,…] [--rounds R]`: what isolating a
// plug-in costs a tournament. Plays the same tournament (seed 1, one worker) with every plug-in
// isolated (--isolate) and in-process (--no-isolate), the two alternating R times so that a machine
// whose speed drifts weighs on both alike; prints each one's games per second (the median, wall clock
// of the whole command) and the median of the rounds' ratios. The two --json reports must be the same
// byte for byte (a plug-in plays the same games either way): a difference is an error, exit 1.
// Defaults: the example plug-in with random and smart on ukrainian, 400 games per pairing (3,600 games).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './builds.mjs';

const USAGE = 'usage: npm run bench:isolate -- [--games N] [--setup S] [--strategies a,b,…] [--rounds R]';
const o = { games: 400, setup: 'ukrainian', strategies: 'random,smart,strategies/example-plugin.ts', rounds: 3 };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const flag = argv[i];
  const value = argv[++i];
  if (value === undefined) fail(`${flag} needs a value`);
  if (flag === '--games' || flag === '--rounds') {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) fail(`${flag}: ${value}: expected a whole number ≥ 1`);
    o[flag.slice(2)] = n;
  } else if (flag === '--setup' || flag === '--strategies') o[flag.slice(2)] = value;
  else fail(`unknown option ${flag}`);
}

function fail(message) {
  console.error(`bench:isolate: ${message}\n${USAGE}`);
  process.exit(2);
}

const pairings = o.strategies.split(',').length ** 2;
const games = o.games * pairings;

/** One tournament: its --json report and its games per second. */
function tournament(isolation) {
  const args = [join(ROOT, 'bin/mafia-sim.js'), 'tournament', '--setup', o.setup, '--strategies', o.strategies, '--games', String(o.games), '--seed', '1', '--workers', '1', '--json', '--no-progress', isolation];
  const started = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
  const seconds = (performance.now() - started) / 1000;
  if (r.status !== 0) fail(`tournament ${isolation} exited ${r.status}: ${r.stderr.trim().split('\n')[0]}`);
  return { report: r.stdout, rate: games / seconds };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
};
const fmt = (x) => Math.round(x).toLocaleString('en-US');

const rates = { '--isolate': [], '--no-isolate': [] };
let report = null;
for (let i = 0; i < o.rounds; i++) {
  const order = i % 2 === 0 ? ['--isolate', '--no-isolate'] : ['--no-isolate', '--isolate'];
  for (const isolation of order) {
    const r = tournament(isolation);
    report ??= r.report;
    if (r.report !== report) {
      console.error(`bench:isolate: the ${isolation} report differs from the first one: a plug-in must play the same games isolated and in-process`);
      process.exit(1);
    }
    rates[isolation].push(r.rate);
    process.stderr.write(`round ${i + 1}/${o.rounds} ${isolation}: ${fmt(r.rate)} games/s\n`);
  }
}
const ratios = rates['--no-isolate'].map((r, i) => r / rates['--isolate'][i]);
console.log(`tournament --setup ${o.setup} --strategies ${o.strategies} --games ${o.games} (${fmt(games)} games, one worker), ${o.rounds} alternating rounds, medians:`);
console.log(`  in-process (--no-isolate): ${fmt(median(rates['--no-isolate']))} games/s`);
console.log(`  isolated (--isolate):      ${fmt(median(rates['--isolate']))} games/s`);
console.log(`  isolated takes ×${median(ratios).toFixed(2)} the in-process time (rounds: ${ratios.map((r) => `×${r.toFixed(2)}`).join(', ')}); the reports are the same byte for byte`);
