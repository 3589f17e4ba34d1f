// The reasoning reader: the town's belief as a posterior over the hidden assignment — which seats are
// black (every team of the table's size is a hypothesis, enumerated exactly) and, where the table has
// one investigator, which red seat he is — given the public record. Every public act (./acts.ts)
// multiplies each hypothesis by how likely that act is for the classes the hypothesis gives its actor
// (and target), numbers measured from play (./likelihoods.ts), so a claim war is re-read when a rival
// leaves, a voted-out liar's reports lose their weight and a voting bloc counts against its members
// because the measured numbers say so, not because a rule was written for each.
//
// One Posterior per game reads the public record for every seat; a seat's Belief (./belief.ts)
// conditions it on what that seat alone knows (its colour, its checks, being the investigator).
import type { PublicRecord } from '../../src/views/view.js';
import { Acts, bit, isClaim, MAX_ACT_SEATS, type ActSink } from './acts.js';
import { BLACK_CLASS, INVESTIGATOR_CLASS, RED_CLASS, type Likelihoods } from './likelihoods.js';

/** The most teams enumerated exactly (C(12, 4) = 495 on a Ukrainian table); a larger table is not read this way. */
export const MAX_TEAMS = 5000;

/** The teams of `black` seats among `n`, as bitmasks (bit s = seat s), per (n, black). */
const TEAMS = new Map<number, Int32Array>();

function teamsOf(n: number, black: number): Int32Array {
  const key = n * 64 + black;
  let out = TEAMS.get(key);
  if (out !== undefined) return out;
  const list: number[] = [];
  const pick = (from: number, left: number, mask: number): void => {
    if (left === 0) {
      list.push(mask);
      return;
    }
    for (let s = from; s <= n - left + 1; s++) pick(s + 1, left - 1, mask | bit(s));
  };
  pick(1, black, 0);
  TEAMS.set(key, (out = Int32Array.from(list)));
  return out;
}

/** Whether a table of `players` seats, `black` of them the mafia's, can be read this way: few enough teams to enumerate, and a mafia team at all. */
export function readable(players: number, black: number): boolean {
  return black > 0 && black < players && players <= MAX_ACT_SEATS && teamCount(players, black) <= MAX_TEAMS;
}

/** How many teams a table has: C(n, black). */
export function teamCount(n: number, black: number): number {
  let c = 1;
  for (let i = 0; i < black; i++) c = (c * (n - i)) / (i + 1);
  return Math.round(c);
}

interface HeardReport {
  readonly by: number;
  readonly target: number;
  readonly cell: number;
}

export class Posterior implements ActSink {
  readonly n: number;
  /** The number of black seats (the mafia team's, from the setup). */
  readonly black: number;
  /** Whether the table has exactly one investigator (the hypotheses then say which red seat he is). */
  readonly oneInvestigator: boolean;
  private readonly teams: Int32Array;
  private readonly model: Likelihoods;
  private readonly acts: Acts;
  /** Per team, the log-likelihood of the acts of one seat towards another (kept up to date act by act). */
  private readonly pairWeight: Float64Array;
  /** Per seat, the log-likelihood of its own acts and fates if it is black, less than if an ordinary red. */
  private readonly lin: Float64Array;
  /** Per seat, the log-likelihood of its own acts and fates if it is the investigator, less than if an ordinary red. */
  private readonly invLin: Float64Array;
  private readonly reports: HeardReport[] = [];
  /** Seats whose colour the record makes certain, and the investigator it shows (0: none). */
  private publicBlack = 0;
  private publicRed = 0;
  private shownInvestigator = 0;
  /** Bit per seat that claimed the investigator role (a claim or a report). */
  claimants = 0;
  /** Counts the acts other than one seat's towards another (claims, reports, deaths, colours). */
  private facts = 0;
  /**
   * Per team, as of the last pass: the log of its weight but for who the investigator is, and the sum
   * over him of the weight of each choice (1 where the table has not one investigator).
   */
  private readonly weight: Float64Array;
  private readonly invSum: Float64Array;
  /** Per claimant (a bit in `claimants`, in seat order) and team: the weight of his being the investigator (0 in the team). */
  private claimantInv: Float64Array[] = [];
  private claimantSeats: number[] = [];
  /** The public belief as of the last pass: P(black) per seat, P(both black) per pair, P(investigator) per claimant and P(investigator and s black). */
  readonly pBlack: Float64Array;
  private readonly pBoth: Float64Array;
  readonly pInv: Float64Array;
  private readonly pInvBlack: Float64Array;
  /** The sitting and facts the last pass was made at (-1: none yet). */
  private passSitting = -1;
  private passFacts = -1;
  /**
   * Counts the passes: a belief worked out at this count is current. A pass is made when a fact was
   * read or a sitting ended (the votes and accusations of a sitting are summed up when the next
   * begins: acts.ts Acts.sitting).
   */
  passes = 0;

