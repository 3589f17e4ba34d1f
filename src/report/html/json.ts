// The HTML page of any report known only by its JSON (a command with no page of its own: tune, and any
// that lands later): its own values in words (not its JSON keys; no format number or checksum), and a
// table (with bars for its rates) of every array of records in it. Reports of arms (sweep, compare,
// role-values) have theirs in arms.ts; balance and exploit in balance.ts and exploit.ts.
import { formatDifference, formatMean, formatRate } from '../text.js';
import { intervalCells, isDiff, isMean, isObject, isRate, recordCells, recordTables, scalars, type RecordTable } from '../shapes.js';
import { dataTable, facts, figure, numbers, section } from './markup.js';
import { PLUMBING, words } from './summary.js';
import { HALF, intervalBars } from './svg.js';

const count = (x: number) => x.toLocaleString('en-US');
const num = (x: number) => (Number.isInteger(x) ? count(x) : String(Math.round(x * 1e4) / 1e4));

/** A cell's text: a rate, a difference, a mean or a plain value as the tables print them. */
export function cellText(v: unknown): string {
  if (isRate(v)) return formatRate(v);
  if (isDiff(v)) return v.low !== null && v.high !== null ? formatDifference({ diff: v.diff, low: v.low, high: v.high }) : formatDifference({ diff: v.diff, low: v.diff, high: v.diff }).split(' (')[0];
  if (isMean(v)) return formatMean(v);
  if (typeof v === 'number') return num(v);
  if (v === null || v === undefined) return '';
  return String(v);
}

/** The report's own values in words (its design's settings, its best value, its rates), less its plumbing. */
export function summarySection(report: unknown, more: readonly [string, string][] = []): string {
  const shown = scalars(report).filter(([k]) => !PLUMBING.has(k));
  const pairs = [...shown.map(([k, v]): [string, string] => [words(k), typeof v === 'number' ? num(v) : String(v)]), ...intervalCells(report).map(([k, v]): [string, string] => [words(k), cellText(v)]), ...more];
  return pairs.length === 0 ? '' : section('summary', 'Summary', '', facts(pairs));
}

/** An array of records as a table, and its first rate (or difference) column as bars. */
function recordSection(t: RecordTable, i: number): string {
  const columns: string[] = [];
  for (const { record } of t.records) for (const [k] of recordCells(record)) if (!columns.includes(k)) columns.push(k);
  const cells = t.records.map(({ name, record }) => {
    const own = new Map(recordCells(record));
    return [name, ...columns.map((c) => cellText(own.get(c)))];
  });
  const numeric = columns.map((_, j) => j + 1).filter((j) => t.records.some(({ record }) => typeof new Map(recordCells(record)).get(columns[j - 1]) !== 'string'));
  const table = dataTable([t.path, ...columns], cells, { numeric, name: t.path });
  let chart = '';
  const rate = columns.find((c) => t.records.every(({ record }) => isRate(new Map(recordCells(record)).get(c))));
  if (rate && t.records.length <= 60) {
    chart = figure(intervalBars(t.records.map(({ name, record }) => {
      const x = new Map(recordCells(record)).get(rate) as { share: number; low: number; high: number };
      return { label: name, value: x.share, low: x.low, high: x.high, text: formatRate(x), tone: /town/.test(rate) ? 'town' : /mafia/.test(rate) ? 'mafia' : undefined };
    }), { chart: `records-${i}`, title: `${words(t.path)}: ${words(rate)}, with 95% intervals`, xTitle: `${words(rate)}, %`, refs: [HALF] }), `${words(rate)} of each record of ${words(t.path)}; dashed, 50%.`);
  }
  return section(`records-${i}`, words(t.path), `${t.records.length} record(s).`, chart + (chart ? numbers(table) : table));
}

export function jsonTitle(kind: string, report: unknown): { title: string; subtitle: string; warning: string | null } {
  const o = isObject(report) ? report : {};
  const arms = Array.isArray(o.arms) ? o.arms.filter(isObject) : [];
  const what = kind === 'sweep' ? 'point' : 'arm';
  const design = isObject(o.design) ? o.design : {};
  // The setup as played: each arm's run names its own (one, or one per compare arm).
  const played = [...new Set(arms.map((a) => (isObject(a.run) && isObject(a.run.setup) ? a.run.setup : null)).filter((x) => x !== null).map((x) => `${String(x.name)}|${String(x.rules)}|${String(x.players)}`))].map((k) => k.split('|'));
  const armSetups = Array.isArray(design.arms) ? [...new Set(design.arms.map((a) => (isObject(a) && typeof a.setupArg === 'string' ? a.setupArg : null)).filter((x) => x !== null))] : [];
  const named = [...new Set(played.map(([name]) => name))];
  const setup = typeof design.setup === 'string' ? design.setup : named.length > 0 ? named.join(' vs ') : isObject(o.setup) && typeof o.setup.name === 'string' ? o.setup.name : armSetups.length > 0 ? armSetups.join(' vs ') : null;
  const vary = Array.isArray(design.vary) ? design.vary.filter(isObject).map((v) => `${String(v.key)} ${Array.isArray(v.values) && v.values.length > 1 ? `${v.values[0]}–${v.values[v.values.length - 1]}` : ''}`.trim()) : [];
  const bits: string[] = [];
  const rules = [...new Set(played.map(([, r]) => r))];
  const seats = [...new Set(played.map(([, , p]) => p))];
  if (rules.length === 1) bits.push(`${rules[0]} rules${seats.length === 1 && kind !== 'sweep' ? `, ${seats[0]} players` : ''}`);
  else if (isObject(o.setup) && typeof o.setup.rules === 'string') bits.push(`${o.setup.rules} rules, ${String(o.setup.players)} players`);
  if (arms.length > 0) bits.push(`${arms.length} ${what}s`);
  if (typeof o.games === 'number') bits.push(`${count(o.games)} games${arms.length > 0 ? ` per ${what}` : ''}`);
  if (typeof o.seed === 'string' || typeof o.seed === 'number') bits.push(`seed ${o.seed}`);
  const labels = kind === 'compare' && arms.length > 0 ? `, ${arms.map((a) => String(a.label)).join(' vs ')}` : vary.length > 0 ? `, ${vary.join(' × ')}` : '';
  return {
    title: `mafia-sim ${kind}${setup ? `: ${setup}${labels}` : ''}`,
    subtitle: bits.join('; '),
    warning: o.partial === true ? `PARTIAL: the ${kind} was interrupted; these are the games that finished.` : null,
  };
}

export function genericSections(report: unknown): string[] {
  return [summarySection(report), ...recordTables(report).map(recordSection)].filter((s) => s !== '');
}
