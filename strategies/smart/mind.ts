// One seat's memory for one game of the `smart` strategy: the game's Table (./table.ts) follows the public
// record for every seat; the Mind adds what only this seat knows — its team, its own colour, its checks,
// who went for it — and its private reading, kept up to date from the Table's journal. Everything here
// comes from the PlayerView (the Table from its public record).
import type { GameEvent } from '../../src/model/events.js';
import { fmix32 } from '../../src/rng.js';
import type { PlayerView, PublicRecord } from '../../src/views/view.js';
import { BLACK, PLAIN_RULES, RED, Reading, scoreArray, seatArray, vouchWeight, type Evidence, type ReadRules, type Report } from './reading.js';
import { ACCUSE, DIED, LEARN, LEFT, STALE, VOTE, VOUCH } from './journal.js';
import { tableOf, type Table } from './table.js';
import { ROW_BITS } from './tableFacts.js';
import type { Likelihoods } from './likelihoods.js';
import { Belief, Posterior, posteriorOf } from './posterior.js';

type EventType = GameEvent['t'];
type EventOf<T extends EventType> = Extract<GameEvent, { t: T }>;

/**
 * The seats the public reading takes as settled red (Mind.plainRed), per table size, and the Table and
 * its public reading's changes they were worked out at (the Table's epoch: the Table is kept from game
 * to game): one slot, shared by the plain players of a game.
 */
const PUBLIC_RED: number[][] = [];
const PUBLIC_RED_OF = { epoch: -1, changes: -1 };

/** Mind.scratchA and scratchB per table size. */
const SCRATCH_A: number[][] = [];
const SCRATCH_B: number[][] = [];

/** The night under way, -1 by day. */
function nightOf(view: PlayerView): number {
  return view.phase === 'night' ? view.night : -1;
}

/**
 * A plain player's score of seat `s` (Mind.plainReading): the public one, plus what `s` did to him (his
 * row of the Table's attacks, pushes and vouches, from index `row`) as the table did not weigh it.
 */
function corrected(t: Table, s: number, row: number, tell: number, vouch: number): number {
  const sus = t.pub.sus[s];
  if (t.pubKnown[s] !== 0) return sus;
  return sus + t.attacks[row + s] + tell * t.pushes[row + s] + (t.vouchedFor !== null ? vouch * t.vouchedFor[row + s] : 0);
}

export class Mind {
  readonly n: number;
  readonly me: number;
  readonly role: string;
  readonly town: boolean;
  /** A town investigator (commissar, policeman): it trusts no other claimant. */
  readonly investigator: boolean;
  /** 1 for a known member of my team (myself included). */
  readonly ally: number[];
  /** What I know for certain: the public colours (Table.pubKnown) plus my team, my own colour, my checks. */
  readonly known: number[];
  /** How hard each seat went for me (accused, nominated, voted me): only a red player can read it as a tell. */
  get attackedMe(): readonly number[] {
    const a = (this.attackedA ??= scoreArray(this.n));
    if (this.plain) this.copyRow(this.table.attacks, a);
    return a;
  }
  /** (made at first use: a plain player reads his row of the Table's attacks, the mafia never need it) */
  private attackedA: number[] | null = null;
  /** My own investigator results in order (the targets; colour in `known`). */
  readonly myChecks: number[] = [];
  /** I claimed the investigator role (a mafia counter- or fake claim). */
  iClaimed = false;
  /** The game's public record, and the public side worked out from it (as of my last update). */
  private readonly record: PublicRecord;
  private table: Table;
  /** How far I have followed the Table's journal, and my own private events. */
  private journalRead = 0;
  private privateRead = 0;
  /** Tonight's team kill target (seen by the team) and the night it was seen (-1: none). */
  private teamKill = 0;
  private teamKillNight = -1;
  /** The night now, as of my last reading of my own events (-1 by day). */
  private nightNow = -1;
  /** My role checks a player's colour at night (its own events then bring my checks). */
  private readonly checksAtNight: boolean;
  private checkedA: number[] | null = null;
  private accusedAlliesA: number[] | null = null;
  private accusedCounted = 0;
  private accusedSum = 0;
  private reportedA: number[] | null = null;
  /** The team's key (teamKey): the word agreed at the meeting, else a hash of its seats made at first use after the team changed (null). */
  private teamKeyV: number | null = null;
  /** My private reading, made at its first use (the mafia hardly need one). */
  private privA: Reading | null = null;
  /**
   * A plain town player: one who knows nothing the table does not but his own colour (no checks, no
   * team) and whom nobody reported black. His private reading is then the public one corrected for
   * himself (plainReading): the same numbers up to rounding, for none of the upkeep. It stops being so
   * for good at a black report on him; the private reading is then made from the evidence so far.
   */
  private plain: boolean;
  /** Plain: the number of public colours taken into `known`. */
  private learnedSeen = 0;
  /** Plain: the reading, and the public reading's and my row's changes it was worked out at. */
  private plainSus: number[] | null = null;
  private plainPub = -1;
  private plainRow = -1;
  private reportsSeen = 0;
  private readonly readEvent = (e: GameEvent, type: EventType): void => this.readPrivate(e, type);
  /** A town player who reads by the posterior (./posterior.ts): his belief, which my suspicion, settled colours and trust then are. */
  private readonly belief: Belief | null = null;

