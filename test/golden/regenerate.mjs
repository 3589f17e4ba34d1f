// `npm run golden`: writes every golden case (./cases.mjs) from the built CLI and its replay command.
// The diff is the change in the games: review it, and say in the commit why the games changed.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Chalk } from 'chalk';
import { registerBuiltIns } from '../../src/strategy/registry.js';
import { BUILT_IN_STRATEGIES } from '../../strategies/index.js';
import { PLAYTHROUGHS, REPORTS } from './cases.mjs';
import { playthrough } from './playthrough.ts';

registerBuiltIns(BUILT_IN_STRATEGIES); // as the CLI does: the playthroughs are played here
const here = fileURLToPath(new URL('.', import.meta.url));
const bin = fileURLToPath(new URL('../../bin/mafia-sim.js', import.meta.url));
for (const c of REPORTS) {
  const out = execFileSync(process.execPath, [bin, ...c.args, '--workers', '1', '--no-progress'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  writeFileSync(`${here}reports/${c.file}`, out);
}
for (const c of PLAYTHROUGHS) {
  const { text, json } = playthrough(c.flags, new Chalk({ level: 0 }));
  writeFileSync(`${here}playthroughs/${c.name}.txt`, text);
  writeFileSync(`${here}playthroughs/${c.name}.json`, json);
}
console.log(`wrote ${REPORTS.length} reports and ${PLAYTHROUGHS.length} playthroughs in test/golden/`);
