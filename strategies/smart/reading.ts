// A reading of the table for the `smart` strategy: suspicion per seat and the colours it takes as
// settled. The public reading (strategies/smart/table.ts) uses what every seat knows; a seat's private
// reading (strategies/smart/mind.ts) adds what only it knows. Both are kept up to date event by event
// and worked out afresh (recompute) after a structural change: a claim, a report, a settled colour.

/** Colours as numbers: +1 black, -1 red, 0 open. */
export const BLACK = 1;
export const RED = -1;
/** The colour a night victim is taken to have for tells: probably red (the mafia shot him). */
export const NIGHT_VICTIM = -0.75;

export interface Report {
  readonly by: number;
  readonly target: number;
  /** +1 black, -1 red. */
  readonly colour: number;
}

/** Zeros per table size, copied for each new per-seat array (a copy is cheaper than building one). */
const COUNTS: number[][] = [];
const SCORES: number[][] = [];

/** A per-seat array of whole numbers (flags, counts, ±1 colours), index 0 unused. */
export function seatArray(n: number): number[] {
  return (COUNTS[n] ??= zeros(n, 0)).slice();
}

/**
 * A per-seat array of fractions (suspicion, weights). Its template is made of doubles, so the first
 * fraction stored does not convert the array's storage from small integers to doubles.
 */
export function scoreArray(n: number): number[] {
  return (SCORES[n] ??= zeros(n, 0.5)).slice();
}

function zeros(n: number, kindOf: number): number[] {
  const z = [kindOf]; // the first element sets the storage kind, which later zeros do not change
  for (let i = 1; i <= n; i++) z.push(0);
  z[0] = 0;
  return z;
}

/** Vouching for a black is a tell; for a red, a small credit. */
export function vouchWeight(colour: number): number {
  return colour > 0 ? 1.5 : colour < 0 ? -0.2 : 0;
}

/** What a reading is worked out from: the public record's lists and per-seat facts (a Table). */
export interface Evidence {
  readonly n: number;
  /** Accusations and nominations, flat: accuser, target, … */
  readonly accusations: readonly number[];
  /** The lists are read up to these lengths (entries past them are not this game's). */
  readonly accusationsLength: number;
  readonly votesLength: number;
  readonly vouchesLength: number;
  /** Votes, flat: voter, target, … */
  readonly votes: readonly number[];
  /** Vouches, flat: speaker, target, … */
  readonly vouches: readonly number[];
  readonly reports: readonly Report[];
  /** The weight of the accusations against each seat (more from an accuser since killed at night). */
  readonly accused: readonly number[];
  readonly diedAtNight: readonly number[];
  /**
   * Per night victim, how sure the table is that the mafia killed him (and so that he was red): 1 where
   * only the mafia kill; less where a maniac or a duel may have made the death (table.ts afterDeaths).
   */
  readonly nightWeight: readonly number[];
  /**
   * 1 for a claimant caught lying by the record alone, for the rest of the game: a report that does not
   * fit the nights he has had (none before night 1: night 0 is the introduction night, G2), a report
   * on himself, two colours for one seat.
   */
  readonly liar: readonly number[];
  /** The investigator claim order per seat (1 = first to claim), 0 = never claimed one. */
  readonly investigatorClaim: readonly number[];
  /** Per claimant who claimed only once a rival claimant had reported him black (a counter-claim), that rival; else 0. */
  readonly answered: readonly number[];
  /** Per claimant, the day of his first investigator claim. */
  readonly claimDay: readonly number[];
  readonly claimCount: number;
  /** 1 for a seat the day's vote (or a shoot-out) removed. */
  readonly votedOut: readonly number[];
}

/**
 * How a reading weighs the end of a claim war (smart's town parameters `survivor` and `deadReports`):
 * the claimant left standing after his rival was voted out is read by the days of their claims (day)
 * or doubted (doubt: the mafia's votes help the town vote out the real investigator); a claimant's
 * reports still count after the town voted him out (count), or weigh nothing (drop).
 */
export interface ReadRules {
  readonly survivor: 'day' | 'doubt';
  readonly deadReports: 'count' | 'drop';
}

/** The public reading's rules (and a town player's by default). */
export const PLAIN_RULES: ReadRules = Object.freeze({ survivor: 'day', deadReports: 'count' });

export class Reading {
  readonly sus: number[];
  /** The colour taken as settled: certain, or reported by a strongly trusted claimant; a night victim's is NIGHT_VICTIM. */
  readonly colour: number[];
  /** Per claimant, how far this reading trusts him as of its last recomputation (made at the first claim). */
  trust: number[] | null = null;
  stale = true;
  /** Counts the changes to the scores and colours (a reading taken from this one is current while it holds). */
  changes = 0;