  constructor(
    private readonly record: PublicRecord,
    model: Likelihoods,
  ) {
    const n = record.players;
    this.n = n;
    this.model = model;
    let black = 0;
    let investigators = 0;
    for (const r of record.tableRoles) {
      if (r.team === 'mafia') black += r.seats;
      else if (r.traits.investigator) investigators += r.seats;
    }
    this.black = black;
    this.oneInvestigator = investigators === 1;
    this.teams = teamsOf(n, black);
    this.pairWeight = new Float64Array(this.teams.length);
    this.lin = new Float64Array(n + 1);
    this.invLin = new Float64Array(n + 1);
    this.weight = new Float64Array(this.teams.length);
    this.invSum = new Float64Array(this.teams.length);
    this.pBlack = new Float64Array(n + 1);
    this.pBoth = new Float64Array((n + 1) * (n + 1));
    this.pInv = new Float64Array(n + 1);
    this.pInvBlack = new Float64Array((n + 1) * (n + 1));
    this.acts = new Acts(record, this);
  }

  /** Whether a table can be read this way (`readable`). */
  static fits(record: PublicRecord): boolean {
    let black = 0;
    for (const r of record.tableRoles) if (r.team === 'mafia') black += r.seats;
    return readable(record.players, black);
  }

  holds(record: PublicRecord, model: Likelihoods): boolean {
    return this.record === record && this.model === model;
  }

  /** Reads the public acts logged since the last call. */
  update(): void {
    this.acts.update();
  }

  // ---- the acts (ActSink) -------------------------------------------------------------------------------

  pair(kind: number, actor: number, target: number): void {
    const p = this.model.pair;
    const k = kind * 4;
    // The act's log-likelihood for each pair of colours, [actor × 2 + target] (1 = black).
    const rr = p[k];
    const rb = p[k + 1];
    const br = p[k + 2];
    const bb = p[k + 3];
    const teams = this.teams;
    const w = this.pairWeight;
    for (let t = 0; t < teams.length; t++) {
      const team = teams[t];
      const a = (team >> actor) & 1;
      const b = (team >> target) & 1;
      w[t] += a === 0 ? (b === 0 ? rr : rb) : b === 0 ? br : bb;
    }
  }

  seat(cell: number, seat: number, weight: number): void {
    const s = this.model.seat;
    this.lin[seat] += weight * (s[cell * 3 + BLACK_CLASS] - s[cell * 3 + RED_CLASS]);
    this.invLin[seat] += weight * (s[cell * 3 + INVESTIGATOR_CLASS] - s[cell * 3 + RED_CLASS]);
    if (isClaim(cell)) this.claimants |= bit(seat);
    this.facts++;
  }

  report(by: number, target: number, cell: number): void {
    this.reports.push({ by, target, cell });
    this.claimants |= bit(by);
    this.facts++;
  }

  certain(seat: number, colour: number): void {
    if (colour > 0) this.publicBlack |= bit(seat);
    else this.publicRed |= bit(seat);
    this.facts++;
  }

  investigator(seat: number): void {
    this.shownInvestigator = seat;
    this.facts++;
  }

  // ---- the pass over the teams --------------------------------------------------------------------------

  /** Works out every team's weight and the public belief from the acts read so far (see `passes`). */
  pass(): void {
    if (this.passFacts === this.facts && this.passSitting === this.acts.sitting) return;
    this.passes++;
    this.passFacts = this.facts;
    this.passSitting = this.acts.sitting;
    this.weigh();
    this.publicBelief();
  }

