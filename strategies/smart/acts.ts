// The public acts the reasoning reader weighs (./posterior.ts), read from a game's public record: who
// voted, nominated, accused or vouched for whom; who claimed the investigator role on which day and
// who let a day pass without; the check reports; who died at night and who lived through it; the
// colours the record makes certain. The likelihoods of these acts are measured by reading the same acts
// from finished games whose roles are known (./likelihoods.ts), so what is measured is what is read.
import type { GameEvent, Statement } from '../../src/model/events.js';
import type { PublicRecord, RoleInfo } from '../../src/views/view.js';

type EventType = GameEvent['t'];
type EventOf<T extends EventType> = Extract<GameEvent, { t: T }>;

/** Acts of one seat towards another. */
export const PAIR_KINDS = ['vote', 'nominate', 'accuse', 'vouch'] as const;
/**
 * Each act is read in one of two contexts: after the game's first investigator claim or report, or
 * before it, when nobody has anything to go on. A town player's first nomination of day 1 names a
 * seat at random, so naming a red is no tell there; after a claim the same act often is (the mafia
 * go for the claimant and those who vouch for him). Read in one cell, the blind acts of the first
 * speakers and the informed ones of the later speakers would be averaged into a seat artefact.
 */
export const PAIR_KEYS: readonly string[] = [...PAIR_KINDS, ...PAIR_KINDS.map((k) => `${k} before any claim`)];
/** The offset of a kind's key read before any claim. */
const BEFORE_ANY_CLAIM = PAIR_KINDS.length;
export const VOTE = 0;
export const NOMINATE = 1;
export const ACCUSE = 2;
export const VOUCH = 3;

/** Where a seat stands when it claims the investigator role or lets a day pass without: alone, with a living rival claimant, or reported black by one. */
const CLAIM_CONTEXTS = ['alone', 'rival', 'reported'] as const;
/** The days a claim is told apart by: 1, 2, and 3 or later. */
const CLAIM_DAYS = 3;

/**
 * A seat's own acts and fates, as cells: an act and its alternative (claimed today / let the day pass;
 * died tonight / lived) are two cells of one group, so that each group's probabilities add up to one.
 */
export const SEAT_CELLS: readonly string[] = [
  ...CLAIM_CONTEXTS.flatMap((c) => Array.from({ length: CLAIM_DAYS }, (_, d) => `claim day ${d + 1}${d + 1 === CLAIM_DAYS ? '+' : ''} ${c}`)),
  ...CLAIM_CONTEXTS.flatMap((c) => Array.from({ length: CLAIM_DAYS }, (_, d) => `quiet day ${d + 1}${d + 1 === CLAIM_DAYS ? '+' : ''} ${c}`)),
  'died at night',
  'died at night claimant',
  'lived the night',
  'lived the night claimant',
];
const QUIET = CLAIM_CONTEXTS.length * CLAIM_DAYS;
const DIED = 2 * QUIET;
const LIVED = DIED + 2;

/** Whether a cell is an investigator claim. */
export function isClaim(cell: number): boolean {
  return cell < QUIET;
}

/** The cell a seat's alternative act falls in (the other cell of its group). */
export function otherCell(cell: number): number {
  if (cell < QUIET) return cell + QUIET;
  if (cell < DIED) return cell - QUIET;
  return cell < LIVED ? cell + 2 : cell - 2;
}

/** A check report's cells, per target colour (red, black): the colour said, and whether the record alone gives it the lie. */
export const REPORT_CELLS: readonly string[] = ['red', 'black', 'red, impossible', 'black, impossible'];

/** What an act reader is told, in the order the record has it. Seats are 1…n; colours +1 black, -1 red. */
export interface ActSink {
  /** `actor` voted against, nominated, accused or vouched for `target`, choosing among `options` (a bit per seat); `kind` indexes PAIR_KEYS. */
  pair(kind: number, actor: number, target: number, options: number): void;
  /**
   * A seat's act or fate: a SEAT_CELLS index. `weight` -1 takes back a provisional act: a claim is told
   * at once in the context it has so far (`provisional`), and again when the day ends, in the context
   * the day ended in — the moment its alternative, letting the day pass, is read in too.
   */
  seat(cell: number, seat: number, weight: number, provisional: boolean): void;
  /** `by` reported `target` `colour`: a REPORT_CELLS index for the colour said (`cell`), read against the target's true colour. */
  report(by: number, target: number, cell: number): void;
  /** The record makes a seat's colour certain (a revealed role, the note). */
  certain(seat: number, colour: number): void;
  /** The record shows a seat to be the investigator (the note's author, U9.2). */
  investigator(seat: number): void;
}

/** The largest table whose seats fit the bits of an options mask (1 << 30 is the last positive one). */
export const MAX_ACT_SEATS = 30;

