// One seat's belief: the game's Posterior (./posterior.ts) conditioned on what that seat alone knows
// (its colour, its checks, being the investigator), in the terms smart's decisions read.
import { bit } from './acts.js';
import type { Posterior } from './posterior.js';

/** How a colour counts as settled by the posterior: a chance this close to 0 or 1. */
export const SETTLED = 0.03;

/**
 * One seat's belief: the game's Posterior conditioned on what the seat knows, as the suspicion scores
 * and settled colours smart's decisions read (./reading.ts's scale: 0 = no more suspect than anyone,
 * ±50 = certain) and the trust in each claimant.
 */
export class Belief {
  readonly sus: number[];
  readonly colour: number[];
  private readonly pBlack: Float64Array;
  private readonly pInv: Float64Array;
  /** The Posterior's pass and what I knew that the belief was worked out at. */
  private pass = -1;
  private red = -1;
  private blackBits = -1;

  constructor(
    readonly posterior: Posterior,
    private readonly me: number,
    private readonly investigator: boolean,
  ) {
    const n = posterior.n;
    this.sus = new Array<number>(n + 1).fill(0.5);
    this.colour = new Array<number>(n + 1).fill(0);
    this.sus[0] = 0;
    this.pBlack = new Float64Array(n + 1);
    this.pInv = new Float64Array(n + 1);
  }

  /** Worked out afresh if the record or what I know changed: `known` is my colours (+1 black, −1 red). */
  refresh(known: readonly number[]): void {
    const p = this.posterior;
    const n = p.n;
    let red = 0;
    let black = 0;
    for (let s = 1; s <= n; s++) {
      if (known[s] > 0) black |= bit(s);
      else if (known[s] < 0) red |= bit(s);
    }
    p.pass();
    if (this.pass === p.passes && red === this.red && black === this.blackBits) return;
    this.pass = p.passes;
    this.red = red;
    this.blackBits = black;
    // What I know beyond the record is my own colour alone (a plain red): the public belief, given it.
    if (!this.investigator && black === 0 && red === (p.publicRedBits | bit(this.me))) p.conditionedOnRed(this.me, this.pBlack, this.pInv);
    else p.conditioned(red, black, this.investigator ? this.me : 0, this.pBlack, this.pInv);
    const prior = logit(this.priorOfOthers(known));
    for (let s = 1; s <= n; s++) {
      const q = this.pBlack[s];
      const k = known[s];
      this.colour[s] = k !== 0 ? k : q <= SETTLED ? -1 : q >= 1 - SETTLED ? 1 : 0;
      this.sus[s] = k !== 0 ? 50 * k : logit(Math.min(Math.max(q, 1e-4), 1 - 1e-4)) - prior;
    }
  }

  /**
   * The chance I gave any seat I do not know of being black before a single act: the team's seats
   * left over the seats left. A red who knows only himself gives the others 4/11 at a Ukrainian
   * table, not 4/12; measured against 4/12 every other seat would start as a suspect, and a town
   * player with no evidence at all would nominate and accuse as if he had some.
   */
  private priorOfOthers(known: readonly number[]): number {
    const p = this.posterior;
    let black = p.black;
    let open = p.n;
    for (let s = 1; s <= p.n; s++) {
      if (known[s] === 0) continue;
      open--;
      if (known[s] > 0) black--;
    }
    return open > 0 ? Math.min(Math.max(black / open, 1e-4), 1 - 1e-4) : p.prior;
  }

  /** The chance this seat gives a claimant's being the investigator (1 for myself if I am). */
  trust(seat: number): number {
    return this.pInv[seat];
  }

  /** The chance a seat is black. */
  blackChance(seat: number): number {
    return this.pBlack[seat];
  }
}

function logit(p: number): number {
  return Math.log(p / (1 - p));
}
