// The HTML reports in a real browser (issue 16): headless Chromium opens what `run`, `merge`,
// `tournament` and `calibrate --html` wrote and checks that nothing is logged as an error, nothing is
// fetched, every chart is drawn with one mark per outcome, seat, role, pairing or cell, the marks'
// numbers and lengths are the JSON's, the embedded JSON is exactly what --json prints, and the page
// fits a phone. Screenshots at desktop and phone width go to test-artifacts/ (git-ignored).
// Every workbench command's page (sweep, compare, role-values, balance, exploit, and tune's) is made by the command
// itself; a few made-up reports (test/helpers/otherKinds.ts: a grid, a report of no known kind) are
// drawn through reportOutputsOfJson, the function those commands call. Issue 31: every page has the
// command that made it, a summary in words, reference lines, a title and axis titles on every chart,
// the text report's tables, and nothing wider than a phone's screen.
// Without Chromium (a developer's machine) the suite is skipped; in CI (.ci/run installs it) it fails.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WINNERS } from '../src/model/events.js';
import type { Report } from '../src/report/report.js';
import { formatDifference, formatRate } from '../src/report/text.js';
import type { TournamentReport } from '../src/tournament/tournament.js';
import type { CalibrationReport } from '../src/calibration/calibrate.js';
import { reportOutputsOfJson } from '../src/report/kinds.js';
import { haveChromium, openBrowser } from './helpers/browser.js';
import { balanceReport, compareReport, sweepReport } from './helpers/otherKinds.js';
import { cliAsync, ROOT } from './helpers/cli.js';

const ARTIFACTS = join(ROOT, 'test-artifacts');
const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-html-'));
const at = (name: string) => join(dir, name);

/** The CLI, asynchronously; every command here but merge plays, and shows no bar. */
const cliPlay = (args: string[]) => cliAsync([...args, ...(args[0] === 'merge' ? [] : ['--no-progress'])], { timeoutMs: 100_000 });

/** The workbench commands, each with its --html page and its --json report (small game counts). */
const BENCH = {
  sweep: ['sweep', '--setup', 'club-12', '--vary', 'players=8..20', '--games', '100'],
  compare: ['compare', '--setup', 'vanilla', '--option', 'players=9', '--right', 'start=night', '--games', '300'],
  'role-values': ['role-values', '--setup', 'ukrainian', '--games', '200'],
  balance: ['balance', '--setup', 'vanilla', '--knob', 'mafia', '--option', 'players=9', '--games', '300'],
  exploit: ['exploit', '--setup', 'vanilla', '--option', 'players=9', '--games', '200'],
  tune: ['tune', '--setup', 'vanilla', '--strategy', 'mafia=smart:bloc=false', '--params', 'bloc,nominateBlind', '--games', '1200', '--first', '300'],
} as const;
type Bench = keyof typeof BENCH;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const bench: Partial<Record<Bench, any>> = {};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let benchGrid: any;

const TOURNAMENT = ['random', 'smart', 'smart:fakeClaim=1'];
const json: { run?: Report; merge?: Report; club?: Report; tournament?: TournamentReport; calibration?: CalibrationReport } = {};
// Reports of commands still on another branch (sweep, compare, balance), drawn from their JSON alone.
const SWEEP_PLAYERS = ['7', '8', '9', '10'];
const SWEEP_COMMAND = 'mafia-sim sweep --setup vanilla --vary players=7..10 --games 300';
const other: { sweep?: ReturnType<typeof sweepReport>; grid?: ReturnType<typeof sweepReport>; compare?: ReturnType<typeof compareReport>; balance?: ReturnType<typeof balanceReport> } = {};
let browser: Awaited<ReturnType<typeof openBrowser>> | null = null;
let context: BrowserContext;

const CI = process.env.CI === 'true' || process.env.CI === '1';
const suite = haveChromium() || CI ? describe : describe.skip;

