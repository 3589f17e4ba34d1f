// `--csv` (issue 16): one tidy long CSV per command, the same eight columns for each, read as it is by
// Python's csv module (every number parses as a float) and by pandas.read_csv (numeric columns come out
// float64): pandas is Debian's python3-pandas, which .ci/run installs; without it (a developer's
// machine) only the csv module reads them, in CI its absence fails. The numbers are the JSON report's,
// to the last digit. Reports of commands this branch does not have (sweep, compare, balance) are
// written from their JSON alone, as those commands will (reportOutputsOfJson, ReportFiles.commitJson).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CALIBRATION_GRID, runCalibration } from '../src/calibration/calibrate.js';
import { WINNERS } from '../src/model/events.js';
import { CSV_COLUMNS, csvText } from '../src/report/csv.js';
import { openReportFiles } from '../src/cli/reportFiles.js';
import { reportCsv, reportOutputsOfJson } from '../src/report/kinds.js';
import { invocation } from '../src/report/reproduce.js';
import type { Report } from '../src/report/report.js';
import { runTournament } from '../src/tournament/tournament.js';
import { cli } from './helpers/cli.js';
import { makeJob } from './helpers/job.js';
import { balanceReport, sweepReport } from './helpers/otherKinds.js';

const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-csv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Reads a CSV file with the csv module (and pandas, if it is there); prints what it found as JSON.
const READER = `
import csv, json, sys
path = sys.argv[1]
with open(path, newline='', encoding='utf-8') as f:
    reader = csv.DictReader(f)
    rows = list(reader)
    header = reader.fieldnames
bad = []
for i, r in enumerate(rows):
    for c in ('value', 'low', 'high', 'count', 'n'):
        if r[c] != '':
            try: float(r[c])
            except ValueError: bad.append([i, c, r[c]])
tables = {}
for r in rows: tables[r['table']] = tables.get(r['table'], 0) + 1
out = {'header': header, 'rows': len(rows), 'tables': tables, 'bad': bad, 'first': rows[:3]}
try:
    import pandas
    df = pandas.read_csv(path, keep_default_na=False, na_values=[''])
    out['pandas'] = {'columns': list(df.columns), 'rows': len(df), 'value': str(df['value'].dtype), 'n': str(df['n'].dtype)}
except ImportError:
    out['pandas'] = None
print(json.dumps(out))
`;

/**
 * The Python that has pandas: `python3` on the PATH, or Debian's (/usr/bin/python3, which .ci/run gives
 * python3-pandas); else `python3` with the csv module alone. In CI pandas must be there.
 */
const PYTHON = (() => {
  for (const py of ['python3', '/usr/bin/python3']) if (spawnSync(py, ['-c', 'import pandas'], { encoding: 'utf8' }).status === 0) return { py, pandas: true };
  return { py: 'python3', pandas: false };
})();
const CI = process.env.CI === 'true' || process.env.CI === '1';

function readWithPython(path: string) {
  const r = spawnSync(PYTHON.py, ['-c', READER, path], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { header: string[]; rows: number; tables: Record<string, number>; bad: unknown[]; first: Record<string, string>[]; pandas: null | { columns: string[]; rows: number; value: string; n: string } };
}

/** The rows of a CSV text as objects (test-side parse, for exact comparisons; fields here need no quotes). */
function parse(text: string): Record<string, string>[] {
  const [head, ...lines] = text.trimEnd().split('\n');
  const cols = head.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v])));
}

function checkShape(path: string, tables: string[]): ReturnType<typeof readWithPython> {
  const got = readWithPython(path);
  expect(got.header).toEqual([...CSV_COLUMNS]);
  expect(got.bad).toEqual([]);
  for (const t of tables) expect(got.tables[t], t).toBeGreaterThan(0);
  if (CI) expect(got.pandas, 'pandas in CI (.ci/run installs python3-pandas)').not.toBeNull();
  if (got.pandas) {
    expect(got.pandas.columns).toEqual([...CSV_COLUMNS]);
    expect(got.pandas.rows).toBe(got.rows);
    expect(got.pandas.value).toBe('float64');
    expect(got.pandas.n).toBe('float64');
  }
  return got;
}

