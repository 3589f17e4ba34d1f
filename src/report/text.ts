// Renders a report as terminal tables (cli-table3); colour comes from the caller's chalk instance.
import Table from 'cli-table3';
import type { ChalkInstance } from 'chalk';
import { ELIMINATION_CAUSES, WINNERS } from '../model/events.js';
import { describeValue } from '../rules/options.js';
import type { GroupRow, PointsRow, PointsSummary, Rate, Report } from './report.js';

const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2));
const count = (x: number) => x.toLocaleString('en-US');
const BARS = '▁▂▃▄▅▆▇█';

/**
 * The fewest decimals (of a percentage) that show an interval's bounds: an upper bound above 0 never
 * prints as 0, a lower bound below 1 never as 100%, and different bounds never print alike.
 */
export function intervalDecimals(low: number, high: number): number {
  const shown = (x: number, d: number) => (100 * x).toFixed(d);
  for (let d = 1; d < 6; d++) {
    const lo = shown(low, d);
    const hi = shown(high, d);
    if (high > 0 && Number(hi) === 0) continue;
    if (low < 1 && Number(lo) === 100) continue;
    if (low !== high && lo === hi) continue;
    return d;
  }
  return 6;
}

/** `37.4% (36.5–38.3%)`: a share with its 95% interval, as many decimals as the bounds need. */
export function formatRate(x: Pick<Rate, 'share' | 'low' | 'high'>): string {
  const d = intervalDecimals(x.low, x.high);
  const p = (v: number) => (100 * v).toFixed(d);
  return `${p(x.share)}% (${p(x.low)}–${p(x.high)}%)`;
}

