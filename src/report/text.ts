// Renders a report as terminal tables (cli-table3); colour comes from the caller's chalk instance.
import type { ChalkInstance } from 'chalk';
import { causesOf, WINNERS } from '../model/events.js';
import { describeValue } from '../rules/options.js';
import { fitTable, UNLIMITED, wrapItems, wrapWords, type Column } from './fit.js';
import type { GroupRow, PointsRow, PointsSummary, Report } from './report.js';
import { formatRate } from './format.js';
import { METRIC_LABELS, type MetricsRow } from './metrics.js';
import { METRIC_RATIOS } from '../stats/metrics.js';
import { isPluginSpec } from '../strategy/registry.js';
import { describeSide, playedSides, type PlayedSides } from './sides.js';
import { exploitabilityOf, exploitWords, type Exploitability } from './exploitability.js';

const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2));
const count = (x: number) => x.toLocaleString('en-US');
const BARS = '▁▂▃▄▅▆▇█';

export { formatDifference, formatRate, intervalDecimals } from './format.js';

/** `p < 0.001`, or p to two significant digits. */
export function formatP(p: number): string {
  return p < 0.001 ? 'p < 0.001' : `p = ${p < 0.01 ? p.toFixed(3) : p.toFixed(2)}`;
}

/** A mean with its interval, to two decimals (more when the bounds would print alike). */
export function formatMean(x: Pick<PointsSummary, 'mean' | 'low' | 'high'>): string {
  if (x.low === null || x.high === null) return x.mean.toFixed(2);
  let d = 2;
  while (d < 6 && x.low !== x.high && x.low.toFixed(d) === x.high.toFixed(d)) d++;
  return `${x.mean.toFixed(d)} (${x.low.toFixed(d)}–${x.high.toFixed(d)})`;
}

/** A compact one-line histogram: one bar per value bucket between min and max. */
export function sparkline(histogram: ReadonlyArray<readonly [number, number]>, width = 16): string {
  if (histogram.length === 0) return '';
  const lo = histogram[0][0];
  const hi = histogram[histogram.length - 1][0];
  const buckets = Math.max(1, Math.min(width, histogram.length === 1 ? 1 : width));
  const counts = new Array<number>(buckets).fill(0);
  for (const [v, c] of histogram) counts[hi === lo ? 0 : Math.min(buckets - 1, Math.floor(((v - lo) / (hi - lo)) * buckets))] += c;
  const top = Math.max(...counts);
  return counts.map((c) => (c === 0 ? ' ' : BARS[Math.min(7, Math.floor((c / top) * 7.999))])).join('');
}

/** The house table style lives with the layout code; re-exported for the renderers that import it from here. */
export { table } from './fit.js';

/** The commonest ways a group's players leave, as shares of its seat-games: `vote 38% · mafia 25% · …`. */
function causes(x: GroupRow, most = 3): string {
  if (x.seats === 0) return '';
  const listed = causesOf(x.deaths)
    .filter((k) => (x.deaths[k] ?? 0) > 0)
    .sort((a, b) => x.deaths[b]! - x.deaths[a]!)
    .map((k) => `${k} ${Math.round((100 * x.deaths[k]!) / x.seats)}%`);
  return listed.length > most ? [...listed.slice(0, most), '…'].join(' · ') : listed.join(' · ');
}

/**
 * What a side whose spec takes a default mix or tuned values plays, written out (smart, the default,
 * on ukrainian: `town smart:revealDay=1,… (equilibrium: …)`); null when no side does, or when a spec
 * names a plug-in or a bot program (not loaded where a report is merged).
 */
function tunedLine(r: Report): string | null {
  const sides = runSides(r);
  return sides === null ? null : `town ${describeSide(sides.town)}; mafia ${describeSide(sides.mafia)}`;
}

