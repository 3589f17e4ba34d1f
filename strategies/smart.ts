// `smart`: heuristic bots that play like people. Each seat keeps a suspicion model from what its view
// shows (strategies/smart/mind.ts); investigators reveal their checks when it pays, the town votes and
// nominates by suspicion, doctors protect revealed investigators, the mafia coordinate kills, vote as a
// bloc and counter-claim, the courtesan freezes the most dangerous player. A decision kind it does not
// know is answered uniformly at random among the legal options, so a new rule set never breaks it.
import type { Statement } from '../src/model/events.js';
import { fmix32, type Rng } from '../src/rng.js';
import { NO, YES, type Decision, type DecisionRequest, type Player, type SpeechKind, type Strategy } from '../src/strategy/types.js';
import type { PlayerView } from '../src/views/view.js';
import { Mind } from './smart/mind.js';
import { PLAIN_RULES, RED, scoreArray, type ReadRules } from './smart/reading.js';
import { townReading } from './smart/lens.js';
import { likelihoodsFor } from './smart/likelihoods.js';
import { equilibriumFor, tunedFor } from './smart/tuned.js';
import { DEFAULT_SMART_PARAMS, SMART_PARAMS, smartParams, type SmartParams } from './smart/params.js';

/** Scores within this of each other are equal (sums of the same fractions in another order differ by ~1e-16). */
const EPS = 1e-9;

/**
 * The option with the highest score per seat (a score of -Infinity is never chosen), leaving out the
 * seats `skip` marks with 1 (known allies, say); 0 if none. Ties are broken uniformly at random from
 * the seat's own stream, so bots that read the same facts still choose apart (no seat is favoured).
 * Scores come as per-seat arrays the Mind keeps, so a decision allocates nothing.
 */
export function best(options: readonly number[], score: readonly number[], rng: Rng, skip: readonly number[] | null = null): number {
  let pick = 0;
  let top = -Infinity;
  let ties = 0;
  for (let i = 0; i < options.length; i++) {
    const s = options[i];
    if (skip !== null && skip[s] === 1) continue;
    const x = score[s];
    if (x === -Infinity) continue;
    if (x > top + EPS) {
      top = x;
      pick = s;
      ties = 1;
    } else if (x >= top - EPS && rng.int(++ties) === 0) pick = s; // reservoir: each tied option 1/ties
  }
  return pick;
}

/**
 * How much a town vote leans to a suspect per vote he already has this round (issue 13: three town
 * players against one mafia split their votes). Measured on 2,000 games, seed 1: 0 → 0.3 took the
 * town from 23.7% to 28.2% on club-12 (61.0% → 62.1% Ukrainian); 0.6 gained no more.
 */
const FOLLOW = 0.3;
/** A speech that says nothing (shared: the engine keeps no list a bot returns, it copies what it keeps). */
const SILENCE: readonly Statement[] = Object.freeze([]);
/** Softmax weights, one per option (reused across decisions). */
const WEIGHTS: number[] = [];

/**
 * An option drawn with probability ∝ exp(score / temperature) from the seat's own stream (the votes and
 * nominations: players who see the same evidence do not act as one); skipped seats and -Infinity are
 * never drawn, 0 if nothing is left. Temperature 0 is the top score, ties at random (`best`).
 */
export function soft(options: readonly number[], score: readonly number[], temperature: number, rng: Rng, skip: readonly number[] | null = null): number {
  if (temperature <= 0) return best(options, score, rng, skip);
  let top = -Infinity;
  for (let i = 0; i < options.length; i++) {
    const s = options[i];
    if ((skip === null || skip[s] !== 1) && score[s] > top) top = score[s];
  }
  if (top === -Infinity) return 0;
  let sum = 0;
  // Options often share a score (nobody suspected yet): their weight is worked out once.
  let last = NaN;
  let lastW = 0;
  for (let i = 0; i < options.length; i++) {
    const s = options[i];
    const x = score[s];
    let w = 0;
    if ((skip === null || skip[s] !== 1) && x !== -Infinity) {
      if (x !== last) {
        last = x;
        lastW = Math.exp((x - top) / temperature);
      }
      w = lastW;
    }
    WEIGHTS[i] = w;
    sum += w;
  }
  let r = rng.next() * sum;
  let pick = 0;
  for (let i = 0; i < options.length; i++) {
    if (WEIGHTS[i] === 0) continue;
    pick = options[i];
    if ((r -= WEIGHTS[i]) < 0) break;
  }
  return pick;
}

/**
 * The team's shared choice (the mafia's bloc, their night kill): the top score, ties broken by an order
 * the team agree on at their meeting — a hash of the team's key (teamKey), the phase and the candidate.
 * Every member knows it, so the bloc acts as one although each seat's stream is its own.
 */
