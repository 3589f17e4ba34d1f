// The rule designer's workbench (issue 14): sweep, compare, balance and role-values agree exactly with
// separate `run`s of their arms on the same seeds; their paired counts are the counts of those runs' games
// paired by index; shards merge back into the unsharded report byte for byte; degenerate setups are named.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand, type RunFlags } from '../src/cli/run.js';
import { sweepCommand, type SweepFlags } from '../src/cli/sweep.js';
import { compareCommand, type CompareFlags } from '../src/cli/compare.js';
import { roleValuesCommand } from '../src/cli/roleValues.js';
import { balanceCommand, type BalanceFlags } from '../src/cli/balance.js';
import { mergeCommand } from '../src/cli/merge.js';
import { checksummed, reportJson } from '../src/report/integrity.js';
import { ROLES } from '../src/rules/roles.js';
import { applySetting, parseSetting } from '../src/workbench/arms.js';
import { verdict } from '../src/workbench/compare.js';
import { parseVary } from '../src/workbench/values.js';
import { holm } from '../src/workbench/report.js';
import { cli } from './helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-workbench-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const base = { option: [] as string[], strategy: [] as string[], seed: '5', progress: false };
const run = async (setup: string, option: string[], games: number, more: Partial<RunFlags> = {}) =>
  JSON.parse(reportJson(await runCommand({ ...base, setup, option, games: String(games), workers: '1', ...more } as RunFlags)));
const json = (x: object) => JSON.stringify(checksummed(x), null, 2);

describe('settings and values', () => {
  it('a strategy parameter joins the spec of the same player group, else adds one', () => {
    const arm = { setupArg: 'ukrainian', overrides: ['tie=none'], strategies: ['town=smart:fakeClaim=0.5'] };
    expect(applySetting(arm, parseSetting('town.smart.revealDay=2', '--vary')).strategies).toEqual(['town=smart:fakeClaim=0.5,revealDay=2']);
    expect(applySetting(arm, parseSetting('mafia.smart.fakeClaim=1', '--vary')).strategies).toEqual(['town=smart:fakeClaim=0.5', 'mafia=smart:fakeClaim=1']);
    expect(applySetting(arm, parseSetting('all.smart.revealDay=3', '--vary')).strategies).toEqual(['town=smart:fakeClaim=0.5', 'smart:revealDay=3']);
    expect(applySetting(arm, parseSetting('tie=random', '--vary')).overrides).toEqual(['tie=random']);
    expect(applySetting(arm, parseSetting('roles.citizen=3', '--vary')).overrides).toEqual(['tie=none', 'roles.citizen=3']);
  });

  it('--vary takes lists, a|b lists and a..b[:step] ranges, and names itself in its errors', () => {
    expect(parseVary('players=8..11').values).toEqual(['8', '9', '10', '11']);
    expect(parseVary('players=8..14:3').values).toEqual(['8', '11', '14']);
    expect(parseVary('mafiaShare=0.25..0.4:0.05').values).toEqual(['0.25', '0.30', '0.35', '0.40']);
    expect(parseVary('tie=random,none').values).toEqual(['random', 'none']);
    expect(parseVary('nightOrder=a,b|b,a').values).toEqual(['a,b', 'b,a']);
    expect(parseVary('strategy=random,smart:fakeClaim=1,revealDay=2').values).toEqual(['random', 'smart:fakeClaim=1,revealDay=2']);
    expect(() => parseVary('players=9..8')).toThrow(/--vary players=9\.\.8: the range ends \(8\) before it starts \(9\)/);
    expect(() => parseVary('players=1..1000')).toThrow(/1000 values; at most 200/);
    expect(() => parseVary('players')).toThrow(/--vary players: expected KEY=VALUES/);
    expect(() => parseVary('tie=random,random')).toThrow(/listed twice/);
  });

  it("Holm's correction keeps only what survives the step-down thresholds", () => {
    const tests = [{ p: 0.001 }, { p: 0.04 }, { p: 0.012 }, { p: 0.5 }];
    expect(holm(tests, 0.05)).toEqual([{ p: 0.001 }, { p: 0.012 }]);
    expect(holm([{ p: 0.03 }, { p: 0.04 }], 0.05)).toEqual([]);
  });

  it('a verdict states the difference when it is significant, and the interval it rules out when it is not', () => {
    expect(verdict('tie=random', 'baseline', { diff: 0.023, low: 0.016, high: 0.03, p: 1e-6 })).toBe('tie=random vs baseline: town +2.3 points (+1.6 to +3.0), p < 0.001');
    expect(verdict('x', 'baseline', { diff: 0.001, low: -0.008, high: 0.011, p: 0.41 })).toBe(
      'x vs baseline: no significant difference in town win (p = 0.41; +0.1 points): the games rule out a change beyond −0.8 to +1.1 points',
    );
  });
});

