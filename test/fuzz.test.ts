// `mafia-sim fuzz`: a clean run exits 0 with its coverage; the same seed gives the same report (G10),
// and a --time budget decides only how many games are played; a broken plug-in strategy or role
// plug-in, or a bot whose games do not follow from their seeds, makes it fail (exit 1) naming the
// check, with a replay command that reproduces the failure and a shrunk case smaller than the one that
// failed; bad input is one line and exit 2.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import type { FuzzReport } from '../src/cli/fuzz.js';
import type { CaseSize } from '../src/fuzz/shrink.js';

const TEMP = mkdtempSync(join(tmpdir(), 'fuzz-test-'));
afterAll(() => rmSync(TEMP, { recursive: true, force: true }));

/** The report of `fuzz ARGS --json`, and the exit code. */
function fuzzJson(args: string[], env: Record<string, string> = {}): { code: number | null; report: FuzzReport; stdout: string; stderr: string } {
  const r = cli(['fuzz', ...args, '--json', '--no-progress'], { env: { TMPDIR: TEMP, ...env } });
  return { code: r.code, report: JSON.parse(r.stdout) as FuzzReport, stdout: r.stdout, stderr: r.stderr };
}

/** Runs a printed `mafia-sim replay …` command (its words need no quotes: the paths here have none). */
function runPrinted(command: string, env: Record<string, string> = {}) {
  const words = command.split(' ');
  expect(words[0]).toBe('mafia-sim');
  if (words[1] === 'replay') expect(words.at(-1)).toBe('--check');
  else expect(words[1]).toBe('scenario');
  return cli(words.slice(1), { env });
}

const total = (s: CaseSize) => s.seats + s.roles + s.options + s.immunities + s.strategies;

describe('fuzz, clean', () => {
  const a = fuzzJson(['--games', '400', '--seed', '4']);

  it('G9 a clean short run exits 0 and reports what it covered: rule sets, roles, options, decision kinds', () => {
    expect(a.code, a.stderr).toBe(0);
    expect(a.report.games).toBe(400);
    expect(a.report.failedSetups).toBe(0);
    expect(a.report.outDir).toBeNull();
    const cov = a.report.coverage;
    expect(Object.keys(cov.rules).sort()).toEqual(['club', 'ukrainian', 'vanilla']);
    expect(cov.roles.bodyguard).toBeGreaterThan(0);
    expect(Object.keys(cov.options).length).toBeGreaterThan(5);
    expect(cov.decisions.vote).toBeGreaterThan(0);
    expect(Object.keys(cov.decisions).length).toBeGreaterThan(10);
    expect(cov.strategies.smart).toBeGreaterThan(0);
  });

  it('G10 the same seed gives the same report; a --time run is the --games run of the count it played', () => {
    const b = fuzzJson(['--games', '400', '--seed', '4']);
    expect(b.report).toEqual(a.report);
    const timed = fuzzJson(['--time', '1s', '--seed', '4']);
    expect(timed.code).toBe(0);
    expect(timed.report.budget).toEqual({ time: '1s' });
    expect(timed.report.games).toBeGreaterThan(0);
    const counted = fuzzJson(['--games', String(timed.report.games), '--seed', '4']);
    expect({ ...counted.report, budget: null }).toEqual({ ...timed.report, budget: null });
  });

  it('G10 on two worker threads the JSON report and the text are byte-identical to one thread’s', () => {
    // --workers 1 is the default for 400 games: a.report is the in-process run's.
    const two = cli(['fuzz', '--games', '400', '--seed', '4', '--json', '--no-progress', '--workers', '2']);
    expect(two.code, two.stderr).toBe(0);
    expect(two.stdout).toBe(a.stdout);
    const text1 = cli(['fuzz', '--games', '60', '--seed', '6', '--workers', '1']);
    const text2 = cli(['fuzz', '--games', '60', '--seed', '6', '--workers', '2']);
    expect(text2.stdout).toBe(text1.stdout);
  });

  it('the text report names the coverage and says there were no failures', () => {
    const r = cli(['fuzz', '--games', '40', '--seed', '2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/rule sets: /);
    expect(r.stdout).toMatch(/decisions checked \(G9\): /);
    expect(r.stdout).toMatch(/No failures/);
  });
});

describe('fuzz, a broken plug-in strategy', () => {
  const bot = join(TEMP, 'broken-bot.ts');
  writeFileSync(
    bot,
    `export default {
  name: 'broken',
  description: 'throws when asked to vote from day 2 on (test)',
  createPlayer: () => ({
    decide(view: { day: number }, req: { kind: string; options: readonly number[] }, rng: { pick<T>(a: readonly T[]): T }) {
      if (req.kind === 'vote' && view.day >= 2) throw new Error('broken vote');
      return req.options.length ? rng.pick(req.options) : null;
    },
  }),
};
`,
  );
  const out = join(TEMP, 'out-bot');
  const run = fuzzJson(['--games', '200', '--seed', '3', '--strategy', bot, '--out', out]);
  const first = run.report.failures[0];

  it('fails with exit 1, naming the check and the replay command of each failure', () => {
    expect(run.code, run.stderr).toBe(1);
    expect(run.report.outDir).toBe(out);
    expect(first.check).toBe('plug-in threw');
    expect(first.message).toMatch(/broken vote/);
    expect(first.replay).toMatch(new RegExp(`^mafia-sim replay --setup ${out}/case-\\d+\\.yaml .*--strategy ${bot} .*--game \\d+ --check$`));
  });

  it('the printed replay command reproduces the failure (exit 1, the same message)', () => {
    const r = runPrinted(first.replay);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/broken vote/);
  });

  it('the shrunk case is smaller, fails the same check, and its replay command reproduces it', () => {
    const s = first.shrunk!;
    expect(s).not.toBeNull();
    expect(total(s.size)).toBeLessThan(total(first.size));
    expect(s.message).toMatch(/broken vote/);
    const r = runPrinted(s.replay);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/broken vote/);
  });

  it('no repro scenario: the failure is the bot throwing, which scripted decisions do not replay; the report says so', () => {
    expect(first.repro.command).toBeNull();
    expect(first.shrunk!.repro.file).toBeNull();
    expect(first.shrunk!.repro.note).toMatch(/the scripted game passes: the failure depends on the bots themselves/);
  });

  it('the text report prints the check, the replay and the shrunk case', () => {
    // Wide enough that the failure's line is not wrapped (test/width.test.ts checks the wrapping).
    // The run above's games: the bot meets a vote from day 2 on only in some cases.
    const r = cli(['fuzz', '--games', '200', '--seed', '3', '--strategy', bot, '--out', join(TEMP, 'out-text')], { env: { COLUMNS: '1000' } });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/✗ \[plug-in threw\] setup \d+, game \d+: .*broken vote/);
    expect(r.stdout).toMatch(/replay: mafia-sim replay --setup /);
    expect(r.stdout).toMatch(/shrunk \(\d+ steps\): /);
  });
});

