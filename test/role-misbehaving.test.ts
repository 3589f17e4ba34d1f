// Role plug-ins that misbehave (docs/extending.md, "What a plug-in must not do"): a seat number no
// table has, an async hook, a write to the frozen state of a role that declares none. Each fails the
// game it happens in, with a line naming the plug-in and what it did and the command that replays it;
// `run` goes on with the other games and `fuzz --role` reports it with its repro, never crashing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, ROOT } from './helpers/cli.js';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'roles', 'misbehaving');
const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-misbehaving-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A Ukrainian setup in the temp dir with the fixture in place of a Citizen (the Commissar checks it). */
function setupFor(fixture: string): string {
  const setup = join(dir, `${fixture}.yaml`);
  writeFileSync(setup, `rules: ukrainian\nroles: { don: 1, mafia: 2, courtesan: 1, commissar: 1, doctor: 1, maniac: 1, citizen: 4, ${join(FIXTURES, `${fixture}.mjs`)}: 1 }\n`);
  return setup;
}

const CASES: [fixture: string, message: RegExp][] = [
  ['wrecker', /role plug-in \S+wrecker\.mjs: night\.attack: target must be a seat from 1 to 12, got 1\d\d$/],
  ['asyncact', /role plug-in \S+asyncact\.mjs: (act|onDeath) returned a Promise \(hooks are synchronous: no async, no await\)$/],
  ['promise-check', /role plug-in \S+promise-check\.mjs: onChecked returned a Promise/],
  ['frozen-state', /role plug-in \S+frozen-state\.mjs threw in act: Cannot add property last, object is not extensible/],
];

describe('misbehaving role plug-ins', () => {
  it('each misbehaviour fails its game, named, with the replay command, and the run goes on to its end', () => {
    for (const [fixture, message] of CASES) {
      const r = cli(['run', '--setup', setupFor(fixture), '--games', '40', '--strategy', 'random', '--json', '--no-progress']);
      expect(r.code, `${fixture}: ${r.stderr}`).toBe(1);
      const report = JSON.parse(r.stdout) as { games: number; failedGames: number; failures: { error: string; replay: string }[] };
      expect(report.failedGames, fixture).toBeGreaterThan(0);
      expect(report.failures[0].error, fixture).toMatch(message);
      expect(report.failures[0].replay, fixture).toMatch(/^mafia-sim replay .*--game \d+/);
    }
  });

  it('fuzz --role on a plug-in that misbehaves reports each failure with its replay command and exits 1, never crashing', () => {
    for (const fixture of ['wrecker', 'asyncact']) {
      const r = cli(['fuzz', '--role', join(FIXTURES, `${fixture}.mjs`), '--games', '150', '--workers', '1', '--json', '--no-progress', '--out', join(dir, `fuzz-${fixture}`)]);
      expect(r.code, `${fixture}: ${r.stderr}`).toBe(1);
      const report = JSON.parse(r.stdout) as { failures: { check: string; message: string; replay: string }[] };
      expect(report.failures.length, fixture).toBeGreaterThan(0);
      for (const f of report.failures) {
        expect(f.check, fixture).toBe('plug-in threw');
        expect(f.replay, fixture).toMatch(/^mafia-sim replay /);
      }
    }
  });
});