/** Reads a public record's acts into a sink, from where it stopped last time. */
export class Acts {
  readonly n: number;
  /**
   * Counts the sittings of the table that held acts of one seat towards another — a phase, the
   * nominations of a day, a round of votes, each elimination: a reader may take in the votes and
   * accusations of a sitting when the next begins, as a player sums up a round once it is over.
   */
  sitting = 0;
  /** Whether acts of one seat towards another were read since the last sitting ended. */
  private pairsRead = false;
  private voteRound = 0;
  private cursor = 0;
  /** Bit per living seat. */
  private alive: number;
  /** Bit per seat that has claimed the investigator role (by a claim or a report), and those of them who did today. */
  private claimed = 0;
  private claimedToday = 0;
  /** Per seat that claimed today, the cell it was told in at once. */
  private readonly provisional: number[];
  /** Per seat, a bit per claimant who reported it black. */
  private readonly blackBy: number[];
  /** Per claimant, the targets it reported (a bit each), and with which colour (bit set: black). */
  private readonly reported: number[];
  private readonly reportedBlack: number[];
  private nominees = 0;
  private tie = 0;
  private day = 0;
  /** Nights in which players acted so far (night 0 is the introduction, G2). */
  private nights = 0;
  /** Bit per seat alive at the start of the night under way (0: no such night). */
  private aliveAtNight = 0;
  private diedTonight = 0;
  /** Bit per seat alive when the day under way began. */
  private aliveAtDawn = 0;
  private readonly roles: readonly RoleInfo[];
  private readonly sink: ActSink;
  private readonly readEvent = (e: GameEvent, type: EventType): void => this.read(e, type);

  constructor(
    private readonly record: PublicRecord,
    sink: ActSink,
  ) {
    const n = record.players;
    if (n > MAX_ACT_SEATS) throw new Error(`acts: at most ${MAX_ACT_SEATS} seats, got ${n}`);
    this.n = n;
    this.sink = sink;
    this.roles = record.tableRoles;
    this.alive = seatsMask(n);
    this.blackBy = new Array<number>(n + 1).fill(0);
    this.reported = new Array<number>(n + 1).fill(0);
    this.reportedBlack = new Array<number>(n + 1).fill(0);
    this.provisional = new Array<number>(n + 1).fill(0);
  }

  /** Reads the events logged since the last call. */
  update(): void {
    this.cursor = this.record.readEvents(this.cursor, this.readEvent);
  }

  /** One public event (a finished game's last day ends with no night: its quiet seats are not read). */
  private read(e: GameEvent, type: EventType): void {
    switch (type) {
      case 'vote': {
        const v = e as EventOf<'vote'>;
        const options = (v.round > 1 && this.tie !== 0 ? this.tie : this.nominees) & ~bit(v.seat);
        if (v.round !== this.voteRound) {
          this.voteRound = v.round;
          this.endSitting();
        }
        this.pair(VOTE, v.seat, v.target, options);
        return;
      }
      case 'nominate': {
        const v = e as EventOf<'nominate'>;
        if (this.nominees === 0) this.endSitting();
        this.pair(NOMINATE, v.seat, v.target, this.alive & ~this.nominees & ~bit(v.seat));
        this.nominees |= bit(v.target);
        return;
      }
      case 'speech':
      case 'lastWord':
        return this.hear((e as EventOf<'speech'>).seat, (e as EventOf<'speech'>).statements);
      case 'tie':
        this.tie = maskOf((e as EventOf<'tie'>).seats);
        return;
      case 'phase':
        return this.phase(e as EventOf<'phase'>);
      case 'eliminated': {
        const v = e as EventOf<'eliminated'>;
        this.endSitting();
        this.alive &= ~bit(v.seat);
        this.reveal(v.seat, v.role);
        return;
      }
      case 'died': {
        const v = e as EventOf<'died'>;
        this.alive &= ~bit(v.seat);
        if (this.aliveAtNight !== 0) this.diedTonight |= bit(v.seat);
        this.reveal(v.seat, v.role);
        return;
      }
      case 'noteAnnounced': {
        const v = e as EventOf<'noteAnnounced'>;
        this.sink.certain(v.target, v.result === 'black' ? 1 : -1);
        this.sink.certain(v.seat, -1);
        this.sink.investigator(v.seat);
        return;
      }
      default:
        return;
    }
  }

  private pair(kind: number, actor: number, target: number, options: number): void {
    this.sink.pair(this.claimed === 0 ? kind + BEFORE_ANY_CLAIM : kind, actor, target, options);
    this.pairsRead = true;
  }

  private endSitting(): void {
    if (!this.pairsRead) return;
    this.sitting++;
    this.pairsRead = false;
  }

  private phase(e: EventOf<'phase'>): void {
    this.endSitting();
    this.voteRound = 0;
    this.nominees = 0;
    this.tie = 0;
    if (e.phase === 'night') {
      if (this.day > 0) this.endDay();
      if (e.n >= 1) {
        this.nights++;
        this.aliveAtNight = this.alive;
        this.diedTonight = 0;
      }
      return;
    }
    if (this.aliveAtNight !== 0) this.endNight();
    this.aliveAtDawn = this.alive;
    this.day = e.n;
  }

