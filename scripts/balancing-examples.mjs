// `npm run balancing-examples`: plays every worked example of docs/balancing.md and diffs what each
// prints with the output recorded for it in docs/balancing-examples.json; exit 1 on any difference.
// `-- --write` records the current outputs and the games' fingerprint instead, and writes them into the
// page (scripts/balancing-page.mjs); review the diff: the figures changed, say why.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { playJobGame } from '../dist/src/runner/job.js';
import { loadSetup } from '../dist/src/setup/load.js';
import { parseStrategies, registerBuiltIns } from '../dist/src/strategy/registry.js';
import { BUILT_IN_STRATEGIES } from '../dist/strategies/index.js';
import { DATA, dataText, DOC, gamesFingerprint, readData, withOutputs } from './balancing-page.mjs';
import { examples, normalise } from './examples.mjs';

registerBuiltIns(BUILT_IN_STRATEGIES);
const root = fileURLToPath(new URL('..', import.meta.url));
const write = process.argv.includes('--write');
const found = examples(readFileSync(DOC, 'utf8'));
if (found.length === 0) {
  console.error('docs/balancing.md: no examples found');
  process.exit(1);
}
const recorded = new Map(readData().examples.map((e) => [e.command, normalise(e.output.join('\n'))]));
let failed = 0;
const outputs = [];
for (const ex of found) {
  const started = Date.now();
  const r = spawnSync(process.execPath, [`${root}bin/mafia-sim.js`, ...ex.args, '--no-progress'], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  if (r.status !== 0) {
    console.error(`FAIL ${ex.command}: exit ${r.status}\n${r.stderr}`);
    failed++;
    continue;
  }
  const got = normalise(r.stdout);
  const was = recorded.get(ex.command) ?? '';
  outputs.push({ command: ex.command, output: got });
  console.log(`${got === was ? 'ok  ' : write ? 'new ' : 'DIFF'} ${ex.command}  (${((Date.now() - started) / 1000).toFixed(1)}s)`);
  if (got !== was && !write) {
    failed++;
    const a = was.split('\n');
    const b = got.split('\n');
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (a[i] !== b[i]) console.log(`  line ${i + 1}\n  - ${a[i] ?? '(none)'}\n  + ${b[i] ?? '(none)'}`);
    }
  }
}
if (write && failed === 0) {
  const fingerprint = gamesFingerprint((probe) => {
    const job = { setupArg: probe.setup, overrides: probe.options, setup: loadSetup(probe.setup, probe.options), strategies: parseStrategies(probe.strategies), seed: '1' };
    return (k) => playJobGame(job, k);
  });
  writeFileSync(DATA, dataText(fingerprint, outputs));
  writeFileSync(DOC, withOutputs(readFileSync(DOC, 'utf8'), readData()));
  console.log(`recorded ${outputs.length} example outputs in docs/balancing-examples.json and wrote them into docs/balancing.md`);
}
console.log(`${found.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
