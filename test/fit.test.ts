// Tables that fit (issue 16): text output is laid out for the terminal's width. At 60 columns no line
// of run's report (Ukrainian and club-20, per-seat table included), of a 3-strategy tournament or of the
// calibration is wider than 60; the Options line breaks only between options; colour follows
// FORCE_COLOR and a non-empty NO_COLOR.
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { runCalibration, CALIBRATION_GRID } from '../src/calibration/calibrate.js';
import { renderCalibration } from '../src/cli/calibrate.js';
import { colours, terminalWidth } from '../src/cli/common.js';
import { renderTournament } from '../src/cli/tournament.js';
import { describeValue } from '../src/rules/options.js';
import { displayWidth, fitTable, wrapItems } from '../src/report/fit.js';
import { buildReport, type Report } from '../src/report/report.js';
import { renderReport } from '../src/report/text.js';
import { runBatch } from '../src/runner/batch.js';
import { runTournament } from '../src/tournament/tournament.js';
import { cli } from './helpers/cli.js';
import { makeJob } from './helpers/job.js';

const plain = new Chalk({ level: 0 });
const reportOf = (setup: string, games: number): Report => {
  const job = makeJob(setup, [], '3');
  return buildReport(job, runBatch(job, { from: 0, to: games }), { first: 0, end: games, partial: false });
};
const widest = (text: string) => Math.max(...text.split('\n').map(displayWidth));
const tooWide = (text: string, width: number) => text.split('\n').filter((l) => displayWidth(l) > width);

const ukrainian = reportOf('ukrainian', 1000);
const club20 = reportOf('club-20', 300);

/** The Options block of a rendered report: its first line and the indented lines after it. */
function optionLines(text: string): string[] {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.startsWith('Options '));
  const out = [lines[at]];
  for (let i = at + 1; lines[i]?.startsWith('        '); i++) out.push(lines[i]);
  return out.map((l) => l.slice('Options '.length));
}

