// How a share with its interval and a paired difference are written in every report (text and HTML),
// apart from text.ts, so that the modules text.ts imports can word a figure as it does.
import type { Rate } from './rate.js';

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

/** A signed difference in points with its interval, to the decimals its bounds need: `+2.3 (1.6 to 3.0)`. */
export function formatDifference(d: { diff: number; low: number; high: number }): string {
  let places = 1;
  while (places < 4 && d.low !== d.high && (100 * d.low).toFixed(places) === (100 * d.high).toFixed(places)) places++;
  const pts = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(100 * x).toFixed(places)}`;
  return `${pts(d.diff)} (${pts(d.low)} to ${pts(d.high)})`;
}
