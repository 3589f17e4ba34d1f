// The page of a report of arms on the same seeds (sweep, compare, role-values), from its JSON: what
// was played and by whom (src/report/html/summary.ts), the outcomes (a sweep of one setting as curves
// with their bands, the 50% line and a mark where the play changes; of two as a heat map; other arms as
// bars), each arm against the arm it is paired with (the point before it, or the first arm), and a
// compare's seat and role differences and day-by-day curves: every table of the text report.
import { WINNERS } from '../../model/events.js';
import { formatDifference, formatP, formatRate } from '../text.js';
import { isObject, outcomeKeys, sweepAxes, type ArmLike, type ArmsReportLike, type DiffLike } from '../shapes.js';
import type { PlayedSides } from '../sides.js';
import type { Exploitability } from '../exploitability.js';
import type { SetupSummary } from '../report.js';
import { dataTable, esc, facts, figure, numbers, section } from './markup.js';
import { exploitHtml, optionsTable, playChanges, rolesLine, runFacts, setupFacts, strategiesHtml } from './summary.js';
import { bands, differenceBars, HALF, heatMap, intervalBars, type Series } from './svg.js';

const count = (x: number) => x.toLocaleString('en-US');

/** An arm as its JSON has it: the outcomes, and the sides and run report where the command gives them. */
type Arm = Omit<ArmLike, 'exploit'> & { readonly sides?: PlayedSides; readonly exploit?: Exploitability | null; readonly run?: { readonly setup?: SetupSummary; readonly failures?: ReadonlyArray<{ replay: string; error: string }> } };
type Notable = { what: string; diff: number; low: number | null; high: number | null; p: number; unit: 'share' | 'points' };
type Timing = { days: Array<{ day: number } & Record<string, DiffLike | number>>; parts: Record<string, number | null> };
type Vs = NonNullable<ArmLike['vsBaseline']> & { notable?: readonly Notable[]; seats?: readonly unknown[]; roles?: readonly unknown[]; timing?: Timing };

const arms = (r: ArmsReportLike) => r.arms as readonly Arm[];
const vsOf = (a: Arm) => (a.vsBaseline ?? null) as Vs | null;
/** A sweep's arms are its points. */
const what = (r: ArmsReportLike) => (r.kind === 'sweep' ? 'point' : 'arm');

export const seriesLegend = (series: readonly Series[]) => `<ul class="legend">${series.map((s) => `<li><span class="swatch ${esc(s.tone ?? 'accent')}"></span>${esc(s.label)}</li>`).join('')}</ul>`;

/** The setup, what is varied, what each side plays (and where that changes), and the run. */
function setupSection(r: ArmsReportLike): string {
  const setups = arms(r).map((a) => a.run?.setup).filter((s): s is SetupSummary => s !== undefined);
  const first = setups[0];
  const design = isObject(r.design) ? r.design : {};
  // One table for every arm: as run's page has it; else what the arms share, each arm's in the tables.
  const same = first !== undefined && setups.every((s) => JSON.stringify(s) === JSON.stringify(first));
  const named = [...new Set(setups.map((s) => s.name))];
  const rows: [string, string][] = same ? setupFacts(first) : [['setup', typeof design.setup === 'string' ? design.setup : named.join(', ')], ['rules', [...new Set(setups.map((s) => s.rules))].join(', ')]];
  if (!same && setups.every((s) => s.players === first.players && rolesLine(s.roles) === rolesLine(first.roles))) rows.push(setupFacts(first)[2]);
  if (!same && r.kind !== 'sweep' && named.length > 1) rows.push(['setups', [...new Set(setups.map((s) => `${s.name} (${s.players} players)`))].join(', ')]);
  const options = Array.isArray(design.options) && design.options.length > 0 ? design.options.join(' ') : '';
  if (options) rows.push(['options given', options]);
  for (const ax of sweepAxes(r) ?? []) rows.push([`varies ${ax.key}`, ax.values.join(', ')]);
  if (r.kind !== 'sweep') rows.push([`${what(r)}s`, r.arms.map((a, i) => `${i + 1}. ${a.label}`).join('   ')]);
  rows.push(['run', runFacts(r, r.arms.length, what(r))]);
  const plays = strategiesHtml(arms(r), what(r));
  const changes = playChanges(arms(r));
  const changed = changes.length > 0 ? `<p class="about">The play changes at ${changes.map((c) => esc(r.arms[c.index].label)).join(', ')} (◆ on the charts).</p>` : '';
  const exploits = arms(r).map((a) => (a.outcomes.town && a.games > 0 ? exploitHtml(a.exploit, a.outcomes.town as { share: number; low: number; high: number }, a.label) : '')).join('');
  const exploited = exploits === '' ? '' : `<h3>Exploitability</h3>${exploits}`;
  return section('setup', 'Setup and strategies', '', facts(rows) + (plays ? `<h3>Strategies</h3>${plays}${changed}` : '') + exploited + (first ? optionsTable(first) : ''));
}

