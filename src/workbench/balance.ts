// `balance`: the value of one knob that brings town win closest to a target (default 50%). The search
// plays rounds, each a set of values on the same game seeds (games [0, g) of the run seed, so a later
// round replays an earlier one's games and more), with more games per round as it closes in:
//
//   whole numbers  up to 7 values spread over the bracket; the bracket narrows to the two neighbouring
//                  values whose town win lies either side of the target, until every value left fits
//                  in one round; the final round plays those and two more on each side.
//   numbers        5 values spread over the bracket, narrowed the same way for 3 rounds (stochastic
//                  bisection with growing samples); the final round plays the interpolated root and
//                  two steps either side of it. A number that deals whole seats (a club table's
//                  mafiaShare) moves the games in steps: it is searched as whole numbers are, over one
//                  value per table it deals (Knob.tables), so no two values played are the same table.
//   words          (an enum, true/false) every value, in one round.
//
// The final round plays `games` games per value; earlier rounds an eighth, a quarter, a half (at least
// one chunk). Everything depends only on the arguments and the seed: the same answer on any threads.
import type { Rate } from '../report/report.js';
import { CHUNK_GAMES } from '../runner/parallel.js';
import type { PointTune } from './retune.js';
import type { PlayedSides } from '../report/sides.js';

export type KnobKind = 'int' | 'number' | 'enum';

export interface Knob {
  readonly key: string;
  readonly kind: KnobKind;
  /** What the key is, for the header: `setup parameter`, `rule option (U3.4)`, `role count`, `strategy parameter`. */
  readonly what: string;
  /** int / number: the bounds searched. */
  readonly low?: number;
  readonly high?: number;
  /** int: the values in [low, high] the setup accepts; enum: every value; a stepped number: one value per table. */
  readonly values?: readonly string[];
  /**
   * A number that deals whole seats (a club table's mafiaShare): what the table of each of `values`
   * deals (`4 mafia seats`); every value in [low, high] deals one of these tables.
   */
  readonly tables?: readonly string[];
  /** The value the setup has now. */
  readonly current: string;
}

export interface BalancePoint {
  readonly value: string;
  readonly players: number;
  readonly games: number;
  readonly town: Rate;
  readonly mafia: Rate;
  readonly draw: Rate;
  /** |town win − target|. */
  readonly distance: number;
  /** What each side played at the value. */
  readonly sides?: PlayedSides;
  /** Under --tune: the value's tune. */
  readonly tune?: PointTune;
}

export interface BalanceRound {
  readonly games: number;
  readonly points: readonly BalancePoint[];
}

/** Plays the values for `games` games each (the same seeds); null when interrupted before the round ended. */
export type Evaluate = (values: readonly string[], games: number, round: number) => Promise<{ points: BalancePoint[]; partial: boolean }>;

const INT_SPREAD = 7;
const NUMBER_SPREAD = 5;
const NUMBER_ROUNDS = 3;

/** Games of round r of a search whose final round plays `games`: ×2 each round, from games/8 (at least one chunk). */
export function roundGames(games: number, r: number, last: boolean): number {
  if (last) return games;
  return Math.min(games, Math.max(CHUNK_GAMES, Math.floor(games / 2 ** Math.max(0, 3 - r))));
}

export interface SearchResult {
  readonly rounds: BalanceRound[];
  readonly partial: boolean;
}