describe('fuzz, a broken role plug-in', () => {
  // .mts: a .ts file outside an ESM package loads as CommonJS, which the role loader does not unwrap.
  const role = join(TEMP, 'broken-role.mts');
  writeFileSync(
    role,
    `export default {
  id: 'saboteur',
  name: 'Saboteur',
  team: 'town',
  description: 'Town: his night action throws (test)',
  night: { step: 'saboteur', decision: 'sabotage', intent: 'protect', act() { throw new Error('sabotaged'); } },
};
`,
  );
  const run = fuzzJson(['--games', '200', '--seed', '5', '--role', role, '--out', join(TEMP, 'out-role')]);

  it('fails with exit 1 naming the check, and the replay command (its setup names the plug-in) reproduces it', () => {
    expect(run.code, run.stderr).toBe(1);
    const f = run.report.failures[0];
    expect(f.check).toBe('plug-in threw');
    expect(f.message).toMatch(/sabotaged/);
    expect(run.report.coverage.roles.saboteur).toBeGreaterThan(0);
    const r = runPrinted(f.shrunk!.replay);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/sabotaged/);
  });

  it('the role plays inside the game, so its repro scenario (scripted decisions) fails the same way', () => {
    const repro = run.report.failures[0].shrunk!.repro;
    expect(repro.note).toBeNull();
    const r = runPrinted(repro.command!);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    // (scenario's lines fit the width: a long one continues on the next, indented)
    expect(r.stdout.replace(/\n +/g, ' ')).toMatch(/✗ holds \[plug-in threw\] in the whole game — role plug-in .*broken-role\.mts threw in act: sabotaged/);
  });
});

describe('fuzz, a plug-in strategy with state shared between games', () => {
  const bot = join(TEMP, 'stateful-bot.mjs');
  writeFileSync(
    bot,
    `let calls = 0; // shared by every game of the process: game K no longer follows from its seed alone
export default {
  name: 'stateful',
  description: 'picks by a counter kept across games (test)',
  createPlayer: () => ({ decide: (view, req) => (req.options.length ? req.options[++calls % req.options.length] : null) }),
};
`,
  );
  const run = fuzzJson(['--games', '100', '--seed', '3', '--strategy', bot, '--out', join(TEMP, 'out-stateful')]);

  it('G10 fails the determinism check (a game played twice from its seed differs), and replay --check reproduces it', () => {
    expect(run.code, run.stderr).toBe(1);
    const f = run.report.failures[0];
    expect(f.check).toBe('G10 determinism');
    const r = runPrinted(f.shrunk!.replay);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/played again from the same seed gave a different record \(G10\)/);
  });
});

