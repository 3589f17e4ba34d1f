// Data kept per built-in table (strategies/smart/equilibria.json, likelihoods.json) reaches every table
// of the same rule set through the entry nearest in size.

/** The entry of rule set `rules` nearest in size to `players` (of two as near, the smaller table's), or null. */
export function nearestEntry<E extends { readonly rules: string; readonly players: number }>(
  entries: Readonly<Record<string, E>>,
  rules: string,
  players: number,
): { readonly name: string; readonly entry: E } | null {
  let best: { name: string; entry: E } | null = null;
  for (const [name, entry] of Object.entries(entries)) {
    if (entry.rules !== rules) continue;
    const d = Math.abs(entry.players - players);
    const bestD = best === null ? Infinity : Math.abs(best.entry.players - players);
    if (d < bestD || (d === bestD && entry.players < best!.entry.players)) best = { name, entry };
  }
  return best;
}