  constructor(
    view: PlayerView,
    /** How my private reading weighs a claim war's end (the public reading's own, unless my strategy says otherwise). */
    private readonly rules: ReadRules = PLAIN_RULES,
    /** The likelihoods a town player reads the record by (the reasoning reader), or null: smart's own reading. */
    model: Likelihoods | null = null,
  ) {
    const n = view.players;
    this.n = n;
    this.me = view.seat;
    this.role = view.role;
    this.town = view.team === 'town';
    this.record = view.publicRecord;
    this.table = tableOf(this.record);
    const info = this.table.roleInfo(this.role);
    this.investigator = this.town && info?.traits.investigator === true;
    this.checksAtNight = info === undefined || info.traits.investigator === true || info.night?.intent === 'investigate';
    this.ally = seatArray(n);
    this.known = seatArray(n);
    this.ally[this.me] = 1;
    const mine = this.town ? RED : BLACK;
    this.known[this.me] = mine;
    const allies = view.knownAllies();
    for (const s of allies) {
      this.ally[s] = 1;
      this.known[s] = mine;
    }
    if (!this.town && allies.length > 0) {
      // A mafia member who knows the team knows every other seat is red.
      for (let s = 1; s <= n; s++) if (this.ally[s] === 0) this.known[s] = RED;
    }
    // (a reading by other rules than the public one's is a private reading of its own)
    this.plain = this.town && !this.investigator && allies.length === 0 && rules === PLAIN_RULES;
    if (model !== null && this.town && Posterior.fits(this.record)) this.belief = new Belief(posteriorOf(this.record, model), this.me, this.investigator);
  }

  // ---- the public side, from the Table ----------------------------------------------------------------

  /** The investigator claim order per seat (1 = first to claim), 0 = never claimed one. */
  get investigatorClaim(): readonly number[] {
    return this.table.investigatorClaim;
  }
  get claimCount(): number {
    return this.table.claimCount;
  }
  /** 1 for a seat that claimed to be a protector. */
  get protectorClaim(): readonly number[] {
    return this.table.protectorClaim;
  }
  get reports(): readonly Report[] {
    return this.table.reports;
  }
  /** Nights in which players acted so far (night 0, the introduction, not counted): the checks anyone can have made. */
  get nights(): number {
    return this.table.nights;
  }
  /** The votes of the round under way, per target (null before its first vote). */
  get ballot(): readonly number[] | null {
    return this.table.ballotOpen ? this.table.dayVotes : null;
  }
  /** A living claimant who reported me black, 0 if none. */
  reportedMeBlack(view: PlayerView): number {
    for (const r of this.table.reports) if (r.colour > 0 && r.target === this.me && view.isAlive(r.by)) return r.by;
    return 0;
  }
  /** The public record's evidence as the Table has it (for a deviation's own reading: ./lens.ts). */
  get evidence(): Evidence {
    return this.table;
  }
  /** The town's investigator role (the one the mafia claim), '' if the table has none. */
  get investigatorRole(): string {
    return this.table.investigatorRole;
  }
  /** The seats of the latest tied vote (U3.4). */
  get lastTie(): readonly number[] {
    return this.table.lastTie;
  }
  /** The player today's vote condemns (C4.3): the shoot-out's victim, or the most-voted of the latest round. */
  condemned(): number {
    return this.table.condemned();
  }

  // ---- what only I know -----------------------------------------------------------------------------

