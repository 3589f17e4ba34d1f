// `npm run play-figures`: the figures of "Play a Mafia player would recognise" (docs/strategies.md).
// Plays `--games` games (default 4,000, `--seed` 1) of each built-in setup at the default, keeping
// each game's event record, and counts what a Mafia player would look at (scripts/play-figures-count.mjs
// defines each figure); then runs `mafia-sim role-values --setup S --games G` (`--role-games`,
// default 10,000 games per arm) for each role's worth. Diffs the figures with docs/play-figures.json and the
// page and exits 1 on any difference; `-- --write` records them and writes the page's table instead
// (scripts/play-figures-page.mjs). Nothing measured reads a clock; the timings go to stderr.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { playJobGame } from '../dist/src/runner/job.js';
import { loadSetup } from '../dist/src/setup/load.js';
import { DEFAULT_STRATEGY, parseStrategies, registerBuiltIns, resolvedSpec } from '../dist/src/strategy/registry.js';
import { BUILT_IN_STRATEGIES } from '../dist/strategies/index.js';
import { summarise, Tally } from './play-figures-count.mjs';
import { DATA, dataText, DOC, figuresTable, gamesFingerprint, readData, SETUPS, withTable } from './play-figures-page.mjs';

registerBuiltIns(BUILT_IN_STRATEGIES);
const root = fileURLToPath(new URL('..', import.meta.url));

function flag(name, fallback) {
  const i = process.argv.indexOf(name);
  if (i < 0) return fallback;
  const v = process.argv[i + 1];
  if (v === undefined || !/^\d+$/.test(v)) throw new Error(`${name} takes a whole number, not ${v ?? 'nothing'}`);
  return Number(v);
}

/** The default's job on a setup, as `run` builds it with no --strategy. */
function defaultJob(setup, seed) {
  return { setupArg: setup, overrides: [], setup: loadSetup(setup, []), strategies: parseStrategies([]), seed };
}

/** The figures counted over `games` games of the setup at the default. */
function playFigures(setup, games, seed) {
  const job = defaultJob(setup, seed);
  const tally = new Tally(job.setup.rules.id);
  for (let k = 0; k < games; k++) tally.add(playJobGame(job, k, { keepLog: true }));
  const plays = { town: resolvedSpec(DEFAULT_STRATEGY, job.setup, 'town'), mafia: resolvedSpec(DEFAULT_STRATEGY, job.setup, 'mafia') };
  return { plays, ...summarise(tally) };
}

/** Each special role's worth, from `mafia-sim role-values --json` (town win points, paired). */
function roleValues(setup, games, seed) {
  const args = [`${root}bin/mafia-sim.js`, 'role-values', '--setup', setup, '--games', String(games), '--seed', String(seed), '--json', '--no-progress'];
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, NO_COLOR: '1' } });
  if (r.status !== 0) throw new Error(`role-values --setup ${setup}: exit ${r.status}\n${r.stderr}`);
  const diff = (d) => (d === null ? null : { diff: d.diff, low: d.low, high: d.high, p: d.p });
  return JSON.parse(r.stdout).values.map((v) => ({ role: v.role, team: v.team, seats: v.seats, asIs: diff(v.asIs), oneMore: diff(v.oneMore) }));
}

function timed(what, f) {
  const started = Date.now();
  const out = f();
  console.error(`${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return out;
}

/** The generated table's lines that differ between the recorded data and the new. */
function printDiff(was, now) {
  const a = was === null ? [] : figuresTable(was).split('\n');
  const b = figuresTable(now).split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) console.log(`  line ${i + 1}\n  - ${a[i] ?? '(none)'}\n  + ${b[i] ?? '(none)'}`);
  }
}

function main() {
  const write = process.argv.includes('--write');
  const games = flag('--games', 4000);
  const roleGames = flag('--role-games', 10000);
  const seed = String(flag('--seed', 1));
  const started = Date.now();
  const setups = {};
  for (const s of SETUPS) {
    const figures = timed(`${s}: ${games} games`, () => playFigures(s, games, seed));
    setups[s] = { ...figures, roles: timed(`${s}: role-values, ${roleGames} games per arm`, () => roleValues(s, roleGames, seed)) };
  }
  const fingerprint = gamesFingerprint((setup) => {
    const job = defaultJob(setup, seed);
    return (k) => playJobGame(job, k);
  });
  const data = { fingerprint, seed, games, roleGames, setups };
  console.error(`play-figures: ${((Date.now() - started) / 1000).toFixed(1)} s in all`);
  if (write) {
    writeFileSync(DATA, dataText(data));
    writeFileSync(DOC, withTable(readFileSync(DOC, 'utf8'), data));
    console.log(`recorded the figures in docs/play-figures.json and wrote them into docs/strategies.md`);
    return 0;
  }
  let was = null;
  try {
    was = readData();
  } catch {
    console.log('docs/play-figures.json: none recorded');
  }
  const page = readFileSync(DOC, 'utf8');
  const same = was !== null && dataText(was) === dataText(data) && withTable(page, data) === page;
  if (same) console.log('ok: the figures are those recorded');
  else {
    console.log('DIFF: the figures differ from docs/play-figures.json or the page (npm run play-figures -- --write records them)');
    printDiff(was, data);
  }
  return same ? 0 : 1;
}

process.exit(main());