describe('sweep', () => {
  const flags = (more: Partial<SweepFlags>): SweepFlags => ({ ...base, setup: 'club-12', vary: ['players=8..10'], games: '600', workers: '1', ...more });

  it('every point is exactly `run --json` of that setup on the same seed, and club-12 players=15 is club-15', async () => {
    const { report } = await sweepCommand(flags({ vary: ['players=14,15'] }));
    expect(report.points.map((p) => p.values[0])).toEqual(['14', '15']);
    expect(report.arms[0].run).toEqual(await run('club-12', ['players=14'], 600));
    expect(report.arms[1].run).toEqual(await run('club-15', [], 600));
    expect(report.points[1].outcomes.town).toEqual(report.arms[1].run.outcomeRates.town);
    // The step is the paired difference: its estimate is the difference of the two runs' rates.
    expect(report.points[1].townStep!.diff).toBeCloseTo(report.points[1].outcomes.town.share - report.points[0].outcomes.town.share, 12);
  });

  it('a grid of a rule option and a role count: row-major points, each a run of its own', async () => {
    const { report } = await sweepCommand(flags({ setup: 'ukrainian', vary: ['tie=random,none', 'roles.citizen=4,5'], games: '300' }));
    expect(report.points.map((p) => p.values)).toEqual([['random', '4'], ['random', '5'], ['none', '4'], ['none', '5']]);
    expect(report.arms[2].run).toEqual(await run('ukrainian', ['tie=none', 'roles.citizen=4'], 300));
    expect(report.points[2].townStep).toBeNull();
    expect(report.points[3].players).toBe(12);
  });

  it('G10 the same bytes on 1 or 2 threads; shards 1/2 and 2/2 merge into exactly the unsharded report', async () => {
    const one = json((await sweepCommand(flags({ games: '4500' }))).report);
    const two = json((await sweepCommand(flags({ games: '4500', workers: '2' }))).report);
    expect(two).toBe(one);
    const files = ['1/2', '2/2'].map((shard, i) => {
      const path = join(dir, `sweep-${i}.json`);
      return { path, shard };
    });
    for (const f of files) writeFileSync(f.path, json((await sweepCommand(flags({ games: '4500', shard: f.shard }))).report));
    const merged = mergeCommand([files[1].path, files[0].path]);
    expect(merged.kind).toBe('sweep');
    expect(json(merged.report)).toBe(one);
  });

  it('Ctrl-C: every point has the same finished prefix of games, marked partial', async () => {
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 150);
    const { report } = await sweepCommand(flags({ games: '2000000', vary: ['players=8,9'] }), stop.signal);
    expect(report.partial).toBe(true);
    expect(report.range.end).toBeGreaterThan(0);
    expect(report.range.end).toBeLessThan(2_000_000);
    for (const a of report.arms) expect(a.run.range).toEqual(report.range);
    expect({ ...report.arms[1].run, partial: false, checksum: null }).toEqual({ ...(await run('club-12', ['players=9'], report.range.end)), checksum: null });
  });
});

