// The CSV rows of a report known only by its JSON (docs/reports.md, "Reports of other commands"): the
// same eight columns as every other command's CSV. A report of arms (sweep, compare, role-values) gets
// `arm`, `vs_baseline` and `setting` rows; any other report one row per number of its records.
import { rateRow, type CsvRow } from './csv.js';
import { exploitRows } from './csvRows.js';
import type { Exploitability } from './exploitability.js';

/** An arm's `exploit` as its JSON has it (a report from before it was recorded has none). */
const isExploitability = (v: unknown): v is Exploitability => isObject(v) && typeof v.command === 'string' && typeof v.games === 'number' && typeof v.holds === 'boolean';
import { intervalCells, isDiff, isMean, isObject, isRate, outcomeKeys, recordCells, recordTables, scalars, sweepAxes, type ArmsReportLike, type DiffLike, type MeanLike, type RateLike } from './shapes.js';

/** The report's own numbers (games, range, flags as 1/0) as `report` rows. */
function reportRows(report: unknown): CsvRow[] {
  const rows: CsvRow[] = [];
  if (!isObject(report)) return rows;
  for (const [k, v] of scalars(report)) {
    if (typeof v === 'number') rows.push({ table: 'report', key: k, value: v });
    else if (typeof v === 'boolean') rows.push({ table: 'report', key: k, value: v ? 1 : 0 });
  }
  for (const [k, v] of intervalCells(report)) rows.push(intervalRow('report', '', k, v));
  return rows;
}

/** A rate (value = share, with its count), a difference (value = diff) or a mean, with its interval. */
function intervalRow(table: string, group: string, key: string, v: RateLike | DiffLike | MeanLike): CsvRow {
  if (isRate(v)) return { table, group, key, value: v.share, low: v.low, high: v.high, count: v.count ?? null };
  if (isDiff(v)) return { table, group, key, value: v.diff, low: v.low, high: v.high, n: v.games ?? null };
  return { table, group, key, value: v.mean, low: v.low, high: v.high };
}

export function armsRows(r: ArmsReportLike): CsvRow[] {
  const rows = reportRows(r);
  const keys = outcomeKeys(r.arms.map((a) => a.outcomes));
  const axes = sweepAxes(r);
  r.arms.forEach((a, i) => {
    if (axes) {
      // The sweep's setting of this arm, as a number, so a curve can be drawn from the CSV alone.
      const values = axes.length === 1 ? [axes[0].values[i]] : [axes[0].values[Math.floor(i / axes[1].values.length)], axes[1].values[i % axes[1].values.length]];
      axes.forEach((ax, k) => {
        const v = Number(values[k]);
        if (values[k] !== '' && Number.isFinite(v)) rows.push({ table: 'setting', group: a.label, key: ax.key, value: v });
      });
    }
    for (const w of keys) if (a.outcomes[w]) rows.push(rateRow('arm', a.label, w, a.outcomes[w], a.games));
    if (typeof a.meanDays === 'number') rows.push({ table: 'arm', group: a.label, key: 'mean_days', value: a.meanDays, n: a.games });
    rows.push(...exploitRows(a.label, isExploitability(a.exploit) ? a.exploit : null));
    const vs = a.vsBaseline;
    if (vs) {
      for (const w of keys) {
        const d = vs.outcomes[w];
        if (!d) continue;
        rows.push({ table: 'vs_baseline', group: a.label, key: w, value: d.diff, low: d.low, high: d.high, n: vs.games });
        if (typeof d.p === 'number') rows.push({ table: 'vs_baseline_p', group: a.label, key: w, value: d.p, n: vs.games });
      }
    }
  });
  return rows;
}

/** Any report: its numbers, then one row per number of each array of records (table = the array's path). */
export function genericRows(report: unknown): CsvRow[] {
  const rows = reportRows(report);
  for (const t of recordTables(report)) {
    for (const { name, record } of t.records) {
      for (const [key, v] of recordCells(record)) {
        if (typeof v === 'number') rows.push({ table: t.path, group: name, key, value: v });
        else if (typeof v === 'boolean') rows.push({ table: t.path, group: name, key, value: v ? 1 : 0 });
        else if (isRate(v) || isDiff(v) || isMean(v)) rows.push(intervalRow(t.path, name, key, v));
      }
    }
  }
  return rows;
}