function shared(options: readonly number[], score: readonly number[], team: number, salt: number, skip: readonly number[] | null): number {
  let pick = 0;
  let top = -Infinity;
  let key = -1;
  for (let i = 0; i < options.length; i++) {
    const s = options[i];
    if (skip !== null && skip[s] === 1) continue;
    const x = score[s];
    if (x === -Infinity || x < top - EPS) continue;
    const k = sharedKey(team, salt, s);
    if (x > top + EPS || k > key) {
      if (x > top + EPS) top = x;
      pick = s;
      key = k;
    }
  }
  return pick;
}

/**
 * The last danger scores worked out for a team (SmartPlayer.dangerScores), with what they were made
 * of: the game's evidence (its Table's epoch: the Table is kept from game to game), the team
 * (Mind.teamSig), the public reading's changes and the number of accusations against the team
 * (Mind.accusedAlliesCount). One slot: the members ask in turn.
 */
const DANGER = { epoch: -1, sig: -1, changes: -1, accusations: -1, scores: [] as readonly number[] };
/** The arrays the cached danger scores are written into, per table size. */
const DANGER_SCORES: number[][] = [];

/**
 * The last kill scores worked out for a team's kill (SmartPlayer.teamKillScores): the game's evidence
 * (its Table's epoch), the team, the public events read then (nothing the scores are made of changes
 * without one: claims, reports, deaths) and the parameters.
 */
const KILL = { epoch: -1, sig: -1, read: -1, params: null as SmartParams | null, scores: [] as readonly number[] };
const KILL_SCORES: number[][] = [];

/** The salt of the team's order for its fake claimer (phases' salts are day·2 + night, far below it). */
const CLAIMER_SALT = 1 << 20;

/** The phase's salt of the team's shared order: day·2, +1 at night (worked out only where the order is used). */
function phaseSalt(view: PlayerView): number {
  return view.day * 2 + (view.phase === 'night' ? 1 : 0);
}

/** The team's agreed preference for seat `s` in phase `salt` (higher first). */
function sharedKey(team: number, salt: number, s: number): number {
  return fmix32(team ^ fmix32(Math.imul(salt + 1, 0x9e3779b9) ^ Math.imul(s, 0x85ebca6b)));
}

class SmartPlayer implements Player {
  private m: Mind | null = null;
  /** Mafia: whether this seat has settled its counter-claim / fake-claim draw (once per game). */
  private claimDrawn = false;
  private fakeDrawn = false;
  private revealed = false;
  private vouched = 0;
  /** Mafia: the "checks" this seat has reported as a fake investigator. */
  private fakeReports = 0;
  /** Mafia: the team's order for its fake claimer (claimerOrder), and my team changes it was made at. */
  private claimers: readonly number[] | null = null;
  private claimersAt = -1;

  constructor(
    private readonly p: SmartParams,
    /** How this seat reads a claim war's end (the strategy's `survivor` and `deadReports`). */
    private readonly rules: ReadRules,
  ) {}

  /** The town's suspicion per seat: smart's reading, or a deviation's (`read`, strategies/smart/lens.ts). */
  private townSus(m: Mind): readonly number[] {
    return this.p.read === 'full' ? m.suspicion(true) : townReading(m, this.p.read);
  }

  private mind(view: PlayerView): Mind {
    const m = (this.m ??= new Mind(view, this.rules, this.p.reader === 'posterior' ? (likelihoodsFor(view.rules, view.players)?.model ?? null) : null));
    m.update(view);
    return m;
  }

  decide(view: PlayerView, req: DecisionRequest, rng: Rng): Decision | undefined {
    const m = this.mind(view);
    const { options } = req;
    if (options.length === 0) return null;
    switch (req.kind) {
      case 'nominate':
        return this.nominate(view, m, options, rng);
      case 'vote':
      case 'revote':
        return this.vote(view, m, options, rng);
      case 'voteAll':
        return this.voteAll(m);
      case 'propose':
      case 'mafiaKill':
      case 'courtesanShot':
        return this.teamKill(view, m, req);
      case 'freeze':
        return this.freeze(m, req, rng);
      case 'heal':
        return this.heal(view, m, options, rng);
      case 'check':
        return this.check(m, options, rng);
      case 'note':
        return this.note(m) ? YES : NO;
      case 'maniacKill':
        return this.maniac(m, options, rng);
      case 'killerShot':
        return this.killerShot(view, m, req, rng);
      case 'block':
        return m.town ? this.aimAtSuspect(m, options, 0, rng) : this.freeze(m, req, rng);
      case 'jail':
        return m.town ? this.aimAtSuspect(m, options, 0, rng) : this.freeze(m, req, rng);
      case 'duel':
        return this.aimAtSuspect(m, options, -0.5, rng);
      case 'bail':
        return this.bail(m, options, rng);
      case 'cancel':
        return this.cancel(m) ? YES : NO;
      case 'yield':
        return this.yieldTo(m, options);
      default:
        return this.byIntent(view, m, req, rng);
    }
  }