  /** 1 once I have checked the seat (made on first use, like the other role-specific arrays below). */
  get checked(): number[] {
    return (this.checkedA ??= seatArray(this.n));
  }
  /** Accusations each seat made against my known team (the mafia's count; zeros for the town). */
  get accusedAllies(): readonly number[] {
    const out = (this.accusedAlliesA ??= seatArray(this.n));
    const acc = this.table.accusations;
    const len = this.table.accusationsLength;
    if (!this.town)
      for (let i = this.accusedCounted; i < len; i += 2)
        if (this.ally[acc[i + 1]] === 1 && this.ally[acc[i]] === 0) {
          out[acc[i]]++;
          this.accusedSum++;
        }
    this.accusedCounted = len;
    return out;
  }
  /** How many accusations accusedAllies has counted (up to date): while it holds, accusedAllies does. */
  get accusedAlliesCount(): number {
    this.accusedAllies;
    return this.accusedSum;
  }
  /** Checks I have already reported (speaker side), so a speech repeats nothing. */
  get reported(): number[] {
    return (this.reportedA ??= seatArray(this.n));
  }
  /**
   * Scratch arrays for the strategy's per-decision scores, one pair per table size for every seat: a
   * decision writes them and reads them before it returns, so no garbage per decision or per seat.
   */
  get scratchA(): number[] {
    return (SCRATCH_A[this.n] ??= scoreArray(this.n));
  }
  get scratchB(): number[] {
    return (SCRATCH_B[this.n] ??= scoreArray(this.n));
  }
  /**
   * The key of my team's shared order (every member gets the same): the random word it agreed on at its
   * meeting (the record's team event), so the order is new each game and no seat comes first more often
   * than another; where the record has none (a hand-made one), a hash of the team's seats.
   */
  get teamKey(): number {
    if (this.teamKeyV === null) {
      let h = 0x2545f491;
      for (let s = 1; s <= this.n; s++) if (this.ally[s] === 1) h = fmix32(h ^ Math.imul(s, 0x27d4eb2f));
      this.teamKeyV = h;
    }
    return this.teamKeyV;
  }
  /**
   * My known team as a bit per seat, the same for every member who knows the same team — or -1 where
   * members' counts of accusations against the team (accusedAllies) may differ although the team is the
   * same: mine began before my team changed, or the table is too large for the bits. While it is not
   * -1, what the team's scores are made of is the same for all its members (mafiaTargets.ts dangerScores).
   */
  get teamSig(): number {
    if (this.allySigV === null) {
      let sig = this.n <= 30 && !this.accusedOwn ? 0 : -1;
      if (sig === 0) for (let s = 1; s <= this.n; s++) if (this.ally[s] === 1) sig |= 1 << s;
      this.allySigV = sig;
    }
    return this.allySigV;
  }
  /** (teamSig, made at first use and again after my team changed; accusedOwn: my team changed after accusedAllies had counted some) */
  private allySigV: number | null = null;
  private accusedOwn = false;
  /** How many times my team changed (a team event): what a member works out from it once holds while this does. */
  teamChanges = 0;
  /** Which game the Table holds (Table.epoch): a cache of what was worked out from the Table keys on it. */
  get tableEpoch(): number {
    return this.table.epoch;
  }
  /** How many public events the Table has read (as of my last update). */
  get publicEventsRead(): number {
    return this.table.eventsRead;
  }
  /** The public reading (the Table's): a decision's cache of public scores is keyed by its `changes`. */
  get publicReading(): Reading {
    return this.table.pub;
  }
  /** Tonight's team kill target (seen by the team), 0 if none yet. */
  teamKillTonight(view: PlayerView): number {
    return this.teamKillNight === nightOf(view) ? this.teamKill : 0;
  }

  /** Catches up: the Table with the public record, my private reading with the Table's journal, then my own events. */
  update(view: PlayerView): void {
    this.belief?.posterior.update();
    const t = (this.table = tableOf(this.record));
    const j = t.journal;
    // A plain player reads the Table (plainReading), the mafia take nothing from the journal until they
    // make a private reading (they hardly do): its first recomputation takes in everything so far.
    if (!this.plain && (this.town || this.privA !== null)) this.followJournal(j, t.journalLength);
    this.journalRead = t.journalLength;
    // A plain player's own events tell him nothing unless his role checks at night (readCheck): the
    // rest (his own actions, a kill he may see) are what the team reads.
    if (!this.plain || this.checksAtNight) {
      this.nightNow = nightOf(view);
      this.privateRead = view.readPrivateEvents(this.privateRead, this.readEvent);
    }
    if (this.plain) this.stillPlain();
  }

  /**
   * A plain player keeps up only his colours; a black report on him ends the plain reading (to him the
   * reporter is a liar; to the table he is not). From then on he follows the journal himself.
   */
  private stillPlain(): void {
    const t = this.table;
    if (this.learnedSeen !== t.learned) this.learnPublicColours();
    const reports = t.reports;
    for (let i = this.reportsSeen; i < reports.length; i++) if (reports[i].target === this.me && reports[i].colour === BLACK) this.endPlain();
    this.reportsSeen = reports.length;
  }