describe('compare', () => {
  const flags = (more: Partial<CompareFlags>): CompareFlags => ({ ...base, setup: 'ukrainian', left: [], right: [], side: [], games: '800', workers: '1', ...more });

  it("arms' outcome, seat and role pairs are the counts of separate runs' games paired by index", async () => {
    const { report } = await compareCommand(['ukrainian', 'ukrainian'], flags({ right: ['tie=random'] }));
    const a = join(dir, 'a.jsonl');
    const b = join(dir, 'b.jsonl');
    expect(report.arms[0].run).toEqual(await run('ukrainian', [], 800, { gamesOut: a }));
    expect(report.arms[1].run).toEqual(await run('ukrainian', ['tie=random'], 800, { gamesOut: b }));
    const lines = (f: string) => readFileSync(f, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const [ga, gb] = [lines(a), lines(b)];
    const order = ['town', 'mafia', 'draw', 'stalemate'];
    const pairs = order.map(() => order.map(() => 0));
    const seat3 = [0, 0, 0, 0];
    let doctorSurvivalDiff = 0;
    ga.forEach((x, k) => {
      const y = gb[k];
      pairs[order.indexOf(x.winner)][order.indexOf(y.winner)]++;
      const won = (g: { roles: string[]; winner: string }) => ROLES.get(g.roles[2])!.team === g.winner;
      seat3[won(x) ? (won(y) ? 0 : 1) : won(y) ? 2 : 3]++;
      const alive = (g: { roles: string[]; eliminations: { role: string }[] }) => (g.eliminations.some((e) => e.role === 'doctor') ? 0 : 1);
      doctorSurvivalDiff += alive(y) - alive(x);
    });
    const vs = report.arms[1].vsBaseline!;
    expect(vs.pairs).toEqual(pairs);
    expect(vs.details!.seatWin[2]).toEqual(seat3);
    expect(vs.roles!.find((r) => r.role === 'doctor')!.survival.diff).toBeCloseTo(doctorSurvivalDiff / 800, 12);
    expect(report.verdicts[0]).toMatch(/^tie=random vs baseline: (town [+−]|no significant difference in town win .*the games rule out a change beyond )/);
  });

  it('setups, strategies and --side settings as arms; shards merge exactly; bad input names its flag', async () => {
    const f = flags({ setup: 'vanilla', option: ['players=9'], side: ['2:mafia=3', '3:strategy=town=smart'], games: '3000' });
    const whole = (await compareCommand([], f)).report;
    expect(whole.arms.map((x) => x.label)).toEqual(['baseline', 'mafia=3', 'strategy=town=smart']);
    expect(whole.arms[2].run).toEqual(await run('vanilla', ['players=9'], 3000, { strategy: ['town=smart'] }));
    const paths = ['1/3', '2/3', '3/3'].map((shard, i) => [join(dir, `cmp-${i}.json`), shard]);
    for (const [p, shard] of paths) writeFileSync(p, json((await compareCommand([], { ...f, shard })).report));
    expect(json(mergeCommand(paths.map(([p]) => p)).report)).toBe(json(whole));
    // An edited shard is refused, and so is a shard of another comparison.
    const edited = JSON.parse(readFileSync(paths[0][0], 'utf8'));
    edited.arms[0].label = 'other';
    writeFileSync(join(dir, 'edited.json'), JSON.stringify(edited));
    expect(() => mergeCommand([join(dir, 'edited.json'), paths[1][0]])).toThrow(/checksum/);
    await expect(compareCommand(['a', 'b'], flags({ side: ['3:tie=none'] }))).rejects.toThrow(/2 setups were named but a setting is given for arm 3/);
    await expect(compareCommand([], flags({ side: ['x:tie=none'] }))).rejects.toThrow(/--side x:tie=none: expected N:KEY=VALUE/);
    await expect(compareCommand([], flags({ right: ['tie=coin'] }))).rejects.toThrow(/compare arm 2 \(tie=coin\): --option tie=coin: bad value "coin"/);
  });
});

describe('role-values', () => {
  it('club-12: each worth is the difference of two separate runs on the same seeds; citizen is the yardstick', async () => {
    const { report } = await roleValuesCommand({ ...base, setup: 'club-12', games: '500', workers: '1' });
    expect(report.design.plain).toEqual({ town: 'citizen', mafia: 'mafia' });
    expect(report.design.plainTownIsGuest).toBe(true);
    const table = await run('club-12', [], 500);
    const plainJudge = await run('club-12', ['roles.judge=0', 'roles.citizen=1'], 500);
    const judge = report.values.find((v) => v.role === 'judge')!;
    expect(judge.asIs!.diff).toBeCloseTo(table.outcomeRates.town.share - plainJudge.outcomeRates.town.share, 12);
    const plusCitizen = await run('club-12', ['roles.citizen=1'], 500);
    const plusJudge = await run('club-12', ['roles.judge=2'], 500);
    expect(judge.oneMore!.diff).toBeCloseTo(plusJudge.outcomeRates.town.share - plusCitizen.outcomeRates.town.share, 12);
    // Sorted by the worth as is; the Boss cannot be added (a club table has one), said with the reason.
    const worths = report.values.map((v) => v.asIs!.diff);
    expect(worths).toEqual([...worths].sort((x, y) => y - x));
    expect(report.values.some((v) => v.role === 'mafia' || v.role === 'citizen')).toBe(false);
    expect(report.design.skipped).toEqual([expect.objectContaining({ role: 'boss', change: 'add', reason: expect.stringMatching(/at most one Boss/) })]);
  });
});

describe('balance', () => {
  const flags = (more: Partial<BalanceFlags>): BalanceFlags => ({ ...base, setup: 'vanilla', option: ['players=13'], knob: 'mafia', games: '4000', workers: '1', ...more });

  it('vanilla 13 seats: mafia=2 is closest to 50%, with the figures of `run` of that value, on any threads', async () => {
    const one = (await balanceCommand(flags({}))).report;
    expect(one.best!.value).toBe('2');
    expect(one.neighbours.map((p) => p.value)).toEqual(['1', '2', '3', '4', '5']);
    const alone = await run('vanilla', ['players=13', 'mafia=2'], 4000);
    expect(one.best!.town).toEqual(alone.outcomeRates.town);
    expect(one.check).toBe('mafia-sim run --setup vanilla --option players=13 --option mafia=2 --seed 5 --games 4000');
    const two = (await balanceCommand(flags({ workers: '2' }))).report;
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
    // Monotone here: each neighbour further from the best is further from 50%.
    const d = one.neighbours.map((p) => p.distance);
    expect(d[0]).toBeGreaterThan(d[1]);
    expect(d[2]).toBeGreaterThan(d[1]);
  });

  it('a word knob tries every value; a number knob keeps to the part of its range the rules accept', async () => {
    const tie = (await balanceCommand(flags({ setup: 'ukrainian', option: [], knob: 'tie', games: '600' }))).report;
    expect(tie.rounds).toHaveLength(1);
    expect(tie.neighbours.map((p) => p.value)).toEqual(['revote-then-all', 'revote-then-none', 'random', 'none']);
    const share = (await balanceCommand(flags({ setup: 'club-10', option: [], knob: 'mafiaShare', range: '0.1..0.5', games: '2000' }))).report;
    // C2: 2 mafia-team seats of 10 (mafiaShare 0.2) are under 30%; 0.21 deals 3 (the probe grid is 0.1, 0.11, …).
    expect(share.design.knob.low).toBe(0.21);
    expect(share.best).not.toBeNull();
    await expect(balanceCommand(flags({ shard: '1/2' }))).rejects.toThrow(/--shard 1\/2: balance chooses each round's values/);
    await expect(balanceCommand(flags({ knob: 'nosuch' }))).rejects.toThrow(/--knob nosuch: not an option or parameter/);
  });
});

describe('degenerate setups', () => {
  const warned = async (setup: string, option: string[]) => {
    const lines: string[] = [];
    await runCommand({ ...base, setup, option, games: '2000', workers: '1' } as RunFlags, { warn: (l) => lines.push(l) });
    return lines;
  };

  it('G5 a setup decided at the deal, or one side winning >99% of the first chunk, gets one warning line; a fair one none', async () => {
    expect(await warned('vanilla', ['players=4', 'mafia=2'])).toEqual([
      'mafia-sim: warning: degenerate setup: vanilla players=4 mafia=2: decided at the deal: every game ends after night 0, before anyone acts (the mafia win, G5)',
    ]);
    expect(await warned('vanilla', ['players=3', 'mafia=1', 'start=night'])).toEqual([
      'mafia-sim: warning: degenerate setup: vanilla players=3 mafia=1 start=night: the mafia won 100.0% of the first 2,000 games: one side almost always wins',
    ]);
    expect(await warned('ukrainian', [])).toEqual([]);
  });

  it('the CLI prints it on stderr (exit 0), for run and for a sweep naming the points', () => {
    const r = cli(['run', '--setup', 'vanilla', '--option', 'players=4', '--option', 'mafia=2', '--games', '50', '--no-progress']);
    expect(r.code).toBe(0);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^mafia-sim: warning: degenerate setup: vanilla players=4 mafia=2: decided at the deal/)]);
    const s = cli(['sweep', '--setup', 'vanilla', '--option', 'players=6', '--vary', 'mafia=1..3', '--games', '300', '--no-progress']);
    expect(s.code, s.stderr).toBe(0);
    expect(s.stderr).toBe('mafia-sim: warning: degenerate setup: vanilla (mafia=3): decided at the deal: every game ends after night 0, before anyone acts (the mafia win, G5)\n');
    expect(s.stdout).toContain('Town win % against mafia');
  });
});

describe('command line', () => {
  it('bad input is one error line and exit 2', () => {
    for (const args of [
      ['sweep', '--vary', 'players=3..2'],
      ['sweep', '--setup', 'club-12', '--vary', 'players=2..4'],
      ['compare', '--side', '0:tie=none'],
      ['balance', '--knob', 'mafia', '--setup', 'vanilla', '--target', '150%'],
      ['balance', '--knob', 'tie', '--shard', '1/2'],
    ]) {
      const r = cli([...args, '--games', '10', '--no-progress']);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr).toMatch(/^mafia-sim: error: /);
    }
  });
});