  /**
   * Every seat that had not claimed before today, in the context the day ended in: it claimed today (its
   * provisional cell taken back), or let the day pass.
   */
  private endDay(): void {
    const open = seatsMask(this.n) & ~(this.claimed & ~this.claimedToday);
    // (a seat voted out today spoke today; one dead before the day never did)
    for (let s = 1; s <= this.n; s++) {
      if ((open & bit(s)) === 0 || !this.spokeToday(s)) continue;
      const cell = this.claimCell(s);
      if ((this.claimedToday & bit(s)) === 0) this.sink.seat(QUIET + cell, s, 1, false);
      else {
        this.sink.seat(this.provisional[s], s, -1, true);
        this.sink.seat(cell, s, 1, false);
      }
    }
    this.claimedToday = 0;
  }

  /** Whether a seat was alive at some point of the day now ending (alive now, or eliminated today). */
  private spokeToday(s: number): boolean {
    return (this.alive & bit(s)) !== 0 || (this.eliminatedToday & bit(s)) !== 0;
  }
  private get eliminatedToday(): number {
    return this.aliveAtDawn & ~this.alive;
  }

  private endNight(): void {
    const was = this.aliveAtNight;
    for (let s = 1; s <= this.n; s++) {
      if ((was & bit(s)) === 0) continue;
      const claimant = (this.claimed & bit(s)) !== 0 ? 1 : 0;
      this.sink.seat(((this.diedTonight & bit(s)) !== 0 ? DIED : LIVED) + claimant, s, 1, false);
    }
    this.aliveAtNight = 0;
  }

  /** The claim cell for seat `s` today (its group's first cell: the claim). */
  private claimCell(s: number): number {
    const living = this.claimed & this.alive & ~bit(s);
    const context = (this.blackBy[s] & living) !== 0 ? 2 : living !== 0 ? 1 : 0;
    return context * CLAIM_DAYS + Math.min(this.day, CLAIM_DAYS) - 1;
  }

  private hear(seat: number, statements: readonly Statement[]): void {
    for (let i = 0; i < statements.length; i++) {
      const x = statements[i];
      switch (x.type) {
        case 'claim':
          if (this.roleInfo(x.role)?.traits.investigator) this.claim(seat);
          break;
        case 'check':
          if (this.valid(x.seat)) this.report(seat, x.seat, x.result === 'black' ? 1 : -1);
          break;
        case 'accuse':
          if (this.valid(x.seat)) this.pair(ACCUSE, seat, x.seat, this.alive & ~bit(seat));
          break;
        case 'vouch':
          if (this.valid(x.seat)) this.pair(VOUCH, seat, x.seat, this.alive & ~bit(seat));
          break;
      }
    }
  }

  private claim(seat: number): void {
    if ((this.claimed & bit(seat)) !== 0) return;
    this.claimed |= bit(seat);
    if (this.day === 0) return;
    this.claimedToday |= bit(seat);
    this.provisional[seat] = this.claimCell(seat);
    this.sink.seat(this.provisional[seat], seat, 1, true);
  }

  /** A report is a claim; the record alone gives it the lie on himself, beyond his nights, or against his own earlier word. */
  private report(by: number, target: number, colour: number): void {
    this.claim(by);
    const t = bit(target);
    const said = colour > 0 ? 1 : 0;
    if ((this.reported[by] & t) !== 0 && ((this.reportedBlack[by] & t) !== 0 ? 1 : 0) === said) return; // said before
    const twice = (this.reported[by] & t) !== 0;
    this.reported[by] |= t;
    if (said === 1) {
      this.reportedBlack[by] |= t;
      this.blackBy[target] |= bit(by);
    }
    const impossible = target === by || twice || popcount(this.reported[by]) > this.nights;
    this.sink.report(by, target, said + (impossible ? 2 : 0));
  }

  private reveal(seat: number, role: string | undefined): void {
    if (role === undefined) return;
    const r = this.roleInfo(role);
    if (r) this.sink.certain(seat, r.team === 'mafia' ? 1 : -1);
  }

  private roleInfo(id: string): RoleInfo | undefined {
    for (let i = 0; i < this.roles.length; i++) if (this.roles[i].id === id) return this.roles[i];
    return undefined;
  }

  private valid(s: unknown): s is number {
    return typeof s === 'number' && Number.isInteger(s) && s >= 1 && s <= this.n;
  }
}

export function bit(seat: number): number {
  return 1 << seat;
}

/** The bits of seats 1…n. */
export function seatsMask(n: number): number {
  return (n >= 31 ? -1 : (1 << (n + 1)) - 1) & ~1;
}

function maskOf(seats: readonly number[]): number {
  let m = 0;
  for (const s of seats) m |= bit(s);
  return m;
}

export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
