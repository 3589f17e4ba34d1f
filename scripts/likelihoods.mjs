// `npm run likelihoods [-- SETUP… [likelihoods flags]]`: runs `mafia-sim likelihoods` for each built-in
// setup named (default: ukrainian and club-12; club-20 has too many possible teams for the reader) and
// writes its entry into strategies/smart/likelihoods.json, which the reasoning reader
// (smart:reader=posterior) reads the table by (docs/strategies.md, "The reasoning reader"). The
// games are played by the flags given, else by the setup's own (DEFAULT_FLAGS below), else as the
// setup plays by default — the readers included, reading by the entry as it stands; `--rounds K`
// (default 2) measures K times, each round reading by the entry the round before wrote. The file is
// rewritten whole after each round; an interrupted round writes nothing.
import { spawnSync } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataPath = `${root}strategies/smart/likelihoods.json`;
const args = process.argv.slice(2);
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt < 0 ? 2 : Number(args.splice(roundsAt, 2)[1]);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error('likelihoods: --rounds must be a whole number from 1');
  process.exit(2);
}
const firstFlag = args.findIndex((a) => a.startsWith('-'));
const setups = firstFlag < 0 ? args : args.slice(0, firstFlag);
const given = firstFlag < 0 ? null : args.slice(firstFlag);
if (setups.length === 0) setups.push('ukrainian', 'club-12');

/** The mafia profile ukrainian ships. */
const SHIPPED = 'smart:fakeClaim=1,fakeClaimDay=1,claimPlan=once';
/**
 * A mix of mafia play around a profile: it, it with `bus`, with `distance`, with both; each as it is
 * and blending (`blend`: naming only seats the table suspects).
 */
const around = (p) =>
  'mafia=mix:' +
  [`${p}@0.2`, `${p},bus=1,bloc=false@0.1`, `${p},distance=0.5@0.1`, `${p},bus=1,distance=0.5,bloc=false@0.1`]
    .flatMap((x) => [x, `${p},blend=true${x.slice(p.length)}`])
    .join('|');
/**
 * Each setup's flags when none are given: a posterior town against a mix of mafia play, so that no act
 * is read as proof because one profile never makes it. On club-12 the mix is around both the tuned
 * mafia (fakeClaim=0.6) and one claim a game from day 1 (claimPlan=once,fakeClaim=1), its answer to
 * the suspicion model.
 */
const DEFAULT_FLAGS = {
  ukrainian: ['--strategy', 'town=smart:reader=posterior', '--strategy', around(SHIPPED)],
  'club-12': ['--strategy', 'town=smart:reader=posterior', '--strategy',
    'mafia=mix:' + ['smart@0.15', 'smart:blend=true@0.1', 'smart:claimPlan=once,fakeClaim=1@0.15', 'smart:claimPlan=once,fakeClaim=1,blend=true@0.15',
      'smart:claimPlan=once,fakeClaim=1,bus=1,bloc=false@0.1', 'smart:claimPlan=once,fakeClaim=1,blend=true,bus=1,bloc=false@0.1',
      'smart:bus=1,bloc=false@0.05', 'smart:claimPlan=once,fakeClaim=1,distance=0.5@0.1', 'smart:claimPlan=once,fakeClaim=1,blend=true,distance=0.5@0.1'].join('|')],
};

for (const setup of setups) {
  for (let round = 1; round <= rounds; round++) {
    const argv = ['likelihoods', '--setup', setup, ...(given ?? DEFAULT_FLAGS[setup] ?? []), '--json'];
    console.error(`mafia-sim ${argv.join(' ')}   (round ${round} of ${rounds})`);
    const r = spawnSync(process.execPath, [`${root}bin/mafia-sim.js`, ...argv], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 26 });
    if (r.status !== 0) {
      console.error(`likelihoods: ${setup}: mafia-sim likelihoods exited ${r.status}; ${dataPath} not changed by this round`);
      process.exit(r.status === null ? 1 : r.status);
    }
    const data = JSON.parse(readFileSync(dataPath, 'utf8'));
    data[setup] = JSON.parse(r.stdout);
    const sorted = Object.fromEntries(Object.keys(data).sort().map((k) => [k, data[k]]));
    writeFileSync(`${dataPath}.tmp`, JSON.stringify(sorted, null, 2) + '\n');
    renameSync(`${dataPath}.tmp`, dataPath);
    // (the build keeps its own copy of the file: the next round reads by the new entry once built)
    const built = spawnSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
}