  /** A decision kind smart does not know (a plug-in role's): read what it does from its intent. */
  private byIntent(view: PlayerView, m: Mind, req: DecisionRequest, rng: Rng): Decision {
    const { options } = req;
    switch (req.intent) {
      case 'protect':
        return this.heal(view, m, options, rng);
      case 'attack':
        return m.town ? this.aimAtSuspect(m, options, 0.5, rng) : this.teamKill(view, m, req);
      case 'investigate':
        return this.check(m, options, rng);
      case 'block':
      case 'jail':
      case 'duel':
        return m.town ? this.aimAtSuspect(m, options, 0, rng) : this.freeze(m, req, rng);
      case 'release':
        return this.bail(m, options, rng);
      default:
        return randomLegal(req, rng);
    }
  }

  /** C10.4: give the floor to a jailed ally (the mafia) or a jailed player the town trusts. */
  private yieldTo(m: Mind, options: readonly number[]): Decision {
    const sus = m.town ? this.townSus(m) : null;
    for (const s of options) if (sus ? sus[s] <= -1 : m.ally[s] === 1) return s;
    return null;
  }

  // ---- the day -------------------------------------------------------------------------------------

  private nominate(view: PlayerView, m: Mind, options: readonly number[], rng: Rng): Decision {
    const nominees = view.nominees();
    const already = nominees.length;
    if (!m.town) {
      const partner = this.p.distance > 0 && already < 3 ? this.suspectedPartner(m, options) : 0;
      if (partner !== 0 && rng.chance(this.p.distance)) return partner;
      const pick = this.blocPick(view, m, options, this.dangerScores(m), rng, m.ally);
      return pick !== 0 && already < 3 ? pick : null;
    }
    const sus = this.townSus(m);
    const red = this.settledRed(m);
    const pick = soft(options, sus, this.p.temperature, rng, red);
    if (pick === 0) return null;
    // A player the trusted investigator cleared must not be the only nominee (he would leave unvoted).
    if (already < 2) return sus[pick] > EPS || this.clearedNominee(nominees, red) || rng.chance(this.p.nominateBlind) ? pick : null;
    return sus[pick] >= this.p.nominateAt ? pick : null;
  }

  /**
   * A town vote leans to the suspects others have already voted this round (FOLLOW per vote), so a
   * town that reads alike does not split its votes and let the last mafia player through. Only a
   * suspect gains: a vote for a player I clear or do not suspect moves nothing.
   */
  private withBallot(m: Mind, sus: readonly number[], options: readonly number[]): readonly number[] {
    const ballot = m.ballot;
    if (ballot === null) return sus;
    const out = m.scratchA;
    for (let i = 0; i < options.length; i++) {
      const s = options[i];
      out[s] = sus[s] > EPS ? sus[s] + FOLLOW * ballot[s] : sus[s];
    }
    return out;
  }

  /** Whether one of today's nominees is a settled red. */
  private clearedNominee(nominees: readonly number[], red: readonly number[]): boolean {
    for (const s of nominees) if (red[s] === 1) return true;
    return false;
  }

  /**
   * 1 for the seats a town player takes as settled red (certain, or reported red by a claimant he trusts
   * ≥ 0.85): he does not vote or nominate them while there is anyone else. With `only`, only those
   * seats' entries (and mine) are written: the caller reads no other.
   */
  private settledRed(m: Mind, only: readonly number[] | null = null): readonly number[] {
    const table = m.plainRed(); // (a plain player's: the table's, kept by the Table)
    if (table !== null) return table;
    const colour = m.settled();
    const out = m.scratchB;
    const known = m.known;
    if (only === null) for (let s = 0; s <= m.n; s++) out[s] = colour[s] === RED || known[s] === RED ? 1 : 0;
    else
      for (let i = 0; i < only.length; i++) {
        const s = only[i];
        out[s] = colour[s] === RED || known[s] === RED ? 1 : 0;
      }
    out[m.me] = 0;
    return out;
  }

