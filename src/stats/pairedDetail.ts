// Per-seat and per-role paired counts of a comparison: for each game played under a baseline arm and
// another arm on the same seed, how each seat and each role fared under both. Kept only when a command
// asks for them (compare, role-values): the single-arm hot path never builds one.
//
// Seats: "won" and "survived" are yes/no per game, so each seat has two 2×2 tables (McNemar, Newcombe).
// Roles: a role held by k seats in one arm and k' in the other is measured per game as a share (its
// survivors / k) and a mean (its points / k); the paired difference of those is kept as the histogram
// of D = x'·k − x·k' (whole numbers for survivors), which merges exactly in any order (like every
// Distribution), so threads and shards give the same figures bit for bit.
import type { Game } from '../engine/game.js';
import type { RoleDef } from '../model/roles.js';
import { Distribution, type DistributionData } from './distribution.js';
import { Z95 } from './intervals.js';
import type { PairedTable } from './paired.js';
import { normalTwoSidedP } from './special.js';
import { TimingPairs, type TimingPair } from './pairedTiming.js';

/** A role both arms deal: how many seats hold it in each. */
export interface CommonRole {
  readonly id: string;
  readonly baseline: number;
  readonly other: number;
}

export interface DetailData {
  /** Per seat (seat 1 first): [both, baselineOnly, otherOnly, neither] of "on the winning team". */
  readonly seatWin: readonly (readonly number[])[];
  /** The same for "alive at the end". */
  readonly seatSurvival: readonly (readonly number[])[];
  readonly roles: ReadonlyArray<CommonRole & { readonly survival: DistributionData; readonly points: DistributionData }>;
  /** How and after how many days each paired game ended under both arms (src/stats/pairedTiming.ts). */
  readonly timing: readonly TimingPair[];
}

interface RoleSlot {
  readonly role: CommonRole;
  readonly survival: Distribution;
  readonly points: Distribution;
}

export class DetailPairs {
  readonly seatWin: number[][];
  readonly seatSurvival: number[][];
  readonly timing = new TimingPairs();
  readonly #roles: RoleSlot[];
  /** Scratch: per role slot, this game's survivors and points under each arm. */
  readonly #sum: number[];

  /** `seats`: the seats both tables have (the smaller table's). */
  constructor(roles: readonly CommonRole[], seats: number) {
    this.seatWin = Array.from({ length: seats }, () => [0, 0, 0, 0]);
    this.seatSurvival = Array.from({ length: seats }, () => [0, 0, 0, 0]);
    this.#roles = roles.map((role) => ({ role, survival: new Distribution(), points: new Distribution() }));
    this.#sum = new Array<number>(4 * roles.length).fill(0);
  }

  /** The roles two decks have in common, in the baseline's order. */
  static between(baseline: ReadonlyArray<readonly [string, number]>, other: ReadonlyArray<readonly [string, number]>, seats: number): DetailPairs {
    const counts = new Map(other);
    const roles = baseline.filter(([id]) => counts.has(id)).map(([id, n]) => ({ id, baseline: n, other: counts.get(id)! }));
    return new DetailPairs(roles, seats);
  }

  get roles(): readonly CommonRole[] {
    return this.#roles.map((r) => r.role);
  }

  /** Game k under the baseline arm and under this arm. */
  add(base: Game, other: Game): void {
    this.timing.add(base.winner!, base.day, other.winner!, other.day);
    const sum = this.#sum;
    sum.fill(0);
    this.#collect(base, 0);
    this.#collect(other, 2);
    for (let i = 0; i < this.#roles.length; i++) {
      const { role, survival, points } = this.#roles[i];
      survival.add(sum[4 * i + 2] * role.baseline - sum[4 * i] * role.other);
      points.add(sum[4 * i + 3] * role.baseline - sum[4 * i + 1] * role.other);
    }
    for (let s = 0; s < this.seatWin.length; s++) {
      const seat = s + 1;
      tick(this.seatWin[s], base.roles[seat].team === base.winner, other.roles[seat].team === other.winner);
      tick(this.seatSurvival[s], base.alive[seat] === 1, other.alive[seat] === 1);
    }
  }

