// The day's votes of a smart seat: whom to nominate, whom to vote out, and whether all the tied leave.
// The town goes by its suspicion and spares the players it takes as settled red; the mafia vote as a
// bloc on the town's most dangerous player, and may bus a doomed partner or distance from a suspected one.
import type { Rng } from '../../src/rng.js';
import { NO, YES, type Decision } from '../../src/strategy/types.js';
import type { PlayerView } from '../../src/views/view.js';
import { EPS, phaseSalt, shared, soft } from './choose.js';
import { townSuspicion } from './lens.js';
import { blended, dangerScores } from './mafiaTargets.js';
import type { Mind } from './mind.js';
import type { SmartParams } from './params.js';
import { RED } from './reading.js';

/**
 * How much a town vote leans to a suspect per vote he already has this round: without it, three town
 * players against one mafia split their votes and let him through; a larger lean gains nothing more.
 */
const FOLLOW = 0.3;

/** A nomination: the mafia's bloc pick while fewer than three stand; the town's softmax draw among its suspects. */
export function nominate(p: SmartParams, view: PlayerView, m: Mind, options: readonly number[], rng: Rng): Decision {
  const nominees = view.nominees();
  const already = nominees.length;
  if (!m.town) {
    const partner = p.distance > 0 && already < 3 ? suspectedPartner(m, options) : 0;
    if (partner !== 0 && rng.chance(p.distance)) return partner;
    // Blending, they nominate only a seat the table suspects, as the town's own rule has it.
    const score = p.blend ? blended(m, dangerScores(m), already < 2 ? EPS : p.nominateAt) : dangerScores(m);
    const pick = blocPick(p, view, m, options, score, rng, m.ally);
    return pick !== 0 && already < 3 ? pick : null;
  }
  const sus = townSuspicion(p, m);
  const red = settledRed(m);
  const pick = soft(options, sus, p.temperature, rng, red);
  if (pick === 0) return null;
  // A player the trusted investigator cleared must not be the only nominee (he would leave unvoted).
  if (already < 2) return sus[pick] > EPS || clearedNominee(nominees, red) || rng.chance(p.nominateBlind) ? pick : null;
  return sus[pick] >= p.nominateAt ? pick : null;
}

/**
 * A town vote leans to the suspects others have already voted this round (FOLLOW per vote), so a
 * town that reads alike does not split its votes and let the last mafia player through. Only a
 * suspect gains: a vote for a player I clear or do not suspect moves nothing.
 */
function withBallot(m: Mind, sus: readonly number[], options: readonly number[]): readonly number[] {
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
function clearedNominee(nominees: readonly number[], red: readonly number[]): boolean {
  for (const s of nominees) if (red[s] === 1) return true;
  return false;
}

/**
 * 1 for the seats a town player takes as settled red (certain, or reported red by a claimant he trusts
 * ≥ 0.85): he does not vote or nominate them while there is anyone else. With `only`, only those
 * seats' entries (and mine) are written: the caller reads no other.
 */
function settledRed(m: Mind, only: readonly number[] | null = null): readonly number[] {
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

/** A vote: the town's softmax draw (sparing its settled reds while anyone else stands); the mafia's bloc pick. */
export function vote(p: SmartParams, view: PlayerView, m: Mind, options: readonly number[], rng: Rng): Decision {
  if (!m.town) {
    const partner = p.bus > 0 ? doomedPartner(m, options) : 0;
    if (partner !== 0 && rng.chance(p.bus)) return partner;
    const pick = blocPick(p, view, m, options, dangerScores(m), rng, m.ally);
    if (pick !== 0) return pick;
    // Only allies to choose from: let the most suspected one go.
    return blocPick(p, view, m, options, m.suspicion(false), rng, null);
  }
  // Only the options' entries are written: soft reads no other (a vote's options are the few nominees).
  const red = settledRed(m, options);
  let open = false;
  for (const s of options) if (red[s] === 0) open = true;
  return soft(options, withBallot(m, townSuspicion(p, m), options), p.temperature, rng, open ? red : null);
}

/**
 * The partner a mafia member may bus (`bus`): the nominee the table suspects most, if he is one of
 * mine and suspected more than anyone else on the block — he is likely leaving, and a vote against
 * him clears the voter in the town's eyes. 0 if none.
 */
function doomedPartner(m: Mind, options: readonly number[]): number {
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
function suspectedPartner(m: Mind, options: readonly number[]): number {
  const pub = m.suspicion(false);
  let top = 0;
  for (const s of options) if (s !== m.me && m.ally[s] === 1 && pub[s] > EPS && (top === 0 || pub[s] > pub[top])) top = s;
  return top;
}

/** A mafia member's nomination or vote: the bloc's shared pick (`bloc`), else his own softmax draw. */
function blocPick(p: SmartParams, view: PlayerView, m: Mind, options: readonly number[], score: readonly number[], rng: Rng, skip: readonly number[] | null): number {
  return p.bloc ? shared(options, score, m.teamKey, phaseSalt(view), skip) : soft(options, score, p.temperature, rng, skip);
}

/** U3.4: "all tied leave?" — the town says yes only against suspects; the mafia only when no ally is tied. */
export function voteAll(p: SmartParams, m: Mind): Decision {
  const tied = m.lastTie;
  if (tied.length === 0) return NO;
  if (!m.town) return tied.some((s) => m.ally[s] === 1) ? NO : YES;
  if (tied.includes(m.me)) return NO;
  const sus = townSuspicion(p, m);
  let sum = 0;
  for (const s of tied) {
    if (sus[s] <= -1) return NO;
    sum += sus[s];
  }
  return sum / tied.length >= 0.5 ? YES : NO;
}