  private vote(view: PlayerView, m: Mind, options: readonly number[], rng: Rng): Decision {
    if (!m.town) {
      const partner = this.p.bus > 0 ? this.doomedPartner(m, options) : 0;
      if (partner !== 0 && rng.chance(this.p.bus)) return partner;
      const pick = this.blocPick(view, m, options, this.dangerScores(m), rng, m.ally);
      if (pick !== 0) return pick;
      // Only allies to choose from: let the most suspected one go.
      return this.blocPick(view, m, options, m.suspicion(false), rng, null);
    }
    // Only the options' entries are written: soft reads no other (a vote's options are the few nominees).
    const red = this.settledRed(m, options);
    let open = false;
    for (const s of options) if (red[s] === 0) open = true;
    return soft(options, this.withBallot(m, this.townSus(m), options), this.p.temperature, rng, open ? red : null);
  }

  /**
   * The partner a mafia member may bus (`bus`): the nominee the table suspects most, if he is one of
   * mine and suspected more than anyone else on the block — he is likely leaving, and a vote against
   * him clears the voter in the town's eyes. 0 if none.
   */
  private doomedPartner(m: Mind, options: readonly number[]): number {
    const pub = m.suspicion(false);
    let top = 0;
    for (const s of options) if (top === 0 || pub[s] > pub[top]) top = s;
    if (top === 0 || m.ally[top] !== 1 || top === m.me) return 0;
    for (const s of options) if (s !== top && pub[s] >= pub[top]) return 0;
    return top;
  }

  /**
   * The partner a mafia member may distance himself from (`distance`): of the partners he may nominate,
   * the one the table suspects most, if the table suspects him at all (nominating a partner nobody
   * doubts would only hand him to the town). 0 if none.
   */
  private suspectedPartner(m: Mind, options: readonly number[]): number {
    const pub = m.suspicion(false);
    let top = 0;
    for (const s of options) if (s !== m.me && m.ally[s] === 1 && pub[s] > EPS && (top === 0 || pub[s] > pub[top])) top = s;
    return top;
  }

  /** A mafia member's nomination or vote: the bloc's shared pick (`bloc`), else his own softmax draw. */
  private blocPick(view: PlayerView, m: Mind, options: readonly number[], score: readonly number[], rng: Rng, skip: readonly number[] | null): number {
    return this.p.bloc ? shared(options, score, m.teamKey, phaseSalt(view), skip) : soft(options, score, this.p.temperature, rng, skip);
  }

  /** U3.4: "all tied leave?" — the town says yes only against suspects; the mafia only when no ally is tied. */
  private voteAll(m: Mind): Decision {
    const tied = m.lastTie;
    if (tied.length === 0) return NO;
    if (!m.town) return tied.some((s) => m.ally[s] === 1) ? NO : YES;
    if (tied.includes(m.me)) return NO;
    const sus = this.townSus(m);
    let sum = 0;
    for (const s of tied) {
      if (sus[s] <= -1) return NO;
      sum += sus[s];
    }
    return sum / tied.length >= 0.5 ? YES : NO;
  }

  /**
   * What the mafia weigh in a town player: the table's suspicion of him (easy to vote out) plus how
   * dangerous he is (a believed investigator, reports and accusations against the team).
   */
  private dangerScores(m: Mind): readonly number[] {
    // The same for every member who knows the same team (teamSig): worked out once per change of what
    // it is made of — the public reading (its claims, reports and trust change only with it), the
    // accusations against the team so far and the team — so a member's nomination after his own speech,
    // and the members' votes one after another, find it made.
    const sig = m.teamSig;
    const reading = m.publicReading;
    const epoch = m.tableEpoch;
    const accused = m.accusedAlliesCount;
    const cached = sig !== -1 && !reading.stale;
    if (cached && DANGER.epoch === epoch && DANGER.sig === sig && DANGER.changes === reading.changes && DANGER.accusations === accused) {
      return DANGER.scores;
    }
    const out = cached ? (DANGER_SCORES[m.n] ??= scoreArray(m.n)) : m.scratchA;
    this.workOutDanger(m, out);
    if (cached) {
      DANGER.epoch = epoch;
      DANGER.sig = sig;
      DANGER.changes = reading.changes;
      DANGER.accusations = accused;
      DANGER.scores = out;
    }
    return out;
  }

  private workOutDanger(m: Mind, out: number[]): void {
    const pub = m.suspicion(false);
    const accused = m.accusedAllies;
    for (let s = 0; s <= m.n; s++) out[s] = pub[s] + 0.5 * accused[s];
    if (m.claimCount > 0) {
      const claim = m.investigatorClaim;
      for (let s = 1; s <= m.n; s++) if (claim[s] !== 0 && m.ally[s] === 0 && m.trust(s, false) >= 0.5) out[s] += 3;
      for (const r of m.reports) if (m.ally[r.target] === 1 && m.ally[r.by] === 0) out[r.by] += r.colour > 0 ? 2 : 0.5;
    }
  }

