// What the `smart` strategy makes of the public record of one game, worked out once for all its seats:
// claims, check reports, accusations, votes, vouches, deaths, and the public reading (what every seat can
// infer: what the mafia expect the town to think). It reads the game's PublicRecord only — the events a
// spectator sees — so it holds nothing private by construction, and it is a function of the public
// record alone (rebuilt from it, it is the same; test/strategies.test.ts checks both).
//
// Each seat's Mind (./mind.ts) adds its private reading on top, following the Table's journal: for each
// public event, the few steps a private reading takes from it, in order.
import type { GameEvent, Statement } from '../../src/model/events.js';
import type { PublicRecord, RoleInfo } from '../../src/views/view.js';
import { BLACK, RED, Reading, scoreArray, seatArray, type Evidence, type Report } from './reading.js';

type EventType = GameEvent['t'];
type EventOf<T extends EventType> = Extract<GameEvent, { t: T }>;

/** Roles that check a player's colour (U9, C12) and roles that protect (U8, C7). */

/**
 * The journal's steps, four numbers each (step, a, b, c). ACCUSE: a accused (or nominated) b. VOTE: a
 * voted against b. VOUCH: a vouched for b. DIED: a died at night, with b accusations and c votes
 * entries in the lists then. LEARN: a's colour b became public. STALE: a claim or a report (a private
 * reading must be worked out afresh).
 */
export const ACCUSE = 1;
export const VOTE = 2;
export const VOUCH = 3;
export const DIED = 4;
export const LEARN = 5;
export const STALE = 6;
/** LEFT: claimant a was voted out (a reading with its own rules for a claim war's end works out afresh). */
export const LEFT = 7;


export class Table implements Evidence {
  readonly n: number;
  /** The roles of the table (public), looked up by id in a loop (roleInfo). */
  private roles: readonly RoleInfo[] = [];
  /** The town's investigator role (the one the mafia claim), '' if the table has none. */
  investigatorRole = '';
  private onlyMafiaKill = false;
  /** Town roles that kill at night (a maniac, a sportsman's duel): a night victim may be theirs. */
  private otherKillers = false;
  /**
   * The flat lists (Evidence) and the journal are read up to their lengths kept beside them: a Table is
   * kept from one game to the next (tableOf) and so are their backing stores, which `length = 0` would
   * free; what lies past a length is an earlier game's and is never read.
   */
  readonly accusations: number[] = [];
  accusationsLength = 0;
  readonly votes: number[] = [];
  votesLength = 0;
  readonly vouches: number[] = [];
  vouchesLength = 0;
  reports: Report[] = [];
  readonly accused: number[];
  readonly diedAtNight: number[];
  readonly nightWeight: number[];
  readonly investigatorClaim: number[];
  readonly liar: number[];
  readonly answered: number[];
  /** Per claimant, the day of his first investigator claim. */
  readonly claimDay: number[];
  readonly votedOut: number[];
  nights = 0;
  /** The day under way (0 before day 1, and the number of the last day during a night). */
  day = 0;
  /** Per claimant, the seats he reported (distinct targets): no more than the nights he has had. */
  private readonly reportCount: number[];
  /** Tonight's dead, read together at the next event: how many died tells who may have killed them. */
  private readonly dying: number[] = [];
  private dyingLength = 0;
  claimCount = 0;
  /** 1 for a seat that claimed to be a protector. */
  readonly protectorClaim: number[];
  /** Colour known for certain from public facts: the note (U9.2), revealed roles (G3). */
  readonly pubKnown: number[];
  /** The public reading: always current (worked out afresh right after a structural event). */
  readonly pub: Reading;
  /** The seats of the latest tied vote (U3.4). */
  lastTie: readonly number[] = NO_TIE;
  /** Today's shoot-out victim (C4.2), 0 if none. */
  shootout = 0;
  /** Votes per seat in the latest round today (C4.3: whom the Lawyer would save), and that round. */
  readonly dayVotes: number[];
  private voteRound = 0;
  /** Whether a vote round is under way (dayVotes then counts its votes so far). */
  ballotOpen = false;
  /**
   * Per target and author, flat (index target × (n + 1) + author): the weight of the attacks (0.5 an
   * accusation or nomination, 0.3 a vote), their number, and the vouches. A plain player reads his row.
   */
  readonly attacks: number[];
  readonly pushes: number[];
  /** Per target: how many times its row of attacks, pushes or vouches changed. */
  readonly rowChanges: number[];
  /**
   * Per target, a bit per author (1 << author) with an entry in the target's row of attacks, pushes or
   * vouches: the row's other entries are zero (a plain player's reading corrects only those seats).
   * Kept where the seats fit the bits (n ≤ 30, ROW_BITS).
   */
  readonly rowAuthors: number[];
  /** (made at the first vouch: the town vouches only for claimants; kept for the next game as spareVouched) */
  vouchedFor: number[] | null = null;
  private spareVouched: number[] | null = null;
  /** How many colours became public (LEARN steps) so far. */
  learned = 0;
  /** Whether a public colour was ever replaced by another (a player's colours learned then differ from pubKnown). */
  colourRevised = false;

