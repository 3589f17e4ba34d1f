// The workbench between equilibria (issue 14, item 7): sweep, compare and balance name what each side
// plays (tuned defaults from strategies/smart/tuned.json, or the strategy's own), and with --tune re-tune
// the strategy at each point with `mafia-sim tune` before playing it. Kept fast the way test/tune.test.ts
// is: vanilla, one parameter (the mafia's bloc, which a mafia without it gains some 30 points by taking),
// 300 to 1,200 games a move.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Chalk } from 'chalk';
import { sweepCommand, renderSweep, type SweepFlags } from '../src/cli/sweep.js';
import { compareCommand, renderCompare, type CompareFlags } from '../src/cli/compare.js';
import { balanceCommand, renderBalance, type BalanceFlags } from '../src/cli/balance.js';
import { pointSeed } from '../src/workbench/retune.js';
import { TUNED } from '../strategies/smart/tuned.js';
import { cli, cliAsync } from './helpers/cli.js';

const plain = new Chalk({ level: 0 });
/** Smart for the town, smart without its bloc for the mafia: tune takes bloc=true for the mafia. */
const tiny = {
  setup: 'vanilla', option: [] as string[], strategy: ['smart', 'mafia=smart:bloc=false'], seed: '4', progress: false,
  tune: true, tuneParams: 'bloc', tuneGames: '1200', tuneFirst: '300', games: '400', workers: '1',
};
const tinyArgs = ['--setup', 'vanilla', '--strategy', 'smart', '--strategy', 'mafia=smart:bloc=false', '--seed', '4', '--tune', '--tune-params', 'bloc', '--tune-games', '1200', '--tune-first', '300', '--games', '400', '--json', '--no-progress'];