  constructor(
    n: number,
    /** The colours this reading knows for certain. */
    readonly known: readonly number[],
    /** The investigator whose reading this is (he trusts no other claimant), else 0. */
    readonly investigator: number,
    readonly rules: ReadRules = PLAIN_RULES,
  ) {
    this.sus = scoreArray(n);
    this.colour = scoreArray(n);
  }

  /**
   * Forgets everything (a kept Table starting on another game): as a new reading, stale until the next
   * recomputation and trusting nobody; the trust store is kept for the next claim. A cache of what was
   * worked out from it keys on its Table's epoch as well as on `changes`, which starts again.
   */
  reset(): void {
    if (this.trust !== null) this.spareTrust = this.trust;
    this.trust = null;
    this.stale = true;
    this.changes = 0;
  }
  /** The trust store of the game before (reset), taken up by the next claim. */
  private spareTrust: number[] | null = null;

  /** The reading as a new one would be serialised (no spare store). */
  toJSON(): object {
    const o: Record<string, unknown> = { ...(this as object) };
    delete o.spareTrust;
    return o;
  }

  /** `by` voted against or accused `target`: against a settled red it is a tell, against a black a credit. */
  tell(by: number, target: number): void {
    const c = this.colour[target];
    if (c !== 0) {
      this.sus[by] -= 0.6 * c;
      this.changes++;
    }
  }

  vouch(by: number, target: number): void {
    this.sus[by] += vouchWeight(this.colour[target]);
    this.changes++;
  }

  /**
   * A player killed at night was probably red (the mafia shot him): what he accused (up to accusation
   * `accusations` of the list) and voted against (up to `votes`) counts more now, and those who pushed
   * against him are suspect, as if he had been shown red — while his colour is open.
   */
  died(ev: Evidence, dead: number, accusations: number, votes: number): void {
    const tells = this.colour[dead] === 0;
    const w = ev.nightWeight[dead];
    const victim = NIGHT_VICTIM * w;
    const a = ev.accusations;
    for (let i = 0; i < accusations; i += 2) {
      if (a[i] === dead) this.sus[a[i + 1]] += 0.35 * w;
      else if (tells && a[i + 1] === dead) this.sus[a[i]] -= 0.6 * victim;
    }
    const v = ev.votes;
    for (let i = 0; i < votes; i += 2) {
      if (v[i] === dead) {
        if (this.colour[v[i + 1]] === 0) this.sus[v[i + 1]] += 0.2 * w;
      } else if (tells && v[i + 1] === dead) this.sus[v[i]] -= 0.6 * victim;
    }
    if (tells) this.colour[dead] = victim;
    this.changes++;
  }

  /**
   * How far this reading believes a seat's investigator claim (0..1), as of its last recomputation
   * when fresh (trust changes only with what marks a reading stale).
   */
  trustOf(ev: Evidence, seat: number): number {
    if (!this.stale && this.trust !== null) return this.trust[seat];
    return this.trustNow(ev, seat);
  }

  /**
   * A liar stays one for the rest of the game: what makes him one — the record's own contradictions
   * (Evidence.liar), a certain colour, a proven investigator's report — never goes away.
   */
  private trustNow(ev: Evidence, seat: number): number {
    const order = ev.investigatorClaim[seat];
    if (order === 0 || ev.liar[seat] === 1) return 0;
    if (this.contradicted(ev, seat)) return 0;
    if (this.investigator !== 0 && seat !== this.investigator) return 0.1; // I am the investigator
    for (const r of ev.reports) {
      if (r.by !== seat) continue;
      for (const q of ev.reports) if (q.target === r.target && q.colour !== r.colour && q.by !== seat && this.proven(ev, q.by)) return 0;
    }
    if (this.known[seat] === RED) return 0.95;
    // Killed at night: the mafia kill real investigators — unless a maniac or a duel may have done it.
    if (ev.diedAtNight[seat] === 1) return 0.5 + 0.45 * ev.nightWeight[seat];
    let rivals = 0;
    let answeredMe = false;
    let firstOtherDay = Infinity;
    for (let s = 1; s <= ev.n; s++) {
      const o = ev.investigatorClaim[s];
      if (s === seat || o === 0 || ev.liar[s] === 1 || this.contradicted(ev, s)) continue;
      if (this.proven(ev, s)) return 0.1; // the investigator is known: this is most likely a mafia claim
      if (ev.votedOut[s] === 1 && this.rules.survivor === 'doubt' && ev.votedOut[seat] === 0 && ev.diedAtNight[seat] === 0) return 0.1;
      // A rival who claimed only to answer my black report on him is no rival: the mafia member I
      // found answers so nearly always, a town player I would have framed only if he were the one
      // real investigator among them.
      if (ev.answered[s] === seat) {
        answeredMe = true;
        continue;
      }
      rivals++;
      if (ev.claimDay[s] < firstOtherDay) firstOtherDay = ev.claimDay[s];
    }
    if (rivals === 0) return 0.85;
    // A claim made only once a rival had reported the claimant black is most often the mafia's
    // counter-claim (a real investigator is framed far less often than a check finds the mafia),
    // whichever of them spoke first.
    if (ev.answered[seat] !== 0) return 0.3;
    if (answeredMe) return 0.5;
    // Otherwise the day of the claim counts, not the order within a day. A real investigator reveals on
    // his day, so a claim made a day after every rival's keeps the trust of a lone claimant, and the
    // late one is most often the mafia's answer; but which of two claimants of one day spoke first is
    // the mafia's to choose (a member who speaks early claims: the deviation early-claimer), so it
    // tells nothing (docs/strategies.md).
    const day = ev.claimDay[seat];
    return day < firstOtherDay ? 0.85 : day > firstOtherDay ? 0.1 : 0.4;
  }