  /** The steps private readings take, four numbers per public event step (see ACCUSE…STALE). */
  readonly journal: number[] = [];
  journalLength = 0;
  private cursor = 0;
  private readonly readEvent = (e: GameEvent, type: EventType): void => this.read(e, type);
  private record: PublicRecord;

  constructor(record: PublicRecord) {
    const n = record.players;
    this.n = n;
    this.record = record;
    this.accused = scoreArray(n);
    this.diedAtNight = seatArray(n);
    this.nightWeight = scoreArray(n);
    this.investigatorClaim = seatArray(n);
    this.liar = seatArray(n);
    this.answered = seatArray(n);
    this.claimDay = seatArray(n);
    this.votedOut = seatArray(n);
    this.reportCount = seatArray(n);
    this.protectorClaim = seatArray(n);
    this.pubKnown = seatArray(n);
    this.dayVotes = seatArray(n);
    this.attacks = scoreArray((n + 1) * (n + 1) - 1);
    this.pushes = seatArray((n + 1) * (n + 1) - 1);
    this.rowChanges = seatArray(n);
    this.rowAuthors = seatArray(n);
    this.pub = new Reading(n, this.pubKnown, 0);
    this.restart(record);
  }

  /**
   * Starts on a game's record (of this table size): every fact of the game before is gone — the
   * per-seat arrays zeroed, the lists and the journal empty, the public reading worked out afresh —
   * so the Table is what a new one would be (test/strategies.test.ts checks it on a game played after
   * another). Only the backing stores are kept. tableOf calls it for another game's record.
   */
  restart(record: PublicRecord): void {
    this.record = record;
    this.epoch = ++epochs;
    const roles = (this.roles = record.tableRoles);
    let investigatorRole = '';
    let killers = false;
    let townKillers = false;
    for (let i = 0; i < roles.length; i++) {
      const r = roles[i];
      const kills = r.traits.killer || r.night?.intent === 'duel';
      killers ||= kills;
      townKillers ||= kills && r.team === 'town';
      if (investigatorRole === '' && r.team === 'town' && r.traits.investigator) investigatorRole = r.id;
    }
    this.investigatorRole = investigatorRole;
    // A table where nobody but the mafia team kills at night: a night victim is red (vanilla, V3).
    this.onlyMafiaKill = !killers;
    this.otherKillers = townKillers;
    zero(this.accused);
    zero(this.nightWeight);
    zero(this.attacks);
    zero(this.diedAtNight);
    zero(this.investigatorClaim);
    zero(this.liar);
    zero(this.answered);
    zero(this.claimDay);
    zero(this.votedOut);
    zero(this.reportCount);
    zero(this.protectorClaim);
    zero(this.pubKnown);
    zero(this.dayVotes);
    zero(this.pushes);
    zero(this.rowChanges);
    zero(this.rowAuthors);
    this.accusationsLength = 0;
    this.votesLength = 0;
    this.vouchesLength = 0;
    this.reports = [];
    this.dyingLength = 0;
    this.nights = 0;
    this.day = 0;
    this.claimCount = 0;
    this.lastTie = NO_TIE;
    this.shootout = 0;
    this.voteRound = 0;
    this.ballotOpen = false;
    if (this.vouchedFor !== null) this.spareVouched = this.vouchedFor;
    this.vouchedFor = null;
    this.learned = 0;
    this.colourRevised = false;
    this.journalLength = 0;
    this.cursor = 0;
    this.pub.reset();
    this.pub.recompute(this, null);
  }

  /**
   * Which game's facts the Table holds: a number no other game read by any Table has had (a cache of
   * what was worked out from a Table keys on it, as the Table itself is kept from game to game).
   */
  epoch = 0;

  /** Whether this Table holds `record`'s game (tableOf). */
  holds(record: PublicRecord): boolean {
    return this.record === record;
  }

