// A smart seat's role abilities, night and day: the team's kill, the courtesan's freeze, the doctor's
// heal, the investigator's check, the maniac's and the killer's shots, the block, jail and duel of the
// club's roles, the bail, the lawyer's cancellation, the commissar's note and the jailed's yield.
import type { Rng } from '../../src/rng.js';
import type { Decision, DecisionRequest } from '../../src/strategy/types.js';
import type { PlayerView } from '../../src/views/view.js';
import { best, phaseSalt, shared } from './choose.js';
import { townSuspicion } from './lens.js';
import { dangerScores, killScores, teamKillScores } from './mafiaTargets.js';
import type { Mind } from './mind.js';
import type { SmartParams } from './params.js';

/** The team's kill (a proposal, the kill itself, the courtesan's shot): the bloc's shared pick. */
export function teamKill(p: SmartParams, view: PlayerView, m: Mind, req: DecisionRequest): Decision {
  const pick = shared(req.options, teamKillScores(p, view, m), m.teamKey, phaseSalt(view), m.ally);
  if (pick !== 0) return pick;
  return req.canPass ? null : req.options[0];
}

/** U5: freeze whoever would hurt the team most tonight: a protector, a believed investigator, an accuser. */
export function freeze(m: Mind, req: DecisionRequest, rng: Rng): Decision {
  const danger = dangerScores(m);
  const score = m.scratchA;
  const pub = m.suspicion(false);
  const { investigatorClaim: claim, protectorClaim: protector } = m;
  score[0] = danger[0];
  for (let s = 1; s <= m.n; s++) score[s] = 8 * protector[s] + danger[s] - pub[s] + (claim[s] !== 0 ? 2 : 0);
  const pick = best(req.options, score, rng, m.ally);
  return pick !== 0 ? pick : null;
}

/** U8: protect a revealed investigator I believe; otherwise myself or the likeliest mafia target. */
export function heal(p: SmartParams, view: PlayerView, m: Mind, options: readonly number[], rng: Rng): Decision {
  if (p.heal === 'mafiaTarget') {
    // The deviation: shadow the kill smart's mafia would choose, as far as the public record shows it.
    const pick = best(options, killScores(p, view, m, true), rng);
    return pick !== 0 ? pick : null;
  }
  const inv = m.trustedInvestigator(view, 0.5);
  if (inv !== 0 && options.includes(inv)) return inv;
  if (options.includes(m.me) && rng.chance(p.selfHeal)) return m.me;
  const score = killScores(p, view, m, true);
  const sus = townSuspicion(p, m);
  for (let s = 1; s <= m.n; s++) score[s] -= sus[s];
  score[m.me] = -Infinity; // here: the likeliest target other than me
  const pick = best(options, score, rng);
  return pick !== 0 ? pick : options.includes(m.me) ? m.me : null;
}

/** U9.1, C12: the most suspicious seat not yet checked (nor a known ally). */
export function check(p: SmartParams, m: Mind, options: readonly number[], rng: Rng): Decision {
  const sus = townSuspicion(p, m);
  const score = m.scratchA;
  const checked = m.checked;
  for (let s = 1; s <= m.n; s++) score[s] = checked[s] === 1 || m.ally[s] === 1 ? -1e9 : sus[s];
  return best(options, score, rng);
}

/** The maniac shoots his top suspect once he suspects him enough (`maniacAt`), or blind now and then (`maniacBlind`). */
export function maniac(p: SmartParams, m: Mind, options: readonly number[], rng: Rng): Decision {
  const sus = townSuspicion(p, m);
  const pick = best(options, sus, rng, m.ally);
  if (pick === 0 || sus[pick] < -0.5) return null;
  if (sus[pick] >= p.maniacAt || rng.chance(p.maniacBlind)) return pick;
  return null;
}

/**
 * C6 Marilyn, C10 Judge, C13 Sportsman: block, jail or challenge the top suspect (not a seat I trust
 * below `min`). A wrong duel costs nothing, so the Sportsman shoots at any suspect.
 */
export function aimAtSuspect(p: SmartParams, m: Mind, options: readonly number[], min: number, rng: Rng): Decision {
  const sus = townSuspicion(p, m);
  const pick = best(options, sus, rng, m.ally);
  return pick !== 0 && sus[pick] >= min ? pick : null;
}

/** C9: the Killer's own shot goes to the best target other than the team's kill tonight. */
export function killerShot(p: SmartParams, view: PlayerView, m: Mind, req: DecisionRequest, rng: Rng): Decision {
  const score = killScores(p, view, m, false);
  score[m.teamKillTonight(view)] = -Infinity; // the team's kill is taken care of (index 0, no kill yet, is no seat)
  const pick = best(req.options, score, rng, m.ally);
  return pick !== 0 ? pick : null;
}

/** C11: bail only a jailed player I trust (a mafia pick would jail me too). */
export function bail(p: SmartParams, m: Mind, options: readonly number[], rng: Rng): Decision {
  const sus = townSuspicion(p, m);
  const score = m.scratchA;
  for (let s = 1; s <= m.n; s++) score[s] = m.town ? -sus[s] : m.ally[s] === 1 ? 1 : -Infinity;
  const pick = best(options, score, rng);
  if (pick === 0) return null;
  return !m.town || sus[pick] <= -1 ? pick : null;
}

/** C4.3: the once-a-game cancellation is kept for a condemned player I trust (the mafia: for an ally). */
export function cancel(p: SmartParams, m: Mind): boolean {
  const c = m.condemned();
  if (c === 0) return false;
  if (!m.town) return m.ally[c] === 1;
  return townSuspicion(p, m)[c] <= -1;
}

/** U9.2: the note is worth most on a black check (it is read out only if the commissar dies that night). */
export function note(p: SmartParams, m: Mind): boolean {
  const last = m.myChecks[m.myChecks.length - 1];
  if (p.note === 'never' || last === undefined) return false;
  return p.note === 'first' || m.known[last] > 0;
}

/** C10.4: give the floor to a jailed ally (the mafia) or a jailed player the town trusts. */
export function yieldTo(p: SmartParams, m: Mind, options: readonly number[]): Decision {
  const sus = m.town ? townSuspicion(p, m) : null;
  for (const s of options) if (sus ? sus[s] <= -1 : m.ally[s] === 1) return s;
  return null;
}