function outcomesTable(r: ArmsReportLike, keys: readonly string[]): string {
  const step = r.kind === 'sweep' ? [`town vs previous ${(sweepAxes(r) ?? []).length === 2 ? sweepAxes(r)![1].key : 'point'}`] : [];
  return dataTable([what(r), 'games', ...keys.map((w) => `${w} win`.replace(/(draw|stalemate) win/, '$1')), 'mean days', ...step], r.arms.map((a) => [
    a.label, count(a.games), ...keys.map((w) => (a.outcomes[w] ? formatRate(a.outcomes[w]) : '')), typeof a.meanDays === 'number' ? a.meanDays.toFixed(2) : '',
    ...(step.length > 0 ? [a.vsBaseline?.outcomes.town ? formatDifference(a.vsBaseline.outcomes.town as { diff: number; low: number; high: number }) : ''] : []),
  ]), { name: 'arms' });
}

function curve(r: ArmsReportLike, key: string, shown: readonly string[], o: { chart: string; title: string; yTitle: string; half: boolean }): string {
  const series: Series[] = shown.map((w) => ({ key: w, label: w, tone: w, points: r.arms.map((a) => (a.outcomes[w] ? { value: a.outcomes[w].share, low: a.outcomes[w].low, high: a.outcomes[w].high, text: formatRate(a.outcomes[w]) } : null)) }));
  const xs = sweepAxes(r)![0].values;
  return bands(xs, series, { chart: o.chart, title: o.title, xTitle: key, yTitle: o.yTitle, refs: o.half ? [HALF] : [], changes: playChanges(arms(r)), ...(o.half ? { min: 0, max: 1 } : {}) }) + seriesLegend(series);
}

