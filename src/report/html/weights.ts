// The page of `mafia-sim weights`: each role's worth at the reference table as bars with 95% intervals,
// the weights' table, measured against predicted town win for every setup (held-out ones marked), and
// the setups the model misses most.
import { formatDifference, formatRate } from '../text.js';
import type { Estimate, WeightsReport } from '../weights.js';
import { dataTable, esc, facts, figure, numbers, section } from './markup.js';
import { differenceBars } from './svg.js';

const logit = (e: Estimate | null) => (e === null ? '' : `${e.value.toFixed(3)} (${e.low.toFixed(3)} to ${e.high.toFixed(3)})`);
const points = (e: Estimate | null) => (e === null ? '' : formatDifference({ diff: e.value, low: e.low, high: e.high }));
const rate = (e: Estimate) => formatRate({ share: e.value, low: e.low, high: e.high });
const pts = (x: number) => `${(100 * x).toFixed(1)} points`;

function summary(r: WeightsReport): string {
  const d = r.design;
  return section('summary', 'Summary', '', facts([
    ['setups', d.family === null ? `listed: ${d.listed!.join(', ')}` : `${d.count} of the ${d.family} family, dealt from ${d.base} at ${d.players![0]}–${d.players![1]} seats`],
    ['games', `${r.games.toLocaleString('en-US')} per setup, seed ${r.seed}`],
    ['fit', `${r.model.fitted} setups fitted, ${r.heldOut.setups} held out; dispersion ${r.model.dispersion.toFixed(2)}${r.model.converged ? '' : ' (Newton did not converge)'}`],
    ['held-out error', `RMS ${pts(r.heldOut.rmse)} (noise alone ${pts(r.heldOut.noise)}), mean absolute ${pts(r.heldOut.mae)}; χ² ${r.heldOut.chi2.toFixed(1)} on ${r.heldOut.setups}, p ${r.heldOut.p < 0.001 ? '< 0.001' : `= ${r.heldOut.p.toFixed(3)}`}`],
    ['model error', `${r.model.modelError.toFixed(3)} on the logit scale, beyond sampling noise`],
    [`town win at ${r.reference.setup}`, `predicted ${rate(r.reference.predicted)}`],
  ]));
}

function worth(r: WeightsReport): string {
  const shown = r.weights.filter((w) => w.atReference !== null);
  const table = dataTable(['role', 'team', 'setups', 'weight per seat (logit)', 'vs plain (logit)', `at ${r.reference.setup} (points)`], r.weights.map((w) => [w.role, w.team, w.setups, w.weight === null ? 'not identified' : logit(w.weight), w.plain ? 'plain' : logit(w.vsPlain), points(w.atReference)]), { numeric: [2, 3, 4, 5], name: 'weights' });
  if (shown.length === 0) return section('weights', 'Weights', '', table);
  const chart = differenceBars(shown.map((w) => ({ label: w.role, value: w.atReference!.value, low: w.atReference!.low, high: w.atReference!.high, text: points(w.atReference), tone: w.atReference!.value >= 0 ? 'town' : 'mafia' })), {
    chart: 'weights',
    title: `Each role instead of a plain seat of its team, in town win percentage points at ${r.reference.setup}, with 95% intervals`,
    xTitle: 'town win with the role minus with a plain seat, percentage points',
  });
  return section('weights', 'Weights', `Each role's weight per seat on the logit scale; against its team's plain role; and that in town win points at ${r.reference.setup} (what role-values measures there).`, figure(chart, 'Right of the line the role helps the town, left the mafia.') + numbers(table));
}

/** Measured against predicted town win, one dot a setup, the diagonal where they agree. */
function scatter(r: WeightsReport): string {
  const size = 360;
  const pad = 48;
  const X = (v: number) => pad + v * (size - 2 * pad);
  const Y = (v: number) => size - pad - v * (size - 2 * pad);
  let body = `<line class="grid" x1="${X(0)}" y1="${Y(0)}" x2="${X(1)}" y2="${Y(1)}"/>`;
  for (const t of [0, 0.5, 1]) body += `<text class="axis" x="${X(t)}" y="${size - pad + 18}" text-anchor="middle">${100 * t}%</text><text class="axis" x="${pad - 6}" y="${Y(t) + 4}" text-anchor="end">${100 * t}%</text>`;
  for (const s of r.setups) {
    const cls = s.heldOut ? 'dot mafia' : 'dot town';
    body += `<circle class="${cls}" data-key="${esc(s.label)}" data-value="${s.town.share}" data-predicted="${s.predicted.value}" cx="${X(s.predicted.value).toFixed(1)}" cy="${Y(s.town.share).toFixed(1)}" r="${s.heldOut ? 4 : 2.5}"><title>${esc(`${s.label}: measured ${formatRate(s.town)}, predicted ${rate(s.predicted)}`)}</title></circle>`;
  }
  body += `<text class="axis axis-title" x="${size / 2}" y="${size - 6}" text-anchor="middle">predicted town win</text><text class="axis axis-title" x="12" y="${size / 2}" transform="rotate(-90 12 ${size / 2})" text-anchor="middle">measured town win</text>`;
  const svg = `<svg class="chart" data-chart="predicted-measured" viewBox="0 0 ${size} ${size}" style="max-width:${size * 1.3}px" role="img" aria-label="Measured against predicted town win"><title>Measured against predicted town win</title>${body}</svg>`;
  const legend = '<ul class="legend"><li><span class="swatch town"></span>fitted</li><li><span class="swatch mafia"></span>held out</li></ul>';
  const table = dataTable(['setup', 'games', 'measured', 'predicted', 'z', 'held out'], r.setups.map((s) => [s.label, s.games, formatRate(s.town), rate(s.predicted), s.z.toFixed(2), s.heldOut ? 'yes' : '']), { numeric: [1, 2, 3, 4], name: 'setups' });
  return section('setups', 'Measured against predicted', 'Every setup’s town win as played against what the weights predict; on the diagonal they agree.', figure(svg + legend, 'Large dots: the setups held out of the fit.') + numbers(table));
}

function misses(r: WeightsReport): string {
  if (r.misses.length === 0) return '';
  const rows = r.misses.map((i) => r.setups[i]).map((s) => [s.label, formatRate(s.town), rate(s.predicted), s.z.toFixed(2)]);
  return section('misses', 'Where the model misses most', 'Held-out setups by the miss in town win points; z is the miss on the logit scale over the standard error of both.', dataTable(['setup', 'measured', 'predicted', 'z'], rows, { name: 'misses' }));
}

export function weightsSections(r: WeightsReport): string[] {
  return [summary(r), worth(r), scatter(r), misses(r)].filter((s) => s !== '');
}
