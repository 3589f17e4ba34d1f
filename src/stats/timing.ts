// Outcomes over time, counted as each game is added to its tally (src/stats/tally.ts): per outcome, the
// games decided after each number of days; per row (each role, then each team), its seats' deaths in
// each phase and what makes the per-game interval of its survival after each phase. Whole numbers
// only, so tallies of threads and shards merge exactly in any order.
//
// Phases are numbered in the order they are played: night 0 (the deal's night), then day 1, night 1,
// day 2… where the day comes first (`start: day`), or night 1, day 1, night 2… where the night does.
import { WINNERS, type Winner } from '../model/events.js';

export type FirstPhase = 'day' | 'night';

/** A Timing as plain data (a worker's post, a report's counts). */
export interface TimingData {
  readonly firstPhase: FirstPhase;
  /** decided[w][d]: games that ended as w after d days (the game's length, as the length histogram counts it). */
  readonly decided: Readonly<Record<Winner, readonly number[]>>;
  /** Per row: deaths[p], seat deaths in phase p (summed over games). */
  readonly deaths: readonly (readonly number[])[];
  /**
   * Per row: squares[p], Σ over games of x² − x'² in phase p, where x and x' are the row's living seats
   * before and after it: with the seats alive, what gives Σ (living seats after phase p)² over games.
   */
  readonly squares: readonly (readonly number[])[];
}

export class Timing {
  readonly decided: Record<Winner, number[]> = { town: [], mafia: [], draw: [], stalemate: [] };
  readonly deaths: number[][];
  readonly squares: number[][];

  constructor(
    readonly firstPhase: FirstPhase,
    rows: number,
  ) {
    this.deaths = Array.from({ length: rows }, () => []);
    this.squares = Array.from({ length: rows }, () => []);
  }

  /** The phase's place in the order of play (module comment). */
  phaseIndex(phase: 'day' | 'night', n: number): number {
    if (this.firstPhase === 'day') return phase === 'night' ? 2 * n : 2 * n - 1;
    return phase === 'day' ? 2 * n : n === 0 ? 0 : 2 * n - 1;
  }

  /** A game ended as `w` after `days` days. */
  addGame(w: Winner, days: number): void {
    bump(this.decided[w], days, 1);
  }

  /** A seat of `row` died in phase `p`; `alive`: the row's living seats in this game before it died. */
  addDeath(row: number, p: number, alive: number): void {
    bump(this.deaths[row], p, 1);
    bump(this.squares[row], p, 2 * alive - 1);
  }

  merge(o: Timing): void {
    if (o.firstPhase !== this.firstPhase) throw new Error(`timing: cannot merge phases of a ${o.firstPhase}-first game into ${this.firstPhase}-first ones`);
    for (const w of WINNERS) addInto(this.decided[w], o.decided[w]);
    o.deaths.forEach((d, i) => addInto(this.deaths[i], d));
    o.squares.forEach((s, i) => addInto(this.squares[i], s));
  }

  toJSON(): TimingData {
    const decided = {} as Record<Winner, number[]>;
    for (const w of WINNERS) decided[w] = [...this.decided[w]];
    return { firstPhase: this.firstPhase, decided, deaths: this.deaths.map((d) => [...d]), squares: this.squares.map((s) => [...s]) };
  }

  static fromJSON(data: TimingData): Timing {
    const t = new Timing(data.firstPhase, data.deaths.length);
    for (const w of WINNERS) addInto(t.decided[w], data.decided[w]);
    data.deaths.forEach((d, i) => addInto(t.deaths[i], d));
    data.squares.forEach((s, i) => addInto(t.squares[i], s));
    return t;
  }
}

/** The label of phase index p: `N0`, `D1`, `N1`… */
export function phaseLabel(firstPhase: FirstPhase, p: number): string {
  if (firstPhase === 'day') return p % 2 === 0 ? `N${p / 2}` : `D${(p + 1) / 2}`;
  return p === 0 ? 'N0' : p % 2 === 1 ? `N${(p + 1) / 2}` : `D${p / 2}`;
}

/** a[i] += k, the array grown with zeros (never holes: a holey array is slower to read). */
function bump(a: number[], i: number, k: number): void {
  while (a.length <= i) a.push(0);
  a[i] += k;
}

function addInto(into: number[], b: readonly number[]): void {
  for (let i = 0; i < b.length; i++) bump(into, i, b[i]);
}
