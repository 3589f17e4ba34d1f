// Comparisons on common random numbers: two arms (pairings, setups, options) played on the same game
// seeds give paired outcomes, and a paired difference is far more precise than two intervals side by
// side (the luck of the deal cancels). docs/statistics.md explains the method.
import { WINNERS, type Winner } from '../model/events.js';
import { wilson, type Interval } from './intervals.js';
import { binomialCdf } from './special.js';

/** How the same games ended under a baseline arm and under another arm. */
export class OutcomePairs {
  /** counts[4·baseline + other], both in WINNERS order. */
  readonly counts: number[] = new Array<number>(WINNERS.length * WINNERS.length).fill(0);

  add(baseline: Winner, other: Winner): void {
    this.counts[WINNERS.length * winnerIndex(baseline) + winnerIndex(other)]++;
  }

  merge(o: OutcomePairs): void {
    for (let i = 0; i < this.counts.length; i++) this.counts[i] += o.counts[i];
  }

  get games(): number {
    return this.counts.reduce((a, b) => a + b, 0);
  }

  /** The 2×2 table of "ended as `outcome`" under the baseline (first) and the other arm (second). */
  table(outcome: Winner): PairedTable {
    const w = winnerIndex(outcome);
    const t = { both: 0, baselineOnly: 0, otherOnly: 0, neither: 0 };
    for (let b = 0; b < WINNERS.length; b++) {
      for (let o = 0; o < WINNERS.length; o++) {
        const n = this.counts[WINNERS.length * b + o];
        if (b === w && o === w) t.both += n;
        else if (b === w) t.baselineOnly += n;
        else if (o === w) t.otherOnly += n;
        else t.neither += n;
      }
    }
    return t;
  }

  /** [baseline][other] counts, rows and columns in WINNERS order. */
  toJSON(): number[][] {
    return WINNERS.map((_, b) => this.counts.slice(WINNERS.length * b, WINNERS.length * (b + 1)));
  }

  static fromJSON(rows: readonly (readonly number[])[]): OutcomePairs {
    const p = new OutcomePairs();
    rows.forEach((row, b) => row.forEach((n, o) => (p.counts[WINNERS.length * b + o] = n)));
    return p;
  }
}

export interface PairedTable {
  readonly both: number;
  readonly baselineOnly: number;
  readonly otherOnly: number;
  readonly neither: number;
}

export interface PairedDifference extends Interval {
  /** The other arm's rate minus the baseline's, on the same games. */
  readonly diff: number;
  /** McNemar's exact two-sided p-value for "no difference". */
  readonly p: number;
}

/**
 * The paired difference of two proportions with Newcombe's interval (1998, method 10: the Wilson
 * intervals of the two rates, combined with the correlation of the pairs), and McNemar's test.
 */
export function pairedDifference(t: PairedTable): PairedDifference {
  const n = t.both + t.baselineOnly + t.otherOnly + t.neither;
  if (n === 0) return { diff: 0, low: -1, high: 1, p: 1 };
  const p1 = (t.both + t.baselineOnly) / n;
  const p2 = (t.both + t.otherOnly) / n;
  const diff = p2 - p1;
  const w1 = wilson(t.both + t.baselineOnly, n);
  const w2 = wilson(t.both + t.otherOnly, n);
  const margins = (t.both + t.baselineOnly) * (t.neither + t.otherOnly) * (t.both + t.otherOnly) * (t.neither + t.baselineOnly);
  const phi = margins > 0 ? (t.both * t.neither - t.baselineOnly * t.otherOnly) / Math.sqrt(margins) : 0;
  const below = Math.sqrt(Math.max(0, (p2 - w2.low) ** 2 - 2 * phi * (p2 - w2.low) * (w1.high - p1) + (w1.high - p1) ** 2));
  const above = Math.sqrt(Math.max(0, (w2.high - p2) ** 2 - 2 * phi * (w2.high - p2) * (p1 - w1.low) + (p1 - w1.low) ** 2));
  return { diff, low: Math.max(-1, diff - below), high: Math.min(1, diff + above), p: mcnemarP(t.baselineOnly, t.otherOnly) };
}

/** McNemar's exact test: under "no difference" the discordant pairs split as a fair coin. */
export function mcnemarP(baselineOnly: number, otherOnly: number): number {
  const m = baselineOnly + otherOnly;
  if (m === 0) return 1;
  return Math.min(1, 2 * binomialCdf(Math.min(baselineOnly, otherOnly), m, 0.5));
}

function winnerIndex(w: Winner): number {
  switch (w) {
    case 'town': return 0;
    case 'mafia': return 1;
    case 'draw': return 2;
    default: return 3;
  }
}
