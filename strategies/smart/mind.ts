// One seat's memory for one game of the `smart` strategy: it reads only the new visible events at each
// decision (view.readEvents(from, …)) and keeps a suspicion model built from claims, check reports, the
// commissar's note, accusations, nominations, votes and deaths. Everything here comes from the PlayerView.
import type { GameEvent, Statement } from '../../src/engine/events.js';
import { roleById } from '../../src/rules/roles.js';
import type { PlayerView } from '../../src/views/view.js';

/** Roles that check a player's colour (U9, C12) and roles that protect (U8, C7). */
export const INVESTIGATORS: ReadonlySet<string> = new Set(['commissar', 'policeman']);
export const PROTECTORS: ReadonlySet<string> = new Set(['doctor']);

type EventType = GameEvent['t'];
type EventOf<T extends EventType> = Extract<GameEvent, { t: T }>;

interface Report {
  readonly by: number;
  readonly target: number;
  /** +1 black, -1 red. */
  readonly colour: number;
}


const BLACK = 1;
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
const COUNTS: number[][] = [];
const SCORES: number[][] = [];

/** A per-seat array of whole numbers (flags, counts, ±1 colours), index 0 unused. */
function seatArray(n: number): number[] {
  return (COUNTS[n] ??= zeros(n, 0)).slice();
}

/**
 * A per-seat array of fractions (suspicion, weights). Its template is made of doubles, so the first
 * fraction stored does not convert the array's storage from small integers to doubles.
 */
function scoreArray(n: number): number[] {
  return (SCORES[n] ??= zeros(n, 0.5)).slice();
}

function zeros(n: number, kindOf: number): number[] {
  const z = [kindOf]; // the first element sets the storage kind, which later zeros do not change
  for (let i = 1; i <= n; i++) z.push(0);
  z[0] = 0;
  return z;
}

/**
 * One reading of the table: suspicion per seat (higher = more likely black) and the colours it takes as
 * settled. The private reading uses what only I know (my colour, my team, my checks); the public one,
 * what every seat knows (what the mafia expect the town to think). A reading is made at its first use
 * and then kept up to date event by event; a structural change (a claim, a report, a certain colour, a
 * claimant's death) marks it stale, for a full recomputation at its next use.
 */
class Reading {
  readonly sus: number[];
  /** The colour taken as settled: certain, or reported by a strongly trusted claimant; a night victim's is NIGHT_VICTIM. */
  readonly colour: number[];
  /** Per claimant, how far this reading trusts him as of its last recomputation (made at the first claim). */
  trust: number[] | null = null;
  stale = true;

  constructor(
    n: number,
    readonly priv: boolean,
    /** The colours this reading knows for certain (Mind.known or Mind.pubKnown). */
    readonly known: readonly number[],
  ) {
    this.sus = scoreArray(n);
    this.colour = scoreArray(n);
  }

  /** `by` voted against or accused `target`: against a settled red it is a tell, against a black a credit. */
  tell(by: number, target: number): void {
    const c = this.colour[target];
    if (c !== 0) this.sus[by] -= 0.6 * c;
  }

  vouch(by: number, target: number): void {
    this.sus[by] += vouchWeight(this.colour[target]);
  }

  /** What the dead man voted against counts a little more, while its colour is open (Mind.deadManWasRight). */
  deadVoted(target: number): void {
    if (this.colour[target] === 0) this.sus[target] += 0.2;
  }

  /** A vote or accusation against a night victim, while his colour is open: a tell, as against a red. */
  pushedVictim(by: number): void {
    this.sus[by] -= 0.6 * NIGHT_VICTIM;
  }
}

