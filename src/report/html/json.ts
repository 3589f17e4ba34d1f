// The HTML page of a report known only by its JSON (a command that lands after this module: sweep,
// compare, role-values, balance, exploit, tune). A report of arms on the same seeds gets its outcomes
// drawn (a sweep of one setting as curves with interval bands, of two as a heat map, other arms as bars),
// its paired differences from each arm's baseline as bars around zero, and its verdicts; any report gets
// its own numbers and a table (with bars for its rates) of every array of records in it.
import { formatDifference, formatMean, formatP, formatRate } from '../text.js';
import { intervalCells, isDiff, isMean, isObject, isRate, outcomeKeys, recordCells, recordTables, scalars, sweepAxes, type ArmsReportLike, type RecordTable } from '../shapes.js';
import { dataTable, esc, facts, figure, numbers, section } from './markup.js';
import { bands, heatMap, intervalBars, niceCeiling, type Series } from './svg.js';

const count = (x: number) => x.toLocaleString('en-US');
const num = (x: number) => (Number.isInteger(x) ? count(x) : String(Math.round(x * 1e4) / 1e4));

/** A cell's text: a rate, a difference, a mean or a plain value as the tables print them. */
function cellText(v: unknown): string {
  if (isRate(v)) return formatRate(v);
  if (isDiff(v)) return v.low !== null && v.high !== null ? formatDifference({ diff: v.diff, low: v.low, high: v.high }) : formatDifference({ diff: v.diff, low: v.diff, high: v.diff }).split(' (')[0];
  if (isMean(v)) return formatMean(v);
  if (typeof v === 'number') return num(v);
  if (v === null || v === undefined) return '';
  return String(v);
}

const seriesLegend = (series: readonly Series[]) => `<ul class="legend">${series.map((s) => `<li><span class="swatch ${esc(s.tone ?? 'accent')}"></span>${esc(s.label)}</li>`).join('')}</ul>`;

/** The report's own values: kind, seed, games, its design's settings. */
function summarySection(report: unknown, more: readonly [string, string][] = []): string {
  const pairs = [...scalars(report).map(([k, v]): [string, string] => [k, typeof v === 'number' ? num(v) : String(v)]), ...intervalCells(report).map(([k, v]): [string, string] => [k, cellText(v)]), ...more];
  return pairs.length === 0 ? '' : section('summary', 'Summary', '', facts(pairs));
}

function outcomesSection(r: ArmsReportLike): string {
  const keys = outcomeKeys(r.arms.map((a) => a.outcomes));
  // Outcomes that never happen (a stalemate at most tables) would only flatten the chart.
  const shown = keys.filter((w) => r.arms.some((a) => (a.outcomes[w]?.share ?? 0) > 0));
  const axes = sweepAxes(r);
  const table = dataTable(['arm', 'games', ...keys, 'mean days'], r.arms.map((a) => [a.label, count(a.games), ...keys.map((w) => (a.outcomes[w] ? formatRate(a.outcomes[w]) : '')), typeof a.meanDays === 'number' ? a.meanDays.toFixed(2) : '']), { name: 'arms' });
  let chart: string;
  let caption: string;
  if (axes && axes.length === 1) {
    const series: Series[] = shown.map((w) => ({ key: w, label: w, tone: w, points: r.arms.map((a) => (a.outcomes[w] ? { value: a.outcomes[w].share, low: a.outcomes[w].low, high: a.outcomes[w].high, text: formatRate(a.outcomes[w]) } : null)) }));
    chart = bands(axes[0].values, series, { chart: 'sweep', title: `Outcomes by ${axes[0].key}, with 95% interval bands`, xTitle: axes[0].key }) + seriesLegend(series);
    caption = `Each point: the share of its games; the band, its Wilson 95% interval. Every point is played on the same game seeds.`;
  } else if (axes && axes.length === 2) {
    const [rows, cols] = axes;
    const town = (i: number, j: number) => r.arms[i * cols.values.length + j].outcomes.town ?? r.arms[i * cols.values.length + j].outcomes[keys[0]];
    chart = heatMap(rows.values.map(String), cols.values.map(String), (i, j) => {
      const x = town(i, j);
      const [share, interval] = formatRate(x).split(' ');
      return { t: x.share, value: x.share, lines: [share, interval] };
    }, { chart: 'grid', title: `Town win % by ${rows.key} (rows) and ${cols.key} (columns)`, rowTitle: rows.key, colTitle: cols.key });
    caption = `Rows: ${rows.key}; columns: ${cols.key}. Darker is a higher town win share.`;
  } else {
    const w = keys.includes('town') ? 'town' : keys[0];
    chart = intervalBars(r.arms.map((a) => ({ label: a.label, value: a.outcomes[w].share, low: a.outcomes[w].low, high: a.outcomes[w].high, text: formatRate(a.outcomes[w]), tone: w })), { chart: 'arms', title: `${w} win share by arm, with 95% intervals` });
    caption = 'Every arm is played on the same game seeds.';
  }
  return section('outcomes', 'Outcomes', `Share of each arm’s games${typeof r.games === 'number' ? ` (${count(r.games)} per arm)` : ''}, with Wilson 95% intervals.`, figure(chart, caption) + numbers(table));
}

