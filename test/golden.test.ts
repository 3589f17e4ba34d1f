// Golden outputs: whole reports of a few seeded runs, checked into test/golden/ (`npm run golden`
// writes them anew). Any change in the games, the tallies or the report's format shows up here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
// @ts-expect-error: a plain .mjs list shared with the regeneration script
import { REPORTS } from './golden/cases.mjs';

describe('golden reports', () => {
  for (const c of REPORTS as { file: string; args: string[] }[]) {
    it(`G10 mafia-sim ${c.args.join(' ')} prints test/golden/reports/${c.file}, byte for byte`, () => {
      const r = cli([...c.args, '--no-progress']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(readFileSync(new URL(`./golden/reports/${c.file}`, import.meta.url), 'utf8'));
    });
  }
});
