// Terminal charts for the workbench: a rate against a setting's values with its 95% interval drawn as a
// band, a heat map of a grid, and a bar chart of signed differences. Plain text (no colour needed).

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
export function bandChart(points: readonly ChartPoint[], opts: { maxRows?: number; target?: number; title?: string } = {}): string {
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
  const grid: string[][] = Array.from({ length: height }, () => points.map(() => ' '));
  const targetRow = opts.target === undefined ? -1 : row(opts.target);
  points.forEach((p, j) => {
    for (let r = row(p.high); r <= row(p.low); r++) grid[r][j] = '│';
    grid[row(p.share)][j] = '●';
  });
  const labelEvery = Math.max(1, Math.round((height - 1) / 4));
  const axis = (r: number) => {
    const y = top - r * step;
    const shown = r === 0 || r === targetRow || r % labelEvery === 0 || (r === height - 1 && (r - 1) % labelEvery !== 0);
    return shown ? `${(Number.isInteger(y) ? y.toFixed(0) : y.toFixed(1)).padStart(5)}% ┤` : '       │';
  };
  const lines: string[] = [];
  if (opts.title) lines.push(opts.title);
  for (let r = 0; r < height; r++) {
    const fill = r === targetRow ? '·' : ' ';
    const cells = grid[r].map((c) => (c === ' ' ? fill : c).padStart(Math.ceil(width / 2), fill).padEnd(width, fill)).join('');
    lines.push(`${axis(r)}${cells}`);
  }
  lines.push(`       └${'─'.repeat(width * points.length)}`);
  lines.push(`        ${points.map((p) => p.label.padStart(Math.ceil((width + p.label.length) / 2)).padEnd(width)).join('')}`);
  return lines.join('\n');
}

const SHADES = [' ', '░', '▒', '▓', '█'];

/** A grid of rates: rows × columns, each cell its % with a shade (darker = higher). */
export function heatMap(rowLabels: readonly string[], colLabels: readonly string[], share: (r: number, c: number) => number, corner = ''): string {
  const cell = (x: number) => {
    const shade = SHADES[Math.min(SHADES.length - 1, Math.floor(x * SHADES.length))];
    return `${shade}${(100 * x).toFixed(0).padStart(3)}%`;
  };
  const left = Math.max(corner.length, ...rowLabels.map((l) => l.length));
  const width = Math.max(6, ...colLabels.map((l) => l.length + 1));
  const lines = [`${corner.padEnd(left)} ${colLabels.map((l) => l.padStart(width)).join('')}`];
  rowLabels.forEach((l, r) => lines.push(`${l.padEnd(left)} ${colLabels.map((_, c) => cell(share(r, c)).padStart(width)).join('')}`));
  lines.push(`${''.padEnd(left)} shade: ${SHADES.slice(1).map((s, i) => `${s} ≥${(100 * (i + 1)) / SHADES.length}%`).join('  ')}`);
  return lines.join('\n');
}

/** Horizontal bars of signed values around a zero line (`scale`: the value a full half-width stands for). */
export function signedBars(rows: ReadonlyArray<{ readonly label: string; readonly value: number; readonly text: string }>, halfWidth = 20): string {
  const scale = Math.max(1e-12, ...rows.map((r) => Math.abs(r.value)));
  const left = Math.max(...rows.map((r) => r.label.length));
  return rows
    .map((r) => {
      const n = Math.round((Math.abs(r.value) / scale) * halfWidth);
      const neg = r.value < 0 ? '█'.repeat(n).padStart(halfWidth) : ''.padStart(halfWidth);
      const pos = r.value > 0 ? '█'.repeat(n).padEnd(halfWidth) : ''.padEnd(halfWidth);
      return `${r.label.padEnd(left)} ${neg}│${pos} ${r.text}`;
    })
    .join('\n');
}
