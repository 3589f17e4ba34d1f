// Renders a report as terminal tables (cli-table3); colour comes from the caller's chalk instance.
import Table from 'cli-table3';
import type { ChalkInstance } from 'chalk';
import { WINNERS } from '../engine/events.js';
import { describeValue } from '../rules/options.js';
import type { PointsRow, Report } from './report.js';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2));
const BARS = '▁▂▃▄▅▆▇█';

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

function table(head: string[], c: ChalkInstance): Table.Table {
  return new Table({ head: head.map((h) => c.bold(h)), style: { head: [], border: [] }, chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' } });
}

export function renderReport(r: Report, c: ChalkInstance): string {
  const out: string[] = [];
  const roles = Object.entries(r.setup.roles).map(([id, n]) => (n > 1 ? `${id}×${n}` : id)).join(' ');
  out.push(`${c.bold('Setup')}   ${r.setup.name} (${r.setup.rules} rules, ${r.setup.players} players): ${roles}`);
  out.push(`${c.bold('Options')} ${Object.entries(r.setup.options).map(([k, v]) => `${k}=${describeValue(v)}`).join('  ')}`);
  const scoring = Object.entries(r.setup.scoring).filter(([, v]) => v !== 0).map(([k, v]) => `${k}=${v}`).join(' ');
  out.push(`${c.bold('Run')}     ${r.games.toLocaleString('en-US')} games, seed ${r.seed}, strategies ${r.strategies.join(' ')}${r.range.first > 0 || r.partial ? `, games ${r.range.first}–${r.range.end - 1}` : ''}; scoring ${scoring}`);
  if (r.partial) out.push(c.yellow.bold('PARTIAL: the run was interrupted; these are the games that finished.'));
  out.push('');

  const outcomes = table(['outcome', 'games', 'share', '95% interval'], c);
  for (const w of WINNERS) {
    const x = r.outcomeRates[w];
    outcomes.push([w, x.count.toLocaleString('en-US'), pct(x.share), `${pct(x.low)} – ${pct(x.high)}`]);
  }
  out.push(outcomes.toString(), '');

  out.push(`${c.bold('Game length')} (days): mean ${r.length.mean.toFixed(2)}`);
  const lengths = table(['days', 'games', 'share', ''], c);
  const most = Math.max(1, ...r.length.histogram.map(([, n]) => n));
  for (const [d, n] of r.length.histogram) lengths.push([d, n.toLocaleString('en-US'), pct(n / Math.max(1, r.games)), '█'.repeat(Math.max(1, Math.round((n / most) * 30)))]);
  out.push(lengths.toString(), '');

  const perRole = table(['role', 'team', 'seats', 'survival', 'win'], c);
  for (const x of r.roles) perRole.push([x.role, x.team, x.seats.toLocaleString('en-US'), pct(x.survival), pct(x.win)]);
  out.push(perRole.toString(), '');

  out.push(c.bold('Points per game'));
  const points = table(['role / team', 'mean', 'sd', 'p10', 'median', 'p90', 'max', 'distribution'], c);
  const row = (x: PointsRow) => [x.group, x.mean.toFixed(2), x.sd.toFixed(2), num(x.p10), num(x.median), num(x.p90), num(x.max), sparkline(x.histogram)];
  for (const x of r.points.roles) points.push(row(x));
  for (const x of r.points.teams) points.push(row({ ...x, group: `team ${x.group}` }));
  out.push(points.toString());

  if (r.evenings) {
    // C16.1: an evening is `series` consecutive games at the same table; a seat is the same player all evening.
    const size = describeValue(r.setup.options.series ?? 1);
    out.push('', c.bold(`Points per seat over an evening of ${size} games`) + ` (${r.evenings.count.toLocaleString('en-US')} complete evenings)`);
    const seats = table(['seat', 'mean', 'sd', 'p10', 'median', 'p90', 'max', 'distribution'], c);
    for (const x of r.evenings.seats) seats.push(row(x));
    out.push(seats.toString());
  }

  if (r.illegalDecisions > 0) out.push('', c.yellow(`Illegal decisions replaced by the rule's default (G9): ${r.illegalDecisions.toLocaleString('en-US')}`));
  if (r.failedGames > 0) {
    out.push('', c.red.bold(`${r.failedGames} game(s) failed. Replay with:`));
    for (const f of r.failures) out.push(c.red(`  ${f.replay}    # ${f.error}`));
  }
  return out.join('\n');
}
