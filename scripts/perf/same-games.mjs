// `npm run same-games -- REF`: whether this checkout plays the same games as commit REF. Plays a fixed
// list of runs (every rule family; random, smart as tuned, smart's own defaults, a deviation) with
// `run --json` on both builds and compares the reports byte for byte: a change meant to leave the games
// alone (a speed-up, a refactor) must print SAME. Exit 1 on a difference, naming the runs that differ.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { headBuild, refBuild } from './builds.mjs';

/** The runs compared: each a `mafia-sim run` argument list (seed and output added below). */
const RUNS = [
  ['--setup', 'ukrainian', '--games', '4000'],
  ['--setup', 'ukrainian', '--games', '2000', '--strategy', 'smart:tuned=false'],
  ['--setup', 'club-12', '--games', '3000'],
  ['--setup', 'club-20', '--games', '1500'],
  ['--setup', 'club-8', '--games', '2000'],
  ['--setup', 'vanilla', '--games', '10000'],
  ['--setup', 'ukrainian', '--games', '20000', '--strategy', 'random'],
  ['--setup', 'club-12', '--games', '10000', '--strategy', 'random'],
  ['--setup', 'ukrainian', '--games', '2000', '--strategy', 'mafia=smart:fakeClaim=1,fakeClaimDay=1,claimer=first'],
];

const ref = process.argv[2];
if (ref === undefined || process.argv.length > 3) {
  console.error('same-games: usage: npm run same-games -- REF');
  process.exit(2);
}
let refB;
try {
  refB = refBuild(ref);
} catch (e) {
  console.error(`same-games: ${e.message}`);
  process.exit(2);
}
const headB = headBuild();

/** The run's report, or (a build that cannot play it: an option it does not know, a crash) the exit code it failed with. */
function report(build, args) {
  try {
    return execFileSync(process.execPath, [join(build.dir, 'bin/mafia-sim.js'), 'run', ...args, '--seed', '7', '--json', '--no-progress', '--workers', '2'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1 << 28,
    });
  } catch (e) {
    return `failed: exit ${e.status}`;
  }
}

const differ = [];
for (const args of RUNS) {
  const same = report(refB, args) === report(headB, args);
  process.stderr.write(`${same ? 'same' : 'DIFFERS'}: run ${args.join(' ')}\n`);
  if (!same) differ.push(args.join(' '));
}
if (differ.length === 0) console.log(`SAME: ${headB.label} and ${refB.label} print byte-identical reports for all ${RUNS.length} runs (seed 7)`);
else {
  console.log(`DIFFERENT: ${headB.label} and ${refB.label} differ in ${differ.length} of ${RUNS.length} runs:\n${differ.map((d) => `  run ${d} --seed 7 --json`).join('\n')}`);
  process.exitCode = 1;
}