describe('tables that fit the terminal', () => {
  for (const [name, r] of [['ukrainian', ukrainian], ['club-20', club20]] as const) {
    it(`run's report (${name}) at 60 columns: no line wider than 60, and every table still there`, () => {
      const text = renderReport(r, plain, 60);
      expect(tooWide(text, 60)).toEqual([]);
      // The per-seat table: every seat has its row, and every measure its column head.
      for (const head of ['survival', 'win', 'out on day 1', 'killed night 1']) expect(text).toContain(`│ ${head}`);
      for (const x of r.seats) expect(text).toMatch(new RegExp(`│ ${x.seat}\\s+│ \\d+\\.\\d+% \\(`));
      for (const x of r.roles) expect(text).toMatch(new RegExp(`│ ${x.group}\\s+│`));
    });
  }

  it('setups, roles and strategies at 60 and 40 columns: no line wider, every entry and every option still there, breaks between words', () => {
    for (const width of [60, 40]) {
      const env = { COLUMNS: String(width) };
      const wide = { COLUMNS: '1000' };
      for (const cmd of ['setups', 'roles', 'strategies']) {
        const r = cli([cmd], { env });
        expect(r.code, r.stderr).toBe(0);
        expect(tooWide(r.stdout, width), `${cmd} at ${width}`).toEqual([]);
        // The same words in the same order as on a wide terminal: only the line breaks moved (within a
        // word only after a comma or a bar: nightOrder=a,b,… and [x|y|…]).
        const words = (t: string) => t.replace(/([,|])\s+/g, '$1').split(/\s+/).filter(Boolean);
        expect(words(r.stdout), `${cmd} at ${width}`).toEqual(words(cli([cmd], { env: wide }).stdout));
      }
      const setups = cli(['setups'], { env }).stdout;
      expect(setups).toMatch(/^ {4}nightOrder=courtesan,/m);
      const roles = cli(['roles'], { env }).stdout.split('\n').filter((l) => !l.startsWith(' ')).map((l) => l.split(' ')[0]);
      expect(roles).toContain('marilyn-sister');
    }
  });

  it('at 80 columns the report fits, and the distribution column is what goes first', () => {
    const text = renderReport(ukrainian, plain, 80);
    expect(tooWide(text, 80)).toEqual([]);
    expect(text).toMatch(/│ role \/ team\s+│ mean \(95% interval\)\s+│ sd\s+│ p10\s+│ median\s+│ p90\s+│ max\s+│\n/);
    expect(text).not.toContain('distribution');
    const wide = renderReport(ukrainian, plain);
    expect(wide).toContain('│ distribution');
  });

  it('a 3-strategy tournament at 60 columns: no line wider than 60', async () => {
    const job = makeJob('vanilla', ['players=7']);
    const t = await runTournament({ setupArg: 'vanilla', overrides: ['players=7'], setup: job.setup, strategies: ['random', 'smart', 'smart:fakeClaim=1'], games: 60, seed: '1', workers: 1 });
    const text = renderTournament(t, plain, 60);
    expect(tooWide(text, 60)).toEqual([]);
    expect(widest(renderTournament(t, plain))).toBeGreaterThan(60);
    for (const s of t.strategies) expect(text).toContain(`│ ${s} `);
  });

  it('the calibration at 60 columns: no line wider than 60, every cell there', async () => {
    const r = await runCalibration({ cells: CALIBRATION_GRID, games: 40, seed: '1', workers: 1 });
    const text = renderCalibration(r, plain, 60);
    expect(tooWide(text, 60)).toEqual([]);
    expect(text.match(/│ (pass|FAIL) /g)).toHaveLength(CALIBRATION_GRID.length);
    // A negative z is written with a minus sign, as every other table writes it, never a hyphen.
    const wide = renderCalibration(r, plain);
    expect(r.cells.some((x) => Number(x.z.toFixed(2)) < 0)).toBe(true);
    expect(wide).toMatch(/│ −\d\.\d\d +│/);
    expect(wide).not.toMatch(/│ -\d/);
  });

  it('at 160 columns the Options line breaks only between options (club-20 and ukrainian)', () => {
    for (const r of [ukrainian, club20]) {
      const items = Object.entries(r.setup.options).map(([k, v]) => `${k}=${describeValue(v)}`);
      const lines = optionLines(renderReport(r, plain, 160));
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.flatMap((l) => l.trim().split('  '))).toEqual(items);
      for (const l of lines) expect(displayWidth(l) + 8).toBeLessThanOrEqual(160);
    }
  });

  it('at 60 columns an option wider than the line (club nightOrder) breaks after a comma, never inside a word', () => {
    const lines = optionLines(renderReport(club20, plain, 60));
    const joined = lines.map((l) => l.trim()).join('\n');
    const order = describeValue(club20.setup.options.nightOrder);
    expect(joined.replace(/,\n/g, ',')).toContain(`nightOrder=${order}`);
    for (const l of lines) expect(displayWidth(l) + 8).toBeLessThanOrEqual(60);
  });

  it('wrapItems: items whole, lines within the width, continuation lines under the first item', () => {
    const lines = wrapItems('Label: ', ['aaaa', 'bbbb', 'cccc', 'dddd'], 17, ' ');
    expect(lines).toEqual(['Label: aaaa bbbb', '       cccc dddd']);
    expect(wrapItems('x ', ['a-very-long-word'], 5)).toEqual(['x a-very-long-word']);
  });

  it('fitTable: whole when it fits; optional columns dropped, then split with the keys repeated', () => {
    const cols = [
      { head: 'k', key: true, cells: ['1', '2'] },
      { head: 'aaaaaaaaaa', cells: ['x', 'y'] },
      { head: 'bbbbbbbbbb', cells: ['x', 'y'] },
      { head: 'spark', cells: ['▁█', '█▁'], optional: true },
    ];
    expect(fitTable(cols, 100, plain)).toContain('spark');
    const narrow = fitTable(cols, 33, plain);
    expect(narrow).not.toContain('spark');
    expect(widest(narrow)).toBeLessThanOrEqual(33);
    const split = fitTable(cols, 20, plain);
    expect(widest(split)).toBeLessThanOrEqual(20);
    expect(split.match(/│ k /g)).toHaveLength(2);
  });

  it('the CLI lays its tables out for COLUMNS when stdout is not a terminal (else 80)', () => {
    const narrow = cli(['run', '--games', '200', '--no-progress'], { env: { COLUMNS: '60' } });
    expect(narrow.code, narrow.stderr).toBe(0);
    expect(tooWide(narrow.stdout, 60)).toEqual([]);
    const fake = (isTTY: boolean, columns?: number) => ({ isTTY, columns }) as unknown as NodeJS.WriteStream;
    expect(terminalWidth(fake(false), {})).toBe(80);
    expect(terminalWidth(fake(false), { COLUMNS: '132' })).toBe(132);
    expect(terminalWidth(fake(false), { COLUMNS: 'wide' })).toBe(80);
    expect(terminalWidth(fake(true, 60), { COLUMNS: '132' })).toBe(60);
  });

  it('colour: FORCE_COLOR forces it off a terminal (not 0 or false); NO_COLOR stops it only when not empty', () => {
    const pipe = { isTTY: false } as unknown as NodeJS.WriteStream;
    const tty = { isTTY: true } as unknown as NodeJS.WriteStream;
    expect(colours(pipe, true, {}).level).toBe(0);
    expect(colours(tty, true, {}).level).toBe(1);
    expect(colours(pipe, true, { FORCE_COLOR: '1' }).level).toBe(1);
    expect(colours(pipe, true, { FORCE_COLOR: '' }).level).toBe(0);
    expect(colours(tty, true, { FORCE_COLOR: '0' }).level).toBe(0);
    expect(colours(tty, true, { FORCE_COLOR: 'false' }).level).toBe(0);
    expect(colours(tty, true, { NO_COLOR: '' }).level).toBe(1);
    expect(colours(tty, true, { NO_COLOR: '1' }).level).toBe(0);
    expect(colours(pipe, true, { NO_COLOR: '1', FORCE_COLOR: '1' }).level).toBe(0);
    expect(colours(tty, false, { FORCE_COLOR: '1' }).level).toBe(0);
  });
});
