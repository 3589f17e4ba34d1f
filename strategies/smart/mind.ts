// One seat's memory for one game of the `smart` strategy: it reads only the new visible events at each
// decision (view.events(from)) and keeps a suspicion model built from claims, check reports, the
// commissar's note, accusations, nominations, votes and deaths. Everything here comes from the PlayerView.
import type { GameEvent, Statement } from '../../src/engine/events.js';
import { roleById } from '../../src/rules/roles.js';
import type { PlayerView } from '../../src/views/view.js';

/** Roles that check a player's colour (U9, C12) and roles that protect (U8, C7). */
export const INVESTIGATORS: ReadonlySet<string> = new Set(['commissar', 'policeman']);
export const PROTECTORS: ReadonlySet<string> = new Set(['doctor']);

interface Report {
  readonly by: number;
  readonly target: number;
  /** +1 black, -1 red. */
  readonly colour: number;
}


const BLACK = 1;
/** How much a living player's accusation moves its target. */
const ACCUSE = 0;
/** The colour a night victim is taken to have for tells: probably red (the mafia shot him). */
const NIGHT_VICTIM = -0.75;
const RED = -1;

/** The colour a role shows to an investigator, as +1 black / -1 red (catalogue data, public). */
function roleColour(role: string | undefined): number {
  if (!role) return 0;
  const r = roleById(role);
  return r ? (r.team === 'mafia' ? BLACK : RED) : 0;
}

/** Zeros per table size, copied for each new per-seat array (a copy is cheaper than building one). */
const ZEROS: number[][] = [];

function seatArray(n: number): number[] {
  let z = ZEROS[n];
  if (z === undefined) {
    z = [];
    for (let i = 0; i <= n; i++) z.push(0);
    ZEROS[n] = z;
  }
  return z.slice();
}

export class Mind {
  readonly n: number;
  readonly me: number;
  readonly role: string;
  readonly town: boolean;
  readonly rules: string;
  /** 1 for a known member of my team (myself included). */
  readonly ally: number[];
  /** Colour known for certain from public facts: the note (U9.2), revealed roles (G3). */
  readonly pubKnown: number[];
  /** pubKnown plus what only I know: my team, my own colour, my checks. */
  readonly known: number[];
  /** 1 once I have checked the seat (made on first use, like the other role-specific arrays below). */
  get checked(): number[] {
    return (this.checkedA ??= seatArray(this.n));
  }
  /** The investigator claim order per seat (1 = first to claim), 0 = never claimed one. */
  readonly investigatorClaim: number[];
  /** 1 for a seat that claimed to be a protector. */
  get protectorClaim(): number[] {
    return (this.protectorA ??= seatArray(this.n));
  }
  readonly diedAtNight: number[];
  /** How hard each seat went for me (accused, nominated, voted me): only a red player can read it as a tell. */
  readonly attackedMe: number[];
  readonly reports: Report[] = [];
  /** Accusations and nominations seen, flat: accuser, target, … */
  readonly accusations: number[] = [];
  /** The weight of the accusations against each seat (more from an accuser since killed at night). */
  readonly accused: number[];
  /** Accusations each seat made against my known team (the mafia's count). */
  get accusedAllies(): number[] {
    return (this.accusedAlliesA ??= seatArray(this.n));
  }
  /** Vouches seen, flat: speaker, target, … */
  readonly vouches: number[] = [];
  /** Votes seen, flat: voter, target, … */
  readonly votes: number[] = [];
  /** My own investigator results in order (the targets; colour in `known`). */
  readonly myChecks: number[] = [];
  /** The seats of the latest tied vote (U3.4). */
  lastTie: readonly number[] = [];
  /** Votes per seat in the latest round today (C4.3: whom the Lawyer would save), and that round. */
  get dayVotes(): number[] {
    return (this.dayVotesA ??= seatArray(this.n));
  }
  private voteRound = 0;
  /** Today's shoot-out victim (C4.2), 0 if none. */
  shootout = 0;
  /** Tonight's team kill target (seen by the team), 0 if none yet. */
  teamKillTonight = 0;
  /** The seat whose night death is being read. */
  private lastDead = 0;
  claimCount = 0;
  /** I claimed the investigator role (a mafia counter- or fake claim). */
  iClaimed = false;
  /** Checks I have already reported (speaker side), so a speech repeats nothing. */
  get reported(): number[] {
    return (this.reportedA ??= seatArray(this.n));
  }
  /** Scratch arrays for the strategy's per-decision scores (reused: no garbage per decision). */
  get scratchA(): number[] {
    return (this.scratchAA ??= seatArray(this.n));
  }
  get scratchB(): number[] {
    return (this.scratchBA ??= seatArray(this.n));
  }
  private checkedA: number[] | null = null;
  private protectorA: number[] | null = null;
  private accusedAlliesA: number[] | null = null;
  private dayVotesA: number[] | null = null;
  private reportedA: number[] | null = null;
  private scratchAA: number[] | null = null;
  private scratchBA: number[] | null = null;
  private cursor = 0;
  /**
   * Suspicion, private and public, kept up to date event by event; a "structural" change (a claim, a
   * report, a certain colour, a claimant's death) marks it for a full recomputation at the next read.
   */
  private readonly susPriv: number[];
  /** The colour each reading takes as settled (certain, or reported by a strongly trusted claimant). */
  private readonly colourPriv: number[];
  /** The public reading is made on first use (most town seats never need it), then kept up to date. */
  private susPubA: number[] | null = null;
  private colourPubA: number[] | null = null;
  private readonly trustTmp: number[];
  private dirtyPriv = true;
  private dirtyPub = true;

