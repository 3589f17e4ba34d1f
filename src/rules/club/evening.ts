// C16.1 evenings: K consecutive games at the same table (option `series`, or `run --series K`). Roles
// are re-dealt every game (each game has its own seed); a seat eliminated on Day 1 or Night 1 holds
// `killed-first-day` in the evening's next game; each seat's points are summed over the evening.
// Game k of a run is game k mod K of evening ⌊k/K⌋: playing it alone replays the evening's earlier
// games first (at most K − 1), so any game still replays from (seed, k) and any range can be a shard.
import type { Game, GameSetup } from '../../engine/game.js';

interface Carry {
  /** The last game played of the current evening. */
  readonly index: number;
  /** Seats eliminated on Day 1 or Night 1 of that game. */
  readonly firstDay: readonly number[];
  /** Per seat (index 0 unused), the points of the evening so far. */
  readonly totals: readonly number[];
}

const carries = new WeakMap<object, Carry>();

/** Plays one game of a game's evening; `play(k, setup, quiet)` plays game k (quietly: no log, no checks). */
export function playEveningGame(
  key: object,
  base: GameSetup,
  series: number,
  index: number,
  play: (k: number, setup: GameSetup, quiet: boolean) => Game,
): Game {
  const first = index - (index % series);
  let carry = carries.get(key);
  if (index === first) carry = undefined;
  else if (!carry || carry.index !== index - 1) {
    carry = undefined;
    for (let k = first; k < index; k++) carry = after(carry, play(k, setupFor(base, carry), true), k);
  }
  const g = play(index, setupFor(base, carry), false);
  const next = after(carry, g, index);
  carries.set(key, next);
  if (index - first === series - 1) g.eveningPoints = next.totals.slice();
  return g;
}

/** The setup of the next game: the carried seats hold `killed-first-day` besides any the setup lists. */
function setupFor(base: GameSetup, carry: Carry | undefined): GameSetup {
  if (!carry || carry.firstDay.length === 0) return base;
  const given = base.immunities?.['killed-first-day'];
  const listed = Array.isArray(given) ? given : [];
  const seats = [...new Set([...listed, ...carry.firstDay])].sort((a, b) => a - b);
  return { ...base, immunities: { ...base.immunities, 'killed-first-day': seats } };
}

function after(carry: Carry | undefined, g: Game, index: number): Carry {
  const totals = carry ? carry.totals.slice() : new Array<number>(g.n + 1).fill(0);
  for (let s = 1; s <= g.n; s++) totals[s] += g.points[s];
  // "killed in the first day or night": a vote, a shoot-out, a night kill or a duel — not fouls (C19).
  const firstDay = g.eliminations.filter((e) => e.n === 1 && e.cause !== 'fouls').map((e) => e.seat);
  return { index, firstDay, totals };
}