beforeAll(async () => {
  if (!haveChromium() && !CI) return;
  const vanilla = (o: string[]) => cliPlay(['run', '--setup', 'vanilla', ...o.flatMap((x) => ['--option', x]), '--games', '300', '--json']);
  const [run, a, b, club, tournament, calibration, ...arms] = await Promise.all([
    cliPlay(['run', '--games', '3000', '--seed', '1', '--html', at('run.html'), '--json']),
    cliPlay(['run', '--games', '3000', '--seed', '1', '--shard', '1/2', '--json']),
    cliPlay(['run', '--games', '3000', '--seed', '1', '--shard', '2/2', '--json']),
    cliPlay(['run', '--setup', 'club-12', '--series', '2', '--games', '600', '--seed', '4', '--html', at('club.html'), '--json']),
    cliPlay(['tournament', '--setup', 'vanilla', '--option', 'players=9', '--strategies', TOURNAMENT.join(','), '--games', '400', '--html', at('tournament.html'), '--json']),
    cliPlay(['calibrate', '--games', '1000', '--html', at('calibrate.html'), '--json']),
    ...SWEEP_PLAYERS.map((p) => vanilla([`players=${p}`])),
    vanilla(['players=7', 'mafia=1']),
    vanilla(['players=9', 'mafia=1']),
  ]);
  // One at a time: the machine's cores are shared.
  for (const [name, args] of Object.entries(BENCH) as [Bench, readonly string[]][]) {
    const r = await cliPlay([...args, '--html', at(`bench-${name}.html`), '--json']);
    expect(r.code, r.stderr).toBe(0);
    bench[name] = JSON.parse(r.stdout);
  }
  const grid = await cliPlay(['sweep', '--setup', 'club-12', '--vary', 'players=11..13', '--vary', 'start=day,night', '--games', '60', '--html', at('bench-grid.html'), '--json']);
  expect(grid.code, grid.stderr).toBe(0);
  benchGrid = JSON.parse(grid.stdout);
  const weights = await cliPlay(['weights', '--family', 'ukrainian', '--count', '16', '--games', '200', '--html', at('weights.html')]);
  expect(weights.code, weights.stderr).toBe(0);
  for (const r of [run, a, b, club, tournament, calibration, ...arms]) expect(r.code, r.stderr).toBeLessThanOrEqual(1);
  const runs = arms.map((r) => JSON.parse(r.stdout) as Report);
  const sweep = SWEEP_PLAYERS.map((p, i) => ({ label: `players=${p}`, run: runs[i] }));
  other.sweep = sweepReport([{ key: 'players', values: SWEEP_PLAYERS }], sweep);
  other.grid = sweepReport([{ key: 'mafia', values: ['1', '2'] }, { key: 'players', values: ['7', '9'] }], [
    { label: 'mafia=1 players=7', run: runs[4] }, { label: 'mafia=1 players=9', run: runs[5] }, { label: 'mafia=2 players=7', run: runs[0] }, { label: 'mafia=2 players=9', run: runs[2] },
  ]);
  other.compare = compareReport(sweep);
  other.balance = balanceReport(sweep);
  for (const [name, data, command] of [['sweep', other.sweep, SWEEP_COMMAND], ['grid', other.grid, null], ['compare', other.compare, null], ['balance', other.balance, null]] as const) {
    writeFileSync(at(`${name}.html`), reportOutputsOfJson(data.kind, JSON.stringify(data, null, 2), command).html);
  }
  json.run = JSON.parse(run.stdout);
  json.club = JSON.parse(club.stdout);
  json.tournament = JSON.parse(tournament.stdout);
  json.calibration = JSON.parse(calibration.stdout);
  const [fa, fb] = [at('a.json'), at('b.json')];
  writeFileSync(fa, a.stdout);
  writeFileSync(fb, b.stdout);
  const merged = await cliPlay(['merge', fb, fa, '--html', at('merge.html'), '--json']);
  expect(merged.code, merged.stderr).toBe(0);
  json.merge = JSON.parse(merged.stdout);
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await openBrowser();
  context = browser.context;
}, 240_000);

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Opened {
  page: Page;
  errors: string[];
  requests: string[];
}

/** Opens a report file; console errors, page errors and every request are recorded. */
async function open(file: string, o: { width?: number; scheme?: 'light' | 'dark' } = {}): Promise<Opened> {
  const page = await context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => requests.push(r.url()));
  await page.emulateMedia({ colorScheme: o.scheme ?? 'light' });
  await page.setViewportSize({ width: o.width ?? 1280, height: 900 });
  await page.goto(`file://${at(file)}`);
  await page.waitForLoadState('load');
  return { page, errors, requests };
}

/** The marks of one chart: their numbers, their geometry, and their labels' text. */
async function marks(page: Page, chart: string, selector: string) {
  return page.$$eval(`svg[data-chart="${chart}"] ${selector}`, (els) =>
    els.map((el) => {
      const box = (el as SVGGraphicsElement).getBBox();
      const item = el.closest('g.item');
      return {
        key: item?.getAttribute('data-key') ?? el.getAttribute('data-key') ?? '',
        value: Number(el.getAttribute('data-value')),
        count: el.hasAttribute('data-count') ? Number(el.getAttribute('data-count')) : null,
        x: box.x,
        y: box.y,
        width: box.width,
        height: box.height,
        text: item?.querySelector('text.value')?.textContent ?? null,
        low: item?.querySelector('.whisker')?.getAttribute('data-low') ?? null,
        high: item?.querySelector('.whisker')?.getAttribute('data-high') ?? null,
      };
    }),
  );
}

/** The x of a chart's axis ticks (grid lines), left to right. */
async function ticks(page: Page, chart: string): Promise<number[]> {
  return page.$$eval(`svg[data-chart="${chart}"] line.grid`, (els) => els.map((el) => Number(el.getAttribute('x1'))));
}

