// Terminal charts for the workbench: a rate against a setting's values with its 95% interval drawn as a
// band, a heat map of a grid, and a bar chart of signed differences. Plain text (no colour needed).
import { wrapItems } from './fit.js';

export interface ChartPoint {
  readonly label: string;
  readonly share: number;
  readonly low: number;
  readonly high: number;
}

/**
 * Town win % (or any rate) against the values: one column per value, `●` at the estimate and `│` over
 * its interval, a dotted line at `target` when given; the y axis spans the data (padded to whole tens).
 */
export function bandChart(points: readonly ChartPoint[], opts: { maxRows?: number; target?: number; title?: string; width?: number } = {}): string {
  if (points.length === 0) return '';
  const maxRows = opts.maxRows ?? 16;
  const values = points.flatMap((p) => [p.low, p.high]).concat(opts.target === undefined ? [] : [opts.target]);
  // A whole number of percentage points per row, from a short list of round steps, so the axis reads in round numbers.
  const lo = Math.min(...values) * 100;
  const hi = Math.max(...values) * 100;
  const step = [0.5, 1, 2, 2.5, 5, 10].find((s) => Math.ceil(hi / s) - Math.floor(lo / s) + 1 <= maxRows) ?? 10;
  const top = Math.min(100, Math.ceil(hi / step) * step);
  const bottom = Math.max(0, Math.floor(lo / step) * step);
  const height = Math.round((top - bottom) / step) + 1;
  const row = (x: number) => Math.min(height - 1, Math.max(0, Math.round((top - 100 * x) / step)));
  const width = Math.max(3, ...points.map((p) => p.label.length + 1));
  const targetRow = opts.target === undefined ? -1 : row(opts.target);
  const labelEvery = Math.max(1, Math.round((height - 1) / 4));
  const axis = (r: number) => {
    // The target's row is labelled with the target (45%), not the grid value nearest it (44% at 2 points a row).
    const y = r === targetRow ? Math.round(1000 * opts.target!) / 10 : top - r * step;
    const shown = r === 0 || r === targetRow || r % labelEvery === 0 || (r === height - 1 && (r - 1) % labelEvery !== 0);
    return shown ? `${(Number.isInteger(y) ? y.toFixed(0) : y.toFixed(1)).padStart(5)}% ┤` : '       │';
  };
  // One chart of the points that fit the width (8 columns of axis), the rest in more charts on the same axis.
  const fit = Math.max(1, Math.floor(((opts.width ?? Infinity) - 8) / width));
  const lines: string[] = [];
  if (opts.title) lines.push(opts.title);
  for (let from = 0; from < points.length; from += fit) {
    const part = points.slice(from, from + fit);
    if (from > 0) lines.push('');
    const grid: string[][] = Array.from({ length: height }, () => part.map(() => ' '));
    part.forEach((p, j) => {
      for (let r = row(p.high); r <= row(p.low); r++) grid[r][j] = '│';
      grid[row(p.share)][j] = '●';
    });
    for (let r = 0; r < height; r++) {
      const fill = r === targetRow ? '·' : ' ';
      const cells = grid[r].map((c) => (c === ' ' ? fill : c).padStart(Math.ceil(width / 2), fill).padEnd(width, fill)).join('');
      lines.push(`${axis(r)}${cells}`);
    }
    lines.push(`       └${'─'.repeat(width * part.length)}`);
    lines.push(`        ${part.map((p) => p.label.padStart(Math.ceil((width + p.label.length) / 2)).padEnd(width)).join('')}`);
  }
  return lines.join('\n');
}

const SHADES = [' ', '░', '▒', '▓', '█'];

/**
 * A grid of rates: rows × columns, each cell its % with a shade (darker = higher); columns that do not
 * fit `width` go on in a second grid below (the row labels repeated).
 */
export function heatMap(rowLabels: readonly string[], colLabels: readonly string[], share: (r: number, c: number) => number, corner = '', width = Infinity): string {
  const cell = (x: number) => {
    const shade = SHADES[Math.min(SHADES.length - 1, Math.floor(x * SHADES.length))];
    return `${shade}${(100 * x).toFixed(0).padStart(3)}%`;
  };
  const left = Math.max(corner.length, ...rowLabels.map((l) => l.length));
  const w = Math.max(6, ...colLabels.map((l) => l.length + 1));
  const fit = Math.max(1, Math.floor((width - left - 1) / w));
  const lines: string[] = [];
  for (let from = 0; from < colLabels.length; from += fit) {
    const cols = colLabels.map((l, c) => [l, c] as const).slice(from, from + fit);
    if (from > 0) lines.push('');
    lines.push(`${corner.padEnd(left)} ${cols.map(([l]) => l.padStart(w)).join('')}`);
    rowLabels.forEach((l, r) => lines.push(`${l.padEnd(left)} ${cols.map(([, c]) => cell(share(r, c)).padStart(w)).join('')}`));
  }
  lines.push(...wrapItems(`${''.padEnd(left)} shade: `, SHADES.slice(1).map((s, i) => `${s} ≥${(100 * (i + 1)) / SHADES.length}%`), width));
  return lines.join('\n');
}

/**
 * Horizontal bars of signed values around a zero line (`halfWidth`: the most characters a bar takes,
 * for the largest value), narrowed to fit `width` (to 4 characters at least).
 */
export function signedBars(rows: ReadonlyArray<{ readonly label: string; readonly value: number; readonly text: string }>, halfWidth = 20, width = Infinity): string {
  const scale = Math.max(1e-12, ...rows.map((r) => Math.abs(r.value)));
  const left = Math.max(...rows.map((r) => r.label.length));
  const text = Math.max(...rows.map((r) => r.text.length));
  const half = Math.max(4, Math.min(halfWidth, Math.floor((width - left - text - 3) / 2)));
  return rows
    .map((r) => {
      const n = Math.round((Math.abs(r.value) / scale) * half);
      const neg = r.value < 0 ? '█'.repeat(n).padStart(half) : ''.padStart(half);
      const pos = r.value > 0 ? '█'.repeat(n).padEnd(half) : ''.padEnd(half);
      return `${r.label.padEnd(left)} ${neg}│${pos} ${r.text}`;
    })
    .join('\n');
}