  /** Every team's weight: its pair acts, its seats' own acts, the reports; and the sum over who the investigator is. */
  private weigh(): void {
    const { teams, lin, invLin, n, weight, invSum, pairWeight, claimants } = this;
    const rep = this.model.report;
    const ratio = this.model.reportInvestigatorRatio;
    const claimantSeats: number[] = [];
    for (let s = 1; s <= n; s++) if ((claimants & bit(s)) !== 0) claimantSeats.push(s);
    this.claimantSeats = claimantSeats;
    const c = claimantSeats.length;
    while (this.claimantInv.length < c) this.claimantInv.push(new Float64Array(teams.length));
    const claimantInv = this.claimantInv;
    // The reports as flat lists: reporter's bit, target, cell, and the reporter's index among the claimants.
    const reports = this.reports;
    const r = reports.length;
    const by = new Int32Array(r);
    const target = new Int32Array(r);
    const base = new Int32Array(r);
    const of = new Int32Array(r);
    for (let i = 0; i < r; i++) {
      by[i] = bit(reports[i].by);
      target[i] = reports[i].target;
      base[i] = reports[i].cell * 2;
      of[i] = claimantSeats.indexOf(reports[i].by);
    }
    // The investigator's weight summed over ordinary (non-claiming) seats, less the team's below.
    const expInv = scratch(n + 1);
    let plainInv = 0;
    for (let s = 1; s <= n; s++) {
      expInv[s] = Math.exp(invLin[s]);
      if ((claimants & bit(s)) === 0) plainInv += expInv[s];
    }
    const shown = this.shownInvestigator;
    const excluded = this.publicRed | (shown !== 0 ? bit(shown) : 0);
    const required = this.publicBlack;
    const one = this.oneInvestigator;
    const shownAt = shown !== 0 ? claimantSeats.indexOf(shown) : -1;
    for (let t = 0; t < teams.length; t++) {
      const team = teams[t];
      if ((team & excluded) !== 0 || (team & required) !== required) {
        weight[t] = -Infinity;
        continue;
      }
      let w = pairWeight[t];
      let inv = plainInv;
      for (let b = team; b !== 0; b &= b - 1) {
        const a = 31 - Math.clz32(b & -b);
        w += lin[a];
        if ((claimants & bit(a)) === 0) inv -= expInv[a];
      }
      for (let j = 0; j < c; j++) claimantInv[j][t] = (team & bit(claimantSeats[j])) !== 0 ? 0 : expInv[claimantSeats[j]];
      for (let i = 0; i < r; i++) {
        const cell = base[i] + ((team >> target[i]) & 1);
        const at = cell * 3;
        if ((team & by[i]) !== 0) w += rep[at + BLACK_CLASS];
        else {
          w += rep[at + RED_CLASS];
          claimantInv[of[i]][t] *= ratio[cell];
        }
      }
      weight[t] = w;
      if (!one) {
        invSum[t] = 1;
        continue;
      }
      if (shown !== 0) inv = shownAt >= 0 ? claimantInv[shownAt][t] : expInv[shown];
      else for (let j = 0; j < c; j++) inv += claimantInv[j][t];
      invSum[t] = inv;
    }
  }

  /** The public belief from the teams' weights: each seat's and each pair's chance of being black, each claimant's of being the investigator. */
  private publicBelief(): void {
    const { teams, weight, invSum, n, pBlack, pBoth, pInv, pInvBlack, claimantSeats, claimantInv } = this;
    const stride = n + 1;
    pBlack.fill(0);
    pBoth.fill(0);
    pInv.fill(0);
    pInvBlack.fill(0);
    let max = -Infinity;
    for (let t = 0; t < teams.length; t++) if (weight[t] > max) max = weight[t];
    if (max === -Infinity) return;
    const floor = max - 40; // (a team this much less likely than the likeliest adds nothing a decision reads)
    let z = 0;
    for (let t = 0; t < teams.length; t++) {
      const x = weight[t];
      if (!(x > floor)) continue;
      const e = Math.exp(x - max);
      const p = e * invSum[t];
      z += p;
      const team = teams[t];
      // (each pair once, the lower seat first: conditionedOnRed reads both orders from it)
      for (let b = team; b !== 0; b &= b - 1) {
        const a = 31 - Math.clz32(b & -b);
        pBlack[a] += p;
        const row = a * stride;
        for (let c = b & (b - 1); c !== 0; c &= c - 1) pBoth[row + 31 - Math.clz32(c & -c)] += p;
      }
      if (!this.oneInvestigator) continue;
      for (let j = 0; j < claimantSeats.length; j++) {
        const share = e * claimantInv[j][t];
        if (share === 0) continue;
        const c = claimantSeats[j];
        pInv[c] += share;
        const row = c * stride;
        for (let b = team; b !== 0; b &= b - 1) pInvBlack[row + 31 - Math.clz32(b & -b)] += share;
      }
    }
    if (z === 0) return;
    const scale = 1 / z;
    for (let i = 0; i < pBlack.length; i++) pBlack[i] *= scale;
    for (let i = 0; i < pBoth.length; i++) pBoth[i] *= scale;
    for (let i = 0; i < pInv.length; i++) pInv[i] *= scale;
    for (let i = 0; i < pInvBlack.length; i++) pInvBlack[i] *= scale;
  }