  private endPlain(): void {
    if (!this.plain) return;
    this.learnPublicColours();
    this.copyRow(this.table.attacks, (this.attackedA ??= scoreArray(this.n)));
    this.plain = false;
  }

  /** The public colours into `known` (as LEARN steps do): what I know myself stays. */
  private learnPublicColours(): void {
    const pub = this.table.pubKnown;
    for (let s = 1; s <= this.n; s++) if (this.known[s] === 0 && pub[s] !== 0) this.known[s] = pub[s];
    this.learnedSeen = this.table.learned;
  }

  /** My row (target: me) of one of the Table's per-target, per-author arrays. */
  private copyRow(from: readonly number[], to: number[]): void {
    const k = this.me * (this.n + 1);
    for (let s = 0; s <= this.n; s++) to[s] = from[k + s];
  }

  /**
   * The Table's new journal steps (table.ts: ACCUSE…STALE), as they bear on what only I know. Votes and
   * accusations, most of the steps, are taken here in the loop: against my private reading's settled
   * colour a tell, against me an attack.
   */
  private followJournal(j: readonly number[], length: number): void {
    const priv = this.privA;
    const me = this.me;
    for (let i = this.journalRead; i < length; i += 4) {
      const step = j[i];
      const a = j[i + 1];
      const b = j[i + 2];
      if (step === VOTE || step === ACCUSE) {
        if (b === me) this.attack(a, step === ACCUSE ? 0.5 : 0.3);
        if (priv !== null) priv.tell(a, b);
      } else this.follow(step, a, b, j[i + 3]);
    }
  }

  private follow(step: number, a: number, b: number, c: number): void {
    const priv = this.privA;
    switch (step) {
      case VOUCH:
        priv?.vouch(a, b);
        return;
      case DIED:
        priv?.died(this.table, a, b, c);
        return;
      case LEARN:
        if (this.known[a] === 0) this.known[a] = b;
        if (priv !== null) priv.stale = true;
        return;
      case STALE:
        if (priv !== null) priv.stale = true;
        return;
      case LEFT:
        if (priv !== null && this.rules !== PLAIN_RULES) priv.stale = true;
        return;
    }
  }

  /** Someone went for me: only a red player can read that as a tell. */
  private attack(by: number, w: number): void {
    if (!this.town) return;
    (this.attackedA ??= scoreArray(this.n))[by] += w;
    if (this.privA !== null) this.privA.sus[by] += w;
  }

  /** The events addressed to me: my checks, my team, the team's kill. */
  private readPrivate(e: GameEvent, type: EventType): void {
    switch (type) {
      case 'check':
        return this.readCheck(e as EventOf<'check'>);
      case 'action':
        return this.readAction(e as EventOf<'action'>);
      case 'jointKill':
        return this.readJointKill(e as EventOf<'jointKill'>);
      case 'team':
        return this.readTeam(e as EventOf<'team'>);
      default:
        return;
    }
  }

  private readCheck(e: EventOf<'check'>): void {
    if (e.seat !== this.me) return;
    this.endPlain(); // (checks are an investigator's)
    this.checked[e.target] = 1;
    this.myChecks.push(e.target);
    this.known[e.target] = e.result === 'black' ? BLACK : RED;
    if (this.privA !== null) this.privA.stale = true;
  }

  private readAction(e: EventOf<'action'>): void {
    if (e.kind === 'mafiaKill' && e.target !== null) this.seeTeamKill(e.target);
  }

  private readJointKill(e: EventOf<'jointKill'>): void {
    if (e.target !== null) this.seeTeamKill(e.target);
  }

  private seeTeamKill(target: number): void {
    this.teamKill = target;
    this.teamKillNight = this.nightNow;
  }

  private readTeam(e: EventOf<'team'>): void {
    for (const s of e.seats) this.ally[s] = 1;
    this.teamKeyV = e.key ?? null;
    this.teamChanges++;
    // My count of accusations against the team, once begun, was made with the team as it was.
    if (this.accusedCounted > 0) this.accusedOwn = true;
    this.allySigV = null;
  }

  // ---- readings ------------------------------------------------------------------------------------

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

  /** The living seat (not me) whose investigator claim I believe most, if I believe it at least `min`. */
  trustedInvestigator(view: PlayerView, min: number): number {
    if (this.table.claimCount === 0) return 0;
    let best = 0;
    let bestT = min;
    for (let s = 1; s <= this.n; s++) {
      if (s === this.me || this.table.investigatorClaim[s] === 0 || !view.isAlive(s)) continue;
      const t = this.trust(s, true);
      if (t >= bestT) {
        best = s;
        bestT = t;
      }
    }
    return best;
  }
}