/** What each side of a run played when that is more than its spec (tuned defaults, an equilibrium's mix), else null. */
export function runSides(r: Report): PlayedSides | null {
  // As recorded when the games were played; a report from before that is worked out from its specs.
  const sides = r.sides !== undefined ? r.sides : r.strategies.some(isPluginSpec) ? null : playedSides(r.strategies, r.setup);
  if (sides === null) return null;
  return sides.town.plays === sides.town.spec && sides.mafia.plays === sides.mafia.spec ? null : sides;
}

/** What exploit found against a run's play: as recorded, or for a report from before that, from its specs. */
export function runExploit(r: Report): Exploitability | null {
  return r.sides !== undefined ? (r.exploit ?? null) : exploitabilityOf(runSides(r));
}

/**
 * The report's tables, at most `width` columns wide (the CLI passes the terminal's; UNLIMITED keeps
 * every table whole). Replay commands of failed games are never wrapped: they are for copying.
 */
export function renderReport(r: Report, c: ChalkInstance, width = UNLIMITED): string {
  const out: string[] = runHeader(r, c, width);
  out.push('');
  // A bold title and the sentence after it; `rest` starts with its own separator (': …' or ' (…)').
  const heading = (bold: string, rest = '') => {
    const spaced = rest.startsWith(' ');
    out.push(...wrapItems(c.bold(bold) + (spaced ? ' ' : ''), rest.trimStart().split(' '), width, ' ', ''));
  };

  out.push(fitTable([
    { head: 'outcome', key: true, cells: WINNERS },
    { head: 'games', cells: WINNERS.map((w) => count(r.outcomeRates[w].count)) },
    { head: 'share (95% interval)', cells: WINNERS.map((w) => formatRate(r.outcomeRates[w])) },
  ], width, c), '');
  if (r.neutralWins) {
    // A neutral team wins alongside the outcome above (docs/rules-decisions.md, "Neutral teams"): its own rows.
    heading('Neutral wins', ': games a neutral team won, alongside the outcome above');
    out.push(fitTable([
      { head: 'team', key: true, cells: r.neutralWins.map((x) => x.team) },
      { head: 'games', cells: r.neutralWins.map((x) => count(x.win.count)) },
      { head: 'share (95% interval)', cells: r.neutralWins.map((x) => formatRate(x.win)) },
    ], width, c), '');
  }

  heading('Game length', ` (days): mean ${r.length.mean.toFixed(2)}`);
  const most = Math.max(1, ...r.length.histogram.map(([, n]) => n));
  out.push(fitTable([
    { head: 'days', key: true, cells: r.length.histogram.map(([d]) => String(d)) },
    { head: 'games', cells: r.length.histogram.map(([, n]) => count(n)) },
    { head: 'share', cells: r.length.histogram.map(([, n]) => `${((100 * n) / Math.max(1, r.games)).toFixed(1)}%`) },
    { head: '', cells: [], fill: (room) => r.length.histogram.map(([, n]) => '█'.repeat(Math.max(1, Math.round((n / most) * room)))) },
  ], width, c), '');
  out.push(...timingTables(r, c, width));

  heading('Roles', ': survival and how players leave (shares of seat-games), mean day of a death');
  const groups: [string, GroupRow][] = [...r.roles.map((x): [string, GroupRow] => [x.group, x]), ...r.teams.map((x): [string, GroupRow] => [`team ${x.group}`, x])];
  out.push(fitTable([
    { head: 'role', key: true, cells: groups.map(([label]) => label) },
    { head: 'team', cells: groups.map(([, x]) => x.team) },
    { head: 'seats', cells: groups.map(([, x]) => String(x.perGame)) },
    { head: 'survival (95% interval)', cells: groups.map(([, x]) => formatRate(x.survival)) },
    { head: 'leaves by', cells: groups.map(([, x]) => causes(x)), wrap: ' · ' },
    { head: 'day', cells: groups.map(([, x]) => (x.meanDeathDay === null ? '' : x.meanDeathDay.toFixed(1))) },
  ], width, c), '');

  heading('Seats', ': how each seat fares whatever its role');
  out.push(fitTable([
    { head: 'seat', key: true, cells: r.seats.map((x) => String(x.seat)) },
    { head: 'survival', cells: r.seats.map((x) => formatRate(x.survival)) },
    { head: 'win', cells: r.seats.map((x) => formatRate(x.win)) },
    { head: 'out on day 1', cells: r.seats.map((x) => formatRate(x.outDay1)) },
    { head: 'killed night 1', cells: r.seats.map((x) => formatRate(x.killedNight1)) },
  ], width, c), '');

  heading('Points per game');
  out.push(pointsTable('role / team', groups.map(([label, x]) => [label, x.points]), width, c));

  if (r.evenings) {
    // C16.1: an evening is `series` consecutive games at the same table; a seat is the same player all evening.
    const size = describeValue(r.setup.options.series ?? 1);
    out.push('');
    heading(`Points per seat over an evening of ${size} games`, ` (${count(r.evenings.count)} complete evenings)`);
    out.push(pointsTable('seat', r.evenings.seats.map((x: PointsRow) => [x.group, x]), width, c));
  }

  if (r.metrics) {
    out.push('');
    heading('Behaviour', ' (--metrics): per side and strategy, shares with their 95% intervals (— where nothing was counted)');
    out.push(metricsTable(r.metrics, width, c));
  }

  out.push(...problemLines(r, c, width));
  return out.join('\n');
}