function pairedSection(r: ArmsReportLike): string {
  const paired = r.arms.filter((a) => a.vsBaseline && a.vsBaseline.outcomes.town && a.vsBaseline.outcomes.town.low !== null && a.vsBaseline.outcomes.town.high !== null);
  if (paired.length === 0) return '';
  const vs = (a: (typeof paired)[number]) => a.vsBaseline!.outcomes.town as { diff: number; low: number; high: number; p?: number };
  const against = (a: (typeof paired)[number]) => r.arms[a.vsBaseline!.baseline]?.label ?? `arm ${a.vsBaseline!.baseline}`;
  const reach = niceCeiling(Math.max(0.01, ...paired.map((a) => Math.max(Math.abs(vs(a).low), Math.abs(vs(a).high)))));
  const chart = intervalBars(paired.map((a) => ({ label: a.label, value: vs(a).diff, low: vs(a).low, high: vs(a).high, text: formatDifference(vs(a)), tone: vs(a).diff >= 0 ? 'town' : 'mafia' })), {
    chart: 'vs-baseline',
    title: 'Town win minus the baseline arm’s, in points, on the same games, with 95% intervals',
    min: -reach,
    max: reach,
    tick: (v) => `${v > 0 ? '+' : v < 0 ? '−' : '±'}${Math.abs(100 * v).toFixed(reach < 0.05 ? 1 : 0)}`,
  });
  const keys = outcomeKeys(paired.map((a) => a.vsBaseline!.outcomes));
  const table = dataTable(['arm', 'baseline', 'games', ...keys.map((w) => `${w} (points)`), 'town p'], paired.map((a) => [a.label, against(a), count(a.vsBaseline!.games), ...keys.map((w) => cellText(a.vsBaseline!.outcomes[w])), typeof vs(a).p === 'number' ? formatP(vs(a).p!) : '']), { name: 'vs-baseline' });
  const bases = [...new Set(paired.map(against))];
  const about = bases.length === 1 ? `Each arm against ${bases[0]}, game by game on the same seeds: the paired difference in town wins.` : 'Each arm against the arm it is paired with (its baseline, in the table: for a sweep the point before it), game by game on the same seeds: the paired difference in town wins.';
  return section('paired', 'Against the baseline', about, figure(chart, 'Right of the line: the town wins more often than in the baseline arm.') + numbers(table));
}

function verdictsSection(r: ArmsReportLike): string {
  if (!Array.isArray(r.verdicts) || r.verdicts.length === 0) return '';
  return section('verdicts', 'Verdicts', '', `<ul>${r.verdicts.map((v) => `<li>${esc(String(v))}</li>`).join('')}</ul>`);
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
    }), { chart: `records-${i}`, title: `${t.path}: ${rate}, with 95% intervals` }), `${rate} of each record of ${t.path}.`);
  }
  return section(`records-${i}`, t.path, `${t.records.length} record(s).`, chart + (chart ? numbers(table) : table));
}