export class Mind {
  readonly n: number;
  readonly me: number;
  readonly role: string;
  readonly town: boolean;
  readonly rules: string;
  private readonly club: boolean;
  private readonly vanilla: boolean;
  /** A town investigator (commissar, policeman): it trusts no other claimant. */
  readonly investigator: boolean;
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
  claimCount = 0;
  /** I claimed the investigator role (a mafia counter- or fake claim). */
  iClaimed = false;
  /** Checks I have already reported (speaker side), so a speech repeats nothing. */
  get reported(): number[] {
    return (this.reportedA ??= seatArray(this.n));
  }
  /** Scratch arrays for the strategy's per-decision scores (reused: no garbage per decision). */
  get scratchA(): number[] {
    return (this.scratchAA ??= scoreArray(this.n));
  }
  get scratchB(): number[] {
    return (this.scratchBA ??= scoreArray(this.n));
  }
  private checkedA: number[] | null = null;
  private protectorA: number[] | null = null;
  private accusedAlliesA: number[] | null = null;
  private dayVotesA: number[] | null = null;
  private reportedA: number[] | null = null;
  private scratchAA: number[] | null = null;
  private scratchBA: number[] | null = null;
  private cursor = 0;
  /** The private and the public reading, each made at its first use (the mafia never need the private one). */
  private privA: Reading | null = null;
  private pubA: Reading | null = null;

  constructor(view: PlayerView) {
    const n = view.players;
    this.n = n;
    this.me = view.seat;
    this.role = view.role;
    this.town = view.team === 'town';
    this.rules = view.rules;
    this.club = this.rules === 'club';
    this.vanilla = this.rules === 'vanilla';
    this.investigator = this.town && INVESTIGATORS.has(this.role);
    this.ally = seatArray(n);
    this.pubKnown = seatArray(n);
    this.known = seatArray(n);
    this.investigatorClaim = seatArray(n);
    this.diedAtNight = seatArray(n);
    this.attackedMe = scoreArray(n);
    this.accused = scoreArray(n);
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
    this.cursor = view.readEvents(this.cursor, this.readEvent);
  }

  private readonly readEvent = (e: GameEvent, type: EventType): void => this.read(e, type);

  /**
   * One event, by its type: `type` is `e.t`, handed over by the view (`e.t` itself, read across two
   * dozen event shapes, is a slow megamorphic property load). Each kind has its own method, which keeps
   * the loads of its fields fast too: V8 shares one property-load cache among the loads of a name from
   * one variable in a function, so `e.seat` read here for every kind would be megamorphic as well.
   */
  private read(e: GameEvent, type: EventType): void {
    switch (type) {
      // The commonest first: votes, speeches and nominations are most of a game's events.
      case 'vote':
        return this.readVote(e as EventOf<'vote'>);
      case 'speech':
      case 'lastWord':
        return this.readSpeech(e as EventOf<'speech' | 'lastWord'>);
      case 'nominate':
        return this.readNomination(e as EventOf<'nominate'>);
      case 'phase':
        return this.readPhase();
      case 'shootout':
        return this.readShootout(e as EventOf<'shootout'>);
      case 'action':
        return this.readAction(e as EventOf<'action'>);
      case 'jointKill':
        return this.readJointKill(e as EventOf<'jointKill'>);
      case 'eliminated':
        return this.readElimination(e as EventOf<'eliminated'>);
      case 'died':
        return this.readNightDeath(e as EventOf<'died'>);
      case 'noteAnnounced':
        return this.readNote(e as EventOf<'noteAnnounced'>);
      case 'check':
        return this.readCheck(e as EventOf<'check'>);
      case 'tie':
        return this.readTie(e as EventOf<'tie'>);
      case 'team':
        return this.readTeam(e as EventOf<'team'>);
      default:
        return;
    }
  }

  private readVote(e: EventOf<'vote'>): void {
    this.vote(e.seat, e.target);
    if (this.club) this.countRoundVote(e.target, e.round);
  }

  private readSpeech(e: EventOf<'speech' | 'lastWord'>): void {
    // My own words count too: the public reading (which the mafia share) must be the same for every reader.
    if (e.statements.length > 0) this.hear(e.seat, e.statements);
  }

  private readNomination(e: EventOf<'nominate'>): void {
    if (e.target === this.me) this.attack(e.seat, 0.5);
    this.accuse(e.seat, e.target);
  }

  private readPhase(): void {
    this.voteRound = 0;
    this.shootout = 0;
    this.teamKillTonight = 0;
  }

  private readShootout(e: EventOf<'shootout'>): void {
    this.shootout = e.executed;
  }