function outcomesSection(r: ArmsReportLike): string {
  const keys = outcomeKeys(r.arms.map((a) => a.outcomes));
  // Outcomes that never happen (a stalemate at most tables) would only flatten the chart.
  const happen = keys.filter((w) => r.arms.some((a) => (a.outcomes[w]?.share ?? 0) > 0));
  const axes = sweepAxes(r);
  const changes = playChanges(arms(r)).length > 0 ? ' ◆: the play changes (Setup and strategies).' : '';
  let charts: string;
  if (axes && axes.length === 1) {
    // The wins on the whole scale with the 50% line; the rare endings apart, on a scale of their own, so
    // that a draw and a stalemate at 0% do not hide each other behind the wins' axis.
    const wins: string[] = happen.filter((w) => w === 'town' || w === 'mafia');
    const rare = happen.filter((w) => !wins.includes(w));
    charts = figure(curve(r, axes[0].key, wins, { chart: 'sweep', title: `Town and mafia win % by ${axes[0].key}, with 95% interval bands`, yTitle: 'share of games, %', half: true }), `Each point: the share of its games; the band, its Wilson 95% interval; dashed, 50%. Every point is played on the same game seeds.${changes}`);
    if (rare.length > 0) charts += figure(curve(r, axes[0].key, rare, { chart: 'sweep-rare', title: `${rare.join(' and ')} % by ${axes[0].key}, with 95% interval bands`, yTitle: 'share of games, %', half: false }), `The endings that are neither side's win, on their own scale (a stalemate: the day cap reached).${changes}`);
  } else if (axes && axes.length === 2) {
    const [rows, cols] = axes;
    const town = (i: number, j: number) => r.arms[i * cols.values.length + j].outcomes.town ?? r.arms[i * cols.values.length + j].outcomes[keys[0]];
    // ◆ on a cell that plays otherwise than the cell before it (row-major, as the arms are).
    const changed = new Set(playChanges(arms(r)).map((c) => c.index));
    charts = figure(heatMap(rows.values, cols.values, (i, j) => {
      const x = town(i, j);
      const [share, interval] = formatRate(x).split(' ');
      return { t: x.share, value: x.share, lines: [changed.has(i * cols.values.length + j) ? `◆ ${share}` : share, interval] };
    }, { chart: 'grid', title: `Town win % by ${rows.key} (rows) and ${cols.key} (columns)`, rowTitle: rows.key, colTitle: cols.key }), `Rows: ${rows.key}; columns: ${cols.key}. Darker is a higher town win share.${changes}`);
  } else {
    const w = keys.includes('town') ? 'town' : keys[0];
    charts = figure(intervalBars(r.arms.map((a) => ({ label: a.label, value: a.outcomes[w].share, low: a.outcomes[w].low, high: a.outcomes[w].high, text: formatRate(a.outcomes[w]), tone: w })), { chart: 'arms', title: `${w} win % by ${what(r)}, with 95% intervals`, xTitle: `${w} win, % of games`, refs: [HALF], changes: playChanges(arms(r)) }), `Every ${what(r)} is played on the same game seeds; dashed, 50%.${changes}`);
  }
  return section('outcomes', r.kind === 'sweep' ? 'Outcomes per point' : 'Outcomes', `Share of each ${what(r)}’s games${typeof r.games === 'number' ? ` (${count(r.games)} per ${what(r)})` : ''}, with Wilson 95% intervals.`, charts + numbers(outcomesTable(r, keys)));
}

/** What each arm is paired with: the point before it (a sweep), or one arm for all (a compare's first). */
function baselineWords(r: ArmsReportLike, paired: readonly Arm[]): { title: string; against: string; about: string } {
  const previous = paired.every((a) => a.vsBaseline!.baseline === r.arms.indexOf(a) - 1);
  const bases = [...new Set(paired.map((a) => r.arms[a.vsBaseline!.baseline]?.label ?? `arm ${a.vsBaseline!.baseline + 1}`))];
  if (r.kind === 'sweep' || (previous && bases.length > 1)) {
    const grid = (sweepAxes(r) ?? []).length === 2;
    return { title: grid ? `Step from the previous ${sweepAxes(r)![1].key}` : 'Step from the previous point', against: 'the point before', about: `Each point against the point before it${grid ? ` along ${sweepAxes(r)![1].key} (in the same row)` : ''}, game by game on the same seeds: the paired difference in town wins, in percentage points.` };
  }
  if (bases.length === 1) return { title: `Against ${bases[0]}`, against: bases[0], about: `Each arm against ${bases[0]}, game by game on the same seeds: the paired difference in town wins, in percentage points.` };
  return { title: 'Against each arm’s baseline', against: 'the baseline arm', about: 'Each arm against the arm it is paired with (in the table), game by game on the same seeds: the paired difference in town wins, in percentage points.' };
}

