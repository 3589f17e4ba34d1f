#!/usr/bin/env node
// Replays the hostile-input catalogue (scripts/hostile/cases.mjs, issue 32) against the built CLI:
// one line per case — clean, crash, hang, wrong-success, leak or wrong — and a summary; exit 1 unless
// every case is clean. `npm run hostile` (builds first); `node scripts/hostile-catalogue.mjs [WORD…]`
// replays only the cases whose id contains a WORD; `--jobs N` runs N at once (default 2).
import { CASES, runCase } from './hostile/cases.mjs';

const args = process.argv.slice(2);
let jobs = 2;
const words = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--jobs') jobs = Math.max(1, Number(args[++i]) || 1);
  else words.push(args[i]);
}
const chosen = CASES.filter((c) => words.length === 0 || words.some((w) => c.id.includes(w)));
const width = Math.max(...chosen.map((c) => c.id.length));
const results = new Array(chosen.length);
let next = 0;
let printed = 0;
const print = () => {
  while (printed < chosen.length && results[printed]) {
    const [c, r] = [chosen[printed], results[printed]];
    console.log(`${r.verdict.padEnd(13)} ${c.id.padEnd(width)} ${String(r.ms ?? 0).padStart(6)} ms  ${r.verdict === 'clean' ? c.what : r.detail}`);
    printed++;
  }
};
await Promise.all(
  Array.from({ length: Math.min(jobs, chosen.length) }, async () => {
    while (next < chosen.length) {
      const i = next++;
      const c = chosen[i];
      results[i] = c.skip ? { verdict: 'skipped', detail: c.skip, ms: 0 } : await runCase(c);
      print();
    }
  }),
);
const counts = {};
for (const r of results) counts[r.verdict] = (counts[r.verdict] ?? 0) + 1;
console.log(`\n${chosen.length} cases: ${Object.entries(counts).map(([v, n]) => `${n} ${v}`).join(', ')}`);
process.exitCode = results.every((r) => r.verdict === 'clean' || r.verdict === 'skipped') ? 0 : 1;
