// `npm run equilibria [-- SETUP… [equilibrium flags]]`: runs `mafia-sim equilibrium` for each
// built-in setup named (default: ukrainian and club-12; why not club-20: docs/strategies.md, "Club tables"),
// starting from the populations in START below (else smart's tuned point) unless flags are given, and
// writes each side's mix into
// strategies/smart/equilibria.json with the table it was solved at, the command that produced it and
// what it measured (the town win between the mixes, the certificate). `-- --from REPORT.json` writes
// the entry of a run made otherwise (its --json report; other --strategy starts, say) instead. smart
// plays the mix by default at that table and, carried over, at every table of the same rule set
// (docs/strategies.md, "Equilibrium"). Each run keeps its --state in .equilibrium-state/, so an
// interrupted run continues where it stopped; the file is rewritten whole after each setup, and an
// interrupted run writes nothing.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { currentTable, DOC, withTable } from './equilibrium-table.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataPath = `${root}strategies/smart/equilibria.json`;
const args = process.argv.slice(2);
// --from REPORT.json: write the entry of an equilibrium run already made (its --json report), as the
// run below would; for a run started elsewhere or from other --strategy specs (the entry keeps its command).
const fromAt = args.indexOf('--from');
if (fromAt >= 0) {
  const e = JSON.parse(readFileSync(args[fromAt + 1], 'utf8'));
  if (e.partial || e.stopped === 'interrupted') {
    console.error(`equilibria: ${args[fromAt + 1]}: an interrupted run; ${dataPath} not changed`);
    process.exit(1);
  }
  write(e.setup.name, e);
  process.exit(0);
}
const firstFlag = args.findIndex((a) => a.startsWith('-'));
const setups = firstFlag < 0 ? args : args.slice(0, firstFlag);
const flags = firstFlag < 0 ? [] : args.slice(firstFlag);
if (setups.length === 0) setups.push('ukrainian', 'club-12');

/** The profiles the ukrainian equilibrium was first solved at: its town, its mafia blending (and vouching) or not. */
const UKRAINIAN_TOWN = 'smart:revealDay=1,note=first,selfHeal=1,maniacAt=-100,nominateBlind=0,survivor=doubt,deadReports=drop';
const UKRAINIAN_MAFIA = 'smart:fakeClaim=1,fakeClaimDay=1,claimPlan=once';

/**
 * Each setup's starting populations and settings when no flags are given (else smart's tuned point):
 * mafia that blend (`blend`, with `vouch` too) and do not; at club-12 both readers. club-12: the tuned point and the one claim a game that
 * beats its suspicion model (docs/strategies.md, "Club tables").
 */
const START = {
  // The rules reader alone (--hold reader): at a Ukrainian table the posterior singles out the first
  // speakers, whose blind day-1 nominations it reads as tells (docs/strategies.md, "The reasoning reader").
  ukrainian: [...[`town=${UKRAINIAN_TOWN}`, `mafia=${UKRAINIAN_MAFIA}`, `mafia=${UKRAINIAN_MAFIA},blend=true`, `mafia=${UKRAINIAN_MAFIA},blend=true,vouch=true`].flatMap((s) => ['--strategy', s]), '--hold', 'reader', '--iterations', '12'],
  'club-12': ['town=smart:reader=posterior', 'town=smart', 'mafia=smart', 'mafia=smart:claimPlan=once,fakeClaim=1', 'mafia=smart:claimPlan=once,fakeClaim=1,blend=true', 'mafia=smart:claimPlan=once,fakeClaim=1,blend=true,vouch=true'].flatMap((s) => ['--strategy', s]),
};
mkdirSync(`${root}.equilibrium-state`, { recursive: true });

for (const setup of setups) {
  const started = Date.now();
  const argv = ['equilibrium', '--setup', setup, ...(flags.length > 0 ? flags : (START[setup] ?? [])), '--state', `.equilibrium-state/${setup}.json`, '--json'];
  console.error(`mafia-sim ${argv.join(' ')}`);
  const r = spawnSync(process.execPath, [`${root}bin/mafia-sim.js`, ...argv], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 28 });
  if (r.status !== 0) {
    console.error(`equilibria: ${setup}: mafia-sim equilibrium exited ${r.status}; ${dataPath} not changed for it`);
    process.exit(r.status === null ? 1 : r.status);
  }
  const e = JSON.parse(r.stdout);
  const minutes = (Date.now() - started) / 60000;
  write(setup, e);
  console.error(`equilibria: ${setup}: ${e.stopped} after ${e.history.length} iterations, ${e.played} games, ${minutes.toFixed(1)} min; town ${pct(e.townWin.share)} (${pct(e.townWin.low)}–${pct(e.townWin.high)})`);
}

/** The run's entry into the data file (rewritten whole), and the docs' table made from it. */
function write(setup, e) {
  const data = JSON.parse(readFileSync(dataPath, 'utf8'));
  data[setup] = entryOf(e);
  const sorted = Object.fromEntries(Object.keys(data).sort().map((k) => [k, data[k]]));
  writeFileSync(`${dataPath}.tmp`, JSON.stringify(sorted, null, 2) + '\n');
  renameSync(`${dataPath}.tmp`, dataPath);
  writeFileSync(DOC, withTable(readFileSync(DOC, 'utf8'), currentTable())); // docs/strategies.md's table
}

/** What the data keeps of a run's report. */
function entryOf(e) {
  const cert = (c) => (c === null ? null : { move: c.move, gain: round(c.gain.diff), low: round(c.gain.low), high: round(c.gain.high), games: c.gain.games });
  return {
    rules: e.setup.rules,
    players: e.setup.players,
    mix: { town: e.mix.town.map(share), mafia: e.mix.mafia.map(share) },
    command: e.command,
    stopped: e.stopped,
    games: e.played,
    townWin: { share: round(e.townWin.share), low: round(e.townWin.low), high: round(e.townWin.high), games: e.townWin.games },
    certificate: { town: cert(e.certificate.town), mafia: cert(e.certificate.mafia) },
  };
}

function share(p) {
  return { spec: p.spec, weight: round(p.weight) };
}

function round(x) {
  return Math.round(x * 10000) / 10000;
}

function pct(x) {
  return `${(x * 100).toFixed(1)}%`;
}
