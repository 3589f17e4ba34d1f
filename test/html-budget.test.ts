// A page's size budget (issue 31): the report's JSON is embedded on one line, and when that is too much
// for a page (a sweep's thirteen points with their whole run reports are 2.6 MB as --json prints them)
// without what no chart or table is drawn from, the page saying what it left out. A sweep's page is
// under 500 KB. No browser needed: test/html-report.test.ts draws the pages in Chromium.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBED_BUDGET, embedded } from '../src/report/html/embed.js';
import { cliAsync } from './helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-budget-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const arm = (i: number, bulk: number) => ({ label: `a${i}`, games: 1, outcomes: {}, vsBaseline: i === 0 ? null : { baseline: 0, games: 1, outcomes: {}, details: 'd'.repeat(bulk), pairs: [[1, 0]] }, run: { filler: 'r'.repeat(bulk) } });

describe('embedded: the report inside its page', () => {
  it('a report within the budget is embedded whole, on one line, parsing to the same object', () => {
    const report = { kind: 'sweep', arms: [arm(0, 10), arm(1, 10)] };
    const e = embedded(JSON.stringify(report, null, 2));
    expect(e.left).toBeNull();
    expect(e.text).not.toContain('\n');
    expect(JSON.parse(e.text)).toEqual(report);
  });

  it('over the budget: first the paired games’ details go, then each arm’s run report, and it says which', () => {
    const details = { kind: 'compare', arms: [arm(0, 10), arm(1, EMBED_BUDGET), arm(2, 10)] };
    details.arms[1].run.filler = 'r';
    const a = embedded(JSON.stringify(details));
    expect(a.left).toContain('paired game details');
    expect(a.left).not.toContain('run report');
    const parsed = JSON.parse(a.text);
    expect(parsed.arms[1].vsBaseline).toEqual({ baseline: 0, games: 1, outcomes: {} });
    expect(parsed.arms[1].run).toEqual({ filler: 'r' });
    const runs = embedded(JSON.stringify({ kind: 'sweep', arms: [arm(0, EMBED_BUDGET / 2), arm(1, EMBED_BUDGET / 2)] }));
    expect(runs.left).toContain('whole run report');
    expect(runs.text.length).toBeLessThan(EMBED_BUDGET);
    expect(JSON.parse(runs.text).arms.map((x: { run?: unknown }) => x.run)).toEqual([undefined, undefined]);
  });
});

