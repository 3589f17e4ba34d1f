// The HTML report of a calibration: each vanilla cell's measured town win rate against its exact value,
// drawn as the difference (measured − exact) with its 95% interval around a zero line.
import type { CalibrationReport } from '../../calibration/calibrate.js';
import { cellName } from '../csvRows.js';
import { formatRate } from '../text.js';
import { dataTable, facts, figure, numbers, section } from './markup.js';
import { differenceBars } from './svg.js';

const count = (x: number) => x.toLocaleString('en-US');
const short = (c: CalibrationReport['cells'][number]['cell']) => `${c.players}/${c.mafia} ${c.start} ${c.tie} ${c.win === 'elimination' ? 'elim.' : c.win}`;

function cells(r: CalibrationReport): string {
  if (r.cells.length === 0) return section('cells', 'Cells', 'No cell finished.', '');
  const off = (x: CalibrationReport['cells'][number]) => ({ value: x.town.share - x.exact.town, low: x.town.low - x.exact.town, high: x.town.high - x.exact.town });
  const chart = differenceBars(r.cells.map((x) => ({ label: short(x.cell), ...off(x), text: `z ${x.z.toFixed(2)}${x.pass ? '' : ' FAIL'}`, tone: x.pass ? 'town' : 'mafia' })), {
    chart: 'calibration',
    title: 'Measured town win rate minus the exact value, in percentage points, with 95% intervals',
    xTitle: 'measured minus exact town win, percentage points',
    least: 0.001,
  });
  const table = dataTable(
    ['cell', 'games', 'exact', 'measured (95% interval)', 'z', ''],
    r.cells.map((x) => [cellName(x.cell), count(x.games), `${(100 * x.exact.town).toFixed(3)}%`, formatRate(x.town), x.z.toFixed(2), x.pass ? 'pass' : 'FAIL']),
    { numeric: [1, 2, 3, 4], name: 'cells' },
  );
  return section('cells', 'Cells', `Each vanilla table (players, mafia, start, tie, win) played by random bots; a cell passes when |z| ≤ ${r.z}, z in standard errors of the exact value.`,
    figure(chart, 'The zero line is the exact value. Labels: players/mafia, start, tie, win (elim.: elimination).') + numbers(table));
}

export function calibrationSections(r: CalibrationReport): string[] {
  const failed = r.cells.filter((x) => !x.pass).length;
  const verdict = r.partial ? `interrupted after ${r.cells.length} cells` : failed === 0 ? `all ${r.cells.length} cells agree with the exact values` : `${failed} of ${r.cells.length} cells disagree with the exact values`;
  return [section('summary', 'Summary', '', facts([['rules', 'vanilla, random play'], ['seed', r.seed], ['pass', `|z| ≤ ${r.z}`], ['result', verdict]])), cells(r)];
}

export function calibrationTitle(r: CalibrationReport): { title: string; subtitle: string; warning: string | null } {
  return {
    title: `mafia-sim calibration: ${r.pass ? 'pass' : r.partial ? 'partial' : 'FAIL'}`,
    subtitle: `${r.cells.length} vanilla cells against their exact town win probabilities; seed ${r.seed}`,
    warning: r.partial ? 'PARTIAL: the calibration was interrupted; these are the cells that finished.' : null,
  };
}