  /**
   * The belief of a red seat `me` that knows no more than the record and its own colour: the public
   * belief given that `me` is not black (P(x | me red) = (P(x) − P(x and me black)) / P(me red)).
   */
  conditionedOnRed(me: number, blackOut: Float64Array, invOut: Float64Array): void {
    this.pass();
    const { n, pBlack, pBoth, pInv, pInvBlack } = this;
    const stride = n + 1;
    const red = 1 - pBlack[me];
    // Where the record all but convicts me, the difference loses its digits: work it out in full.
    if (red < 1e-3) return this.conditioned(this.publicRed | bit(me), 0, 0, blackOut, invOut);
    for (let s = 0; s <= n; s++) {
      const both = s < me ? pBoth[s * stride + me] : pBoth[me * stride + s];
      blackOut[s] = Math.max(0, (pBlack[s] - both) / red);
      invOut[s] = Math.max(0, (pInv[s] - pInvBlack[s * stride + me]) / red);
    }
    blackOut[me] = 0;
  }

  /**
   * The belief of a seat that knows `red` and `black` (bits) for certain and, if it is the investigator,
   * its own seat (`me`): per seat the chance it is black, and per claimant the chance he is the
   * investigator, into `blackOut` and `invOut`. A pass over every team.
   */
  conditioned(red: number, black: number, me: number, blackOut: Float64Array, invOut: Float64Array): void {
    this.pass();
    const { teams, weight, invSum, n, claimantSeats, claimantInv } = this;
    const shown = this.oneInvestigator ? (me !== 0 ? me : this.shownInvestigator) : 0;
    const mine = shown !== 0 ? claimantSeats.indexOf(shown) : -1;
    blackOut.fill(0);
    invOut.fill(0);
    const w = scratch(teams.length);
    let max = -Infinity;
    for (let t = 0; t < teams.length; t++) {
      const team = teams[t];
      const x = weight[t];
      if (x === -Infinity || (team & red) !== 0 || (team & black) !== black || (shown !== 0 && (team & bit(shown)) !== 0)) {
        w[t] = -Infinity;
        continue;
      }
      w[t] = x;
      if (x > max) max = x;
    }
    if (max === -Infinity) return; // (no team fits what this seat knows: a record no bot of ours makes)
    let z = 0;
    for (let t = 0; t < teams.length; t++) {
      if (w[t] === -Infinity) continue;
      const e = Math.exp(w[t] - max);
      // The investigator: summed over the red seats; one seat where it is known.
      const p = e * (!this.oneInvestigator ? 1 : shown === 0 ? invSum[t] : mine >= 0 ? claimantInv[mine][t] : Math.exp(this.invLin[shown]));
      z += p;
      const team = teams[t];
      for (let b = team; b !== 0; b &= b - 1) blackOut[31 - Math.clz32(b & -b)] += p;
      if (!this.oneInvestigator) continue;
      if (shown !== 0) {
        invOut[shown] += p;
        continue;
      }
      for (let j = 0; j < claimantSeats.length; j++) invOut[claimantSeats[j]] += e * claimantInv[j][t];
    }
    if (z === 0) return;
    for (let s = 1; s <= n; s++) {
      blackOut[s] /= z;
      invOut[s] /= z;
    }
  }

  /** The seats the record shows red (a bit each). */
  get publicRedBits(): number {
    return this.publicRed;
  }

  /** The prior chance that a seat is black: the team's share of the seats. */
  get prior(): number {
    return this.black / this.n;
  }
}

/**
 * One scratch array for a pass's per-seat or per-team numbers, grown to the largest asked for: read
 * only within the call that asked (a pass is never interrupted by another).
 */
let SCRATCH = new Float64Array(0);
function scratch(length: number): Float64Array {
  if (SCRATCH.length < length) SCRATCH = new Float64Array(length);
  return SCRATCH;
}

/**
 * The game's Posterior (one for every seat that reads this way), up to date with its public record:
 * the two kept are those of the records last read (a game has two: the audited bots' and the others').
 */
const kept: Posterior[] = [];

export function posteriorOf(record: PublicRecord, model: Likelihoods): Posterior {
  let p = kept[0]?.holds(record, model) ? kept[0] : kept[1]?.holds(record, model) ? kept[1] : undefined;
  if (p === undefined) {
    p = new Posterior(record, model);
    kept[1] = kept[0];
    kept[0] = p;
  }
  p.update();
  return p;
}