async function embedded(page: Page): Promise<unknown> {
  return page.$eval('#report-data', (el) => JSON.parse(el.textContent ?? 'null'));
}

/** Nothing logged as an error, nothing fetched (the page, and blob: URLs the page makes itself, only). */
function clean(o: Opened, file: string): void {
  expect(o.errors).toEqual([]);
  expect(o.requests.filter((u) => !u.startsWith('file://') && !u.startsWith('blob:') && !u.startsWith('data:'))).toEqual([]);
  expect(o.requests.filter((u) => u.startsWith('file://'))).toEqual([`file://${at(file)}`]);
}

async function screenshots(file: string, name: string): Promise<void> {
  for (const [width, scheme, tag] of [[1280, 'light', 'desktop'], [390, 'dark', 'phone']] as const) {
    const o = await open(file, { width, scheme });
    clean(o, file);
    // A phone scrolls the page down, never sideways: wide tables scroll inside their own box.
    const overflow = await o.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width}px is wider than the screen`).toBeLessThanOrEqual(0);
    await o.page.screenshot({ path: join(ARTIFACTS, `${name}-${tag}.png`), fullPage: true });
    await o.page.close();
  }
}

const close = (a: number, b: number, tolerance = 1.5) => expect(Math.abs(a - b), `${a} vs ${b}`).toBeLessThanOrEqual(tolerance);

suite('the HTML report in headless Chromium', () => {
  it('run --html: the page embeds exactly the --json report, logs no error and fetches nothing', async () => {
    const o = await open('run.html');
    clean(o, 'run.html');
    expect(await embedded(o.page)).toEqual(json.run);
    expect(await o.page.textContent('#command')).toBe('mafia-sim run --setup ukrainian --seed 1 --games 3000');
    expect(await o.page.getAttribute('body', 'data-kind')).toBe('run');
    await o.page.close();
  });

  it('run --html: one outcome bar per outcome, its length the share, its label and whiskers the JSON’s', async () => {
    const r = json.run!;
    const o = await open('run.html');
    const bars = await marks(o.page, 'outcomes', 'rect.bar');
    expect(bars.map((b) => b.key)).toEqual([...WINNERS]);
    const [x0, , x100] = await ticks(o.page, 'outcomes');
    for (const b of bars) {
      const rate = r.outcomeRates[b.key as (typeof WINNERS)[number]];
      expect(b.value).toBe(rate.share);
      expect(b.text).toBe(formatRate(rate));
      expect([Number(b.low), Number(b.high)]).toEqual([rate.low, rate.high]);
      close(b.x, x0, 0.01);
      close(b.width, Math.max(0.5, rate.share * (x100 - x0)));
    }
    await o.page.close();
  });

  it('run --html: the game length histogram has one column per length, heights in proportion to the games', async () => {
    const r = json.run!;
    const o = await open('run.html');
    const cols = await marks(o.page, 'length', 'rect.bar');
    expect(cols.map((c) => [Number(c.key), c.count])).toEqual(r.length.histogram);
    const most = Math.max(...cols.map((c) => c.height));
    const top = Math.max(...r.length.histogram.map(([, k]) => k));
    for (const [i, c] of cols.entries()) close(c.height, (r.length.histogram[i][1] / top) * most, 0.6);
    await o.page.close();
  });

  it('run --html: per-role survival bars, deaths by cause as 100% stacks, and a points histogram per role and team', async () => {
    const r = json.run!;
    const o = await open('run.html');
    const groups = [...r.roles.map((x) => x.group), ...r.teams.map((x) => `team ${x.group}`)];
    const rows = [...r.roles, ...r.teams];
    const survival = await marks(o.page, 'role-survival', 'rect.bar');
    expect(survival.map((b) => b.key)).toEqual(groups);
    survival.forEach((b, i) => {
      expect(b.value).toBe(rows[i].survival.share);
      expect(b.text).toBe(formatRate(rows[i].survival));
    });
    for (const [i, g] of groups.entries()) {
      const own = await o.page.$$eval(`svg[data-chart="role-deaths"] g.item[data-key="${g}"] rect.seg`, (els) => els.map((el) => ({ cause: el.getAttribute('data-key')!, count: Number(el.getAttribute('data-count')) })));
      const x = rows[i];
      expect(Object.fromEntries(own.map((s) => [s.cause, s.count]))).toEqual({ ...(x.survival.count > 0 ? { survived: x.survival.count } : {}), ...x.deaths });
    }
    const figures = await o.page.$$eval('#points figure[data-group]', (els) => els.map((el) => ({ group: el.getAttribute('data-group'), bars: el.querySelectorAll('rect.bar').length })));
    expect(figures.map((f) => f.group)).toEqual(groups);
    figures.forEach((f, i) => expect(f.bars).toBe(rows[i].points.histogram.length));
    await o.page.close();
  });

  it('run --html: the per-seat charts have one dot per seat each, at the JSON’s rates; the seat table’s text is the JSON’s', async () => {
    const r = json.run!;
    const o = await open('run.html');
    for (const [chart, k] of [['seat-survival', 'survival'], ['seat-win', 'win'], ['seat-out-day1', 'outDay1'], ['seat-killed-night1', 'killedNight1']] as const) {
      const dots = await marks(o.page, chart, 'circle.dot');
      expect(dots.map((d) => Number(d.key))).toEqual(r.seats.map((x) => x.seat));
      dots.forEach((d, i) => expect(d.value).toBe(r.seats[i][k].share));
    }
    const cells = await o.page.$$eval('table[data-table="seats"] tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    expect(cells).toEqual(r.seats.map((x) => [String(x.seat), formatRate(x.survival), formatRate(x.win), formatRate(x.outDay1), formatRate(x.killedNight1)]));
    await o.page.close();
  });

  it('run --html: the setup, every option, the strategies and the seed are on the page', async () => {
    const r = json.run!;
    const o = await open('run.html');
    const text = (await o.page.textContent('#setup'))!;
    for (const s of [r.setup.name, r.seed, ...r.strategies]) expect(text).toContain(s);
    // The default plays the setup's equilibrium: its profiles, as the text report's Plays line has them.
    expect(text).toContain('What each side plays');
    expect(text).toContain('a mix of');
    const options = await o.page.$$eval('table[data-table="options"] tbody tr', (trs) => trs.map((tr) => tr.children[0].textContent));
    expect(options).toEqual(Object.keys(r.setup.options));
    await o.page.close();
  });

  it('merge --html: the merged shards give the page of the single run (same data, same charts)', async () => {
    expect(json.merge).toEqual(json.run);
    const a = readFileSync(at('merge.html'), 'utf8');
    const b = readFileSync(at('run.html'), 'utf8');
    expect(a).toBe(b);
    const o = await open('merge.html');
    clean(o, 'merge.html');
    expect((await marks(o.page, 'outcomes', 'rect.bar')).length).toBe(4);
    await o.page.close();
  });

  it('a club evening run --html: the evening points per seat are drawn too', async () => {
    const r = json.club!;
    const o = await open('club.html');
    clean(o, 'club.html');
    expect(await embedded(o.page)).toEqual(r);
    const seats = await o.page.$$eval('#evenings figure[data-group]', (els) => els.map((el) => el.getAttribute('data-group')));
    expect(seats).toEqual(r.evenings!.seats.map((x) => x.group));
    expect((await marks(o.page, 'seat-win', 'circle.dot')).length).toBe(12);
    await o.page.close();
  });

  it('tournament --html: heat maps of k × k cells with the JSON’s rates, and one comparison bar per other pairing', async () => {
    const t = json.tournament!;
    const o = await open('tournament.html');
    clean(o, 'tournament.html');
    expect(await embedded(o.page)).toEqual(t);
    const cells = await o.page.$$eval('svg[data-chart="town-win"] g.item', (gs) => gs.map((g) => ({ key: g.getAttribute('data-key'), value: Number(g.querySelector('rect')!.getAttribute('data-value')), text: [...g.querySelectorAll('text')].map((x) => x.textContent).join(' ') })));
    expect(cells).toHaveLength(TOURNAMENT.length ** 2);
    t.pairings.forEach((p, i) => {
      expect(cells[i].key).toBe(`${p.town} × ${p.mafia}`);
      expect(cells[i].value).toBe(p.townWin.share);
      expect(cells[i].text).toBe(formatRate(p.townWin));
    });
    expect((await marks(o.page, 'mean-days', 'rect.heat')).map((c) => c.value)).toEqual(t.pairings.map((p) => p.meanDays));
    const diffs = await marks(o.page, 'vs-first', 'rect.bar');
    expect(diffs).toHaveLength(t.pairings.length - 1);
    const [left, zero, right] = await ticks(o.page, 'vs-first');
    diffs.forEach((d, i) => {
      const p = t.pairings[i + 1];
      expect(d.value).toBe(p.vsFirst!.diff);
      expect(d.text).toBe(formatDifference(p.vsFirst!));
      // Right of the zero line when the town wins more often than in the first pairing.
      const reach = (right - left) / 2;
      if (Math.abs(p.vsFirst!.diff) > 0.01) expect(d.x >= zero - 0.01).toBe(p.vsFirst!.diff > 0);
      expect(d.width).toBeLessThanOrEqual(reach + 0.01);
    });
    await o.page.close();
  });

  it('calibrate --html: one mark per cell, the difference from the exact value with its interval', async () => {
    const r = json.calibration!;
    const o = await open('calibrate.html');
    clean(o, 'calibrate.html');
    expect(await embedded(o.page)).toEqual(r);
    const bars = await marks(o.page, 'calibration', 'rect.bar');
    expect(bars).toHaveLength(r.cells.length);
    bars.forEach((b, i) => {
      const x = r.cells[i];
      close(b.value, x.town.share - x.exact.town, 1e-12);
      close(Number(b.low), x.town.low - x.exact.town, 1e-12);
      expect(b.text).toBe(`z ${x.z.toFixed(2)}${x.pass ? '' : ' FAIL'}`);
    });
    const rows = await o.page.$$eval('table[data-table="cells"] tbody tr', (trs) => trs.map((tr) => tr.children[3].textContent));
    expect(rows).toEqual(r.cells.map((x) => formatRate(x.town)));
    await o.page.close();
  });

  it('sweep (from its JSON): one line per outcome that happens, a dot per setting at the JSON’s share, its band the interval; paired bars', async () => {
    const r = other.sweep!;
    const o = await open('sweep.html');
    clean(o, 'sweep.html');
    expect(await embedded(o.page)).toEqual(r);
    expect(await o.page.getAttribute('body', 'data-kind')).toBe('sweep');
    expect(await o.page.textContent('#command')).toBe(SWEEP_COMMAND);
    // The wins on the main chart; a draw or a stalemate on a chart of its own (sweep-rare).
    const happen = WINNERS.filter((w) => (w === 'town' || w === 'mafia') && r.arms.some((a) => a.outcomes[w].share > 0));
    const series = await o.page.$$eval('svg[data-chart="sweep"] g.series', (gs) => gs.map((g) => ({ key: g.getAttribute('data-key'), band: g.querySelector('path.band')?.getAttribute('d') ?? '', line: g.querySelector('path.line')?.getAttribute('d') ?? '' })));
    expect(series.map((x) => x.key)).toEqual(happen);
    // The band: the upper bounds left to right, then the lower ones back (2 vertices a point).
    for (const x of series) expect(x.band.split('L')).toHaveLength(2 * SWEEP_PLAYERS.length);
    // The y axis: ticks at round shares; a dot's height is its share on that scale.
    const grid = await o.page.$$eval('svg[data-chart="sweep"] line.grid', (ls) => ls.map((l) => ({ v: Number(l.getAttribute('data-tick')), y: Number(l.getAttribute('y1')) })));
    const [first, last] = [grid[0], grid[grid.length - 1]];
    const yOf = (v: number) => first.y + ((v - first.v) / (last.v - first.v)) * (last.y - first.y);
    for (const w of happen) {
      const dots = await marks(o.page, 'sweep', `g.series[data-key="${w}"] circle.dot`);
      expect(dots.map((d) => d.key)).toEqual(SWEEP_PLAYERS.map((p) => `${w} ${p}`));
      dots.forEach((d, i) => {
        const rate = r.arms[i].outcomes[w];
        expect([d.value, Number(d.low), Number(d.high)]).toEqual([rate.share, rate.low, rate.high]);
        close(d.y + d.height / 2, yOf(rate.share), 0.6);
      });
    }
    const paired = await marks(o.page, 'vs-baseline', 'rect.bar');
    expect(paired.map((b) => b.key)).toEqual(r.arms.slice(1).map((a) => a.label));
    paired.forEach((b, i) => expect(b.value).toBe(r.arms[i + 1].vsBaseline!.outcomes.town.diff));
    await o.page.close();
  });

  it('a sweep of two settings (from its JSON): a heat map, one cell per point, row-major, with the JSON’s town shares', async () => {
    const r = other.grid!;
    const o = await open('grid.html');
    clean(o, 'grid.html');
    const cells = await o.page.$$eval('svg[data-chart="grid"] g.item', (gs) => gs.map((g) => ({ key: g.getAttribute('data-key'), value: Number(g.querySelector('rect')!.getAttribute('data-value')), text: [...g.querySelectorAll('text')].map((x) => x.textContent).join(' ') })));
    expect(cells.map((c) => c.key)).toEqual(['1 × 7', '1 × 9', '2 × 7', '2 × 9']);
    cells.forEach((c, i) => {
      expect(c.value).toBe(r.arms[i].outcomes.town.share);
      expect(c.text).toBe(formatRate(r.arms[i].outcomes.town));
    });
    // No command given and none in the report: the page says so rather than showing a wrong one.
    expect(await o.page.$('#command')).toBeNull();
    expect(await o.page.textContent('header')).toContain('does not record the command');
    await o.page.close();
  });

  it('compare (from its JSON): a town win bar per arm, the paired differences against the first, the verdicts', async () => {
    const r = other.compare!;
    const o = await open('compare.html');
    clean(o, 'compare.html');
    const bars = await marks(o.page, 'arms', 'rect.bar');
    expect(bars.map((b) => [b.key, b.value, b.text])).toEqual(r.arms.map((a) => [a.label, a.outcomes.town.share, formatRate(a.outcomes.town)]));
    const diffs = await marks(o.page, 'vs-baseline', 'rect.bar');
    expect(diffs.map((b) => [b.key, b.value, b.text])).toEqual(r.arms.slice(1).map((a) => [a.label, a.vsBaseline!.outcomes.town.diff, formatDifference(a.vsBaseline!.outcomes.town)]));
    expect(await o.page.$$eval('#verdicts li', (lis) => lis.map((li) => li.textContent))).toEqual(r.verdicts);
    expect(await o.page.textContent('#paired .about')).toContain(`against ${r.arms[0].label}`);
    await o.page.close();
  });

  it('any other report (balance, from its JSON): its numbers, a table per array of records, bars for their rates', async () => {
    const r = other.balance!;
    const o = await open('balance.html');
    clean(o, 'balance.html');
    const summary = (await o.page.textContent('#summary'))!;
    expect(summary).toContain(formatRate(r.best.town));
    expect(summary).toContain(`target${r.target}`);
    const points = r.rounds.flatMap((x, i) => x.points.map((p) => ({ name: `${i} ${p.value}`, p })));
    const rows = await o.page.$$eval('table[data-table="rounds.points"] tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    expect(rows.map((x) => x[0])).toEqual(points.map((x) => x.name));
    const bars = await o.page.$$eval('section', (ss) => ss.filter((s) => s.querySelector('h2')?.textContent === 'rounds points').flatMap((s) => [...s.querySelectorAll('svg rect.bar')].map((b) => Number(b.getAttribute('data-value')))));
    expect(bars).toEqual(points.map((x) => x.p.town.share));
    await o.page.close();
  });


  /** The page's own report, as embedded: the --json report, less what the page says it left out. */
  const lean = (r: { arms?: unknown[] }, left: boolean) => (left ? { ...r, arms: r.arms!.map((a) => {
    const { run: _run, vsBaseline, ...rest } = a as { run?: unknown; vsBaseline?: Record<string, unknown> | null };
    if (!vsBaseline) return { ...rest, vsBaseline };
    const { details: _d, pairs: _p, ...vs } = vsBaseline;
    return { ...rest, vsBaseline: vs };
  }) } : r);

  it('every workbench page: the command that made it, the --json inside, a setup and strategies in words (no JSON keys)', async () => {
    for (const name of Object.keys(BENCH) as Bench[]) {
      const file = `bench-${name}.html`;
      const o = await open(file);
      clean(o, file);
      expect(await o.page.getAttribute('body', 'data-kind')).toBe(name);
      const command = (await o.page.textContent('#command'))!;
      expect(command, name).toMatch(new RegExp(`^mafia-sim ${name} `));
      for (const flag of BENCH[name].filter((x) => x.startsWith('--'))) expect(command, name).toContain(flag);
      expect(await o.page.textContent('header')).not.toContain('does not record the command');
      const setup = (await o.page.textContent('#setup'))!;
      for (const raw of ['range.first', 'format', 'checksum', 'sha256', 'design.']) expect(setup, `${name}: ${raw}`).not.toContain(raw);
      expect(setup, name).toMatch(/setup/);
      const left = (await o.page.getAttribute('#report-data', 'data-partial')) === 'true';
      expect(await embedded(o.page), name).toEqual(name === 'sweep' || name === 'compare' || name === 'role-values' ? lean(bench[name], left) : bench[name]);
      await o.page.close();
    }
  }, 60_000);

  it('sweep --html: the 50% line, ◆ where the play changes, draw and stalemate on their own chart, the step from the previous point in percentage points, every point’s row', async () => {
    const r = bench.sweep;
    const o = await open('bench-sweep.html');
    expect(await o.page.textContent('h1')).toContain('club-12');
    expect(await o.page.$$eval('svg[data-chart="sweep"] line.ref', (ls) => ls.map((l) => Number(l.getAttribute('data-value'))))).toEqual([0.5]);
    // A change before every point whose sides differ from the point before's.
    const key = (a: { sides: unknown }) => JSON.stringify(a.sides);
    const changed = r.arms.map((a: { sides: unknown }, i: number) => i).filter((i: number) => i > 0 && key(r.arms[i]) !== key(r.arms[i - 1]));
    expect(changed.length).toBeGreaterThan(0);
    expect(await o.page.$$eval('svg[data-chart="sweep"] g.change', (gs) => gs.map((g) => Number(g.getAttribute('data-index'))))).toEqual(changed);
    expect(await o.page.$$eval('#setup .plays', (ds) => ds.length)).toBeGreaterThan(1);
    const rare = await o.page.$$eval('svg[data-chart="sweep-rare"] g.series', (gs) => gs.map((g) => g.getAttribute('data-key')));
    expect(rare.every((k) => k === 'draw' || k === 'stalemate')).toBe(true);
    expect(await o.page.$$eval('svg[data-chart="sweep"] g.series', (gs) => gs.map((g) => g.getAttribute('data-key')))).toEqual(['town', 'mafia']);
    expect(await o.page.textContent('#paired h2')).toBe('Step from the previous point');
    expect(await o.page.textContent('svg[data-chart="vs-baseline"] .axis-title')).toContain('percentage points');
    const rows = await o.page.$$eval('table[data-table="arms"] tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    expect(rows.map((x) => x[0])).toEqual(r.points.map((p: { values: string[] }) => `players=${p.values[0]}`));
    expect(rows.map((x) => x[x.length - 1])).toEqual(r.points.map((p: { townStep: { diff: number; low: number; high: number } | null }) => (p.townStep === null ? '' : formatDifference(p.townStep))));
    await o.page.close();
  }, 30_000);

  it('a sweep of two settings --html: ◆ on each cell that plays otherwise than the cell before it', async () => {
    const r = benchGrid;
    const o = await open('bench-grid.html');
    clean(o, 'bench-grid.html');
    const key = (a: { sides: unknown }) => JSON.stringify(a.sides);
    const changed = r.arms.map((_: unknown, i: number) => i).filter((i: number) => i > 0 && key(r.arms[i]) !== key(r.arms[i - 1]));
    expect(changed.length).toBeGreaterThan(0);
    const cells = await o.page.$$eval('svg[data-chart="grid"] g.item', (gs) => gs.map((g) => g.querySelector('text.heat-text')?.textContent ?? ''));
    expect(cells.map((t, i) => (t.startsWith('◆') ? i : -1)).filter((i) => i >= 0)).toEqual(changed);
    await o.page.close();
  }, 30_000);

  it('compare --html: the setup in the title, the seat and role differences and the day-by-day curves of the text report', async () => {
    const r = bench.compare;
    const o = await open('bench-compare.html');
    expect(await o.page.textContent('h1')).toBe(`mafia-sim compare: vanilla, ${r.arms.map((a: { label: string }) => a.label).join(' vs ')}`);
    expect(await o.page.textContent('#paired h2')).toBe(`Against ${r.arms[0].label}`);
    const vs = r.arms[1].vsBaseline;
    expect(await o.page.textContent('#notable-1 h2')).toBe(`Seats and roles: ${r.arms[1].label} vs ${r.arms[0].label}`);
    expect(await o.page.textContent('#notable-1')).toContain(`${2 * (vs.seats.length + vs.roles.length)} tests`);
    const notable = await o.page.$$eval('table[data-table="notable-1"] tbody tr', (trs) => trs.map((tr) => tr.children[0].textContent));
    expect(notable).toEqual(vs.notable.map((n: { what: string }) => n.what));
    const days = await o.page.$$eval('table[data-table="decided-1"] tbody tr', (trs) => trs.map((tr) => tr.children[0].textContent));
    expect(days).toEqual(vs.timing.days.map((d: { day: number }) => String(d.day)));
    expect(await o.page.$$eval('#verdicts li', (lis) => lis.map((li) => li.textContent))).toEqual(r.verdicts);
    await o.page.close();
  }, 30_000);

  it('role-values --html: each role’s worth with the text report’s sign, whole labels, nothing about a sweep', async () => {
    const r = bench['role-values'];
    const o = await open('bench-role-values.html');
    const bars = await marks(o.page, 'worth-asIs', 'rect.bar');
    const asIs = r.values.filter((v: { asIs: unknown }) => v.asIs !== null);
    expect(bars.map((b) => [b.key, b.value, b.text])).toEqual(asIs.map((v: { role: string; asIs: { diff: number; low: number; high: number } }) => [v.role, v.asIs.diff, formatDifference(v.asIs)]));
    const labels = await o.page.$$eval('svg text.label', (ts) => ts.map((t) => t.textContent ?? ''));
    expect(labels.filter((l) => l.includes('…'))).toEqual([]);
    expect(await o.page.$$eval('svg[data-chart="arms"] text.label', (ts) => ts.map((t) => t.textContent))).toEqual(r.arms.map((a: { label: string }) => a.label));
    expect((await o.page.textContent('main'))!.toLowerCase()).not.toContain('sweep');
    expect(await o.page.textContent('#worth')).toContain(`Town win at the table: ${formatRate(r.arms[0].outcomes.town)}`);
    await o.page.close();
  }, 30_000);

  it('balance --html: town win against the knob with the target’s line, the final round, every round, the best and its command', async () => {
    const r = bench.balance;
    const o = await open('bench-balance.html');
    const refs = await o.page.$$eval('svg[data-chart="balance"] line.ref', (ls) => ls.map((l) => Number(l.getAttribute('data-value'))));
    expect(refs).toContain(r.design.target);
    const dots = await marks(o.page, 'balance', 'circle.dot');
    expect(dots.map((d) => d.value)).toEqual(r.neighbours.map((p: { town: { share: number } }) => p.town.share));
    const rows = await o.page.$$eval('table[data-table="final"] tbody tr', (trs) => trs.map((tr) => tr.children[2].textContent));
    expect(rows).toEqual(r.neighbours.map((p: { town: { share: number; low: number; high: number } }) => formatRate(p.town)));
    expect(await o.page.$$eval('table[data-table^="round-"]', (ts) => ts.length)).toBe(r.rounds.length);
    expect(await o.page.textContent('#check')).toBe(r.check);
    await o.page.close();
  }, 30_000);

  it('exploit --html: per side, each variant’s gain as a bar around zero in percentage points, and the exploitability', async () => {
    const r = bench.exploit;
    const o = await open('bench-exploit.html');
    for (const side of r.sides) {
      const bars = await marks(o.page, `gain-${side.side}`, 'rect.bar');
      expect(bars.map((b) => [b.key, b.value])).toEqual(side.variants.map((v: { name: string; gain: { diff: number } }) => [v.name, v.gain.diff]));
      expect(await o.page.textContent(`svg[data-chart="gain-${side.side}"] .axis-title`)).toContain('percentage points');
    }
    expect(await o.page.$$eval('#exploitability li', (lis) => lis.length)).toBe(r.sides.length);
    await o.page.close();
  }, 30_000);

  it('tune --html: each round’s confirmed gain and the certificate as bars around zero, town win with the 50% line', async () => {
    const r = bench.tune;
    const o = await open('bench-tune.html');
    const rounds = await marks(o.page, 'rounds', 'rect.bar');
    const confirmed = r.history.filter((h: { confirm: unknown }) => h.confirm !== null);
    expect(rounds.map((b) => b.value)).toEqual(confirmed.map((h: { confirm: { diff: number } }) => h.confirm.diff));
    const cert = await marks(o.page, 'certificate', 'rect.bar');
    expect(cert.map((b) => b.value)).toEqual((['town', 'mafia'] as const).flatMap((s) => (r.certificate[s] === null ? [] : [r.certificate[s].gain.diff])));
    const win = await marks(o.page, 'town-win', 'rect.bar');
    expect(win.map((b) => b.value)).toEqual([r.townWin.share]);
    expect(await o.page.$$eval('svg[data-chart="town-win"] line.ref', (ls) => ls.map((l) => Number(l.getAttribute('data-value'))))).toEqual([0.5]);
    expect(await o.page.$$eval('table[data-table="rounds"] tbody tr', (trs) => trs.length)).toBe(r.history.length);
    await o.page.close();
  }, 30_000);

  it('every page at desktop width (light) and phone width (dark): screenshots in test-artifacts/, no element wider than the screen, every chart a title and axis titles', async () => {
    const pages = [['run.html', 'run'], ['club.html', 'club-evening'], ['merge.html', 'merge'], ['tournament.html', 'tournament'], ['calibrate.html', 'calibrate'], ['grid.html', 'sweep-grid'], ['balance.html', 'other'],
      ...(Object.keys(BENCH) as Bench[]).map((name) => [`bench-${name}.html`, name]), ['bench-grid.html', 'sweep-grid-club'], ['weights.html', 'weights']];
    for (const [file, name] of pages) {
      await screenshots(file, name);
      const o = await open(file, { width: 390 });
      // Nothing but what scrolls in its own box (a wide table) reaches past the screen's edges.
      const wide = await o.page.evaluate(() => [...document.querySelectorAll('main *')].filter((el) => {
        if (el.closest('.scroll') || el.closest('svg') && el.tagName.toLowerCase() !== 'svg') return false;
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.right > window.innerWidth + 0.5 || box.left < -0.5);
      }).map((el) => `${el.tagName.toLowerCase()}.${el.className}`));
      expect(wide, `${name}: elements wider than a phone`).toEqual([]);
      // No text of a chart is drawn outside its chart (an svg shows what overflows it: a cut label would show past its edge).
      const outside = await o.page.$$eval('svg.chart', (svgs) => svgs.flatMap((svg) => {
        const box = svg.getBoundingClientRect();
        return [...svg.querySelectorAll('text')].filter((t) => {
          const r = t.getBoundingClientRect();
          return r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1);
        }).map((t) => `${svg.getAttribute('data-chart')}: ${t.textContent}`);
      }));
      expect(outside, `${name}: chart text outside its chart`).toEqual([]);
      const charts = await o.page.$$eval('svg.chart', (svgs) => svgs.map((svg) => ({
        chart: svg.getAttribute('data-chart'),
        title: svg.querySelector(':scope > title')?.textContent ?? '',
        axes: [...svg.querySelectorAll('text.axis-title')].map((t) => t.textContent ?? '').filter((t) => t.trim() !== ''),
      })));
      expect(charts.length, name).toBeGreaterThan(0);
      for (const c of charts) {
        expect(c.title, `${name} ${c.chart}: title`).not.toBe('');
        expect(c.axes.length, `${name} ${c.chart}: axis titles`).toBeGreaterThan(0);
      }
      await o.page.close();
    }
  }, 180_000);
});