/** The lines above the tables: the setup, its options, the run, how it was played, its precision. */
function runHeader(r: Report, c: ChalkInstance, width: number): string[] {
  const out: string[] = [];
  const words = (label: string, text: string) => out.push(...wrapItems(label, text.split(' '), width, ' '));
  const roles = Object.entries(r.setup.roles).map(([id, n]) => (n > 1 ? `${id}×${n}` : id)).join(' ');
  words(`${c.bold('Setup')}   `, `${r.setup.name} (${r.setup.rules} rules, ${r.setup.players} players): ${roles}`);
  out.push(...wrapItems(`${c.bold('Options')} `, Object.entries(r.setup.options).map(([k, v]) => `${k}=${describeValue(v)}`), width));
  const scoring = Object.entries(r.setup.scoring).filter(([, v]) => v !== 0).map(([k, v]) => `${k}=${v}`).join(' ');
  words(`${c.bold('Run')}     `, `${count(r.games)} games, seed ${r.seed}, strategies ${r.strategies.join(' ')}${r.range.first > 0 || r.partial ? `, games ${r.range.first}–${r.range.end - 1}` : ''}; scoring ${scoring}`);
  const tuned = tunedLine(r);
  if (tuned !== null) words(`${c.bold('Plays')}   `, tuned);
  const exploited = runExploit(r);
  if (exploited !== null && r.games > 0) words(`${c.bold('Exploit')} `, exploitWords(exploited, r.outcomeRates.town));
  if (r.precision) {
    const { halfWidth, target, reached } = r.precision;
    const said = `town win ±${(100 * halfWidth).toFixed(2)}% after ${count(r.games)} games`;
    const text = reached ? `${said} (asked for ±${(100 * target).toFixed(2)}%)` : `${said}: the --games limit came before the ±${(100 * target).toFixed(2)}% asked for`;
    for (const l of wrapItems(`${c.bold('Precision')} `, text.split(' '), width, ' ')) out.push(reached ? l : c.yellow(l));
  }
  if (r.partial) out.push(...wrapWords('PARTIAL: the run was interrupted; these are the games that finished.', width).map((l) => c.yellow.bold(l)));
  return out;
}