  /** A claimant a certain colour gives the lie to: black himself, or a report against what is known. */
  private contradicted(ev: Evidence, seat: number): boolean {
    const known = this.known;
    if (known[seat] === BLACK) return true;
    for (const r of ev.reports) if (r.by === seat && known[r.target] !== 0 && known[r.target] !== r.colour) return true;
    return false;
  }

  /** A claimant whose claim is as good as certain: known red, or killed at night where only the mafia kill, and not caught lying. */
  private proven(ev: Evidence, seat: number): boolean {
    if (ev.investigatorClaim[seat] === 0 || ev.liar[seat] === 1) return false;
    // A night death proves the claim only where the mafia alone can have made it: a maniac's or a
    // killer's victim may be a lying claimant (club-20: the maniac shot the fake one).
    if (this.known[seat] !== RED && (ev.diedAtNight[seat] !== 1 || ev.nightWeight[seat] < 1)) return false;
    return !this.contradicted(ev, seat);
  }

  /** The full recomputation from the evidence, plus `attackedMe` (a private town reading: who went for me). */
  recompute(ev: Evidence, attackedMe: readonly number[] | null): void {
    const { sus: out, colour, known } = this;
    const { n, accused, diedAtNight } = ev;
    for (let s = 0; s <= n; s++) {
      out[s] = accused[s];
      colour[s] = known[s];
    }
    // A colour a trusted claimant settles outranks "probably red" for a night victim, as it does when
    // the kept reading hears of the death after the report (died(): a settled colour is no tell).
    if (ev.claimCount > 0) this.addClaims(ev);
    for (let s = 1; s <= n; s++) if (colour[s] === 0 && diedAtNight[s] === 1) colour[s] = NIGHT_VICTIM * ev.nightWeight[s];
    const acc = ev.accusations;
    for (let i = 0; i < ev.accusationsLength; i += 2) {
      const c = colour[acc[i + 1]];
      if (c !== 0) out[acc[i]] -= 0.6 * c;
    }
    const votes = ev.votes;
    for (let i = 0; i < ev.votesLength; i += 2) {
      const by = votes[i];
      const c = colour[votes[i + 1]];
      if (c !== 0) out[by] -= 0.6 * c;
      else if (diedAtNight[by] === 1) out[votes[i + 1]] += 0.2 * ev.nightWeight[by];
    }
    const vouches = ev.vouches;
    for (let i = 0; i < ev.vouchesLength; i += 2) out[vouches[i]] += vouchWeight(colour[vouches[i + 1]]);
    if (attackedMe !== null) for (let s = 1; s <= n; s++) out[s] += attackedMe[s];
    for (let s = 1; s <= n; s++) if (known[s] !== 0) out[s] = 50 * known[s];
    this.stale = false;
    this.changes++;
  }

  /** Claimants and their reports, weighed by how far I trust each claimant; a trusted one settles colours. */
  private addClaims(ev: Evidence): void {
    const { sus: out, colour } = this;
    const trust = (this.trust ??= this.spareTrust ?? scoreArray(ev.n));
    // Worked out while the reading is still stale, so trustOf computes rather than reads the old values.
    for (let s = 0; s <= ev.n; s++) trust[s] = ev.investigatorClaim[s] !== 0 ? this.trustNow(ev, s) : 0;
    for (let s = 1; s <= ev.n; s++) {
      if (ev.investigatorClaim[s] === 0) continue;
      out[s] += 2 * (1 - 2 * trust[s]);
      if (colour[s] === 0 && trust[s] >= 0.85) colour[s] = RED;
    }
    const drop = this.rules.deadReports === 'drop';
    for (const rep of ev.reports) {
      const t = drop && ev.votedOut[rep.by] === 1 ? 0 : trust[rep.by];
      out[rep.target] += 3 * rep.colour * t;
      if (colour[rep.target] === 0 && t >= 0.85) colour[rep.target] = rep.colour;
    }
  }
}