describe('fuzz, a bug planted in the engine (MAFIA_SIM_PLANTED_BUG=team-count)', () => {
  // The switch (src/engine/planted.ts) leaves a mafia player killed by the Maniac on his team's
  // living count: the engine's invariants catch it after that night.
  const PLANTED = { MAFIA_SIM_PLANTED_BUG: 'team-count' };
  const out = join(TEMP, 'out-planted');
  const run = fuzzJson(['--games', '60', '--seed', '4', '--out', out], PLANTED);
  const first = run.report.failures[0];

  it('fuzz finds it (exit 1, [invariants] team counts out of step) and shrinks it to a smaller case', () => {
    expect(run.code, run.stderr).toBe(1);
    expect(first.check).toBe('invariants');
    expect(first.message).toMatch(/team counts out of step/);
    expect(total(first.shrunk!.size)).toBeLessThan(total(first.size));
    expect(first.shrunk!.size.seats).toBeLessThanOrEqual(6);
  });

  it('it writes the shrunk failure as a scenario: the seed’s deal, every decision scripted, the check that failed as its expectation', () => {
    const repro = first.shrunk!.repro;
    expect(repro.note).toBeNull();
    expect(repro.command).toBe(`mafia-sim scenario ${out}/case-${first.case}-shrunk-repro.yaml`);
    const text = readFileSync(repro.file!, 'utf8');
    expect(text).toMatch(/^seededDeal: true$/m);
    expect(text).toMatch(/^setup: "case-\d+-shrunk\.yaml"$/m);
    expect(text).toMatch(/^script:$/m);
    expect(text).toMatch(/maniacKill: \d+/);
    expect(text).toMatch(/^  - holds: \["invariants"\]$/m);
    expect(first.repro.command).toBe(`mafia-sim scenario ${out}/case-${first.case}-repro.yaml`);
  });

  it('the repro scenario fails for the same reason with the bug on (exit 1), and passes once the switch is off (exit 0)', () => {
    const on = runPrinted(first.shrunk!.repro.command!, PLANTED);
    expect(on.code, on.stdout + on.stderr).toBe(1);
    expect(on.stdout.replace(/\n +/g, ' ')).toMatch(/✗ holds \[invariants\] in the whole game — invariant broken after night \d+: team counts out of step/);
    const off = runPrinted(first.shrunk!.repro.command!);
    expect(off.code, off.stdout + off.stderr).toBe(0);
    expect(off.stdout).toMatch(/PASS fuzz repro \[invariants\]/);
    // The unshrunk case's scenario too, and the shrunk case's replay command.
    expect(runPrinted(first.repro.command!, PLANTED).code).toBe(1);
    const replay = runPrinted(first.shrunk!.replay, PLANTED);
    expect(replay.code).toBe(1);
    expect(replay.stderr).toMatch(/team counts out of step/);
  });

  it('on two worker threads the failures, shrunk cases and repros are the same (the same report)', () => {
    const two = fuzzJson(['--games', '60', '--seed', '4', '--out', out, '--workers', '2'], PLANTED);
    expect(two.code).toBe(1);
    expect(two.stdout).toBe(run.stdout);
  });

  it('the same run with the switch off finds nothing', () => {
    const clean = fuzzJson(['--games', '60', '--seed', '4']);
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.report.failedSetups).toBe(0);
  });
});

describe('fuzz, bad input', () => {
  for (const args of [['--games', '0'], ['--time', 'nonsense'], ['--bogus'], ['--games', '5', '--time', '1s'], ['--seed', 'x'], ['--workers', '0']]) {
    it(`fuzz ${args.join(' ')}: one error line, exit 2, nothing on stdout`, () => {
      const r = cli(['fuzz', ...args]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^mafia-sim: error: /);
    });
  }
});

describe('the information check (G7)', () => {
  it('G7 every seat of a real game passes; a view that holds a role it was never shown, or another seat’s private event, fails', async () => {
    const { informationProblem } = await import('../src/scenario/information.js');
    const { jobFromSpec, playJobGame } = await import('../src/runner/job.js');
    for (const setup of ['ukrainian', 'club-12']) {
      const job = await jobFromSpec({ setupArg: setup, overrides: [], strategies: ['smart'], seed: '9' });
      const g = playJobGame(job, 0, { keepLog: true });
      expect(informationProblem(g), setup).toBeNull();
      // A town seat that "knows" a mafia player's role.
      const town = g.roles.findIndex((r, s) => s > 0 && r.team === 'town');
      const mafia = g.roles.findIndex((r, s) => s > 0 && r.team === 'mafia');
      const leakRole = (s: number) => {
        const v = g.view(s);
        return { knownRole: (t: number) => (s === town && t === mafia ? g.roles[t].id : v.knownRole(t)), events: () => v.events(), checks: () => v.checks() };
      };
      expect(informationProblem(g, leakRole)).toMatch(new RegExp(`seat ${town}'s view holds seat ${mafia}'s role .*never shown \\(G7\\)`));
      // A seat that sees the black team's private events.
      const team = g.log!.find((e) => e.t === 'team')!;
      const leakEvent = (s: number) => {
        const v = g.view(s);
        return { knownRole: (t: number) => v.knownRole(t), events: () => (s === town ? [...v.events(), team] : v.events()), checks: () => v.checks() };
      };
      expect(informationProblem(g, leakEvent)).toMatch(new RegExp(`seat ${town}'s view holds a team event addressed to seats .* \\(G7\\)`));
    }
  });
});
