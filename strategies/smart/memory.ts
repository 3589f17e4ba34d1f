// One seat's memory for one game of the `smart` strategy: the game's Table (./table.ts) follows the public
// record for every seat; the memory adds what only this seat knows — its team, its own colour, its
// checks, who went for it — kept up to date from the Table's journal (./journal.ts) and the seat's own
// events. Everything here comes from the PlayerView (the Table from its public record). What the seat
// makes of it, its readings, is the Mind (./mind.ts).
import type { GameEvent } from '../../src/model/events.js';
import { fmix32 } from '../../src/rng.js';
import type { PlayerView, PublicRecord } from '../../src/views/view.js';
import { ACCUSE, DIED, LEARN, LEFT, STALE, VOTE, VOUCH } from './journal.js';
import type { Likelihoods } from './likelihoods.js';
import { Belief } from './belief.js';
import { Posterior, posteriorOf } from './posterior.js';
import { BLACK, PLAIN_RULES, RED, Reading, scoreArray, seatArray, type Evidence, type ReadRules, type Report } from './reading.js';
import { tableOf, type Table } from './table.js';

type EventType = GameEvent['t'];
type EventOf<T extends EventType> = Extract<GameEvent, { t: T }>;

/** Mind.scratchA and scratchB per table size. */
const SCRATCH_A: number[][] = [];
const SCRATCH_B: number[][] = [];

/** The night under way, -1 by day. */
function nightOf(view: PlayerView): number {
  return view.phase === 'night' ? view.night : -1;
}

/** What one seat knows of its game, the public side (the Table's) and its own, as of its last update. */
export class SeatMemory {
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
  protected table: Table;
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
  protected privA: Reading | null = null;
  /**
   * A plain town player: one who knows nothing the table does not but his own colour (no checks, no
   * team) and whom nobody reported black. His private reading is then the public one corrected for
   * himself (plainReading): the same numbers up to rounding, for none of the upkeep. It stops being so
   * for good at a black report on him; the private reading is then made from the evidence so far.
   */
  protected plain: boolean;
  /** Plain: the number of public colours taken into `known`. */
  protected learnedSeen = 0;
  private reportsSeen = 0;
  private readonly readEvent = (e: GameEvent, type: EventType): void => this.readPrivate(e, type);
  /** A town player who reads by the posterior (./posterior.ts): his belief, which my suspicion, settled colours and trust then are. */
  protected readonly belief: Belief | null = null;

  constructor(
    view: PlayerView,
    /** How my private reading weighs a claim war's end (the public reading's own, unless my strategy says otherwise). */
    protected readonly rules: ReadRules = PLAIN_RULES,
    /** The likelihoods a town player reads the record by (the reasoning reader), or null: smart's own reading. */
    model: Likelihoods | null = null,
  ) {
    const n = view.players;
    this.n = n;
    this.me = view.seat;
    this.role = view.role;
    // A neutral seat (a Jester, a Survivor) reads the table as the town does: it is not of the mafia.
    this.town = view.team !== 'mafia';
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
  protected learnPublicColours(): void {
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
}