/** A mean with its interval, to two decimals (more when the bounds would print alike). */
function formatMean(x: Pick<PointsSummary, 'mean' | 'low' | 'high'>): string {
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

/** A table in the house style: bold head, no rules between rows. */
export function table(head: string[], c: ChalkInstance): Table.Table {
  return new Table({ head: head.map((h) => c.bold(h)), style: { head: [], border: [] }, chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' } });
}

/** The commonest ways a group's players leave, as shares of its seat-games: `vote 38% · mafia 25% · …`. */
function causes(x: GroupRow, most = 3): string {
  if (x.seats === 0) return '';
  const listed = ELIMINATION_CAUSES.filter((k) => (x.deaths[k] ?? 0) > 0)
    .sort((a, b) => x.deaths[b]! - x.deaths[a]!)
    .map((k) => `${k} ${Math.round((100 * x.deaths[k]!) / x.seats)}%`);
  return listed.length > most ? [...listed.slice(0, most), '…'].join(' · ') : listed.join(' · ');
}

export function renderReport(r: Report, c: ChalkInstance): string {
  const out: string[] = [];
  const roles = Object.entries(r.setup.roles).map(([id, n]) => (n > 1 ? `${id}×${n}` : id)).join(' ');
  out.push(`${c.bold('Setup')}   ${r.setup.name} (${r.setup.rules} rules, ${r.setup.players} players): ${roles}`);
  out.push(`${c.bold('Options')} ${Object.entries(r.setup.options).map(([k, v]) => `${k}=${describeValue(v)}`).join('  ')}`);
  const scoring = Object.entries(r.setup.scoring).filter(([, v]) => v !== 0).map(([k, v]) => `${k}=${v}`).join(' ');
  out.push(`${c.bold('Run')}     ${count(r.games)} games, seed ${r.seed}, strategies ${r.strategies.join(' ')}${r.range.first > 0 || r.partial ? `, games ${r.range.first}–${r.range.end - 1}` : ''}; scoring ${scoring}`);
  if (r.precision) {
    const { halfWidth, target, reached } = r.precision;
    const said = `town win ±${(100 * halfWidth).toFixed(2)}% after ${count(r.games)} games`;
    out.push(reached ? `${c.bold('Precision')} ${said} (asked for ±${(100 * target).toFixed(2)}%)` : c.yellow(`${c.bold('Precision')} ${said}: the --games limit came before the ±${(100 * target).toFixed(2)}% asked for`));
  }
  if (r.partial) out.push(c.yellow.bold('PARTIAL: the run was interrupted; these are the games that finished.'));
  out.push('');

  const outcomes = table(['outcome', 'games', 'share (95% interval)'], c);
  for (const w of WINNERS) outcomes.push([w, count(r.outcomeRates[w].count), formatRate(r.outcomeRates[w])]);
  out.push(outcomes.toString(), '');

  out.push(`${c.bold('Game length')} (days): mean ${r.length.mean.toFixed(2)}`);
  const lengths = table(['days', 'games', 'share', ''], c);
  const most = Math.max(1, ...r.length.histogram.map(([, n]) => n));
  for (const [d, n] of r.length.histogram) lengths.push([d, count(n), `${((100 * n) / Math.max(1, r.games)).toFixed(1)}%`, '█'.repeat(Math.max(1, Math.round((n / most) * 30)))]);
  out.push(lengths.toString(), '');

  out.push(`${c.bold('Roles')}: survival and how players leave (shares of seat-games), mean day of a death`);
  const perRole = table(['role', 'team', 'seats', 'survival (95% interval)', 'leaves by', 'day'], c);
  const roleLine = (x: GroupRow, label: string) => [label, x.team, String(x.perGame), formatRate(x.survival), causes(x), x.meanDeathDay === null ? '' : x.meanDeathDay.toFixed(1)];
  for (const x of r.roles) perRole.push(roleLine(x, x.group));
  for (const x of r.teams) perRole.push(roleLine(x, `team ${x.group}`));
  out.push(perRole.toString(), '');

  out.push(`${c.bold('Seats')}: how each seat fares whatever its role`);
  const perSeat = table(['seat', 'survival', 'win', 'out on day 1', 'killed night 1'], c);
  for (const x of r.seats) perSeat.push([String(x.seat), formatRate(x.survival), formatRate(x.win), formatRate(x.outDay1), formatRate(x.killedNight1)]);
  out.push(perSeat.toString(), '');

  out.push(c.bold('Points per game'));
  const points = table(['role / team', 'mean (95% interval)', 'sd', 'p10', 'median', 'p90', 'max', 'distribution'], c);
  const row = (label: string, x: PointsSummary) => [label, formatMean(x), x.sd.toFixed(2), num(x.p10), num(x.median), num(x.p90), num(x.max), sparkline(x.histogram)];
  for (const x of r.roles) points.push(row(x.group, x.points));
  for (const x of r.teams) points.push(row(`team ${x.group}`, x.points));
  out.push(points.toString());

  if (r.evenings) {
    // C16.1: an evening is `series` consecutive games at the same table; a seat is the same player all evening.
    const size = describeValue(r.setup.options.series ?? 1);
    out.push('', c.bold(`Points per seat over an evening of ${size} games`) + ` (${count(r.evenings.count)} complete evenings)`);
    const seats = table(['seat', 'mean (95% interval)', 'sd', 'p10', 'median', 'p90', 'max', 'distribution'], c);
    for (const x of r.evenings.seats) seats.push(row((x as PointsRow).group, x));
    out.push(seats.toString());
  }

  if (r.illegalDecisions > 0) out.push('', c.yellow(`Illegal decisions replaced by the rule's default (G9): ${count(r.illegalDecisions)}`));
  if (r.failedGames > 0) {
    const shown = r.failures.length < r.failedGames ? ` (the first ${r.failures.length} of ${count(r.failedGames)})` : '';
    out.push('', c.red.bold(`${count(r.failedGames)} game(s) failed. Replay with${shown}:`));
    for (const f of r.failures) out.push(c.red(`  ${f.replay}    # ${f.error}`));
  }
  return out.join('\n');
}