  /** The Table as a new one would be serialised: the lists up to their lengths, no spare store. */
  toJSON(): object {
    const o: Record<string, unknown> = { ...(this as object) };
    o.accusations = this.accusations.slice(0, this.accusationsLength);
    o.votes = this.votes.slice(0, this.votesLength);
    o.vouches = this.vouches.slice(0, this.vouchesLength);
    o.journal = this.journal.slice(0, this.journalLength);
    o.dying = this.dying.slice(0, this.dyingLength);
    for (const k of ['record', 'spareVouched', 'epoch', 'readEvent']) delete o[k];
    return o;
  }

  /** How many public events have been read. */
  get eventsRead(): number {
    return this.cursor;
  }

  /** Reads the public events logged since the last call. */
  update(): void {
    this.cursor = this.record.readEvents(this.cursor, this.readEvent);
    // A dawn's deaths are logged together, before anyone is asked anything: read them now.
    if (this.dyingLength > 0) this.afterDeaths();
  }

  /** What a role of this table is, by id (undefined for a role not at the table): as PublicRecord.roleInfo. */
  roleInfo(id: string | undefined): RoleInfo | undefined {
    const roles = this.roles;
    for (let i = 0; i < roles.length; i++) if (roles[i].id === id) return roles[i];
    return undefined;
  }

  /** How far the public reading believes a seat's investigator claim (0..1). */
  trust(seat: number): number {
    return this.pub.trustOf(this, seat);
  }

  private read(e: GameEvent, type: EventType): void {
    if (type === 'died') {
      const k = this.dyingLength;
      this.dying[k] = (e as EventOf<'died'>).seat;
      this.dying[k + 1] = this.roleColour((e as EventOf<'died'>).role);
      this.dyingLength = k + 2;
      return;
    }
    if (this.dyingLength > 0) this.afterDeaths();
    switch (type) {
      // The commonest first: votes, speeches and nominations are most of a game's events.
      case 'vote':
        this.readVote(e as EventOf<'vote'>);
        break;
      case 'speech':
      case 'lastWord':
        this.readSpeech(e as EventOf<'speech' | 'lastWord'>);
        break;
      case 'nominate':
        this.readNomination(e as EventOf<'nominate'>);
        break;
      case 'phase':
        this.voteRound = 0;
        this.shootout = 0;
        this.ballotOpen = false;
        // Night 0 is the introduction night (G2): nobody acts, so nobody has checked anyone yet.
        if ((e as EventOf<'phase'>).phase === 'night' && (e as EventOf<'phase'>).n >= 1) this.nights++;
        else if ((e as EventOf<'phase'>).phase === 'day') this.day = (e as EventOf<'phase'>).n;
        break;
      case 'shootout':
        this.shootout = (e as EventOf<'shootout'>).executed;
        break;
      case 'eliminated':
        this.readElimination(e as EventOf<'eliminated'>);
        break;
      case 'noteAnnounced':
        this.readNote(e as EventOf<'noteAnnounced'>);
        break;
      case 'tie':
        this.lastTie = (e as EventOf<'tie'>).seats;
        this.ballotOpen = false;
        break;
      default:
        return;
    }
    // The public reading is worked out afresh right after the event that made it stale, so that it is
    // a function of the record alone, however the reads are batched.
    if (this.pub.stale) this.pub.recompute(this, null);
  }

  private step(kind: number, a: number, b: number, c: number): void {
    const j = this.journal;
    const k = this.journalLength;
    j[k] = kind;
    j[k + 1] = a;
    j[k + 2] = b;
    j[k + 3] = c;
    this.journalLength = k + 4;
  }

  /** The colour a revealed role shows to an investigator, as +1 black / -1 red (public: the table's roles). */
  private roleColour(role: string | undefined): number {
    if (!role) return 0;
    const r = this.roleInfo(role);
    return r ? (r.team === 'mafia' ? BLACK : RED) : 0;
  }

  private readVote(e: EventOf<'vote'>): void {
    this.ballotOpen = true;
    this.votesLength = append(this.votes, this.votesLength, e.seat, e.target);
    this.attacked(e.seat, e.target, 0.3);
    this.pub.tell(e.seat, e.target);
    this.step(VOTE, e.seat, e.target, 0);
    this.countRoundVote(e.target, e.round);
  }

  private readSpeech(e: EventOf<'speech' | 'lastWord'>): void {
    if (e.statements.length > 0) this.hear(e.seat, e.statements);
  }

  private readNomination(e: EventOf<'nominate'>): void {
    this.accuse(e.seat, e.target);
  }

