// Small per-seat arrays the views share instead of each building its own (docs/performance.md, "Loops,
// fill and slice"): per table size, one array of zeros that is only read.

/** Per table size, the shared per-seat array of zeros (index 0 included). Never written. */
const ZEROS: (readonly number[])[] = [];

/** The table size's shared zeros: read it, or `slice` it for an array of one's own to write. */
export function sharedZeros(n: number): readonly number[] {
  return (ZEROS[n] ??= zeros(n));
}

/** A packed per-seat array of zeros, index 0 included. */
function zeros(n: number): number[] {
  const a: number[] = [];
  for (let i = 0; i <= n; i++) a.push(0);
  return a;
}

/** Whether a list of seats holds `x`: Array.prototype.includes, as a loop the compiler inlines. */
export function contains(list: readonly number[], x: number): boolean {
  for (let i = 0; i < list.length; i++) if (list[i] === x) return true;
  return false;
}