  // ---- the night -----------------------------------------------------------------------------------

  /** The kill the mafia want (shared by every member, so proposals and the final kill agree). */
  private killScores(view: PlayerView, m: Mind, asTown: boolean, out: number[] = m.scratchB): number[] {
    const pub = m.suspicion(false);
    // Not the accusers of the team: a night kill of an accuser makes the table believe him (Mind.deadManWasRight).
    for (let s = 0; s <= m.n; s++) out[s] = 0;
    const { claimCount, investigatorClaim: claim, protectorClaim: protector } = m;
    // While one of the team claims the role too, a rival's death would prove the rival (killRival).
    const claimant = claimCount > 0 ? 10 * (!asTown && this.allyClaims(view, m) ? this.p.killRival : 1) : 0;
    for (let s = 1; s <= m.n; s++) {
      if (claimant > 0 && claim[s] !== 0 && m.ally[s] === 0 && m.trust(s, false) >= 0.3) out[s] += claimant;
      if (protector[s] === 1) out[s] += 6;
      if (pub[s] <= -1) out[s] += 3; // a player the table trusts leads its votes
      out[s] -= 1.5 * Math.max(0, pub[s]); // the table will vote a suspect out for us
    }
    if (!asTown) for (const r of m.reports) if (m.ally[r.target] === 1 && m.ally[r.by] === 0) out[r.by] += 3;
    return out;
  }

  /** A living member of my team claims to investigate. */
  private allyClaims(view: PlayerView, m: Mind): boolean {
    for (let s = 1; s <= m.n; s++) if (m.ally[s] === 1 && m.investigatorClaim[s] !== 0 && view.isAlive(s)) return true;
    return false;
  }

  /**
   * killScores for the team's kill, the same for every member who knows the same team and plays the
   * same parameters: worked out once while no public event comes between the members' proposals.
   */
  private teamKillScores(view: PlayerView, m: Mind): readonly number[] {
    const sig = m.teamSig;
    const epoch = m.tableEpoch;
    const read = m.publicEventsRead;
    if (sig === -1) return this.killScores(view, m, false);
    if (KILL.epoch === epoch && KILL.sig === sig && KILL.read === read && KILL.params === this.p) return KILL.scores;
    KILL.scores = this.killScores(view, m, false, (KILL_SCORES[m.n] ??= scoreArray(m.n)));
    KILL.epoch = epoch;
    KILL.sig = sig;
    KILL.read = read;
    KILL.params = this.p;
    return KILL.scores;
  }

  private teamKill(view: PlayerView, m: Mind, req: DecisionRequest): Decision {
    const pick = shared(req.options, this.teamKillScores(view, m), m.teamKey, phaseSalt(view), m.ally);
    if (pick !== 0) return pick;
    return req.canPass ? null : req.options[0];
  }

  /** U5: freeze whoever would hurt the team most tonight: a protector, a believed investigator, an accuser. */
  private freeze(m: Mind, req: DecisionRequest, rng: Rng): Decision {
    const danger = this.dangerScores(m);
    const score = m.scratchA;
    const pub = m.suspicion(false);
    const { investigatorClaim: claim, protectorClaim: protector } = m;
    score[0] = danger[0];
    for (let s = 1; s <= m.n; s++) score[s] = 8 * protector[s] + danger[s] - pub[s] + (claim[s] !== 0 ? 2 : 0);
    const pick = best(req.options, score, rng, m.ally);
    return pick !== 0 ? pick : null;
  }

  /** U8: protect a revealed investigator I believe; otherwise myself or the likeliest mafia target. */
  private heal(view: PlayerView, m: Mind, options: readonly number[], rng: Rng): Decision {
    if (this.p.heal === 'mafiaTarget') {
      // The deviation: shadow the kill smart's mafia would choose, as far as the public record shows it.
      const pick = best(options, this.killScores(view, m, true), rng);
      return pick !== 0 ? pick : null;
    }
    const inv = m.trustedInvestigator(view, 0.5);
    if (inv !== 0 && options.includes(inv)) return inv;
    if (options.includes(m.me) && rng.chance(this.p.selfHeal)) return m.me;
    const score = this.killScores(view, m, true);
    const sus = this.townSus(m);
    for (let s = 1; s <= m.n; s++) score[s] -= sus[s];
    score[m.me] = -Infinity; // here: the likeliest target other than me
    const pick = best(options, score, rng);
    return pick !== 0 ? pick : options.includes(m.me) ? m.me : null;
  }

