// What the `smart` strategy makes of the public record of one game, worked out once for all its seats:
// claims, check reports, accusations, votes, vouches, deaths, and the public reading (what every seat can
// infer: what the mafia expect the town to think). It reads the game's PublicRecord only — the events a
// spectator sees — so it holds nothing private by construction, and it is a function of the public
// record alone (rebuilt from it, it is the same; test/strategies.test.ts checks both). This file is
// the reading, event by event, and the Tables kept per table size (tableOf); the facts it reads the
// events into, and how each is recorded, are ./tableFacts.ts.
//
// Each seat's Mind (./mind.ts) adds its private reading on top, following the Table's journal: for each
// public event, the few steps a private reading takes from it, in order.
import type { GameEvent, Statement } from '../../src/model/events.js';
import type { PublicRecord } from '../../src/views/view.js';
import { DIED, LEFT, VOTE, VOUCH } from './journal.js';
import { BLACK, RED } from './reading.js';
import { append, ROW_BITS, TableFacts } from './tableFacts.js';

type EventType = GameEvent['t'];
type EventOf<T extends EventType> = Extract<GameEvent, { t: T }>;

/** One game's public record, read event by event into the facts a Table holds (TableFacts). */
export class Table extends TableFacts {
  private readonly readEvent = (e: GameEvent, type: EventType): void => this.read(e, type);

  /** Reads the public events logged since the last call. */
  update(): void {
    this.cursor = this.record.readEvents(this.cursor, this.readEvent);
    // A dawn's deaths are logged together, before anyone is asked anything: read them now.
    if (this.dyingLength > 0) this.afterDeaths();
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

  private validSeat(s: unknown): s is number {
    return typeof s === 'number' && Number.isInteger(s) && s >= 1 && s <= this.n;
  }
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