export async function search(knob: Knob, target: number, games: number, evaluate: Evaluate): Promise<SearchResult> {
  const rounds: BalanceRound[] = [];
  const play = async (values: readonly string[], last: boolean) => {
    const g = roundGames(games, rounds.length, last);
    const { points, partial } = await evaluate(values, g, rounds.length);
    rounds.push({ games: g, points });
    return partial;
  };
  if (knob.kind === 'enum') return { rounds, partial: await play(knob.values!, true) };
  if (knob.kind === 'int' || knob.tables !== undefined) {
    const all = knob.values!;
    let [i0, i1] = [0, all.length - 1];
    while (i1 - i0 + 1 > INT_SPREAD) {
      const picks = spread(i0, i1, INT_SPREAD);
      if (await play(picks.map((i) => all[i]), false)) return { rounds, partial: true };
      const round = rounds[rounds.length - 1].points;
      const [a, b] = crossing(round.map((p) => p.town.share), target);
      [i0, i1] = [picks[a], picks[b]];
    }
    const final = range(Math.max(0, i0 - 2), Math.min(all.length - 1, i1 + 2));
    return { rounds, partial: await play(final.map((i) => all[i]), true) };
  }
  let [lo, hi] = [knob.low!, knob.high!];
  // Without a crossing (the target is beyond the range, or the knob moves town win in steps that skip
  // it) the answer is the end nearest the target: the final round plays it and its neighbours.
  let nearestEnd: number | null = null;
  for (let r = 0; r < NUMBER_ROUNDS; r++) {
    const xs = dedupe(Array.from({ length: NUMBER_SPREAD }, (_, i) => lo + ((hi - lo) * i) / (NUMBER_SPREAD - 1)));
    if (await play(xs.map(show), false)) return { rounds, partial: true };
    const round = rounds[rounds.length - 1].points;
    const shares = round.map((p) => p.town.share);
    if (!crosses(shares, target)) {
      const d = shares.map((y) => Math.abs(y - target));
      nearestEnd = Number(round[d.indexOf(Math.min(...d))].value);
      break;
    }
    const [a, b] = crossing(shares, target);
    [lo, hi] = [Number(round[a].value), Number(round[b].value)];
    if (lo === hi) break;
  }
  let x: number;
  let h: number;
  if (nearestEnd !== null) {
    x = nearestEnd;
    h = (hi - lo) / (NUMBER_SPREAD - 1);
  } else {
    // The root by linear interpolation between the bracket's ends, then two steps of half the bracket each side.
    const last = rounds[rounds.length - 1].points;
    const at = (v: number) => last.find((p) => Number(p.value) === v)!.town.share;
    const [ya, yb] = [at(lo), at(hi)];
    const root = ya === yb ? (lo + hi) / 2 : lo + ((target - ya) / (yb - ya)) * (hi - lo);
    x = Math.min(hi, Math.max(lo, root));
    h = (hi - lo) / 2;
  }
  const final = dedupe([x - 2 * h, x - h, x, x + h, x + 2 * h].map((v) => Math.min(knob.high!, Math.max(knob.low!, v))));
  return { rounds, partial: await play(final.map(show), true) };
}

/** Whether the town win of neighbouring values lies on either side of the target somewhere. */
function crosses(shares: readonly number[], target: number): boolean {
  return shares.some((y, i) => i + 1 < shares.length && (y - target) * (shares[i + 1] - target) <= 0);
}

/** The best point of the last round: the closest to the target (the lower value on a tie). */
export function bestOf(rounds: readonly BalanceRound[]): BalancePoint | null {
  for (let r = rounds.length - 1; r >= 0; r--) {
    const pts = rounds[r].points.filter((p) => p.games > 0);
    if (pts.length > 0) return pts.reduce((b, p) => (p.distance < b.distance ? p : b));
  }
  return null;
}

/** `count` indices spread evenly over [i0, i1], both ends included. */
function spread(i0: number, i1: number, count: number): number[] {
  return [...new Set(Array.from({ length: count }, (_, k) => Math.round(i0 + ((i1 - i0) * k) / (count - 1))))];
}

function range(a: number, b: number): number[] {
  return Array.from({ length: b - a + 1 }, (_, k) => a + k);
}

/**
 * The indices of two neighbouring values whose town win lies on either side of the target (the pair
 * nearest the target when it crosses more than once); without a crossing, the end nearest the target
 * and its neighbour.
 */
export function crossing(shares: readonly number[], target: number): [number, number] {
  let best: [number, number] | null = null;
  let bestGap = Infinity;
  for (let i = 0; i + 1 < shares.length; i++) {
    const [a, b] = [shares[i] - target, shares[i + 1] - target];
    if (a === 0 || b === 0 || Math.sign(a) !== Math.sign(b)) {
      const gap = Math.min(Math.abs(a), Math.abs(b));
      if (gap < bestGap) [best, bestGap] = [[i, i + 1], gap];
    }
  }
  if (best) return best;
  const d = shares.map((s) => Math.abs(s - target));
  const i = d.indexOf(Math.min(...d));
  return i === 0 ? [0, Math.min(1, shares.length - 1)] : [i - 1, i];
}

/** A value as the report shows it: with the table it deals, for a number that deals whole seats. */
export function valueLabel(knob: Knob, value: string): string {
  const i = knob.tables === undefined ? -1 : knob.values!.indexOf(value);
  return i < 0 ? value : `${value} (${knob.tables![i]})`;
}

/** A number knob's value as an option value: 4 significant digits, no trailing zeros. */
export function show(x: number): string {
  return String(Number(x.toPrecision(4)));
}

function dedupe(xs: number[]): number[] {
  return [...new Set(xs.map((x) => Number(show(x))))].sort((a, b) => a - b);
}