  /** U9.1, C12: the most suspicious seat not yet checked (nor a known ally). */
  private check(m: Mind, options: readonly number[], rng: Rng): Decision {
    const sus = this.townSus(m);
    const score = m.scratchA;
    const checked = m.checked;
    for (let s = 1; s <= m.n; s++) score[s] = checked[s] === 1 || m.ally[s] === 1 ? -1e9 : sus[s];
    return best(options, score, rng);
  }

  private maniac(m: Mind, options: readonly number[], rng: Rng): Decision {
    const sus = this.townSus(m);
    const pick = best(options, sus, rng, m.ally);
    if (pick === 0 || sus[pick] < -0.5) return null;
    if (sus[pick] >= this.p.maniacAt || rng.chance(this.p.maniacBlind)) return pick;
    return null;
  }

  /**
   * C6 Marilyn, C10 Judge, C13 Sportsman: block, jail or challenge the top suspect (not a seat I trust
   * below `min`). A wrong duel costs nothing, so the Sportsman shoots at any suspect.
   */
  private aimAtSuspect(m: Mind, options: readonly number[], min: number, rng: Rng): Decision {
    const sus = this.townSus(m);
    const pick = best(options, sus, rng, m.ally);
    return pick !== 0 && sus[pick] >= min ? pick : null;
  }

  /** C9: the Killer's own shot goes to the best target other than the team's kill tonight. */
  private killerShot(view: PlayerView, m: Mind, req: DecisionRequest, rng: Rng): Decision {
    const score = this.killScores(view, m, false);
    score[m.teamKillTonight(view)] = -Infinity; // the team's kill is taken care of (index 0, no kill yet, is no seat)
    const pick = best(req.options, score, rng, m.ally);
    return pick !== 0 ? pick : null;
  }

  /** C11: bail only a jailed player I trust (a mafia pick would jail me too). */
  private bail(m: Mind, options: readonly number[], rng: Rng): Decision {
    const sus = this.townSus(m);
    const score = m.scratchA;
    for (let s = 1; s <= m.n; s++) score[s] = m.town ? -sus[s] : m.ally[s] === 1 ? 1 : -Infinity;
    const pick = best(options, score, rng);
    if (pick === 0) return null;
    return !m.town || sus[pick] <= -1 ? pick : null;
  }

  /** C4.3: the once-a-game cancellation is kept for a condemned player I trust (the mafia: for an ally). */
  private cancel(m: Mind): boolean {
    const c = m.condemned();
    if (c === 0) return false;
    if (!m.town) return m.ally[c] === 1;
    return this.townSus(m)[c] <= -1;
  }

  /** U9.2: the note is worth most on a black check (it is read out only if the commissar dies that night). */
  private note(m: Mind): boolean {
    const last = m.myChecks[m.myChecks.length - 1];
    if (this.p.note === 'never' || last === undefined) return false;
    return this.p.note === 'first' || m.known[last] > 0;
  }

  // ---- statements (G8) -----------------------------------------------------------------------------

  speak(view: PlayerView, kind: SpeechKind, rng: Rng): readonly Statement[] | undefined {
    const m = this.mind(view);
    if (m.town) return m.investigator ? this.investigatorSpeech(view, m, kind, rng) : this.townSpeech(view, m, kind, rng);
    return this.mafiaSpeech(view, m, kind, rng);
  }

  /**
   * The living seat (not me, not a known ally) with the highest score: ties at random from my stream,
   * or (`bloc`) by the team's agreed order, so the bloc accuses the seat it votes.
   */
  private topSuspect(view: PlayerView, sus: readonly number[], m: Mind, rng: Rng, bloc = false): number {
    const team = bloc ? m.teamKey : 0;
    const salt = bloc ? view.day * 2 : 0;
    const ally = m.ally;
    let pick = 0;
    let top = -Infinity;
    let ties = 0;
    let key = -1;
    for (let s = 1; s <= m.n; s++) {
      if (ally[s] === 1 || !view.isAlive(s)) continue; // (ally[me] is 1: I am no suspect of mine)
      const x = sus[s];
      if (x === -Infinity || x < top - EPS) continue;
      if (x > top + EPS) {
        top = x;
        pick = s;
        ties = 1;
        if (bloc) key = sharedKey(team, salt, s);
      } else if (bloc) {
        const k = sharedKey(team, salt, s);
        if (k > key) {
          pick = s;
          key = k;
        }
      } else if (rng.int(++ties) === 0) pick = s;
    }
    return pick;
  }