describe('--csv', () => {
  it('run --csv FILE: Python reads it as it is; one row per outcome, seat measure, role cause, points value; the JSON’s numbers exactly', () => {
    const file = join(dir, 'run.csv');
    const r = cli(['run', '--games', '1500', '--seed', '2', '--csv', file, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    checkShape(file, ['run', 'outcome', 'length', 'length_histogram', 'role', 'role_deaths', 'role_points', 'role_points_histogram', 'team', 'team_deaths', 'team_points', 'seat']);
    const rows = parse(readFileSync(file, 'utf8'));
    const find = (table: string, group: string | number, key: string | number) => rows.filter((x) => x.table === table && x.group === String(group) && x.key === String(key));
    for (const w of WINNERS) {
      const [row] = find('outcome', w, 'share');
      const rate = report.outcomeRates[w];
      expect([Number(row.value), Number(row.low), Number(row.high), Number(row.count), Number(row.n)]).toEqual([rate.share, rate.low, rate.high, rate.count, report.games]);
    }
    expect(rows.filter((x) => x.table === 'seat')).toHaveLength(4 * report.setup.players);
    for (const x of report.seats) expect(Number(find('seat', x.seat, 'win')[0].value)).toBe(x.win.share);
    for (const x of report.roles) {
      for (const [cause, k] of Object.entries(x.deaths)) expect(Number(find('role_deaths', x.group, cause)[0].count)).toBe(k);
      expect(rows.filter((y) => y.table === 'role_points_histogram' && y.group === x.group).map((y) => [Number(y.key), Number(y.count)])).toEqual(x.points.histogram);
      expect(Number(find('role_points', x.group, 'mean')[0].value)).toBe(x.points.mean);
    }
    expect(rows.filter((x) => x.table === 'length_histogram').map((x) => [Number(x.key), Number(x.count)])).toEqual(report.length.histogram);
  });

  it('run --csv -: the CSV goes to stdout and the tables to stderr; two outputs on stdout are refused', () => {
    const r = cli(['run', '--games', '100', '--csv', '-']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(CSV_COLUMNS.join(','));
    expect(r.stderr).toContain('│ outcome');
    const both = cli(['run', '--games', '100', '--csv', '-', '--games-out', '-']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/^mafia-sim: error: --games-out - and --csv -: only one output can go to stdout/);
    expect(both.stdout).toBe('');
  });

  it('tournament and calibration CSVs: one row per pairing measure and per cell measure, read by Python', async () => {
    const job = makeJob('vanilla', ['players=7']);
    const t = await runTournament({ setupArg: 'vanilla', overrides: ['players=7'], setup: job.setup, strategies: ['random', 'smart'], games: 50, seed: '1', workers: 1 });
    const tf = join(dir, 't.csv');
    writeFileSync(tf, reportCsv('tournament', t));
    checkShape(tf, ['tournament', 'town_win', 'vs_first', 'mean_days', 'outcome', 'pairing']);
    const trows = parse(readFileSync(tf, 'utf8'));
    expect(trows.filter((x) => x.table === 'town_win').map((x) => x.group)).toEqual(t.pairings.map((p) => `town=${p.town} mafia=${p.mafia}`));
    expect(trows.filter((x) => x.table === 'vs_first' && x.key === 'difference').map((x) => Number(x.value))).toEqual(t.pairings.slice(1).map((p) => p.vsFirst!.diff));

    const c = await runCalibration({ cells: CALIBRATION_GRID.slice(0, 3), games: 40, seed: '1', workers: 1 });
    const cf = join(dir, 'c.csv');
    writeFileSync(cf, reportCsv('calibration', c));
    checkShape(cf, ['calibration', 'cell', 'outcome']);
    const crows = parse(readFileSync(cf, 'utf8'));
    expect(crows.filter((x) => x.table === 'cell' && x.key === 'z').map((x) => Number(x.value))).toEqual(c.cells.map((x) => x.z));
  });

  it('bad input with --html and --csv: exit 2, one line, and neither file nor a temp file of it is left', () => {
    const sub = mkdtempSync(join(dir, 'bad-'));
    const r = cli(['run', '--setup', 'no-such-table', '--html', join(sub, 'r.html'), '--csv', join(sub, 'r.csv')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(readdirSync(sub)).toEqual([]);
  });

  it('a command known by its JSON alone (a sweep): commitJson writes the page and the CSV whole; arm, setting and paired rows are the JSON’s', () => {
    const players = ['7', '8', '9'];
    const runs = players.map((p) => {
      const r = cli(['run', '--setup', 'vanilla', '--option', `players=${p}`, '--games', '200', '--json']);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as Report;
    });
    const sweep = sweepReport([{ key: 'players', values: players }], players.map((p, i) => ({ label: `players=${p}`, run: runs[i] })));
    const json = JSON.stringify(sweep, null, 2);
    const sub = mkdtempSync(join(dir, 'sweep-'));
    const [html, csv] = [join(sub, 'sweep.html'), join(sub, 'sweep.csv')];
    const command = invocation(['sweep', '--setup', 'vanilla', '--vary', 'players=7..9', '--html', html, `--csv=${csv}`, '--json', '--no-progress']);
    expect(command).toBe('mafia-sim sweep --setup vanilla --vary players=7..9');
    const files = openReportFiles({ html, csv }, { write: () => {} });
    files.commitJson('sweep', json, command);
    files.abort(); // after the commit: a no-op
    expect(readdirSync(sub).sort()).toEqual(['sweep.csv', 'sweep.html']);
    const both = reportOutputsOfJson('sweep', json, command);
    expect(readFileSync(html, 'utf8')).toBe(both.html);
    expect(readFileSync(csv, 'utf8')).toBe(both.csv);
    checkShape(csv, ['report', 'setting', 'arm', 'vs_baseline', 'vs_baseline_p']);
    const rows = parse(both.csv);
    expect(rows.filter((x) => x.table === 'setting').map((x) => [x.group, x.key, Number(x.value)])).toEqual(players.map((p) => [`players=${p}`, 'players', Number(p)]));
    for (const [i, a] of sweep.arms.entries()) {
      for (const w of WINNERS) {
        const [row] = rows.filter((x) => x.table === 'arm' && x.group === a.label && x.key === w);
        const rate = runs[i].outcomeRates[w];
        expect([Number(row.value), Number(row.low), Number(row.high), Number(row.count), Number(row.n)]).toEqual([rate.share, rate.low, rate.high, rate.count, runs[i].games]);
      }
      const town = rows.filter((x) => x.table === 'vs_baseline' && x.group === a.label && x.key === 'town').map((x) => [Number(x.value), Number(x.low), Number(x.high)]);
      expect(town).toEqual(a.vsBaseline ? [[a.vsBaseline.outcomes.town.diff, a.vsBaseline.outcomes.town.low, a.vsBaseline.outcomes.town.high]] : []);
    }
    expect(rows.filter((x) => x.table === 'report' && x.key === 'games').map((x) => Number(x.value))).toEqual([200]);

    // Any other report (a balance search): one row per number of its records, named by the record.
    const balance = balanceReport(players.map((p, i) => ({ label: `players=${p}`, run: runs[i] })));
    const brows = parse(reportOutputsOfJson('balance', JSON.stringify(balance)).csv);
    const points = balance.rounds.flatMap((x, i) => x.points.map((p) => [`${i} ${p.value}`, p.town.share, p.town.count]));
    expect(brows.filter((x) => x.table === 'rounds.points' && x.key === 'town').map((x) => [x.group, Number(x.value), Number(x.count)])).toEqual(points);
    expect(brows.filter((x) => x.table === 'report' && x.key === 'best.town').map((x) => [Number(x.value), Number(x.low), Number(x.high)])).toEqual([[balance.best.town.share, balance.best.town.low, balance.best.town.high]]);

    // Opened and not committed (the command failed): nothing is left, not even a temp file.
    const sub2 = mkdtempSync(join(dir, 'aborted-'));
    const aborted = openReportFiles({ html: join(sub2, 'x.html'), csv: join(sub2, 'x.csv') }, { write: () => {} });
    aborted.abort();
    expect(readdirSync(sub2)).toEqual([]);
  });

  it('a field with a comma, a quote or a line break is quoted (RFC 4180), and reads back whole', () => {
    const file = join(dir, 'quoted.csv');
    writeFileSync(file, csvText([{ table: 'pairing', group: 'town=smart:a=1,b=2 mafia="x"', key: 'line\nbreak', value: 0.5 }, { table: 't', value: null }]));
    const got = readWithPython(file);
    expect(got.first[0]).toMatchObject({ group: 'town=smart:a=1,b=2 mafia="x"', key: 'line\nbreak', value: '0.5' });
    expect(got.first[1]).toMatchObject({ table: 't', value: '' });
  });
});