  constructor(view: PlayerView) {
    const n = view.players;
    this.n = n;
    this.me = view.seat;
    this.role = view.role;
    this.town = view.team === 'town';
    this.rules = view.rules;
    this.ally = seatArray(n);
    this.pubKnown = seatArray(n);
    this.known = seatArray(n);
    this.investigatorClaim = seatArray(n);
    this.diedAtNight = seatArray(n);
    this.attackedMe = seatArray(n);
    this.accused = seatArray(n);
    this.susPriv = seatArray(n);
    this.colourPriv = seatArray(n);
    this.trustTmp = seatArray(n);
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
  }

  /** Reads the events that became visible since the last call. */
  update(view: PlayerView): void {
    const fresh = view.events(this.cursor);
    if (fresh.length === 0) return;
    this.cursor += fresh.length;
    for (let i = 0; i < fresh.length; i++) this.read(fresh[i]);
  }

  private read(e: GameEvent): void {
    switch (e.t) {
      // The commonest first: votes, speeches and nominations are most of a game's events.
      case 'vote':
        this.vote(e.seat, e.target);
        if (this.rules !== 'club') break;
        if (e.round === this.voteRound) this.dayVotes[e.target]++;
        else {
          this.voteRound = e.round;
          for (let s = 0; s <= this.n; s++) this.dayVotes[s] = 0;
          this.dayVotes[e.target] = 1;
        }
        break;
      case 'speech':
      case 'lastWord':
        // My own words count too: the public reading (which the mafia share) must be the same for every reader.
        if (e.statements.length > 0) this.hear(e.seat, e.statements);
        break;
      case 'nominate':
        if (e.target === this.me) this.attack(e.seat, 0.5);
        this.accuse(e.seat, e.target);
        break;
      case 'phase':
        this.voteRound = 0;
        this.shootout = 0;
        this.teamKillTonight = 0;
        break;
      case 'shootout':
        this.shootout = e.executed;
        break;
      case 'action':
        if (e.kind === 'mafiaKill' && e.target !== null) this.teamKillTonight = e.target;
        break;
      case 'jointKill':
        if (e.target !== null) this.teamKillTonight = e.target;
        break;
      case 'eliminated':
        this.learnPublic(e.seat, roleColour(e.role));
        break;
      case 'died':
        this.diedAtNight[e.seat] = 1;
        this.lastDead = e.seat;
        this.deadManWasRight(e.seat);
        if (this.investigatorClaim[e.seat] !== 0) this.structural();
        this.learnPublic(e.seat, roleColour(e.role));
        // Vanilla: only the mafia kill at night (V3), so a night victim is red.
        if (this.rules === 'vanilla') this.learnPublic(e.seat, RED);
        break;
      case 'noteAnnounced':
        // U9.2: the note is the engine's, so it is true; its author was a real investigator.
        this.learnPublic(e.target, e.result === 'black' ? BLACK : RED);
        this.learnPublic(e.seat, RED);
        if (this.investigatorClaim[e.seat] === 0) this.investigatorClaim[e.seat] = ++this.claimCount;
        break;
      case 'check':
        if (e.seat === this.me) {
          this.checked[e.target] = 1;
          this.myChecks.push(e.target);
          this.known[e.target] = e.result === 'black' ? BLACK : RED;
          this.dirtyPriv = true;
        }
        break;
      case 'tie':
        this.lastTie = e.seats;
        break;
      case 'team':
        for (const s of e.seats) this.ally[s] = 1;
        break;
      default:
        break;
    }
  }

  private structural(): void {
    this.dirtyPriv = this.dirtyPub = true;
  }