function pairedSection(r: ArmsReportLike): string {
  const paired = arms(r).filter((a) => a.vsBaseline && a.vsBaseline.outcomes.town && a.vsBaseline.outcomes.town.low !== null && a.vsBaseline.outcomes.town.high !== null);
  if (paired.length === 0) return '';
  const vs = (a: Arm) => a.vsBaseline!.outcomes.town as { diff: number; low: number; high: number; p?: number };
  const against = (a: Arm) => r.arms[a.vsBaseline!.baseline]?.label ?? `arm ${a.vsBaseline!.baseline + 1}`;
  const words = baselineWords(r, paired);
  const chart = differenceBars(paired.map((a) => ({ label: a.label, value: vs(a).diff, low: vs(a).low, high: vs(a).high, text: formatDifference(vs(a)), tone: vs(a).diff >= 0 ? 'town' : 'mafia' })), {
    chart: 'vs-baseline',
    title: `Town win minus ${words.against}’s, in percentage points, on the same games, with 95% intervals`,
    xTitle: `town win minus ${words.against}’s, percentage points`,
  });
  const keys = outcomeKeys(paired.map((a) => a.vsBaseline!.outcomes));
  const cell = (x: DiffLike | undefined) => (x && x.low !== null && x.high !== null ? `${formatDifference({ diff: x.diff, low: x.low, high: x.high })}${typeof x.p === 'number' ? `, ${formatP(x.p)}` : ''}` : '');
  const table = dataTable([what(r), 'against', 'games', ...keys.map((w) => `${w} (points, McNemar)`)], paired.map((a) => [a.label, against(a), count(a.vsBaseline!.games), ...keys.map((w) => cell(a.vsBaseline!.outcomes[w]))]), { name: 'vs-baseline' });
  return section('paired', words.title, words.about, figure(chart, `Right of the line: the town wins more often than against ${words.against} (Newcombe 95% interval).`) + numbers(table));
}

const signed = (x: number | null) => (x === null ? '?' : `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(x).toFixed(2)}`);
/** A difference of rates is in percentage points; of mean points per seat, in score points (as the text report). */
const notableText = (d: Notable) => (d.unit === 'share' ? `${formatDifference({ diff: d.diff, low: d.low ?? -1, high: d.high ?? 1 })} percentage points` : `${signed(d.diff)} (${signed(d.low)} to ${signed(d.high)}) score points a seat`);