  #collect(g: Game, at: number): void {
    const sum = this.#sum;
    for (let s = 1; s <= g.n; s++) {
      const i = this.#slot(g.roles[s]);
      if (i < 0) continue;
      sum[4 * i + at] += g.alive[s];
      sum[4 * i + at + 1] += g.points[s];
    }
  }

  #slot(role: RoleDef): number {
    for (let i = 0; i < this.#roles.length; i++) if (this.#roles[i].role.id === role.id) return i;
    return -1;
  }

  merge(o: DetailPairs): void {
    o.seatWin.forEach((t, s) => t.forEach((n, j) => (this.seatWin[s][j] += n)));
    o.seatSurvival.forEach((t, s) => t.forEach((n, j) => (this.seatSurvival[s][j] += n)));
    this.timing.merge(o.timing);
    o.#roles.forEach((r, i) => {
      this.#roles[i].survival.merge(r.survival);
      this.#roles[i].points.merge(r.points);
    });
  }

  toJSON(): DetailData {
    return {
      seatWin: this.seatWin.map((t) => [...t]),
      seatSurvival: this.seatSurvival.map((t) => [...t]),
      roles: this.#roles.map((r) => ({ ...r.role, survival: r.survival.toJSON(), points: r.points.toJSON() })),
      timing: this.timing.toJSON(),
    };
  }

  static fromJSON(d: DetailData): DetailPairs {
    const p = new DetailPairs(d.roles.map(({ id, baseline, other }) => ({ id, baseline, other })), d.seatWin.length);
    d.seatWin.forEach((t, s) => t.forEach((n, j) => (p.seatWin[s][j] = n)));
    d.seatSurvival.forEach((t, s) => t.forEach((n, j) => (p.seatSurvival[s][j] = n)));
    p.timing.merge(TimingPairs.fromJSON(d.timing));
    d.roles.forEach((r, i) => {
      p.#roles[i].survival.merge(Distribution.fromJSON(r.survival));
      p.#roles[i].points.merge(Distribution.fromJSON(r.points));
    });
    return p;
  }

  /** Per common role: the paired difference in survival share and in mean points per seat. */
  roleDifferences(): Array<CommonRole & { readonly survival: PairedMean; readonly points: PairedMean }> {
    return this.#roles.map(({ role, survival, points }) => {
      const scale = role.baseline * role.other;
      return { ...role, survival: pairedMean(survival, scale), points: pairedMean(points, scale) };
    });
  }
}

function tick(t: number[], base: boolean, other: boolean): void {
  t[base ? (other ? 0 : 1) : other ? 2 : 3]++;
}

/** A [both, baselineOnly, otherOnly, neither] row as a PairedTable. */
export function pairedTable(t: readonly number[]): PairedTable {
  return { both: t[0], baselineOnly: t[1], otherOnly: t[2], neither: t[3] };
}

export interface PairedMean {
  /** The other arm's mean minus the baseline's, on the same games. */
  readonly diff: number;
  /** Its 95% interval; null below two games. */
  readonly low: number | null;
  readonly high: number | null;
  /** Two-sided p of "no difference" (normal approximation of the paired mean). */
  readonly p: number;
  readonly games: number;
}

/**
 * The mean of per-game paired differences (kept as D, the difference times `scale`) with its normal-theory
 * 95% interval and the two-sided p of a zero mean. With every difference 0 the interval is [0, 0], p = 1.
 */
export function pairedMean(d: Distribution, scale: number): PairedMean {
  const n = d.n;
  const mean = n === 0 ? 0 : d.mean / scale;
  if (n < 2) return { diff: mean, low: null, high: null, p: 1, games: n };
  const se = d.sd / scale / Math.sqrt(n);
  const p = se === 0 ? (mean === 0 ? 1 : 0) : normalTwoSidedP(mean / se);
  return { diff: mean, low: mean - Z95 * se, high: mean + Z95 * se, p, games: n };
}
