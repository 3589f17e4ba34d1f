// `npm run tune-defaults [-- SETUP… [tune flags]]`: runs `mafia-sim tune` from smart's own defaults
// (`--strategy smart:tuned=false`) for each built-in setup (default: ukrainian, club-12, club-20) and
// writes its tuned parameters per side into strategies/smart/tuned.json, with the command that produced
// them and what it measured (the town win rate there, the certificate). smart plays them by default on
// that setup (docs/strategies.md, "Tuned defaults"). Each tune keeps its --state in .tune-state/, so an
// interrupted run continues where it stopped when started again; the file is rewritten whole after
// each setup, and an interrupted tune writes nothing. Then `npm run golden` (smart's games changed).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataPath = `${root}strategies/smart/tuned.json`;
const args = process.argv.slice(2);
const firstFlag = args.findIndex((a) => a.startsWith('-'));
const setups = (firstFlag < 0 ? args : args.slice(0, firstFlag));
const flags = firstFlag < 0 ? [] : args.slice(firstFlag);
if (setups.length === 0) setups.push('ukrainian', 'club-12', 'club-20');
mkdirSync(`${root}.tune-state`, { recursive: true });

for (const setup of setups) {
  const started = Date.now();
  const argv = ['tune', '--setup', setup, '--strategy', 'smart:tuned=false', ...flags, '--state', `.tune-state/${setup}.json`, '--json'];
  console.error(`mafia-sim ${argv.join(' ')}`);
  const r = spawnSync(process.execPath, [`${root}bin/mafia-sim.js`, ...argv], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 28 });
  if (r.status !== 0) {
    console.error(`tune-defaults: ${setup}: mafia-sim tune exited ${r.status}; ${dataPath} not changed for it`);
    process.exit(r.status === null ? 1 : r.status);
  }
  const t = JSON.parse(r.stdout);
  const minutes = (Date.now() - started) / 60000;
  const cert = (c) => (c === null ? null : { move: c.move, gain: round(c.gain.diff), low: round(c.gain.low), high: round(c.gain.high), games: c.gain.games });
  const entry = {
    town: t.changed.town,
    mafia: t.changed.mafia,
    command: t.command,
    stopped: t.stopped,
    games: t.played,
    townWin: t.townWin === null ? null : { share: round(t.townWin.share), low: round(t.townWin.low), high: round(t.townWin.high), games: t.townWin.games },
    certificate: { town: cert(t.certificate.town), mafia: cert(t.certificate.mafia) },
  };
  const data = JSON.parse(readFileSync(dataPath, 'utf8'));
  data[setup] = entry;
  const sorted = Object.fromEntries(Object.keys(data).sort().map((k) => [k, data[k]]));
  writeFileSync(`${dataPath}.tmp`, JSON.stringify(sorted, null, 2) + '\n');
  renameSync(`${dataPath}.tmp`, dataPath);
  console.error(`tune-defaults: ${setup}: ${t.stopped} after ${t.history.length} rounds, ${t.played} games, ${minutes.toFixed(1)} min; town ${JSON.stringify(entry.town)}, mafia ${JSON.stringify(entry.mafia)}`);
}

function round(x) {
  return Math.round(x * 10000) / 10000;
}
