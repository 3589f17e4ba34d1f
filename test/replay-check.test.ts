// run --check reports a game that breaks an invariant with a `replay … --check` command, and that
// command reproduces the failure: replay --check checks the invariants after every phase, as the run
// did, and exits 1 with the same message (a game to break comes from test/fixtures/engine-breaker-plugin.mjs).
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';

const BREAKER = 'town=./test/fixtures/engine-breaker-plugin.mjs';

/** Runs a printed `mafia-sim replay …` command (its words are unquoted: the test's paths need no quotes). */
function runPrinted(command: string) {
  const words = command.split(' ');
  expect(words.slice(0, 2)).toEqual(['mafia-sim', 'replay']);
  return cli(words.slice(1));
}

describe('replay --check', () => {
  const run = cli(['run', '--games', '30', '--check', '--strategy', BREAKER, '--json', '--no-progress']);
  const report = JSON.parse(run.stdout) as { failedGames: number; failures: { game: number; error: string; replay: string }[] };

  it('run --check lists each game that broke an invariant with a replay command that checks them too', () => {
    expect(run.code, run.stderr).toBe(1);
    expect(report.failedGames).toBeGreaterThan(0);
    const first = report.failures[0];
    expect(first.error).toMatch(/^InvariantError: invariant broken after day 2: livingCount \d+ but \d+ seats alive$/);
    expect(first.replay).toBe(`mafia-sim replay --setup ukrainian --strategy ${BREAKER} --seed 1 --game ${first.game} --check`);
  });

  it('the printed replay command reproduces the failure: exit 1, one line with the same message', () => {
    const first = report.failures[0];
    const r = runPrinted(first.replay);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(`mafia-sim: the game failed: ${first.error.replace(/^InvariantError: /, '')}`);
  });

  it('without --check the same replay plays to the end (the check is what finds it)', () => {
    const r = runPrinted(report.failures[0].replay.replace(/ --check$/, ''));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Outcome: /);
  });

  it('a run without --check prints replay commands without it', () => {
    const plain = cli(['run', '--games', '30', '--strategy', 'town=./test/fixtures/faulty-plugin.ts:throwRate=0.3', '--json', '--no-progress']);
    const failures = (JSON.parse(plain.stdout) as typeof report).failures;
    expect(failures.length).toBeGreaterThan(0);
    for (const f of failures) expect(f.replay).not.toMatch(/--check/);
  });
});