/** The lines below the tables: illegal decisions replaced (G9) and failed games with their replays. */
function problemLines(r: Report, c: ChalkInstance, width: number): string[] {
  const out: string[] = [];
  if (r.illegalDecisions > 0) out.push('', ...wrapWords(`Illegal decisions replaced by the rule's default (G9): ${count(r.illegalDecisions)}`, width).map((l) => c.yellow(l)));
  for (const x of r.illegalExamples ?? []) out.push(...wrapWords(`  game ${x.game}: ${x.what}`, width).map((l) => c.yellow(l)));
  if (r.failedGames > 0) {
    const shown = r.failures.length < r.failedGames ? ` (the first ${r.failures.length} of ${count(r.failedGames)})` : '';
    out.push('', ...wrapWords(`${count(r.failedGames)} game(s) failed. Replay with${shown}:`, width).map((l) => c.red.bold(l)));
    for (const f of r.failures) out.push(c.red(`  ${f.replay}    # ${f.error}`));
  }
  return out;
}

/** The behaviour metrics of a run or a tournament pairing: one column per side and strategy. */
export function metricsTable(rows: readonly MetricsRow[], width: number, c: ChalkInstance): string {
  const day = (x: MetricsRow) => (x.claimDay.n === 0 ? '—' : formatMean(x.claimDay));
  return fitTable([
    { head: 'metric', key: true, cells: [...METRIC_RATIOS.map((k) => METRIC_LABELS[k]), 'mean day of an investigator claim', 'illegal decisions'] },
    ...rows.map((x): Column => ({
      head: `${x.side} ${x.strategy}`,
      cells: [...METRIC_RATIOS.map((k) => (x[k].of === 0 ? '—' : `${formatRate(x[k])} of ${count(x[k].of)}`)), day(x), count(x.illegalDecisions)],
    })),
  ], width, c);
}

function pointsTable(head: string, rows: readonly (readonly [string, PointsSummary])[], width: number, c: ChalkInstance): string {
  const col = (h: string, f: (x: PointsSummary) => string): Column => ({ head: h, cells: rows.map(([, x]) => f(x)) });
  return fitTable([
    { head, key: true, cells: rows.map(([label]) => label) },
    col('mean (95% interval)', formatMean),
    col('sd', (x) => x.sd.toFixed(2)),
    col('p10', (x) => num(x.p10)),
    col('median', (x) => num(x.median)),
    col('p90', (x) => num(x.p90)),
    col('max', (x) => num(x.max)),
    { ...col('distribution', (x) => sparkline(x.histogram)), optional: true },
  ], width, c);
}

/** Outcomes over time: the share of games decided by each day, and survival after each phase (its intervals are in the JSON, CSV and HTML). */
function timingTables(r: Report, c: ChalkInstance, width: number): string[] {
  const t = r.timing;
  if (t.decidedBy.length === 0) return [];
  const out: string[] = [];
  const heading = (bold: string, rest: string) => out.push(...wrapItems(`${c.bold(bold)} `, rest.split(' '), width, ' ', ''));
  // An outcome no game ended in would be a column of zeros: left out (the JSON has it).
  const shown = WINNERS.filter((w) => r.outcomes[w] > 0);
  heading('Decided by day', '(cumulative share of games decided by then, 95% interval)');
  out.push(fitTable([
    { head: 'day', key: true, cells: t.decidedBy.map((d) => String(d.day)) },
    ...shown.map((w) => ({ head: w, cells: t.decidedBy.map((d) => formatRate(d[w])) })),
  ], width, c), '');
  if (t.phases.length === 0) return out;
  heading('Survival by phase', '(share of seat-games alive after each phase: N night, D day)');
  const labels = t.survival.map((x, i) => (i < r.roles.length ? x.group : `team ${x.group}`));
  out.push(fitTable([
    { head: 'role', key: true, cells: labels },
    ...t.phases.map((p, i) => ({ head: p, cells: t.survival.map((x) => `${Math.round(100 * x.curve[i].share)}%`) })),
  ], width, c), '');
  return out;
}
