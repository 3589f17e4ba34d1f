// Runs every scripted scenario in test/scenarios (one test per file, titled with the scenario's name,
// which starts with the RULES.md clause IDs it checks), and the `scenario` command end to end.
// Scenario files of every rule set live there (u*.yaml for section U, club-*.yaml for section C).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readScenario, type Scenario } from '../src/scenario/parse.js';
import { runScenario } from '../src/scenario/run.js';
import { loadScenarioRolePlugins } from '../src/setup/rolePlugins.js';
import { cli, ROOT } from './helpers/cli.js';

const DIR = join(ROOT, 'test', 'scenarios');
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => join('test', 'scenarios', f));
// A scenario's setup may name role plug-ins: they are imported before any scenario is read.
for (const f of FILES) await loadScenarioRolePlugins(join(ROOT, f));

describe('scripted scenarios (test/scenarios/*.yaml)', () => {
  it('every clause of RULES.md section U with behaviour has a scenario named after it', () => {
    const names = FILES.map((f) => {
      try {
        return readScenario(join(ROOT, f)).name;
      } catch {
        return f;
      }
    });
    const clauses = ['U1', 'U2', 'U3.1', 'U3.2', 'U3.3', 'U3.4', 'U3.5', 'U4', 'U5.1', 'U5.2', 'U5.3', 'U5.4', 'U6.1', 'U6.2',
      'U7', 'U8', 'U9.1', 'U9.2', 'U10', 'U11.1', 'U11.2', 'U11.3', 'U12.1', 'U12.2', 'U12.3', 'U13'];
    const missing = clauses.filter((c) => !names.some((n) => n.split(' ').includes(c)));
    expect(missing, `clauses without a scenario: ${missing.join(', ')}`).toEqual([]);
  });

  for (const file of FILES) {
    let sc: Scenario;
    try {
      sc = readScenario(join(ROOT, file));
    } catch (e) {
      it(`${file} is a valid scenario`, () => {
        throw e;
      });
      continue;
    }
    it(sc.name, () => {
      const { results } = runScenario(sc);
      const failed = results.filter((r) => !r.ok).map((r) => `${r.label}: ${r.detail}`);
      expect(results.length, `${file} has no expectations`).toBeGreaterThan(0);
      expect(failed, `${file}:\n  ${failed.join('\n  ')}`).toEqual([]);
    });
  }
});

describe('mafia-sim scenario (CLI)', () => {
  it('every scenario file passes: exit 0', () => {
    const r = cli(['scenario', ...FILES]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain(`${FILES.length} scenario(s):`);
    expect(r.stdout).toMatch(/ 0 failed/);
    expect(r.stdout).not.toContain('FAIL');
  });

  it('a scenario whose expectation does not hold prints FAIL and exits 1', () => {
    const r = cli(['scenario', 'test/fixtures/scenario-failing.yaml']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('FAIL');
    expect(r.stdout).toContain('alive after night 1');
  });

  it('a malformed scenario is a user error: exit 2 with one error line', () => {
    const r = cli(['scenario', 'test/fixtures/scenario-malformed.yaml']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^mafia-sim: error: .*scenario-malformed\.yaml: script\.nigth 1: /);
  });

  it('G1 a seeded deal the seed does not deal is refused: exit 2, one line naming the file, the field and what the seed deals', () => {
    const r = cli(['scenario', 'test/fixtures/scenario-seeded-deal-wrong.yaml']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/scenario-seeded-deal-wrong\.yaml: deal: seed 7, game 3 deals \[citizen, citizen, citizen, mafia, .*\], not the deal listed \(seededDeal: true\)$/);
  });

  it('holds names fuzz checks: an unknown one, or one given with after, is an error naming the field', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'holds-'));
    try {
      const head = 'setup: ukrainian\ndeal: [don, mafia, mafia, courtesan, commissar, doctor, maniac, citizen, citizen, citizen, citizen, citizen]\n';
      writeFileSync(join(dir, 'a.yaml'), `${head}expect:\n  - holds: [invariant]\n`);
      writeFileSync(join(dir, 'b.yaml'), `${head}expect:\n  - { after: night 1, holds: [invariants] }\n`);
      const a = cli(['scenario', join(dir, 'a.yaml')]);
      expect(a.code).toBe(2);
      expect(a.stderr).toMatch(/a\.yaml: expect\[0\]\.holds: unknown check "invariant" \(did you mean "invariants"\?\)/);
      const b = cli(['scenario', join(dir, 'b.yaml')]);
      expect(b.code).toBe(2);
      expect(b.stderr).toMatch(/b\.yaml: expect\[0\]\.holds: holds checks the whole game, after every phase: it cannot be given with after/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
