// The text of `mafia-sim weights`: the header, the weights as a table and a bar chart of their worth at
// the reference table, the held-out error and the setups the model misses most.
import type { ChalkInstance } from 'chalk';
import { signedBars } from '../report/chart.js';
import { fitTable, header, labelled, titled, UNLIMITED, wrapWords, type Column } from '../report/fit.js';
import { formatDifference, formatP, formatRate } from '../report/text.js';
import type { Estimate, WeightsReport } from '../report/weights.js';
import { strategiesLine } from './workbench.js';

/** A logit-scale value with its interval: `+0.52 (+0.45 to +0.60)`. */
export function formatLogit(e: Estimate): string {
  const s = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(x).toFixed(2)}`;
  return `${s(e.value)} (${s(e.low)} to ${s(e.high)})`;
}

export const asRate = (e: Estimate) => formatRate({ share: e.value, low: e.low, high: e.high });
export const asPoints = (e: Estimate) => formatDifference({ diff: e.value, low: e.low, high: e.high });
const count = (n: number) => n.toLocaleString('en-US');

function headerLines(r: WeightsReport, c: ChalkInstance, width: number): string[] {
  const d = r.design;
  const what = d.family === null
    ? `${d.listed!.length} setups listed: ${d.listed!.join(', ')}`
    : `${d.family}: ${d.count} setups dealt from ${d.base} at ${d.players![0]}–${d.players![1]} seats, 0–3 role changes each`;
  return header(c, [
    ['Setups', what],
    ['Strategies', r.plays || strategiesLine(d.strategies)],
    ['Run', `${count(r.games)} games per setup × ${r.setups.length} setups, seed ${r.seed}, each setup from a run seed of its own`],
    ['Model', `logit P(town win) = intercept + Σ weight × seats, fitted on ${r.model.fitted} setups, ${r.heldOut.setups} held out (seeded); 95% intervals from the information matrix${r.model.scale > 1 ? ` × dispersion ${r.model.scale.toFixed(2)}` : ''}`],
  ], width);
}

function weightsTable(r: WeightsReport, c: ChalkInstance, width: number): string[] {
  const ref = r.reference.setup;
  const col = (head: string, f: (w: WeightsReport['weights'][number]) => string, extra: Partial<Column> = {}): Column => ({ head, cells: r.weights.map(f), ...extra });
  const out = titled(c.bold('Weights'), ` (95% intervals; vs plain: the role instead of a plain seat of its team; at ${ref}: that in town win points)`, width);
  out.push(fitTable([
    col('role', (w) => w.role, { key: true }),
    col('team', (w) => w.team),
    col('setups', (w) => String(w.setups), { optional: true }),
    col('weight per seat', (w) => (w.weight === null ? 'not identified' : formatLogit(w.weight))),
    col('vs plain', (w) => (w.plain ? 'plain' : w.vsPlain === null ? 'n/a' : formatLogit(w.vsPlain))),
    col(`at ${ref}`, (w) => (w.atReference === null ? '' : asPoints(w.atReference))),
  ], width, c));
  out.push(...labelled('', `Intercept ${formatLogit(r.intercept)}; predicted town win at ${ref}: ${asRate(r.reference.predicted)}`, width), '');
  const rows = r.weights.filter((w) => w.atReference !== null).map((w) => ({ label: w.role, value: w.atReference!.value, text: asPoints(w.atReference!) }));
  if (rows.length > 0) out.push(...titled(c.bold(`Worth at ${ref}`), ' (town win points, 95% interval)', width), signedBars(rows, 20, width), '');
  return out;
}

function heldOutLines(r: WeightsReport, c: ChalkInstance, width: number): string[] {
  const h = r.heldOut;
  const pts = (x: number) => (100 * x).toFixed(1);
  const out = titled(c.bold('Held-out error'), `: ${h.setups} setups the fit did not see`, width);
  out.push(...labelled('  ', `RMS error ${pts(h.rmse)} points (sampling noise alone: ${pts(h.noise)}); mean absolute ${pts(h.mae)} points`, width, '    '));
  out.push(...labelled('  ', `the model's own error: ${r.model.modelError.toFixed(2)} on the logit scale (about ±${pts(1.96 * r.model.modelError / 4)} points at 50%, 95%)`, width, '    '));
  const verdict = h.p < 0.05 ? 'the additive model misses by more than the noise' : 'no more than the noise';
  out.push(...labelled('  ', `Pearson χ² ${h.chi2.toFixed(1)} on ${h.setups} setups, ${formatP(h.p)}: ${verdict}`, width, '    '), '');
  return out;
}

function missesTable(r: WeightsReport, c: ChalkInstance, width: number): string[] {
  if (r.misses.length === 0) return [];
  const ms = r.misses.map((i) => r.setups[i]);
  const out = titled(c.bold('Where the model misses most'), ' (held out, by the miss in town win points; z: on the logit scale, over the standard error)', width);
  ms.forEach((s, i) => out.push(...labelled(`  ${i + 1} `, s.label, width, '    ')));
  out.push(fitTable([
    { head: '#', key: true, cells: ms.map((_, i) => String(i + 1)) },
    { head: 'measured', cells: ms.map((s) => formatRate(s.town)) },
    { head: 'predicted', cells: ms.map((s) => asRate(s.predicted)) },
    { head: 'miss', cells: ms.map((s) => asPoints({ value: s.town.share - s.predicted.value, low: s.town.share - s.predicted.value, high: s.town.share - s.predicted.value }).split(' (')[0]) },
    { head: 'z', cells: ms.map((s) => `${s.z > 0 ? '+' : s.z < 0 ? '−' : ''}${Math.abs(s.z).toFixed(1)}`) },
  ], width, c));
  return out;
}

export function renderWeights(r: WeightsReport, c: ChalkInstance, width = UNLIMITED): string {
  const out = headerLines(r, c, width);
  if (r.partial) out.push(...wrapWords(`PARTIAL: interrupted; every setup has the ${count(r.games)} games that finished.`, width).map((l) => c.yellow.bold(l)));
  out.push('', ...weightsTable(r, c, width), ...heldOutLines(r, c, width), ...missesTable(r, c, width));
  const unknown = r.weights.filter((w) => w.weight === null).map((w) => w.role);
  if (unknown.length > 0) out.push(...labelled('  ', `not identified: ${unknown.join(', ')} (the setups fitted do not tell these apart from the other columns)`, width, '    ').map((l) => c.yellow(l)));
  return out.join('\n');
}
