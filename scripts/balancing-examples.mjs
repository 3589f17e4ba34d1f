// `npm run balancing-examples`: reruns every worked example of docs/balancing.md and diffs what each
// prints with the figures the document shows; exit 1 on any difference. `-- --write` writes the current
// output into the document instead (review the diff: the figures changed, say why).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { examples, normalise } from './examples.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const docPath = `${root}docs/balancing.md`;
const write = process.argv.includes('--write');
let doc = readFileSync(docPath, 'utf8');
const found = examples(doc);
if (found.length === 0) {
  console.error('docs/balancing.md: no examples found');
  process.exit(1);
}
let failed = 0;
const outputs = [];
for (const ex of found) {
  const started = Date.now();
  const r = spawnSync(process.execPath, [`${root}bin/mafia-sim.js`, ...ex.args, '--no-progress'], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  if (r.status !== 0) {
    console.error(`FAIL ${ex.command}: exit ${r.status}\n${r.stderr}`);
    failed++;
    outputs.push(null);
    continue;
  }
  const got = normalise(r.stdout);
  const same = got === normalise(ex.shown);
  outputs.push(got);
  console.log(`${same ? 'ok  ' : write ? 'new ' : 'DIFF'} ${ex.command}  (${((Date.now() - started) / 1000).toFixed(1)}s)`);
  if (!same && !write) {
    failed++;
    const a = normalise(ex.shown).split('\n');
    const b = got.split('\n');
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (a[i] !== b[i]) console.log(`  line ${i + 1}\n  - ${a[i] ?? '(none)'}\n  + ${b[i] ?? '(none)'}`);
    }
  }
}
if (write) {
  // From the last example back, so that writing one does not move the ones before it.
  for (let i = found.length - 1; i >= 0; i--) if (outputs[i] !== null) doc = doc.slice(0, found[i].start) + outputs[i] + doc.slice(found[i].end);
  writeFileSync(docPath, doc);
  console.log(`wrote ${found.length} example outputs into docs/balancing.md`);
}
console.log(`${found.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 && !write ? 1 : 0);
