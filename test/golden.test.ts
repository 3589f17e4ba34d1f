// Golden outputs (test/golden/cases.mjs): whole reports of a few seeded runs, and whole games narrated
// and recorded event by event, checked into test/golden/ (`npm run golden` writes them anew). Any change
// in the games, the tallies or the formats shows up here; a refactor that keeps the games keeps them.
import { readFileSync } from 'node:fs';
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
// @ts-expect-error: a plain .mjs list shared with the regeneration script
import { PLAYTHROUGHS, REPORTS } from './golden/cases.mjs';
import { playthrough } from './golden/playthrough.js';

const golden = (path: string) => readFileSync(new URL(`./golden/${path}`, import.meta.url), 'utf8');

describe('golden reports', () => {
  for (const c of REPORTS as { file: string; args: string[] }[]) {
    it(`G10 mafia-sim ${c.args.join(' ')} prints test/golden/reports/${c.file}, byte for byte`, () => {
      const r = cli([...c.args, '--no-progress']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(golden(`reports/${c.file}`));
    });
  }
});

describe('golden playthroughs', () => {
  for (const c of PLAYTHROUGHS as { name: string; flags: Parameters<typeof playthrough>[0] }[]) {
    it(`G10 ${c.name}: the narrated game and its every event are test/golden/playthroughs/${c.name}.txt and .json`, () => {
      const { text, json } = playthrough(c.flags, new Chalk({ level: 0 }));
      expect(text).toBe(golden(`playthroughs/${c.name}.txt`));
      expect(json).toBe(golden(`playthroughs/${c.name}.json`));
    });
  }
});