  private readAction(e: EventOf<'action'>): void {
    if (e.kind === 'mafiaKill' && e.target !== null) this.teamKillTonight = e.target;
  }

  private readJointKill(e: EventOf<'jointKill'>): void {
    if (e.target !== null) this.teamKillTonight = e.target;
  }

  private readElimination(e: EventOf<'eliminated'>): void {
    this.learnPublic(e.seat, roleColour(e.role));
  }

  private readNightDeath(e: EventOf<'died'>): void {
    this.diedAtNight[e.seat] = 1;
    this.deadManWasRight(e.seat);
    if (this.investigatorClaim[e.seat] !== 0) this.structural();
    this.learnPublic(e.seat, roleColour(e.role));
    // Vanilla: only the mafia kill at night (V3), so a night victim is red.
    if (this.vanilla) this.learnPublic(e.seat, RED);
  }

  /** U9.2: the note is the engine's, so it is true; its author was a real investigator. */
  private readNote(e: EventOf<'noteAnnounced'>): void {
    this.learnPublic(e.target, e.result === 'black' ? BLACK : RED);
    this.learnPublic(e.seat, RED);
    this.noteInvestigatorClaim(e.seat);
  }

  private readCheck(e: EventOf<'check'>): void {
    if (e.seat !== this.me) return;
    this.checked[e.target] = 1;
    this.myChecks.push(e.target);
    this.known[e.target] = e.result === 'black' ? BLACK : RED;
    if (this.privA !== null) this.privA.stale = true;
  }

  private readTie(e: EventOf<'tie'>): void {
    this.lastTie = e.seats;
  }

  private readTeam(e: EventOf<'team'>): void {
    for (const s of e.seats) this.ally[s] = 1;
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
    if (this.privA !== null) this.privA.stale = true;
    if (this.pubA !== null) this.pubA.stale = true;
  }

  private learnPublic(seat: number, colour: number): void {
    if (colour === 0 || this.pubKnown[seat] === colour) return;
    this.pubKnown[seat] = colour;
    if (this.known[seat] === 0) this.known[seat] = colour;
    this.structural();
  }

  /** Someone went for me: only a red player can read that as a tell. */
  private attack(by: number, w: number): void {
    if (!this.town) return;
    this.attackedMe[by] += w;
    if (this.privA !== null) this.privA.sus[by] += w;
  }

  /**
   * An accusation or nomination from a living player moves its target by nothing (anyone may lie;
   * following accusers is how a bloc steers a town); it is the accuser it tells about once the target's
   * colour is settled, like a vote. Accusations by players later killed at night count (deadManWasRight).
   */
  private accuse(by: number, target: number): void {
    this.accusations.push(by, target);
    this.tell(by, target);
    if (!this.town && this.ally[target] === 1 && this.ally[by] === 0) this.accusedAllies[by]++;
  }

  private vote(by: number, target: number): void {
    this.votes.push(by, target);
    if (target === this.me) this.attack(by, 0.3);
    this.tell(by, target);
  }

  private tell(by: number, target: number): void {
    if (this.privA !== null) this.privA.tell(by, target);
    if (this.pubA !== null) this.pubA.tell(by, target);
  }

  /**
   * A player killed at night was probably red (the mafia shot him): what he accused and voted against
   * counts more now, and those who pushed against him are suspect, as if he had been shown red.
   */
  private deadManWasRight(dead: number): void {
    const { accused, privA: priv, pubA: pub } = this;
    // Each reading counts the pushes against him as tells only while his colour is open.
    const privTells = priv !== null && priv.colour[dead] === 0 ? priv : null;
    const pubTells = pub !== null && pub.colour[dead] === 0 ? pub : null;
    const a = this.accusations;
    for (let i = 0; i < a.length; i += 2) {
      if (a[i] === dead) {
        accused[a[i + 1]] += 0.35;
        if (priv !== null) priv.sus[a[i + 1]] += 0.35;
        if (pub !== null) pub.sus[a[i + 1]] += 0.35;
      } else if (a[i + 1] === dead) {
        privTells?.pushedVictim(a[i]);
        pubTells?.pushedVictim(a[i]);
      }
    }
    const v = this.votes;
    for (let i = 0; i < v.length; i += 2) {
      if (v[i] === dead) {
        priv?.deadVoted(v[i + 1]);
        pub?.deadVoted(v[i + 1]);
      } else if (v[i + 1] === dead) {
        privTells?.pushedVictim(v[i]);
        pubTells?.pushedVictim(v[i]);
      }
    }
    if (privTells !== null) privTells.colour[dead] = NIGHT_VICTIM;
    if (pubTells !== null) pubTells.colour[dead] = NIGHT_VICTIM;
  }

