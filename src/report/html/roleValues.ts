// The page of `mafia-sim role-values`, from its JSON: the arms' page (src/report/html/arms.ts) with, in
// place of the arms' raw differences, each role's worth to the town as the text report prints it — town
// win with the role minus with a plain seat, positive helping the town — as is and one more, the table's
// town win, what is measured, and what could not be.
import { formatDifference, formatP, formatRate } from '../text.js';
import { isDiff, isObject, isRate, type ArmsReportLike } from '../shapes.js';
import { dataTable, esc, figure, numbers, section } from './markup.js';
import { armsSections } from './arms.js';
import { cellText } from './json.js';
import { differenceBars } from './svg.js';

type Worth = { diff: number; low: number; high: number; p?: number };
type RoleWorth = { role: string; team: string; seats: number; asIs: Worth | null; oneMore: Worth | null };

const measured = (w: Worth | null): w is Worth => w !== null && isDiff(w) && w.low !== null && w.high !== null;

function worthSection(r: ArmsReportLike, values: readonly RoleWorth[]): string {
  const design = isObject(r.design) ? r.design : {};
  const plain = isObject(design.plain) ? design.plain : {};
  const plainWords = `${String(plain.town ?? 'a plain town seat')} / ${String(plain.mafia ?? 'a plain mafia seat')}`;
  const charts = (['asIs', 'oneMore'] as const).map((key) => {
    const shown = values.filter((v) => measured(v[key]));
    if (shown.length === 0) return '';
    const what = key === 'asIs' ? 'as is: one of its seats made plain' : 'one more: +1 role against +1 plain';
    return figure(differenceBars(shown.map((v) => ({ label: v.role, value: v[key]!.diff, low: v[key]!.low, high: v[key]!.high, text: formatDifference(v[key]!), tone: v[key]!.diff >= 0 ? 'town' : 'mafia' })), {
      chart: `worth-${key}`,
      title: `What each role is worth to the town (${what}), in town win percentage points, with 95% intervals`,
      xTitle: 'town win with the role minus with a plain seat, percentage points',
    }), 'Right of the line: the role helps the town; left, the mafia.');
  });
  const cell = (w: Worth | null) => (w === null ? 'n/a' : `${cellText(w)} points`);
  const p = (w: Worth | null) => (w !== null && typeof w.p === 'number' ? formatP(w.p) : '');
  const table = dataTable(['role', 'team', 'seats', 'as is: one seat made plain', 'p', 'one more: +1 role vs +1 plain', 'p'], values.map((v) => [v.role, v.team, String(v.seats), cell(v.asIs), p(v.asIs), cell(v.oneMore), p(v.oneMore)]), { name: 'worth' });
  const table0 = r.arms[0]?.outcomes.town;
  const atTable = isRate(table0) ? `<p>Town win at the table: <strong>${esc(formatRate(table0))}</strong>.</p>` : '';
  const guest = design.plainTownIsGuest === true ? `<p class="about">A club table has no plain town seat of its own: ${esc(String(plain.town ?? 'citizen'))} is the club rules’ guest role with no action (docs/club.md).</p>` : '';
  const skipped = Array.isArray(design.skipped) ? design.skipped.filter(isObject) : [];
  const notMeasured = skipped.length === 0 ? '' : `<h3>Not measured</h3><ul>${skipped.map((x) => `<li>${esc(`${String(x.role)} (${x.change === 'add' ? 'one more' : 'as is'}): ${String(x.reason)}`)}</li>`).join('')}</ul>`;
  return section('worth', 'What each role is worth', `Town win with the role instead of a plain seat of its team (${plainWords}), paired on the same games (Newcombe 95% interval, McNemar): positive helps the town, as in the text report.`,
    atTable + guest + charts.join('') + numbers(table) + notMeasured);
}

export function roleValuesSections(r: ArmsReportLike): string[] {
  const values = (r as { values?: unknown }).values;
  return armsSections(r, Array.isArray(values) ? worthSection(r, values as RoleWorth[]) : null);
}