/** A compare's significant seat and role differences, and where its arms' outcome curves part, per arm. */
function detailSections(r: ArmsReportLike): string[] {
  if (r.kind !== 'compare') return [];
  const base = r.arms[0];
  const out: string[] = [];
  arms(r).slice(1).forEach((a, k) => {
    const v = vsOf(a);
    if (!v) return;
    const tests = 2 * ((v.seats?.length ?? 0) + (v.roles?.length ?? 0));
    const list = v.notable ?? [];
    const table = list.length === 0 ? '<p>none</p>' : dataTable(['what', 'difference (95% interval)', 'p'], list.map((n) => [n.what, notableText(n), formatP(n.p)]), { name: `notable-${k + 1}` });
    out.push(section(`notable-${k + 1}`, `Seats and roles: ${a.label} vs ${base.label}`, `Significant at 5% after Holm’s correction for ${tests} tests.`, table));
    const t = v.timing;
    if (!t || t.days.length === 0) return;
    const shown = WINNERS.filter((w) => a.outcomes[w].count! + base.outcomes[w].count! > 0);
    const day = (d: Timing['days'][number], w: string) => {
      const x = d[w] as DiffLike;
      return `${formatDifference({ diff: x.diff, low: x.low ?? x.diff, high: x.high ?? x.diff })}, ${formatP(x.p ?? 1)}`;
    };
    const days = dataTable(['day', ...shown], t.days.map((d) => [String(d.day), ...shown.map((w) => day(d, w))]), { name: `decided-${k + 1}` });
    const series: Series[] = shown.map((w) => ({ key: w, label: w, tone: w, points: t.days.map((d) => {
      const x = d[w] as DiffLike;
      return { value: x.diff, low: x.low, high: x.high, text: day(d, w) };
    }) }));
    const reach = Math.max(0.01, ...series.flatMap((s) => s.points.map((p) => Math.max(Math.abs(p!.low ?? 0), Math.abs(p!.high ?? 0)))));
    const chart = bands(t.days.map((d) => String(d.day)), series, { chart: `decided-${k + 1}`, title: `Decided by day: ${a.label} minus ${base.label}, cumulative, with 95% interval bands`, xTitle: 'day', yTitle: 'difference, percentage points', min: -reach, max: reach, tick: (x) => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(100 * x).toFixed(1)}` }) + seriesLegend(series);
    const said = shown.map((w) => `${w} ${t.parts[w] === null ? 'never' : `from day ${t.parts[w]}`}`).join(', ');
    out.push(section(`decided-${k + 1}`, `Decided by day: ${a.label} vs ${base.label}`, 'Cumulative, on the same games: percentage points (Newcombe 95% interval), McNemar.', figure(chart, `The curves part (5% after Holm’s correction over the days and outcomes): ${said}.`) + numbers(days)));
  });
  return out;
}

type Tune = { held: string[]; start: Record<string, string>; result: Record<string, string>; stopped: string; rounds: number; played: number; certificate: Record<string, { move: string; gain: { diff: number; low: number; high: number } } | null>; command: string | null };

/** Under --tune: per re-tuned point, its parameters per side and the certificate (the text report's "Re-tuned at each point"). */
export function tunesSection(list: ReadonlyArray<{ readonly label: string; readonly tune?: unknown }>): string {
  const tuned = list.filter((a) => isObject(a.tune)) as ReadonlyArray<{ label: string; tune: Tune }>;
  if (tuned.length === 0) return '';
  const cert = (x: Tune['certificate'][string]) => (x === null || x === undefined ? 'no move' : `${x.move} ${formatDifference(x.gain)} points`);
  const why = (t: Tune) => (t.rounds === 0 ? 'nothing to tune' : t.stopped === 'converged' ? 'converged' : `stopped at the ${t.stopped === 'budget' ? 'game budget' : 'round limit'}`);
  const rows = tuned.flatMap(({ label, tune: t }) => (['town', 'mafia'] as const).map((side) => [
    label, side, t.result[side], t.result[side] === t.start[side] ? 'no move taken' : `from ${t.start[side]}`, cert(t.certificate[side]), `${why(t)} after ${t.rounds} rounds, ${count(t.played)} games${t.held.length === 0 ? '' : `; ${t.held.join(', ')} held`}`,
  ]));
  const table = dataTable(['point', 'side', 'plays', 'moved', 'certificate (best move left, gain in points)', 'tune'], rows, { numeric: [], name: 'tunes' });
  return section('tunes', 'Re-tuned at each point', 'mafia-sim tune at each point; the certificate: the best one-parameter move left per side, its gain on fresh games (95% interval).', table);
}

function verdictsSection(r: ArmsReportLike): string {
  if (!Array.isArray(r.verdicts) || r.verdicts.length === 0) return '';
  return section('verdicts', 'Verdicts', '', `<ul>${r.verdicts.map((v) => `<li>${esc(String(v))}</li>`).join('')}</ul>`);
}

function failuresSection(r: ArmsReportLike): string {
  const failed = arms(r).flatMap((a) => a.run?.failures ?? []);
  if (failed.length === 0) return '';
  return section('failures', 'Failed games', `${failed.length} game(s) failed; each replays with its command.`, `<ul>${failed.map((f) => `<li><code>${esc(f.replay)}</code> <span class="about">${esc(f.error)}</span></li>`).join('')}</ul>`);
}

/** The sections every report of arms has; `middle` (role-values' worth) goes in place of the paired differences. */
export function armsSections(r: ArmsReportLike, middle: string | null = null): string[] {
  return [setupSection(r), outcomesSection(r), tunesSection(arms(r)), middle ?? pairedSection(r), ...detailSections(r), verdictsSection(r), failuresSection(r)].filter((s) => s !== '');
}