  private learnPublic(seat: number, colour: number): void {
    if (colour === 0 || this.pubKnown[seat] === colour) return;
    this.pubKnown[seat] = colour;
    if (this.known[seat] === 0) this.known[seat] = colour;
    this.structural();
  }

  /** Someone went for me: only a red player can read that as a tell. */
  private attack(by: number, w: number): void {
    this.attackedMe[by] += w;
    if (this.town) this.susPriv[by] += w;
  }

  /**
   * An accusation or nomination from a living player barely moves the target (anyone may lie; following
   * accusers is how a bloc steers a town); it is the accuser it tells about once the target's colour is
   * settled, like a vote. Accusations by players later killed at night count (deadManWasRight).
   */
  private accuse(by: number, target: number): void {
    this.accusations.push(by, target);
    this.accused[target] += ACCUSE;
    this.susPriv[target] += ACCUSE;
    this.susPriv[by] -= 0.6 * this.colourPriv[target];
    const pub = this.susPubA;
    if (pub) {
      pub[target] += ACCUSE;
      pub[by] -= 0.6 * this.colourPubA![target];
    }
    if (!this.town && this.ally[target] === 1 && this.ally[by] === 0) this.accusedAllies[by]++;
  }

  private vote(by: number, target: number): void {
    this.votes.push(by, target);
    if (target === this.me) this.attack(by, 0.3);
    // Voting against a red is a tell, against a black a credit.
    this.susPriv[by] -= 0.6 * this.colourPriv[target];
    if (this.susPubA) this.susPubA[by] -= 0.6 * this.colourPubA![target];
  }

  /**
   * A player killed at night was probably red (the mafia shot him): what he accused and voted against
   * counts more now, and those who pushed against him are suspect, as if he had been shown red.
   */
  private deadManWasRight(dead: number): void {
    const pubC = this.colourPubA;
    const pub = this.susPubA;
    const a = this.accusations;
    for (let i = 0; i < a.length; i += 2) {
      if (a[i] === dead) {
        this.accused[a[i + 1]] += 0.35;
        this.susPriv[a[i + 1]] += 0.35;
        if (pub) pub[a[i + 1]] += 0.35;
      } else if (a[i + 1] === dead) this.pushedNightVictim(a[i]);
    }
    const v = this.votes;
    for (let i = 0; i < v.length; i += 2) {
      if (v[i] === dead) {
        if (this.colourPriv[v[i + 1]] === 0) this.susPriv[v[i + 1]] += 0.2;
        if (pub && pubC![v[i + 1]] === 0) pub[v[i + 1]] += 0.2;
      } else if (v[i + 1] === dead) this.pushedNightVictim(v[i]);
    }
    if (this.colourPriv[dead] === 0) this.colourPriv[dead] = NIGHT_VICTIM;
    if (pubC && pubC[dead] === 0) pubC[dead] = NIGHT_VICTIM;
  }

  /** A vote or accusation against a seat since killed at night: a tell, as against a red (before its colour is set). */
  private pushedNightVictim(by: number): void {
    if (this.colourPriv[this.lastDead] === 0) this.susPriv[by] -= 0.6 * NIGHT_VICTIM;
    if (this.susPubA && this.colourPubA![this.lastDead] === 0) this.susPubA[by] -= 0.6 * NIGHT_VICTIM;
  }

  private hear(seat: number, statements: readonly Statement[]): void {
    for (const x of statements) {
      switch (x.type) {
        case 'claim':
          if (INVESTIGATORS.has(x.role)) this.noteInvestigatorClaim(seat);
          else if (PROTECTORS.has(x.role)) this.protectorClaim[seat] = 1;
          break;
        case 'check': {
          if (!this.validSeat(x.seat)) break;
          this.noteInvestigatorClaim(seat); // a check report is an investigator claim
          const colour = x.result === 'black' ? BLACK : RED;
          if (!this.hasReport(seat, x.seat, colour)) {
            this.reports.push({ by: seat, target: x.seat, colour });
            this.structural();
          }
          break;
        }
        case 'accuse':
          if (!this.validSeat(x.seat)) break;
          if (x.seat === this.me) this.attack(seat, 0.5);
          this.accuse(seat, x.seat);
          break;
        case 'vouch':
          if (!this.validSeat(x.seat)) break;
          this.vouches.push(seat, x.seat);
          this.susPriv[seat] += vouchWeight(this.colourPriv[x.seat]);
          if (this.susPubA) this.susPubA[seat] += vouchWeight(this.colourPubA![x.seat]);
          break;
      }
    }
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
    this.investigatorClaim[seat] = ++this.claimCount;
    this.structural();
  }

