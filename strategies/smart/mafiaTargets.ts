// Whom smart's mafia want gone, as the team sees the town: danger scores (whom to vote out, accuse or
// freeze) and kill scores (whom to shoot at night). Both are the same for every member who knows the
// same team, so each is worked out once per change of what it is made of and shared by the members.
// The town's doctor reads the kill scores too, as far as the public record shows them.
import type { PlayerView } from '../../src/views/view.js';
import type { Mind } from './mind.js';
import type { SmartParams } from './params.js';
import { scoreArray } from './reading.js';

/**
 * The last danger scores worked out for a team (dangerScores), with what they were made of: the
 * game's evidence (its Table's epoch: the Table is kept from game to game), the team (Mind.teamSig),
 * the public reading's changes and the number of accusations against the team
 * (Mind.accusedAlliesCount). One slot: the members ask in turn.
 */
const DANGER = { epoch: -1, sig: -1, changes: -1, accusations: -1, scores: [] as readonly number[] };
/** The arrays the cached danger scores are written into, per table size. */
const DANGER_SCORES: number[][] = [];

/**
 * The last kill scores worked out for a team's kill (teamKillScores): the game's evidence (its
 * Table's epoch), the team, the public events read then (nothing the scores are made of changes
 * without one: claims, reports, deaths) and the parameters.
 */
const KILL = { epoch: -1, sig: -1, read: -1, params: null as SmartParams | null, scores: [] as readonly number[] };
const KILL_SCORES: number[][] = [];

/**
 * What the mafia weigh in a town player: the table's suspicion of him (easy to vote out) plus how
 * dangerous he is (a believed investigator, reports and accusations against the team).
 */
export function dangerScores(m: Mind): readonly number[] {
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
  workOutDanger(m, out);
  if (cached) {
    DANGER.epoch = epoch;
    DANGER.sig = sig;
    DANGER.changes = reading.changes;
    DANGER.accusations = accused;
    DANGER.scores = out;
  }
  return out;
}

function workOutDanger(m: Mind, out: number[]): void {
  const pub = m.suspicion(false);
  const accused = m.accusedAllies;
  for (let s = 0; s <= m.n; s++) out[s] = pub[s] + 0.5 * accused[s];
  if (m.claimCount > 0) {
    const claim = m.investigatorClaim;
    for (let s = 1; s <= m.n; s++) if (claim[s] !== 0 && m.ally[s] === 0 && m.trust(s, false) >= 0.5) out[s] += 3;
    for (const r of m.reports) if (m.ally[r.target] === 1 && m.ally[r.by] === 0) out[r.by] += r.colour > 0 ? 2 : 0.5;
  }
}

/** Per table size, the array `blended` writes into (read within the decision that asked). */
const BLENDED: number[][] = [];

/**
 * `score` kept only where the table already suspects the seat (its public suspicion at `floor` or
 * above), -Infinity elsewhere: the mafia who blend (`blend`) name only whom a town player could name
 * too, so that their accusations and nominations are not the first acts of a day without evidence.
 */
export function blended(m: Mind, score: readonly number[], floor: number): readonly number[] {
  const pub = m.suspicion(false);
  const out = (BLENDED[m.n] ??= scoreArray(m.n));
  for (let s = 0; s <= m.n; s++) out[s] = pub[s] >= floor ? score[s] : -Infinity;
  return out;
}

/** The kill the mafia want (shared by every member, so proposals and the final kill agree). */
export function killScores(p: SmartParams, view: PlayerView, m: Mind, asTown: boolean, out: number[] = m.scratchB): number[] {
  const pub = m.suspicion(false);
  // Not the accusers of the team: a night kill of an accuser makes the table believe him (Reading.died).
  for (let s = 0; s <= m.n; s++) out[s] = 0;
  const { claimCount, investigatorClaim: claim, protectorClaim: protector } = m;
  // While one of the team claims the role too, a rival's death would prove the rival (killRival).
  const claimant = claimCount > 0 ? 10 * (!asTown && allyClaims(view, m) ? p.killRival : 1) : 0;
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
export function allyClaims(view: PlayerView, m: Mind): boolean {
  for (let s = 1; s <= m.n; s++) if (m.ally[s] === 1 && m.investigatorClaim[s] !== 0 && view.isAlive(s)) return true;
  return false;
}

/**
 * killScores for the team's kill, the same for every member who knows the same team and plays the
 * same parameters: worked out once while no public event comes between the members' proposals.
 */
export function teamKillScores(p: SmartParams, view: PlayerView, m: Mind): readonly number[] {
  const sig = m.teamSig;
  const epoch = m.tableEpoch;
  const read = m.publicEventsRead;
  if (sig === -1) return killScores(p, view, m, false);
  if (KILL.epoch === epoch && KILL.sig === sig && KILL.read === read && KILL.params === p) return KILL.scores;
  KILL.scores = killScores(p, view, m, false, (KILL_SCORES[m.n] ??= scoreArray(m.n)));
  KILL.epoch = epoch;
  KILL.sig = sig;
  KILL.read = read;
  KILL.params = p;
  return KILL.scores;
}
