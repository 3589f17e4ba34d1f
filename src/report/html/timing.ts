// The HTML report's outcomes over time: the share of games decided by each day, a line per outcome
// with its 95% band, and each role's and team's survival after each phase as small multiples in the
// same style (src/report/html/svg.ts `bands`); the numbers fold under each.
import { WINNERS } from '../../model/events.js';
import type { Report } from '../report.js';
import { formatRate } from '../text.js';
import { dataTable, esc, figure, numbers, section } from './markup.js';
import { bands, type Series } from './svg.js';

const legendOf = (series: readonly Series[]) => `<ul class="legend">${series.map((s) => `<li><span class="swatch ${esc(s.tone ?? 'accent')}"></span>${esc(s.label)}</li>`).join('')}</ul>`;

export function timingSection(r: Report): string {
  const t = r.timing;
  if (t.decidedBy.length === 0) return '';
  const shown = WINNERS.filter((w) => r.outcomes[w] > 0);
  const days = t.decidedBy.map((d) => String(d.day));
  const series: Series[] = shown.map((w) => ({ key: w, label: w, tone: w, points: t.decidedBy.map((d) => ({ value: d[w].share, low: d[w].low, high: d[w].high, text: formatRate(d[w]) })) }));
  const decided = bands(days, series, { chart: 'decided-by-day', title: 'Decided by day: cumulative share of games per outcome, with 95% interval bands', xTitle: 'day', yTitle: 'share of games, %', min: 0, max: 1 }) + legendOf(series);
  const decidedTable = dataTable(['day', ...shown], t.decidedBy.map((d) => [String(d.day), ...shown.map((w) => formatRate(d[w]))]), { name: 'decided-by-day' });
  const labels = t.survival.map((x, i) => (i < r.roles.length ? x.group : `team ${x.group}`));
  const curves = t.survival
    .map((x, i) => {
      const points = x.curve.map((c) => ({ value: c.share, low: c.low, high: c.high, text: formatRate(c) }));
      const chart = bands(t.phases, [{ key: labels[i], label: labels[i], tone: x.team, points }], { chart: 'survival-by-phase', title: `Survival of ${labels[i]} by phase`, xTitle: 'phase (N night, D day)', yTitle: 'alive, % of seat-games', min: 0, max: 1 });
      return figure(chart, `${labels[i]}: ${formatRate(x.curve[x.curve.length - 1])} alive at the end`).replace('<figure>', `<figure data-group="${esc(labels[i])}">`);
    })
    .join('');
  const survivalTable = dataTable(['role', ...t.phases], t.survival.map((x, i) => [labels[i], ...x.curve.map((c) => formatRate(c))]), { name: 'survival-by-phase' });
  return section(
    'timing',
    'Outcomes over time',
    'When the game is decided, and who is still at the table after each phase (N night, D day; a game that ends keeps its survivors).',
    figure(decided, 'By day d: the share of all games that had ended in each outcome by the end of day d (a game that ends in the night after it counts on day d, as its length does); the band, its Wilson 95% interval.') +
      numbers(decidedTable) +
      (t.phases.length === 0 ? '' : `<div class="multiples">${curves}</div>` + numbers(survivalTable)),
  );
}