describe('a sweep’s page', () => {
  it('sweep --tune --html: the text report’s “Re-tuned at each point”, a row per point and side', async () => {
    const file = join(dir, 'tune.html');
    const r = await cliAsync(['sweep', '--setup', 'vanilla', '--option', 'players=9', '--vary', 'mafia=1,2', '--tune', '--tune-params', 'temperature,bloc', '--tune-games', '200', '--tune-first', '100', '--tune-rounds', '2', '--games', '200', '--no-progress', '--html', file], { timeoutMs: 120_000 });
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(file, 'utf8');
    const table = /<table data-table="tunes">[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
    expect(table.match(/<tr><th>mafia=[12]<\/th><td>(town|mafia)<\/td>/g)).toHaveLength(4);
  }, 150_000);

  it('sweep --setup club-12 --vary players=8..20 --html: under 500 KB, with its command, its tables and the 50% line', async () => {
    const file = join(dir, 'sweep.html');
    const r = await cliAsync(['sweep', '--setup', 'club-12', '--vary', 'players=8..20', '--games', '60', '--no-progress', '--html', file, '--json'], { timeoutMs: 120_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.length).toBeGreaterThan(500_000);
    expect(statSync(file).size).toBeLessThan(500_000);
    const html = readFileSync(file, 'utf8');
    expect(html).toContain('<code id="command">mafia-sim sweep --setup club-12 --vary players=8..20 --games 60</code>');
    expect(html).toContain('data-table="arms"');
    expect(html).toContain('data-table="vs-baseline"');
    expect(html).toMatch(/<line class="ref" [^>]*data-value="0.5"/);
    expect(html).toContain('data-partial="true"');
    expect(html).toContain('less each arm’s paired game details and its whole run report');
  }, 150_000);
});

describe('a tune’s page', () => {
  it('tune --html: its command, the setup and both sides in words, every table of the text report, charts with titles, axis titles and reference lines', async () => {
    const file = join(dir, 'tune.html');
    // A tiny space with a known move: the mafia's bloc, off at the start, is taken in round 2.
    const args = ['tune', '--setup', 'vanilla', '--strategy', 'mafia=smart:bloc=false', '--params', 'bloc,nominateBlind', '--games', '1200', '--first', '300', '--workers', '1'];
    const r = await cliAsync([...args, '--no-progress', '--html', file, '--json'], { timeoutMs: 120_000 });
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(statSync(file).size).toBeLessThan(500_000);
    const html = readFileSync(file, 'utf8');
    expect(html).toContain(`<code id="command">${report.command}</code>`);
    expect(report.command).toMatch(/^mafia-sim tune --setup vanilla --strategy mafia=smart:bloc=false --params bloc,nominateBlind --games 1200 --first 300 /);
    // The page embeds exactly what --json printed.
    expect(JSON.parse(/<script type="application\/json" id="report-data">(.*?)<\/script>/s.exec(html)![1])).toEqual(report);
    expect(html).toContain('<h1>mafia-sim tune: vanilla</h1>');
    const setup = /<section id="setup">[\s\S]*?<\/section>/.exec(html)![0];
    expect(setup).toContain('<dt>players</dt><dd>7: mafia×2 townie×5</dd>');
    expect(setup).toContain('<dt>result</dt><dd>converged: neither side has a move that gains significantly</dd>');
    expect(setup).toMatch(/Where it starts<\/h3>.*<dt>mafia<\/dt><dd><code>smart:bloc=false<\/code>/);
    expect(setup).toMatch(/Where it ends<\/h3>.*<dt>mafia<\/dt><dd><code>smart:bloc=true<\/code>/);
    for (const raw of ['firstGames', 'format', 'history']) expect(setup).not.toContain(raw);
    // The text report's tables: a row per round (the move taken marked), the tuned parameters, the certificate.
    const rows = (name: string) => (new RegExp(`<table data-table="${name}">[\\s\\S]*?</tbody>`).exec(html)?.[0].match(/<tr>/g)?.length ?? 0) - 1;
    expect(rows('rounds')).toBe(report.history.length);
    expect(report.history.map((h: { accepted: boolean }) => h.accepted)).toEqual([false, true, false, false]);
    expect(html).toMatch(/<tr><th class="num">2<\/th><td>mafia<\/td><td>smart:bloc=false<\/td><td class="num">1<\/td><td>bloc=true<\/td>.*?<td>taken<\/td>/);
    expect(rows('tuned')).toBe(2);
    expect(rows('certificate')).toBe(2);
    expect(html).toContain('<code id="as-strategy">--strategy town=smart --strategy mafia=smart:bloc=true</code>');
    // Every chart: a title and an axis title with its unit; the gains around a zero line, town win with 50%.
    const charts = [...html.matchAll(/<svg class="chart" data-chart="([^"]+)"[\s\S]*?<\/svg>/g)];
    expect(charts.map((m) => m[1])).toEqual(['rounds', 'town-win', 'certificate']);
    for (const [svg, name] of charts) {
      expect(svg, name).toMatch(/<title>[^<]+<\/title>/);
      expect(svg, name).toMatch(/<text class="axis axis-title"[^>]*>[^<]*(percentage points|% of games)<\/text>/);
    }
    expect(charts[0][0]).toContain('<line class="zero"');
    expect(charts[2][0]).toContain('<line class="zero"');
    expect(charts[1][0]).toMatch(/<line class="ref" data-value="0.5"/);
    expect(charts[0][0].match(/<rect class="bar/g)).toHaveLength(report.history.filter((h: { confirm: unknown }) => h.confirm !== null).length);
  }, 150_000);
});