  private hear(seat: number, statements: readonly Statement[]): void {
    for (let i = 0; i < statements.length; i++) {
      const x = statements[i];
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
          if (this.privA !== null) this.privA.vouch(seat, x.seat);
          if (this.pubA !== null) this.pubA.vouch(seat, x.seat);
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
   * Trust changes only with what marks a reading stale, so a fresh reading keeps it.
   */
  trust(seat: number, priv: boolean): number {
    const r = priv ? this.privA : this.pubA;
    if (r !== null && !r.stale && r.trust !== null) return r.trust[seat];
    return this.trustNow(seat, priv);
  }

  private trustNow(seat: number, priv: boolean): number {
    const order = this.investigatorClaim[seat];
    if (order === 0) return 0;
    const known = priv ? this.known : this.pubKnown;
    if (known[seat] === BLACK) return 0;
    for (const r of this.reports) if (r.by === seat && known[r.target] !== 0 && known[r.target] !== r.colour) return 0; // a liar
    if (priv && this.investigator && seat !== this.me) return 0.1; // I am the investigator
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
    const r = priv ? (this.privA ??= new Reading(this.n, true, this.known)) : (this.pubA ??= new Reading(this.n, false, this.pubKnown));
    if (r.stale) this.recompute(r);
    return r.sus;
  }

  /** The full recomputation from everything seen (the incremental updates above keep it current in between). */
  private recompute(r: Reading): void {
    const { sus: out, colour, known } = r;
    const { n, accused, diedAtNight } = this;
    for (let s = 0; s <= n; s++) {
      out[s] = accused[s];
      colour[s] = known[s] !== 0 ? known[s] : diedAtNight[s] === 1 ? NIGHT_VICTIM : 0;
    }
    if (this.claimCount > 0) this.addClaims(r);
    const acc = this.accusations;
    for (let i = 0; i < acc.length; i += 2) {
      const c = colour[acc[i + 1]];
      if (c !== 0) out[acc[i]] -= 0.6 * c;
    }
    const votes = this.votes;
    for (let i = 0; i < votes.length; i += 2) {
      const by = votes[i];
      const c = colour[votes[i + 1]];
      if (c !== 0) out[by] -= 0.6 * c;
      else if (diedAtNight[by] === 1) out[votes[i + 1]] += 0.2;
    }
    const vouches = this.vouches;
    for (let i = 0; i < vouches.length; i += 2) out[vouches[i]] += vouchWeight(colour[vouches[i + 1]]);
    if (r.priv && this.town) {
      const attackedMe = this.attackedMe;
      for (let s = 1; s <= n; s++) out[s] += attackedMe[s];
    }
    for (let s = 1; s <= n; s++) if (known[s] !== 0) out[s] = 50 * known[s];
    r.stale = false;
  }

  /** Claimants and their reports, weighed by how far I trust each claimant; a trusted one settles colours. */
  private addClaims(r: Reading): void {
    const { sus: out, colour } = r;
    const trust = (r.trust ??= scoreArray(this.n));
    for (let s = 0; s <= this.n; s++) trust[s] = this.investigatorClaim[s] !== 0 ? this.trustNow(s, r.priv) : 0;
    for (let s = 1; s <= this.n; s++) {
      if (this.investigatorClaim[s] === 0) continue;
      out[s] += 2 * (1 - 2 * trust[s]);
      if (colour[s] === 0 && trust[s] >= 0.85) colour[s] = RED;
    }
    for (const rep of this.reports) {
      const t = trust[rep.by];
      out[rep.target] += 3 * rep.colour * t;
      if (colour[rep.target] === 0 && t >= 0.85) colour[rep.target] = rep.colour;
    }
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
