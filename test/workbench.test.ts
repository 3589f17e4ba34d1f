// The rule designer's workbench (issue 14): sweep, compare, balance and role-values agree exactly with
// separate `run`s of their arms on the same seeds; their paired counts are the counts of those runs' games
// paired by index; shards merge back into the unsharded report byte for byte; degenerate setups are named.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand, type RunFlags } from '../src/cli/run.js';
import { sweepCommand, sweepCsv, type SweepFlags } from '../src/cli/sweep.js';
import { compareCommand, type CompareFlags } from '../src/cli/compare.js';
import { renderRoleValues, roleValuesCommand } from '../src/cli/roleValues.js';
import { reportOutputsOfJson } from '../src/report/kinds.js';
import { formatDifference } from '../src/report/text.js';
import { strategiesLine } from '../src/cli/workbench.js';
import { balanceCommand, renderBalance, resolveKnob, type BalanceFlags } from '../src/cli/balance.js';
import { bandChart } from '../src/report/chart.js';
import { loadSetup } from '../src/setup/load.js';
import { mergeReports } from '../src/cli/merge.js';
import { checksummed, reportJson } from '../src/report/integrity.js';
import { ROLES } from '../src/rules/catalogue.js';
import { applySetting, parseSetting } from '../src/workbench/arms.js';
import { verdict } from '../src/workbench/compare.js';
import { parseVary } from '../src/workbench/values.js';
import { holm } from '../src/workbench/report.js';
import { Chalk } from 'chalk';
import { cli, ROOT } from './helpers/cli.js';
// @ts-expect-error: a plain ES module shared with scripts/balancing-examples.mjs
import { examples, normalise } from '../scripts/examples.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-workbench-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Random play: these tests are about the workbench's mechanics, and smart on vanilla is slow.
const base = { option: [] as string[], strategy: ['random'] as string[], seed: '5', progress: false };
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

  it('the header names who plays: smart for every seat by default, and for the seats no spec covers', () => {
    expect(strategiesLine([])).toMatch(/^smart for every seat \(the default, tuned on built-in setups/);
    expect(strategiesLine(['town=smart'])).toBe('town=smart (smart for the rest)');
    expect(strategiesLine(['town=random'])).toBe('town=random (smart for the rest)');
    expect(strategiesLine(['town=smart', 'mafia=smart:fakeClaim=1'])).toBe('town=smart mafia=smart:fakeClaim=1');
    expect(strategiesLine(['smart:fakeClaim=1', 'doctor=random'])).toBe('smart:fakeClaim=1 doctor=random');
  });

  it("Holm's correction keeps only what survives the step-down thresholds", () => {
    const tests = [{ p: 0.001 }, { p: 0.04 }, { p: 0.012 }, { p: 0.5 }];
    expect(holm(tests, 0.05)).toEqual([{ p: 0.001 }, { p: 0.012 }]);
    expect(holm([{ p: 0.03 }, { p: 0.04 }], 0.05)).toEqual([]);
  });

  it('a verdict states the difference when it is significant, and the interval it rules out when it is not', () => {
    expect(verdict('tie=random', 'baseline', { diff: 0.023, low: 0.016, high: 0.03, p: 1e-6 })).toBe('tie=random vs baseline: town +2.3 points (+1.6 to +3.0), p < 0.001');
    expect(verdict('x', 'baseline', { diff: 0.001, low: -0.008, high: 0.011, p: 0.41 })).toBe(
      'x vs baseline: no significant difference in town win (+0.1 points, p = 0.41): the change is between −0.8 and +1.1 points (95% interval)',
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
    const merged = mergeReports([files[1].path, files[0].path]);
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

describe('sweep --csv', () => {
  it('one row a point with the figures of the JSON report; a field with a comma is quoted; merged shards give the same CSV', async () => {
    const f: SweepFlags = { ...base, setup: 'vanilla', option: ['players=9'], vary: ['mafia=1..3'], games: '2500', workers: '1' };
    const { report } = await sweepCommand(f);
    const lines = sweepCsv(report).trimEnd().split('\n');
    const head = lines[0].split(',');
    expect(head.slice(0, 4)).toEqual(['mafia', 'players', 'games', 'partial']);
    expect(new Set(head).size, 'column names are unique (the varied key mafia is not the mafia_share column)').toBe(head.length);
    expect(lines).toHaveLength(1 + report.points.length);
    const row = (i: number) => Object.fromEntries(lines[i + 1].split(',').map((v, k) => [head[k], v]));
    for (const [i, p] of report.points.entries()) {
      const r = row(i);
      expect(r.mafia).toBe(p.values[0]);
      expect(Number(r.town_games)).toBe(report.arms[i].run.outcomeRates.town.count);
      expect([Number(r.town_share), Number(r.town_low), Number(r.town_high)]).toEqual([p.outcomes.town.share, p.outcomes.town.low, p.outcomes.town.high]);
      expect(r.town_step === '').toBe(p.townStep === null);
      if (p.townStep) expect([Number(r.town_step), Number(r.town_step_low), Number(r.town_step_high), Number(r.town_step_p)]).toEqual([p.townStep.diff, p.townStep.low, p.townStep.high, p.townStep.p]);
    }
    // An order's values hold commas (an a|b list): quoted, so each row keeps its column count.
    const orders = ['courtesan,doctor,mafia,maniac,commissar', 'doctor,courtesan,mafia,maniac,commissar'];
    const swept = (await sweepCommand({ ...f, setup: 'ukrainian', option: [], vary: [`nightOrder=${orders.join('|')}`], games: '200' })).report;
    const rows = sweepCsv(swept).trimEnd().split('\n');
    expect(rows[1].startsWith(`"${orders[0]}",12,200,false,`)).toBe(true);
    expect(rows[2].startsWith(`"${orders[1]}",12,200,false,`)).toBe(true);
    expect(rows.map((l) => l.replace(/"[^"]*"/g, 'x').split(',').length)).toEqual(rows.map(() => head.length));
    // On the command line: --csv - (stdout), and merge --csv - of the --json shards, print the same bytes.
    const args = ['sweep', '--setup', 'vanilla', '--option', 'players=9', '--strategy', 'random', '--vary', 'mafia=1..3', '--games', '2500', '--seed', '5', '--no-progress'];
    const whole = cli([...args, '--csv', '-']);
    expect(whole.code, whole.stderr).toBe(0);
    expect(whole.stdout).toBe(sweepCsv(report));
    const shards = ['1/2', '2/2'].map((shard, i) => {
      const path = join(dir, `csv-${i}.json`);
      writeFileSync(path, cli([...args, '--json', '--shard', shard]).stdout);
      return path;
    });
    expect(cli(['merge', ...shards, '--csv', '-']).stdout).toBe(whole.stdout);
    // --csv FILE writes the same bytes there, and --html FILE a page with the sweep's JSON inside.
    const csvFile = join(dir, 'sweep.csv');
    const htmlFile = join(dir, 'sweep.html');
    const toFiles = cli([...args, '--csv', csvFile, '--html', htmlFile]);
    expect(toFiles.code, toFiles.stderr).toBe(0);
    expect(readFileSync(csvFile, 'utf8')).toBe(whole.stdout);
    expect(readFileSync(htmlFile, 'utf8')).toMatch(/^<!doctype html>/i);
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
    expect(report.verdicts[0]).toMatch(/^tie=random vs baseline: (town [+−]|no significant difference in town win .*: the change is between .* points \(95% interval\))/);
  });

  it('setups, strategies and --side settings as arms; shards merge exactly; bad input names its flag', async () => {
    const f = flags({ setup: 'vanilla', option: ['players=9'], side: ['2:mafia=3', '3:strategy=town=smart'], games: '3000' });
    const whole = (await compareCommand([], f)).report;
    expect(whole.arms.map((x) => x.label)).toEqual(['baseline', 'mafia=3', 'strategy=town=smart']);
    expect(whole.arms[2].run).toEqual(await run('vanilla', ['players=9'], 3000, { strategy: ['random', 'town=smart'] }));
    const paths = ['1/3', '2/3', '3/3'].map((shard, i) => [join(dir, `cmp-${i}.json`), shard]);
    for (const [p, shard] of paths) writeFileSync(p, json((await compareCommand([], { ...f, shard })).report));
    expect(json(mergeReports(paths.map(([p]) => p)).report)).toBe(json(whole));
    // An edited shard is refused, and so is a shard of another comparison.
    const edited = JSON.parse(readFileSync(paths[0][0], 'utf8'));
    edited.arms[0].label = 'other';
    writeFileSync(join(dir, 'edited.json'), JSON.stringify(edited));
    expect(() => mergeReports([join(dir, 'edited.json'), paths[1][0]])).toThrow(/checksum/);
    await expect(compareCommand(['a', 'b'], flags({ side: ['3:tie=none'] }))).rejects.toThrow(/2 setups were named but a setting is given for arm 3/);
    await expect(compareCommand([], flags({ side: ['x:tie=none'] }))).rejects.toThrow(/--side x:tie=none: expected N:KEY=VALUE/);
    await expect(compareCommand([], flags({ right: ['tie=coin'] }))).rejects.toThrow(/compare arm 2 \(tie=coin\): --option tie=coin: bad value "coin"/);
  });
});

describe('the same bytes on any threads (G10)', () => {
  it('compare (seat and role pairs included) and role-values: 1 or 2 threads; role-values shards merge into exactly the unsharded report', async () => {
    const cf: CompareFlags = { ...base, setup: 'ukrainian', left: [], right: ['tie=random'], side: [], games: '2500', workers: '1' };
    const c1 = json((await compareCommand([], cf)).report);
    expect(json((await compareCommand([], { ...cf, workers: '2' })).report)).toBe(c1);
    const rf = { ...base, setup: 'ukrainian', games: '2500', workers: '1' };
    const r1 = json((await roleValuesCommand(rf)).report);
    expect(json((await roleValuesCommand({ ...rf, workers: '2' })).report)).toBe(r1);
    const paths = ['1/2', '2/2'].map((shard, i) => {
      const path = join(dir, `rv-${i}.json`);
      return { path, shard };
    });
    for (const p of paths) writeFileSync(p.path, json((await roleValuesCommand({ ...rf, shard: p.shard })).report));
    const merged = mergeReports([paths[1].path, paths[0].path]);
    expect(merged.kind).toBe('role-values');
    expect(json(merged.report)).toBe(r1);
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

  it("its page shows each role's worth with the text report's sign, not the arms' raw differences", async () => {
    const { report } = await roleValuesCommand({ ...base, strategy: [], setup: 'ukrainian', games: '300', workers: '1' });
    const page = reportOutputsOfJson('role-values', json(report)).html;
    const worth = page.slice(page.indexOf('<section id="worth"'), page.indexOf('</section>', page.indexOf('<section id="worth"')));
    expect(page).toContain('<section id="worth"');
    // Not the arms' differences from the table (a seat made plain: the opposite of the role's worth).
    expect(page).not.toContain('<section id="paired"');
    expect(page).not.toContain('data-chart="vs-baseline"');
    const text = renderRoleValues(report, new Chalk({ level: 0 }));
    const commissar = report.values.find((v) => v.role === 'commissar')!.asIs!;
    expect(Math.abs(commissar.diff)).toBeGreaterThan(0.05); // a sign to get wrong
    // The same figure, sign and all, on the page and in the terminal.
    expect(text).toContain(`│ commissar │ town  │ 1     │ ${formatDifference(commissar).split(' ')[0]} points`);
    expect(worth).toMatch(new RegExp(`>commissar<[^]*?>${formatDifference(commissar).replace(/[+()]/g, '\\$&')}<`));
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
    expect(one.check).toBe('mafia-sim run --setup vanilla --option players=13 --option mafia=2 --strategy random --seed 5 --games 4000');
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

describe('balance on a number that deals whole seats', () => {
  const flags = (more: Partial<BalanceFlags>): BalanceFlags => ({ ...base, setup: 'club-12', option: [], knob: 'mafiaShare', range: '0.2..0.45', games: '600', workers: '1', ...more });

  it('searches the tables it deals, one value each, and shows the seats next to the value', async () => {
    const { report } = await balanceCommand(flags({}));
    const k = report.design.knob;
    // 12 seats: a share of 0.2563..0.45 deals 4, 5 or 6 mafia-team seats; each table once, at its roundest value.
    expect(k.tables).toEqual(['4 mafia seats', '5 mafia seats', '6 mafia seats']);
    expect(k.values).toEqual(['0.3', '0.4', '0.43']);
    // Three tables fit in one round: no bisection between values that play the same games.
    expect(report.rounds).toHaveLength(1);
    expect(report.neighbours.map((p) => p.value)).toEqual(k.values);
    const tables = report.neighbours.map((p) => JSON.stringify(loadSetup('club-12', [`mafiaShare=${p.value}`]).roleCounts));
    expect(new Set(tables).size).toBe(tables.length);
    const text = renderBalance(report, new Chalk({ level: 0 }), 100);
    expect(text).toMatch(/searched 0\.3 \(4 mafia\s+seats\), 0\.4 \(5 mafia seats\), 0\.43 \(6 mafia seats\)/);
    expect(text).toMatch(/^│ mafiaShare │ table +│ players │/m);
    expect(text).toMatch(/^Best: mafiaShare=0\.\d+ \(\d mafia seats\): town win/m);
  });

  it('a number that moves the games continuously is searched as a number; a range of one table is refused', async () => {
    const knob = await resolveKnob('mafia.smart.fakeClaim', loadSetup('ukrainian', []), flags({ setup: 'ukrainian', range: undefined }), '5');
    expect([knob.kind, knob.tables]).toEqual(['number', undefined]);
    await expect(balanceCommand(flags({ range: '0.34..0.4' }))).rejects.toThrow(/^--knob mafiaShare: every value from 0\.34 to 0\.4 deals the same table \(5 mafia seats\)/);
  });

  it("the chart's target line is labelled with the target, not the grid value nearest it", () => {
    const chart = bandChart([{ label: 'a', share: 0.5, low: 0.4, high: 0.6 }], { target: 0.45 });
    expect(chart).toMatch(/^ {3}45% ┤·/m);
    expect(chart).not.toMatch(/44%/);
  });
});

describe('balance, interrupted', () => {
  it('Ctrl-C: the best so far from the games finished, marked partial, each figure a run of that many games', async () => {
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 150);
    const { report } = await balanceCommand({ ...base, setup: 'vanilla', option: ['players=13'], knob: 'mafia', games: '4000000', workers: '1' }, stop.signal);
    expect(report.partial).toBe(true);
    expect(report.best).not.toBeNull();
    const g = report.best!.games;
    expect(g).toBeGreaterThan(0);
    expect(g).toBeLessThan(report.rounds[report.rounds.length - 1].games);
    expect(report.neighbours).toContain(report.best);
    expect(report.best!.town).toEqual((await run('vanilla', ['players=13', `mafia=${report.best!.value}`], g)).outcomeRates.town);
    const text = renderBalance(report, new Chalk({ level: 0 }));
    expect(text).toContain('PARTIAL');
    expect(text).toMatch(new RegExp(`interrupted: ${g.toLocaleString('en-US')} of [\\d,]+ games each`));
    expect(text).toContain(`Last round with games (${g.toLocaleString('en-US')} games per value)`);
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
    const r = cli(['run', '--setup', 'vanilla', '--option', 'players=4', '--option', 'mafia=2', '--strategy', 'random', '--games', '50', '--no-progress']);
    expect(r.code).toBe(0);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^mafia-sim: warning: degenerate setup: vanilla players=4 mafia=2: decided at the deal/)]);
    const s = cli(['sweep', '--setup', 'vanilla', '--option', 'players=6', '--vary', 'mafia=1..3', '--strategy', 'random', '--games', '300', '--no-progress']);
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
      ['sweep', '--vary', 'tie=random,none', '--csv', '-', '--html', '-'],
      ['role-values', '--setup', 'vanilla'],
      ['balance', '--knob', 'roles.nosuch'],
    ]) {
      const r = cli([...args, '--games', '10', '--no-progress']);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr).toMatch(/^mafia-sim: error: /);
    }
  });
});

describe('docs/balancing.md', () => {
  const doc = readFileSync(join(ROOT, 'docs', 'balancing.md'), 'utf8');
  const found: { command: string; args: string[]; shown: string }[] = examples(doc);

  it('has worked examples of every command, all rerun by `npm run balancing-examples`', () => {
    expect(found.map((e) => e.args[0]).filter((c, i, all) => all.indexOf(c) === i).sort()).toEqual(['balance', 'compare', 'role-values', 'sweep']);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.scripts['balancing-examples']).toContain('scripts/balancing-examples.mjs');
    // The Done-when commands of issue 14 are among them (with `--strategy random`, the default then).
    const commands = found.map((e) => e.command);
    expect(commands).toContain('mafia-sim sweep --setup club-12 --strategy random --vary players=8..20');
    expect(commands).toContain('mafia-sim balance --setup vanilla --strategy random --knob mafia --option players=13');
    expect(commands).toContain('mafia-sim role-values --setup club-12 --strategy random');
  });

  // The quick ones here, byte for byte (the rest take a minute and a half: npm run balancing-examples).
  for (const command of ['mafia-sim sweep --setup vanilla --option players=13 --strategy random --vary mafia=1..4 --vary start=day,night --games 4000', 'mafia-sim balance --setup vanilla --strategy random --knob mafia --option players=13']) {
    it(`prints what the page shows: ${command}`, () => {
      const ex = found.find((e) => e.command === command);
      expect(ex, command).toBeDefined();
      const r = cli([...ex!.args, '--no-progress']);
      expect(r.code, r.stderr).toBe(0);
      expect(normalise(r.stdout)).toBe(normalise(ex!.shown));
    });
  }
});

describe("a sweep's strategy_source column", () => {
  it('names where the strategies come from: the equilibrium mix, tuned.json, or smart’s own defaults', async () => {
    const { playedSides, sideSource } = await import('../src/report/sides.js');
    const { loadSetup } = await import('../src/setup/load.js');
    expect(sideSource(playedSides([], loadSetup('ukrainian', [])))).toBe('equilibrium mix');
    expect(sideSource(playedSides([], loadSetup('club-12', [])))).toBe('equilibrium mix');
    expect(sideSource(playedSides([], loadSetup('club-20', [])))).toBe('tuned.json:club-20');
    expect(sideSource(playedSides(['smart:tuned=false'], loadSetup('club-12', [])))).toBe('own defaults');
  });
});