  private readElimination(e: EventOf<'eliminated'>): void {
    this.ballotOpen = false;
    if (e.cause === 'vote' || e.cause === 'shootout') {
      this.votedOut[e.seat] = 1;
      // The public reading reads no claim war's end; a reading with rules of its own does (LEFT).
      if (this.investigatorClaim[e.seat] !== 0) this.step(LEFT, e.seat, 0, 0);
    }
    this.learn(e.seat, this.roleColour(e.role));
  }

  /** The night's dead (seat, revealed colour, …), read together; the public reading then worked out afresh if it must be. */
  private afterDeaths(): void {
    const d = this.dying;
    const len = this.dyingLength;
    // How sure a victim was the mafia's (and so red): sure where only they kill; where a maniac or a
    // duel may have made a death, less, and one of two deaths in a night was probably not theirs.
    // A revealed investigator among two dead is the mafia's kill (they go for him first), the other
    // most likely not.
    let claimant = 0;
    for (let i = 0; i < len; i += 2) if (this.investigatorClaim[d[i]] !== 0) claimant = d[i];
    const sure = this.onlyMafiaKill || !this.otherKillers;
    for (let i = 0; i < len; i += 2) {
      const weight = sure ? 1 : len === 2 ? 0.8 : claimant === 0 ? 0.5 : d[i] === claimant ? 1 : 0.3;
      this.readNightDeath(d[i], d[i + 1], weight);
    }
    this.dyingLength = 0;
    if (this.pub.stale) this.pub.recompute(this, null);
  }

  private readNightDeath(dead: number, revealed: number, weight: number): void {
    this.diedAtNight[dead] = 1;
    this.nightWeight[dead] = weight;
    // What the dead man accused counts more now (in every reading).
    const a = this.accusations;
    const len = this.accusationsLength;
    for (let i = 0; i < len; i += 2) if (a[i] === dead) this.accused[a[i + 1]] += 0.35 * weight;
    this.pub.died(this, dead, len, this.votesLength);
    this.step(DIED, dead, len, this.votesLength);
    if (this.investigatorClaim[dead] !== 0) this.structural();
    this.learn(dead, revealed);
    // Only the mafia kill at night (vanilla, V3): a night victim is red.
    if (this.onlyMafiaKill) this.learn(dead, RED);
  }

  /** U9.2: the note is the engine's, so it is true; its author was a real investigator. */
  private readNote(e: EventOf<'noteAnnounced'>): void {
    this.learn(e.target, e.result === 'black' ? BLACK : RED);
    this.learn(e.seat, RED);
    this.noteInvestigatorClaim(e.seat);
  }

  /** C4.3: the votes of the latest round today, for the Lawyer's choice. */
  private countRoundVote(target: number, round: number): void {
    if (round === this.voteRound) this.dayVotes[target]++;
    else {
      this.voteRound = round;
      for (let s = 0; s <= this.n; s++) this.dayVotes[s] = 0;
      this.dayVotes[target] = 1;
    }
  }

  private structural(): void {
    this.pub.stale = true;
    this.step(STALE, 0, 0, 0);
  }

  private attacked(by: number, target: number, w: number): void {
    const k = target * (this.n + 1) + by;
    this.attacks[k] += w;
    this.pushes[k]++;
    this.rowChanges[target]++;
    if (this.n <= ROW_BITS) this.rowAuthors[target] |= 1 << by;
  }

  private learn(seat: number, colour: number): void {
    if (colour === 0 || this.pubKnown[seat] === colour) return;
    if (this.pubKnown[seat] !== 0) this.colourRevised = true;
    this.pubKnown[seat] = colour;
    this.learned++;
    this.pub.stale = true;
    this.step(LEARN, seat, colour, 0);
  }

  /**
   * An accusation or nomination moves its target by nothing (anyone may lie; following accusers is how
   * a bloc steers a town); it is the accuser it tells about once the target's colour is settled.
   */
  private accuse(by: number, target: number): void {
    this.accusationsLength = append(this.accusations, this.accusationsLength, by, target);
    this.attacked(by, target, 0.5);
    this.pub.tell(by, target);
    this.step(ACCUSE, by, target, 0);
  }

