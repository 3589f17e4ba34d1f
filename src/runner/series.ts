// Evenings (C16.1): a rule set whose games come in series of K at the same table (Rules.series > 1).
// Game k of a run is game k mod K of evening ⌊k/K⌋; playing it alone replays the evening's earlier
// games first (at most K − 1, quietly), so any game still replays from (seed, k) and any range can be a
// shard. What a game hands to the next is the rule set's (RulesGame.carry); each seat's points are
// summed over the evening here.
import type { Game } from '../engine/game.js';

/** Plays game k, handed what the evening's previous game carried (null for the first), quietly or not; returns it and what it carries on. */
export type PlaySeriesGame = (k: number, carried: unknown, quiet: boolean) => { readonly game: Game; readonly carry: unknown };

interface Evening {
  /** The last game played of the current evening, what it carried on, and each seat's points so far. */
  readonly index: number;
  readonly carry: unknown;
  readonly totals: readonly number[];
}

const evenings = new WeakMap<object, Evening>();
const eveningTotals = new WeakMap<Game, number[]>();

/** Plays game `index` of its evening (`key`: one per run, for the evening under way). */
export function playInSeries(key: object, series: number, index: number, play: PlaySeriesGame): Game {
  const first = index - (index % series);
  let evening = evenings.get(key);
  if (index === first) evening = undefined;
  else if (!evening || evening.index !== index - 1) {
    evening = undefined;
    for (let k = first; k < index; k++) evening = after(evening, play(k, evening?.carry ?? null, true), k);
  }
  const played = play(index, evening?.carry ?? null, false);
  const next = after(evening, played, index);
  evenings.set(key, next);
  if (index - first === series - 1) eveningTotals.set(played.game, next.totals.slice());
  return played.game;
}

/** On an evening's last game, each seat's points summed over the evening (index 0 unused); else null. */
export function eveningPoints(g: Game): readonly number[] | null {
  return eveningTotals.get(g) ?? null;
}

function after(evening: Evening | undefined, played: { game: Game; carry: unknown }, index: number): Evening {
  const g = played.game;
  const totals = evening ? evening.totals.slice() : new Array<number>(g.n + 1).fill(0);
  for (let s = 1; s <= g.n; s++) totals[s] += g.points[s];
  return { index, carry: played.carry, totals };
}