  private townSpeech(view: PlayerView, m: Mind, kind: SpeechKind, rng: Rng): readonly Statement[] {
    const sus = this.townSus(m);
    const top = this.topSuspect(view, sus, m, rng);
    const accuse = top !== 0 && (sus[top] >= 1 || kind === 'lastWord');
    const inv = m.trustedInvestigator(view, 0.85);
    const vouch = inv !== 0 && this.vouched !== inv;
    if (vouch) this.vouched = inv;
    // Lists made to size (most speeches say one thing or nothing): no list grown by push per speech.
    if (!vouch) return accuse ? [{ type: 'accuse', seat: top }] : SILENCE;
    return accuse ? [{ type: 'accuse', seat: top }, { type: 'vouch', seat: inv }] : [{ type: 'vouch', seat: inv }];
  }

  /** A town investigator keeps quiet until it pays: a black found, the reveal day, a tie speech, the last word. */
  private investigatorSpeech(view: PlayerView, m: Mind, kind: SpeechKind, rng: Rng): readonly Statement[] {
    let blacks = 0;
    for (const s of m.myChecks) if (m.known[s] > 0) blacks++;
    // Reported black by a claimant, he answers at once: his first speech or defence after it.
    const liar = m.reportedMeBlack(view);
    const reveal =
      this.revealed || liar !== 0 || kind !== 'speech' || view.day >= this.p.revealDay || (m.myChecks.length > 0 && blacks >= this.p.revealBlacks);
    if (!reveal) return this.townSpeech(view, m, kind, rng);
    const out: Statement[] = [];
    if (!this.revealed) out.push({ type: 'claim', role: m.role });
    this.revealed = true;
    let accuse = 0;
    for (const s of m.myChecks) {
      const black = m.known[s] > 0;
      if (m.reported[s] === 0) {
        m.reported[s] = 1;
        out.push({ type: 'check', seat: s, result: black ? 'black' : 'red' });
      }
      if (black && accuse === 0 && view.isAlive(s)) accuse = s;
    }
    if (accuse === 0) accuse = liar !== 0 ? liar : this.topSuspect(view, this.townSus(m), m, rng);
    if (accuse !== 0) out.push({ type: 'accuse', seat: accuse });
    return out;
  }

  /** The mafia accuse their bloc's target, counter-claim an investigator who reported one of them, or fake-claim first. */
  private mafiaSpeech(view: PlayerView, m: Mind, kind: SpeechKind, rng: Rng): readonly Statement[] {
    if (!this.p.mafiaTalk) return SILENCE;
    const danger = this.dangerScores(m);
    const out: Statement[] = [];
    const claimRole = m.investigatorRole;
    if (claimRole && !m.iClaimed && kind !== 'lastWord' && this.mayClaim(m)) {
      const accuser = this.reportedMeBlack(view, m);
      if (accuser !== 0 && !this.claimDrawn) {
        this.claimDrawn = true;
        if (rng.chance(this.p.counterClaim)) this.fakeClaim(m, out, claimRole, accuser);
      } else if (this.p.claimPlan !== 'counter' && view.day >= this.p.fakeClaimDay && !this.fakeDrawn && this.mayFakeClaim(view, m)) {
        this.fakeDrawn = true;
        if (rng.chance(this.p.fakeClaim)) {
          if (this.p.fakeReds) this.fakeClaimReds(view, m, out, claimRole);
          else this.fakeClaim(m, out, claimRole, this.topSuspect(view, danger, m, rng, this.p.bloc));
        }
      }
    } else if (m.iClaimed) {
      // Keep the story going: one more "check" on the bloc's target.
      const target = this.topSuspect(view, danger, m, rng, this.p.bloc);
      if (target !== 0 && m.reported[target] === 0 && this.fakeReports < m.nights) {
        m.reported[target] = 1;
        this.fakeReports++;
        out.push({ type: 'check', seat: target, result: 'black' });
      }
    }
    if (out.length === 0) {
      // (the common speech: a list made to size, not grown by push)
      const target = this.topSuspect(view, danger, m, rng, this.p.bloc);
      return target !== 0 ? [{ type: 'accuse', seat: target }] : SILENCE;
    }
    return out;
  }

  /**
   * Whether the team's claim plan (`claimPlan`) still lets a member claim: serial and counter as often
   * as the moment comes, once only while no member of the team (living or dead) has claimed, none never.
   */
  private mayClaim(m: Mind): boolean {
    const plan = this.p.claimPlan;
    if (plan === 'none') return false;
    if (plan !== 'once') return true;
    const claim = m.investigatorClaim;
    for (let s = 1; s <= m.n; s++) if (m.ally[s] === 1 && claim[s] !== 0) return false;
    return true;
  }