  private hear(seat: number, statements: readonly Statement[]): void {
    for (let i = 0; i < statements.length; i++) {
      const x = statements[i];
      switch (x.type) {
        case 'claim':
          const traits = this.roleInfo(x.role)?.traits;
          if (traits?.investigator) this.noteInvestigatorClaim(seat);
          else if (traits?.protector) this.protectorClaim[seat] = 1;
          break;
        case 'check': {
          if (!this.validSeat(x.seat)) break;
          this.noteInvestigatorClaim(seat); // a check report is an investigator claim
          const colour = x.result === 'black' ? BLACK : RED;
          if (!this.hasReport(seat, x.seat, colour)) {
            // A report must fit the nights he has had: one check a night, never himself, one colour a seat.
            if (!this.hasReport(seat, x.seat, -colour)) this.reportCount[seat]++;
            else this.liar[seat] = 1;
            if (x.seat === seat || this.reportCount[seat] > this.nights) this.liar[seat] = 1;
            this.reports.push({ by: seat, target: x.seat, colour });
            this.structural();
          }
          break;
        }
        case 'accuse':
          if (this.validSeat(x.seat)) this.accuse(seat, x.seat);
          break;
        case 'vouch':
          if (!this.validSeat(x.seat)) break;
          this.vouchesLength = append(this.vouches, this.vouchesLength, seat, x.seat);
          (this.vouchedFor ??= this.vouchedStore())[x.seat * (this.n + 1) + seat]++;
          this.rowChanges[x.seat]++;
          if (this.n <= ROW_BITS) this.rowAuthors[x.seat] |= 1 << seat;
          this.pub.vouch(seat, x.seat);
          this.step(VOUCH, seat, x.seat, 0);
          break;
      }
    }
  }

  /** The vouches per target and author, zeroed: the last game's store if there is one. */
  private vouchedStore(): number[] {
    const spare = this.spareVouched;
    if (spare === null) return seatArray((this.n + 1) * (this.n + 1) - 1);
    this.spareVouched = null;
    zero(spare);
    return spare;
  }

  private hasReport(by: number, target: number, colour: number): boolean {
    for (const r of this.reports) if (r.by === by && r.target === target && r.colour === colour) return true;
    return false;
  }

  private validSeat(s: unknown): s is number {
    return typeof s === 'number' && Number.isInteger(s) && s >= 1 && s <= this.n;
  }

  private noteInvestigatorClaim(seat: number): void {
    if (this.investigatorClaim[seat] !== 0) return;
    for (const r of this.reports) if (r.target === seat && r.colour === BLACK && r.by !== seat && this.answered[seat] === 0) this.answered[seat] = r.by;
    this.investigatorClaim[seat] = ++this.claimCount;
    this.claimDay[seat] = this.day;
    this.structural();
  }

  /** The player today's vote condemns: the shoot-out's victim, or the most-voted of the latest round. */
  condemned(): number {
    if (this.shootout !== 0) return this.shootout;
    let pick = 0;
    for (let s = 1; s <= this.n; s++) if (this.dayVotes[s] > (pick === 0 ? 0 : this.dayVotes[pick])) pick = s;
    return pick;
  }
}

/** The largest table whose seats fit the bits of Table.rowAuthors (1 << 30 is the last positive one). */
export const ROW_BITS = 30;

/** The seats of no tie (Table.lastTie before the first). */
const NO_TIE: readonly number[] = [];

/** Table.epoch: how many games Tables have started on. */
let epochs = 0;

/** Zeros into every entry (an array of doubles stays one: fill stores 0 as the array's kind). */
function zero(a: number[]): void {
  a.fill(0);
}

/** Two numbers onto a flat list used up to `length`; the new length. */
function append(list: number[], length: number, a: number, b: number): number {
  list[length] = a;
  list[length + 1] = b;
  return length + 2;
}

/**
 * The Tables of the records last read, per table size, two a size, the latest first: a game has two
 * public records (the audited bots' and the others', src/engine/game.ts) and smart reads both where a
 * plug-in builds on it (defaultPlayer), so each keeps its Table. A record of neither starts the older
 * Table afresh (Table.restart): games read in turn — one after another, or interleaved — read it again
 * from their record, so a Table is valid only until tableOf is next asked for other records of its
 * size. Nothing of one game is left in it for the next. (Not a WeakMap: its values outlive
 * young-generation collections, see src/views/sharedRecord.ts.)
 */
const tables: Table[][] = [];

/** The game's Table, up to date with its public record. */
export function tableOf(record: PublicRecord): Table {
  const kept = (tables[record.players] ??= []);
  let t = kept[0];
  if (t === undefined) kept[0] = t = new Table(record);
  else if (!t.holds(record)) {
    const other = kept[1];
    if (other === undefined) t = new Table(record);
    else {
      t = other;
      if (!t.holds(record)) t.restart(record);
    }
    kept[1] = kept[0];
    kept[0] = t;
  }
  t.update();
  return t;
}
