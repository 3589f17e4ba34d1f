// One seat's mind for one game of the `smart` strategy: what the seat makes of what it knows (its
// SeatMemory, ./memory.ts) — its private reading, kept up to date from the Table's journal, and from it
// the suspicion, the trust in a claimant and the colours it takes as settled. A plain town player reads
// the public reading corrected for himself; a reader by the posterior (./posterior.ts) reads his belief.
import type { PlayerView } from '../../src/views/view.js';
import { SeatMemory } from './memory.js';
import { RED, Reading, scoreArray, seatArray, vouchWeight } from './reading.js';
import type { Table } from './table.js';
import { ROW_BITS } from './tableFacts.js';
import type { Belief } from './belief.js';

/**
 * The seats the public reading takes as settled red (Mind.plainRed), per table size, and the Table and
 * its public reading's changes they were worked out at (the Table's epoch: the Table is kept from game
 * to game): one slot, shared by the plain players of a game.
 */
const PUBLIC_RED: number[][] = [];
const PUBLIC_RED_OF = { epoch: -1, changes: -1 };

/**
 * A plain player's score of seat `s` (Mind.plainReading): the public one, plus what `s` did to him (his
 * row of the Table's attacks, pushes and vouches, from index `row`) as the table did not weigh it.
 */
function corrected(t: Table, s: number, row: number, tell: number, vouch: number): number {
  const sus = t.pub.sus[s];
  if (t.pubKnown[s] !== 0) return sus;
  return sus + t.attacks[row + s] + tell * t.pushes[row + s] + (t.vouchedFor !== null ? vouch * t.vouchedFor[row + s] : 0);
}

export class Mind extends SeatMemory {
  /** Plain: the reading, and the public reading's and my row's changes it was worked out at. */
  private plainSus: number[] | null = null;
  private plainPub = -1;
  private plainRow = -1;

  private privateReading(): Reading {
    if (this.privA === null) {
      this.learnPublicColours(); // those not followed through the journal so far (see update)
      this.privA = new Reading(this.n, this.known, this.investigator ? this.me : 0, this.rules);
    }
    return this.privA;
  }

  /**
   * How far I believe a seat's investigator claim (0..1). `priv` uses what only I know (my colour,
   * my checks); without it, it is the table's public reading (what the mafia expect the town to think).
   */
  trust(seat: number, priv: boolean): number {
    if (priv && this.belief !== null) return this.believed().trust(seat);
    // Plain, I trust a claimant as the table does: my own colour tells me nothing about him.
    return priv && !this.plain ? this.privateReading().trustOf(this.table, seat) : this.table.trust(seat);
  }

  /** Suspicion per seat (higher = more likely black); private (my knowledge) or public (the table's). */
  suspicion(priv: boolean): readonly number[] {
    if (!priv) return this.table.pub.sus;
    if (this.belief !== null) return this.believed().sus;
    if (this.plain) return this.plainReading();
    const r = this.privateReading();
    if (r.stale) r.recompute(this.table, this.town ? this.attackedMe : null);
    return r.sus;
  }

  /**
   * A plain player's private reading: the public one, corrected for what I know of myself. An
   * accusation, nomination or vote against me tells of its author as against a red (where the table
   * took my colour as it settled it), a vouch for me is a vouch for a red, attacks on me count, and my
   * own score is that of a known red. Seats whose colour is public keep their public score.
   */
  private plainReading(): readonly number[] {
    const t = this.table;
    if (this.plainPub === t.pub.changes && this.plainRow === t.rowChanges[this.me] && this.plainSus !== null) return this.plainSus;
    const out = (this.plainSus ??= scoreArray(this.n));
    const { sus, colour } = t.pub;
    const c = colour[this.me];
    const tell = -0.6 * RED - (c !== 0 ? -0.6 * c : 0);
    const vouch = vouchWeight(RED) - vouchWeight(c);
    const row = this.me * (this.n + 1);
    if (this.n <= ROW_BITS) {
      // Only the authors in my row have a correction (it would add zeros for the others).
      for (let s = 0; s <= this.n; s++) out[s] = sus[s];
      for (let bits = t.rowAuthors[this.me]; bits !== 0; bits &= bits - 1) {
        const s = 31 - Math.clz32(bits & -bits);
        out[s] = corrected(t, s, row, tell, vouch);
      }
    } else for (let s = 0; s <= this.n; s++) out[s] = corrected(t, s, row, tell, vouch);
    out[this.me] = 50 * RED;
    this.plainPub = t.pub.changes;
    this.plainRow = t.rowChanges[this.me];
    return out;
  }

  /**
   * The colours my reading takes as settled (certain, or reported by a claimant I trust ≥ 0.85), up to
   * date: read after suspicion(true). A plain player's are the table's, and his own.
   */
  settled(): readonly number[] {
    if (this.belief !== null) return this.believed().colour;
    if (this.plain) return this.table.pub.colour;
    const r = this.privateReading();
    if (r.stale) r.recompute(this.table, this.town ? this.attackedMe : null);
    return r.colour;
  }

  /**
   * A plain player's settled reds other than himself (1 per seat), where they are the table's: he knows
   * no colour the table does not but his own, the public colours he took are the table's (none was ever
   * replaced), and the table does not hold him settled red; else null.
   */
  plainRed(): readonly number[] | null {
    const t = this.table;
    if (!this.plain || this.belief !== null || t.colourRevised || t.pub.stale || t.pub.colour[this.me] === RED || this.learnedSeen !== t.learned) return null;
    const pub = t.pub;
    const red = (PUBLIC_RED[this.n] ??= seatArray(this.n));
    if (PUBLIC_RED_OF.epoch !== t.epoch || PUBLIC_RED_OF.changes !== pub.changes) {
      const { colour } = pub;
      for (let s = 0; s <= this.n; s++) red[s] = colour[s] === RED ? 1 : 0;
      PUBLIC_RED_OF.epoch = t.epoch;
      PUBLIC_RED_OF.changes = pub.changes;
    }
    return red;
  }

  /** My belief, up to date with the record and with what I know (the public colours first, as a plain player keeps them). */
  private believed(): Belief {
    if (this.plain && this.learnedSeen !== this.table.learned) this.learnPublicColours();
    this.belief!.refresh(this.known);
    return this.belief!;
  }

  /**
   * The living seat (not me) whose investigator claim I believe most, if I believe it at least `min`;
   * with `priv` false, the one the table believes (what a red who knows only the record would vouch for).
   */
  trustedInvestigator(view: PlayerView, min: number, priv = true): number {
    if (this.table.claimCount === 0) return 0;
    let best = 0;
    let bestT = min;
    for (let s = 1; s <= this.n; s++) {
      if (s === this.me || this.table.investigatorClaim[s] === 0 || !view.isAlive(s)) continue;
      const t = this.trust(s, priv);
      if (t >= bestT) {
        best = s;
        bestT = t;
      }
    }
    return best;
  }
}
