// What a smart seat says (G8): the town accuses its top suspect and vouches for an investigator it
// trusts; an investigator keeps his checks until revealing them pays; the mafia accuse the bloc's
// target, counter-claim an investigator who reported one of them, or fake-claim the role first. A
// Speaker is one seat's for one game: it remembers what the seat has claimed, reported and drawn.
import type { Statement } from '../../src/model/events.js';
import type { Rng } from '../../src/rng.js';
import type { SpeechKind } from '../../src/strategy/types.js';
import type { PlayerView } from '../../src/views/view.js';
import { EPS, sharedKey } from './choose.js';
import { townSuspicion } from './lens.js';
import { allyClaims, blended, dangerScores } from './mafiaTargets.js';
import type { Mind } from './mind.js';
import type { SmartParams } from './params.js';

/** A speech that says nothing (shared: the engine keeps no list a bot returns, it copies what it keeps). */
const SILENCE: readonly Statement[] = Object.freeze([]);

/** The salt of the team's order for its fake claimer (phases' salts are day·2 + night, far below it). */
const CLAIMER_SALT = 1 << 20;

export class Speaker {
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

  constructor(private readonly p: SmartParams) {}

  speak(view: PlayerView, m: Mind, kind: SpeechKind, rng: Rng): readonly Statement[] {
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

  /** The top suspect, if he is suspect enough to accuse (suspicion ≥ 1; anyone in a last word), else 0. */
  private suspectToAccuse(view: PlayerView, sus: readonly number[], m: Mind, kind: SpeechKind, rng: Rng, bloc = false): number {
    const top = this.topSuspect(view, sus, m, rng, bloc);
    return top !== 0 && (sus[top] >= 1 || kind === 'lastWord') ? top : 0;
  }

  private townSpeech(view: PlayerView, m: Mind, kind: SpeechKind, rng: Rng): readonly Statement[] {
    const top = this.suspectToAccuse(view, townSuspicion(this.p, m), m, kind, rng);
    const accuse = top !== 0;
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
    // With no black found, he accuses the claimant who lied about him, else a suspect as anyone would:
    // an accusation from a believed investigator convicts, so it must stand on evidence.
    if (accuse === 0) accuse = liar !== 0 ? liar : this.suspectToAccuse(view, townSuspicion(this.p, m), m, kind, rng);
    if (accuse !== 0) out.push({ type: 'accuse', seat: accuse });
    return out;
  }

  /** The mafia accuse their bloc's target, counter-claim an investigator who reported one of them, or fake-claim first. */
  private mafiaSpeech(view: PlayerView, m: Mind, kind: SpeechKind, rng: Rng): readonly Statement[] {
    if (!this.p.mafiaTalk) return SILENCE;
    const danger = dangerScores(m);
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
      // With `vouch`, the claimant the table believes is vouched for as a red would, and spared the accusation.
      const believed = this.p.vouch ? m.trustedInvestigator(view, 0.85, false) : 0;
      const vouch = believed !== 0 && this.vouched !== believed;
      if (vouch) this.vouched = believed;
      const scores = spared(this.p.blend ? blended(m, danger, 1) : danger, believed);
      const target = this.p.blend ? this.suspectToAccuse(view, scores, m, kind, rng, this.p.bloc) : this.topSuspect(view, scores, m, rng, this.p.bloc);
      if (!vouch) return target !== 0 ? [{ type: 'accuse', seat: target }] : SILENCE;
      return target !== 0 ? [{ type: 'accuse', seat: target }, { type: 'vouch', seat: believed }] : [{ type: 'vouch', seat: believed }];
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
    if (this.p.claimer === 'first') return view.knownRole(m.me) !== 'don' && !allyClaims(view, m);
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

const SPARED: number[][] = [];
/** The scores with one seat (if any) never picked; the scores themselves when there is none. */
function spared(scores: readonly number[], seat: number): readonly number[] {
  if (seat === 0) return scores;
  const out = (SPARED[scores.length] ??= new Array<number>(scores.length));
  for (let s = 0; s < scores.length; s++) out[s] = s === seat ? -Infinity : scores[s];
  return out;
}