  /**
   * How far I believe a seat's investigator claim (0..1). `priv` uses what only I know (my colour,
   * my checks); without it, it is the table's public reading (what the mafia expect the town to think).
   */
  trust(seat: number, priv: boolean): number {
    const order = this.investigatorClaim[seat];
    if (order === 0) return 0;
    const known = priv ? this.known : this.pubKnown;
    if (known[seat] === BLACK) return 0;
    for (const r of this.reports) if (r.by === seat && known[r.target] !== 0 && known[r.target] !== r.colour) return 0; // a liar
    if (priv && INVESTIGATORS.has(this.role) && this.town && seat !== this.me) return 0.1; // I am the investigator
    if (known[seat] === RED || this.diedAtNight[seat] === 1) return 0.95;
    let rivals = 0;
    let firstOther = Infinity;
    for (let s = 1; s <= this.n; s++) {
      const o = this.investigatorClaim[s];
      if (s === seat || o === 0) continue;
      if (o < firstOther) firstOther = o;
      if (known[s] !== BLACK) rivals++;
    }
    if (rivals === 0) return 0.85;
    return order < firstOther ? 0.6 : 0.35;
  }

  /** Suspicion per seat (higher = more likely black); private (my knowledge) or public (the table's). */
  suspicion(priv: boolean): readonly number[] {
    if (priv ? this.dirtyPriv : this.dirtyPub) this.recompute(priv);
    return priv ? this.susPriv : this.susPubA!;
  }

  /** The full recomputation from everything seen (the incremental updates above keep it current in between). */
  private recompute(priv: boolean): void {
    const out = priv ? this.susPriv : (this.susPubA ??= seatArray(this.n));
    const colour = priv ? this.colourPriv : (this.colourPubA ??= seatArray(this.n));
    const known = priv ? this.known : this.pubKnown;
    const n = this.n;
    const trust = this.trustTmp;
    for (let s = 0; s <= n; s++) {
      out[s] = this.accused[s];
      colour[s] = known[s] !== 0 ? known[s] : this.diedAtNight[s] === 1 ? NIGHT_VICTIM : 0;
      trust[s] = this.claimCount > 0 && this.investigatorClaim[s] !== 0 ? this.trust(s, priv) : 0;
    }
    if (this.claimCount > 0) {
      for (let s = 1; s <= n; s++) {
        if (this.investigatorClaim[s] === 0) continue;
        out[s] += 2 * (1 - 2 * trust[s]);
        if (colour[s] === 0 && trust[s] >= 0.85) colour[s] = RED;
      }
      for (const r of this.reports) {
        const t = trust[r.by];
        out[r.target] += 3 * r.colour * t;
        if (colour[r.target] === 0 && t >= 0.85) colour[r.target] = r.colour;
      }
    }
    const acc = this.accusations;
    for (let i = 0; i < acc.length; i += 2) out[acc[i]] -= 0.6 * colour[acc[i + 1]];
    const votes = this.votes;
    for (let i = 0; i < votes.length; i += 2) {
      const by = votes[i];
      const c = colour[votes[i + 1]];
      if (c !== 0) out[by] -= 0.6 * c;
      else if (this.diedAtNight[by] === 1) out[votes[i + 1]] += 0.2;
    }
    const vouches = this.vouches;
    for (let i = 0; i < vouches.length; i += 2) out[vouches[i]] += vouchWeight(colour[vouches[i + 1]]);
    if (priv && this.town) for (let s = 1; s <= n; s++) out[s] += this.attackedMe[s];
    for (let s = 1; s <= n; s++) if (known[s] !== 0) out[s] = 50 * known[s];
    if (priv) this.dirtyPriv = false;
    else this.dirtyPub = false;
  }

  /** The player today's vote condemns: the shoot-out's victim, or the most-voted of the latest round. */
  condemned(): number {
    if (this.shootout !== 0) return this.shootout;
    let pick = 0;
    for (let s = 1; s <= this.n; s++) if (this.dayVotes[s] > (pick === 0 ? 0 : this.dayVotes[pick])) pick = s;
    return pick;
  }

  /** The living seat (not me) whose investigator claim I believe most, if I believe it at least `min`. */
  trustedInvestigator(view: PlayerView, min: number): number {
    if (this.claimCount === 0) return 0;
    let best = 0;
    let bestT = min;
    for (let s = 1; s <= this.n; s++) {
      if (s === this.me || this.investigatorClaim[s] === 0 || !view.isAlive(s)) continue;
      const t = this.trust(s, true);
      if (t >= bestT) {
        best = s;
        bestT = t;
      }
    }
    return best;
  }
}

/** Vouching for a black is a tell; for a red, a small credit. */
function vouchWeight(colour: number): number {
  return colour > 0 ? 1.5 : colour < 0 ? -0.2 : 0;
}