export function jsonTitle(kind: string, report: unknown): { title: string; subtitle: string; warning: string | null } {
  const o = isObject(report) ? report : {};
  const bits: string[] = [];
  if (Array.isArray(o.arms)) bits.push(`${o.arms.length} arms`);
  if (typeof o.games === 'number') bits.push(`${count(o.games)} games${Array.isArray(o.arms) ? ' per arm' : ''}`);
  if (typeof o.seed === 'string' || typeof o.seed === 'number') bits.push(`seed ${o.seed}`);
  const design = isObject(o.design) ? o.design : {};
  // A compare's arms name their own setups (one, or one per arm).
  const armSetups = Array.isArray(design.arms) ? [...new Set(design.arms.map((a) => (isObject(a) && typeof a.setupArg === 'string' ? a.setupArg : null)).filter((x) => x !== null))] : [];
  const setup = typeof design.setup === 'string' ? design.setup : isObject(o.setup) && typeof o.setup.name === 'string' ? o.setup.name : armSetups.length > 0 ? armSetups.join(' vs ') : null;
  return {
    title: `mafia-sim ${kind}${setup ? `: ${setup}` : ''}`,
    subtitle: bits.join('; '),
    warning: o.partial === true ? `PARTIAL: the ${kind} was interrupted; these are the games that finished.` : null,
  };
}

type Worth = { diff: number; low: number; high: number; p?: number };
type RoleWorth = { role: string; team: string; seats: number; asIs: Worth | null; oneMore: Worth | null };

/**
 * role-values: each role's worth to the town as the text report prints it — town win with the role
 * minus with a plain seat, positive helping the town — rather than its arms' raw differences from the
 * table (a seat made plain costs the town what the role is worth: the opposite sign).
 */
function worthSection(values: readonly RoleWorth[]): string {
  const measured = (w: Worth | null): w is Worth => w !== null && isDiff(w) && w.low !== null && w.high !== null;
  const charts = (['asIs', 'oneMore'] as const).map((key) => {
    const shown = values.filter((v) => measured(v[key]));
    if (shown.length === 0) return '';
    const reach = niceCeiling(Math.max(0.01, ...shown.map((v) => Math.max(Math.abs(v[key]!.low), Math.abs(v[key]!.high)))));
    const what = key === 'asIs' ? 'as is: the role against one of its seats made plain' : 'one more: a seat of the role added against a plain seat added';
    return figure(intervalBars(shown.map((v) => ({ label: v.role, value: v[key]!.diff, low: v[key]!.low, high: v[key]!.high, text: formatDifference(v[key]!), tone: v[key]!.diff >= 0 ? 'town' : 'mafia' })), {
      chart: `worth-${key}`,
      title: `What each role is worth to the town (${what}), in town win points, with 95% intervals`,
      min: -reach,
      max: reach,
      tick: (x) => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(100 * x).toFixed(reach < 0.05 ? 1 : 0)}`,
    }), 'Right of the line: the role helps the town; left, the mafia.');
  });
  const cell = (w: Worth | null) => (w === null ? '' : cellText(w));
  const p = (w: Worth | null) => (w !== null && typeof w.p === 'number' ? formatP(w.p) : '');
  const table = dataTable(['role', 'team', 'seats', 'as is (points)', 'p', 'one more (points)', 'p'], values.map((v) => [v.role, v.team, String(v.seats), cell(v.asIs), p(v.asIs), cell(v.oneMore), p(v.oneMore)]), { name: 'worth' });
  return section('worth', 'What each role is worth', 'Town win with the role minus with a plain seat of its team, on the same games (Newcombe 95% interval, McNemar): positive helps the town, as in the text report.', charts.join('') + numbers(table));
}

export function armsSections(r: ArmsReportLike): string[] {
  const note = section('data', 'All the data', '', '<p class="about">Every arm’s whole run report (per role, per seat, points) is in the JSON inside this page (its “download JSON” link).</p>');
  const vary = (sweepAxes(r) ?? []).map((ax): [string, string] => [`varies ${ax.key}`, ax.values.join(', ')]);
  const values = (r as { values?: unknown }).values;
  // role-values: its worth table, with the text report's signs, in place of the arms' raw differences.
  const paired = r.kind === 'role-values' && Array.isArray(values) ? worthSection(values as RoleWorth[]) : pairedSection(r);
  return [summarySection(r, vary), outcomesSection(r), paired, verdictsSection(r), note].filter((s) => s !== '');
}

export function genericSections(report: unknown): string[] {
  return [summarySection(report), ...recordTables(report).map(recordSection)].filter((s) => s !== '');
}
