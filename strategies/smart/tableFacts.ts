// What the `smart` strategy's Table knows of one game's public record — claims, check reports,
// accusations, votes, vouches, deaths, the public reading — and how each fact is recorded: a fact also
// writes the journal step a private reading takes from it (./journal.ts) and marks the public reading
// stale where it must be worked out afresh. The Table (./table.ts) reads the record's events into these
// facts; TableFacts holds them, kept from game to game with their backing stores (restart).
import type { PublicRecord, RoleInfo } from '../../src/views/view.js';
import { ACCUSE, LEARN, STALE } from './journal.js';
import { BLACK, Reading, scoreArray, seatArray, type Evidence, type Report } from './reading.js';

/** The public facts of one game (the Evidence every reading reads), and the steps that record them. */
export class TableFacts implements Evidence {
  readonly n: number;
  /** The roles of the table (public), looked up by id in a loop (roleInfo). */
  private roles: readonly RoleInfo[] = [];
  /** The town's investigator role (the one the mafia claim), '' if the table has none. */
  investigatorRole = '';
  protected onlyMafiaKill = false;
  /** Town roles that kill at night (a maniac, a sportsman's duel): a night victim may be theirs. */
  protected otherKillers = false;
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
  protected readonly reportCount: number[];
  /** Tonight's dead, read together at the next event: how many died tells who may have killed them. */
  protected readonly dying: number[] = [];
  protected dyingLength = 0;
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
  protected voteRound = 0;
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
  protected cursor = 0;
  protected record: PublicRecord;

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

  protected step(kind: number, a: number, b: number, c: number): void {
    const j = this.journal;
    const k = this.journalLength;
    j[k] = kind;
    j[k + 1] = a;
    j[k + 2] = b;
    j[k + 3] = c;
    this.journalLength = k + 4;
  }

  /** C4.3: the votes of the latest round today, for the Lawyer's choice. */
  protected countRoundVote(target: number, round: number): void {
    if (round === this.voteRound) this.dayVotes[target]++;
    else {
      this.voteRound = round;
      for (let s = 0; s <= this.n; s++) this.dayVotes[s] = 0;
      this.dayVotes[target] = 1;
    }
  }

  protected structural(): void {
    this.pub.stale = true;
    this.step(STALE, 0, 0, 0);
  }

  protected attacked(by: number, target: number, w: number): void {
    const k = target * (this.n + 1) + by;
    this.attacks[k] += w;
    this.pushes[k]++;
    this.rowChanges[target]++;
    if (this.n <= ROW_BITS) this.rowAuthors[target] |= 1 << by;
  }

  protected learn(seat: number, colour: number): void {
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
  protected accuse(by: number, target: number): void {
    this.accusationsLength = append(this.accusations, this.accusationsLength, by, target);
    this.attacked(by, target, 0.5);
    this.pub.tell(by, target);
    this.step(ACCUSE, by, target, 0);
  }

  /** The vouches per target and author, zeroed: the last game's store if there is one. */
  protected vouchedStore(): number[] {
    const spare = this.spareVouched;
    if (spare === null) return seatArray((this.n + 1) * (this.n + 1) - 1);
    this.spareVouched = null;
    zero(spare);
    return spare;
  }

  protected hasReport(by: number, target: number, colour: number): boolean {
    for (const r of this.reports) if (r.by === by && r.target === target && r.colour === colour) return true;
    return false;
  }

  protected noteInvestigatorClaim(seat: number): void {
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
export function append(list: number[], length: number, a: number, b: number): number {
  list[length] = a;
  list[length + 1] = b;
  return length + 2;
}