  /** A fake claim; its "check" only if a real one could have been made by now (one a night, none before night 1). */
  private fakeClaim(m: Mind, out: Statement[], role: string, target: number): void {
    m.iClaimed = true;
    out.push({ type: 'claim', role });
    if (target === 0) return;
    if (this.fakeReports < m.nights) {
      m.reported[target] = 1;
      this.fakeReports++;
      out.push({ type: 'check', seat: target, result: 'black' });
    }
    out.push({ type: 'accuse', seat: target });
  }

  /** The deviation `fakeReds`: claim the investigator role and report every living ally red (a shield for the team). */
  private fakeClaimReds(view: PlayerView, m: Mind, out: Statement[], role: string): void {
    m.iClaimed = true;
    out.push({ type: 'claim', role });
    for (let s = 1; s <= m.n; s++) {
      if (s === m.me || m.ally[s] === 0 || !view.isAlive(s)) continue;
      m.reported[s] = 1;
      out.push({ type: 'check', seat: s, result: 'red' });
    }
  }

  /** A living non-ally who claims to investigate and reported me (or a living ally) black. */
  private reportedMeBlack(view: PlayerView, m: Mind): number {
    for (const r of m.reports) {
      if (r.colour > 0 && r.target === m.me && m.ally[r.by] === 0 && view.isAlive(r.by)) return r.by;
    }
    return 0;
  }

  /** Whether I am the member who makes the team's fake claim (the parameter `claimer`). */
  private mayFakeClaim(view: PlayerView, m: Mind): boolean {
    if (this.p.claimer === 'first') return view.knownRole(m.me) !== 'don' && !this.allyClaims(view, m);
    return this.isDesignatedClaimer(view, m);
  }

  /**
   * The one team member who may fake-claim first, agreed at the meeting as the bloc's picks are (the
   * shared order of `shared`): not the lowest seat, which would make the claimer's fate a seat's.
   */
  private isDesignatedClaimer(view: PlayerView, m: Mind): boolean {
    const order = this.claimerOrder(view, m);
    for (let i = 0; i < order.length; i++) if (view.isAlive(order[i])) return order[i] === m.me;
    return false;
  }

  /**
   * The team's members who may fake-claim (not the Don), in the order the team agreed on (sharedKey,
   * the highest first; of equal keys the lower seat): the first one alive is the claimer. Kept until my
   * team changes (a living ally's role as I know it does not change in a game); one list made, in
   * place by insertion (a team is a few seats), no keys or index lists beside it.
   */
  private claimerOrder(view: PlayerView, m: Mind): readonly number[] {
    if (this.claimers !== null && this.claimersAt === m.teamChanges) return this.claimers;
    const team = m.teamKey;
    const order: number[] = [];
    for (let s = 1; s <= m.n; s++) {
      if (m.ally[s] !== 1 || view.knownRole(s) === 'don') continue;
      const k = sharedKey(team, CLAIMER_SALT, s);
      // Seats come in ascending order, so of equal keys the earlier (lower) seat stays first.
      let i = order.length;
      order.push(s);
      for (; i > 0 && sharedKey(team, CLAIMER_SALT, order[i - 1]) < k; i--) order[i] = order[i - 1];
      order[i] = s;
    }
    this.claimers = order;
    this.claimersAt = m.teamChanges;
    return order;
  }
}

/** Uniform over the legal options (pass included when allowed): the fallback for unknown decision kinds. */
export function randomLegal(req: DecisionRequest, rng: Rng): Decision {
  const k = rng.int(req.options.length + (req.canPass ? 1 : 0));
  return k < req.options.length ? req.options[k] : null;
}

/** The reading rules a parameter set asks for: the public reading's own object when they are its, so a plain player can share it. */
function readRules(p: SmartParams): ReadRules {
  const { survivor, deadReports } = p;
  return survivor === PLAIN_RULES.survivor && deadReports === PLAIN_RULES.deadReports ? PLAIN_RULES : { survivor, deadReports };
}

function makeSmart(p: SmartParams): Strategy {
  const rules = readRules(p);
  return {
    name: 'smart',
    description:
      'heuristic bots: a suspicion model from claims, checks, votes and deaths; investigators reveal when it pays; doctors guard them; the mafia kill and vote as a bloc and counter-claim',
    params: SMART_PARAMS,
    usesHistory: true,
    createPlayer: () => new SmartPlayer(p, rules),
    withParams: (values) => makeSmart(smartParams(values)),
    tunedValues: tunedFor,
    defaultMix: equilibriumFor,
  };
}

export const smart: Strategy = makeSmart(DEFAULT_SMART_PARAMS);
