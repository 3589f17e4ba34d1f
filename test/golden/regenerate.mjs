// `npm run golden`: writes every golden case (./cases.mjs) from the built CLI. The diff is the change
// in the games: review it, and say in the commit why the games changed.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { REPORTS } from './cases.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const bin = fileURLToPath(new URL('../../bin/mafia-sim.js', import.meta.url));
for (const c of REPORTS) {
  const out = execFileSync(process.execPath, [bin, ...c.args, '--workers', '1', '--no-progress'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  writeFileSync(`${here}reports/${c.file}`, out);
  console.log(`wrote test/golden/reports/${c.file}`);
}