describe('workbench --tune', () => {
  it('sweep re-tunes at each point: the mafia play bloc=true there, the header says so, the certificate is shown', async () => {
    const { report } = await sweepCommand({ ...tiny, vary: ['mafia=1,2'] } as SweepFlags);
    for (const a of report.arms) {
      expect(a.tune!.start.mafia).toBe('smart:bloc=false');
      expect(a.tune!.result.mafia).toBe('smart:bloc=true');
      expect(a.strategies).toContain('mafia=smart:bloc=true');
      expect(a.run.strategies).toContain('mafia=smart:bloc=true'); // the games played it
      expect(a.sides!.mafia).toMatchObject({ spec: 'smart:bloc=false', plays: 'smart:bloc=true', retuned: true });
      expect(a.tune!.certificate.mafia!.move).toBe('bloc=false');
      expect(a.tune!.certificate.mafia!.gain.high).toBeLessThan(0); // going back loses
      expect(a.tune!.command).toContain(`--seed ${pointSeed('4', a.label)}`);
    }
    const text = renderSweep(report, plain);
    expect(text).toMatch(/^Strategies +re-tuned at each point/m);
    expect(text).toContain('mafia smart:bloc=true (from smart:bloc=false); certificate bloc=false −');
    expect(report.playing).toMatch(/^re-tuned at each point/);
    // Without --tune the same points play the strategy as given.
    const { report: stale } = await sweepCommand({ ...tiny, tune: false, tuneParams: undefined, tuneGames: undefined, tuneFirst: undefined, vary: ['mafia=1,2'] } as SweepFlags);
    expect(stale.arms[0].run.strategies).toContain('mafia=smart:bloc=false');
    expect(stale.arms[0].outcomes.town.share).toBeGreaterThan(report.arms[0].outcomes.town.share); // a bloc-less mafia is weaker
  }, 120_000);

  it('compare and balance re-tune each arm and candidate; balance checks its best with the tuned specs', async () => {
    const { report: cmp } = await compareCommand([], { ...tiny, left: [], right: ['mafia=1'], side: [] } as CompareFlags);
    expect(cmp.arms.map((a) => a.tune!.result.mafia)).toEqual(['smart:bloc=true', 'smart:bloc=true']);
    expect(renderCompare(cmp, plain)).toMatch(/^Strategies +re-tuned at each point/m);
    const { report: bal } = await balanceCommand({ ...tiny, knob: 'mafia', range: '1..2' } as BalanceFlags);
    expect(bal.neighbours.map((p) => p.tune!.result.mafia)).toEqual(['smart:bloc=true', 'smart:bloc=true']);
    expect(bal.check).toContain('--strategy mafia=smart:bloc=true');
    const text = renderBalance(bal, plain);
    expect(text).toMatch(/^Strategies +re-tuned at each point/m);
    expect(text).toContain('mafia=2: converged');
  }, 120_000);

  it('the same seed gives the same report on 1 and 2 workers (the tune seeds come from the run seed and the point)', async () => {
    const args = ['sweep', ...tinyArgs, '--vary', 'mafia=1,2'];
    const [one, two] = await Promise.all([cliAsync([...args, '--workers', '1']), cliAsync([...args, '--workers', '2'])]);
    expect(one.code).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    expect(pointSeed('4', 'mafia=1')).not.toBe(pointSeed('4', 'mafia=2'));
    expect(pointSeed('4', 'mafia=1')).not.toBe(pointSeed('5', 'mafia=1'));
  }, 120_000);

  it('a swept strategy parameter is held at the point\'s value: the tune does not tune it away', async () => {
    const { report } = await sweepCommand({ ...tiny, tuneGames: '600', games: '200', vary: ['mafia.smart.bloc=false,true'] } as SweepFlags);
    expect(report.arms.map((a) => a.tune!.held)).toEqual([['bloc'], ['bloc']]);
    expect(report.arms.map((a) => a.tune!.result.mafia)).toEqual(['smart:bloc=false', 'smart:bloc=true']);
    expect(report.arms[0].tune!.command).toBeNull(); // --tune-params bloc, and bloc is held: nothing left
    expect(renderSweep(report, plain)).toContain('mafia.smart.bloc=false: nothing to tune after 0 rounds, 0 games; bloc held at the point\'s value');
    // With another parameter to tune, that one is tuned and the held one kept.
    const { report: more } = await sweepCommand({ ...tiny, tuneParams: 'bloc,nominateBlind', tuneGames: '600', games: '200', vary: ['mafia.smart.bloc=false'] } as SweepFlags);
    expect(more.arms[0].tune!.command).toContain('--params nominateBlind ');
    expect(more.arms[0].tune!.result.mafia).toMatch(/^smart:bloc=false(,|$)/);
  }, 120_000);

  it('--tune-state DIR keeps one tune state file per point; the same command run again gives the same report from them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-retune-'));
    try {
      const flags = { ...tiny, tuneGames: '600', games: '200', tuneState: join(dir, 'tunes'), vary: ['mafia=1,2'] } as SweepFlags;
      const first = (await sweepCommand(flags)).report;
      const files = readdirSync(join(dir, 'tunes')).sort();
      expect(files).toEqual(first.arms.map((a) => `point-${a.tune!.seed}.json`).sort());
      const again = (await sweepCommand(flags)).report;
      expect(JSON.stringify(again)).toBe(JSON.stringify(first));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('bad --tune flags: one line naming the flag, exit 2, nothing printed', () => {
    for (const [flags, message] of [
      [['--tune', '--tune-budget', '0'], '--tune-budget 0: expected a whole number from 1'],
      [['--tune', '--tune-budget', 'abc'], '--tune-budget abc: expected a whole number from 1'],
      [['--tune', '--tune-games', '0'], '--tune-games 0: expected a whole number from 1'],
      [['--tune-budget', '5000'], '--tune-budget 5000: only with --tune'],
      [['--tune', '--tune-params', 'nope'], '--tune-params nope: "nope" is not a parameter of smart'],
    ] as const) {
      const r = cli(['sweep', '--setup', 'vanilla', '--vary', 'mafia=1,2', '--strategy', 'smart', '--games', '10', ...flags]);
      expect(r.code, flags.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(message);
    }
  });
});

describe('workbench headers: what each side plays', () => {
  it('names a built-in setup\'s tuned.json entry where no equilibrium reaches, and smart\'s own defaults where none applies', async () => {
    // A stand-in entry for a table no equilibrium reaches (vanilla), removed again after the test.
    const data = TUNED as Record<string, unknown>;
    const had = Object.hasOwn(data, 'vanilla');
    const saved = data['vanilla'];
    data['vanilla'] = { town: { temperature: 0.5 }, mafia: {}, command: 'mafia-sim tune --setup vanilla (test stand-in)' };
    try {
      const flags = { setup: 'vanilla', option: [], strategy: ['smart'], seed: '2', games: '200', workers: '1', progress: false, vary: ['mafia=1,2'] } as unknown as SweepFlags;
      const { report } = await sweepCommand(flags);
      expect(report.arms[0].sides!.town).toMatchObject({ spec: 'smart', plays: 'smart:temperature=0.5', tuned: 'vanilla', retuned: false });
      expect(report.arms[0].sides!.mafia).toMatchObject({ plays: 'smart', tuned: null });
      const text = renderSweep(report, plain);
      expect(text).toContain('town smart:temperature=0.5 (tuned defaults: strategies/smart/tuned.json "vanilla"); mafia smart (smart\'s own defaults: no tuned.json entry for the setup)');
      expect(report.playing).toContain('tuned.json "vanilla"');
    } finally {
      if (had) data['vanilla'] = saved;
      else delete data['vanilla'];
    }
    const { report: own } = await sweepCommand({ setup: 'vanilla', option: [], strategy: ['town=smart', 'mafia=random'], seed: '2', games: '200', workers: '1', progress: false, vary: ['mafia=1,2'] } as unknown as SweepFlags);
    expect(renderSweep(own, plain)).toMatch(/^Strategies +town smart \(smart's own defaults: no tuned.json entry for the setup\); mafia random$/m);
  }, 60_000);
});
