// The club day (C4): speeches, the vote of every living free player, the shoot-out, the Lawyer's
// cancellation, the `friend` save, the execution and the last word.
import type { Game } from '../../engine/game.js';
import { NO, YES } from '../../strategy/types.js';
import { speakingOrder } from '../dayTools.js';
import { speechFoul } from '../discipline.js';
import { isJailed, type ClubConfig, type ClubState } from './config.js';
import { friendSaves, shielded } from './immunity.js';
import { releaseOrphans } from './night.js';
import { clearSeats, without } from '../../engine/seatArrays.js';


export function runClubDay(g: Game): void {
  const cfg = g.cfg as ClubConfig;
  const st = g.ruleState as ClubState;
  const order = speakingOrder(g, g.day);
  for (const seat of order) {
    if (g.alive[seat] !== 1 || isJailed(g, seat)) continue; // C10.1: the jailed give no speech
    if (g.skipSpeech[seat] === 1) {
      g.skipSpeech[seat] = 0; // U12.2 (C19)
      g.log?.push({ t: 'skipSpeech', seat });
      continue;
    }
    const statements = g.speak(seat, 'speech');
    g.log?.push({ t: 'speech', seat, statements });
    if (speechFoul(g, seat, cfg)) {
      // C19: a technical corpse leaves silently; a Judge's prisoners go free (C10.2).
      releaseOrphans(g);
      if (g.endStep()) return;
    }
  }
  const condemned = countVotes(g, cfg, st, order);
  if (condemned !== 0) execute(g, st, condemned);
}

/** C10.3 / C16.1: whether a vote against the seat is accepted today. */
function votable(g: Game, cfg: ClubConfig, st: ClubState, seat: number): boolean {
  return !shielded(g, st, seat) && !(cfg.jailShields && isJailed(g, seat));
}

/**
 * C4.1–C4.2: every living, free player votes for one other living player; a missing or illegal vote
 * is a vote for oneself. Most votes is condemned; 2–3 tied: a shoot-out picks one at random; more than
 * 3 tied: nobody. C17.2: a town voter scores for a vote on a mafia-team player, a mafia-team voter
 * for a vote on a town player. Returns the condemned seat, or 0 (`st.shootout` says how).
 */
function countVotes(g: Game, cfg: ClubConfig, st: ClubState, order: readonly number[]): number {
  const votes = st.votes;
  clearSeats(votes);
  st.shootout = false;
  // Who may be voted for does not change while the table votes: worked out once, not per voter.
  const candidates: number[] = [];
  for (let s = 1; s <= g.n; s++) if (g.alive[s] === 1 && votable(g, cfg, st, s)) candidates.push(s);
  for (const voter of order) {
    if (g.alive[voter] !== 1 || isJailed(g, voter)) continue;
    const options = without(candidates, voter);
    const target = options.length > 0 ? g.ask(voter, 'vote', options, false, voter)! : voter;
    g.log?.push({ t: 'vote', seat: voter, target, round: 1 });
    if (target === voter && !votable(g, cfg, st, voter)) continue; // a shielded player's own vote is not accepted either
    votes[target]++;
    const from = g.roles[voter].team;
    const on = g.roles[target].team;
    if (from === 'town' && on === 'mafia') g.award(voter, g.setup.points.townVoteOnMafia);
    else if (from === 'mafia' && on === 'town') g.award(voter, g.setup.points.mafiaVoteOnTown);
  }
  // U12.2 (C19): 3 fouls cost one extra vote against in the next vote; every living player is a candidate.
  for (let s = 1; s <= g.n; s++) {
    if (g.extraVoteAgainst[s] === 1 && g.alive[s] === 1 && votable(g, cfg, st, s)) votes[s]++;
    g.extraVoteAgainst[s] = 0;
  }
  let best = 0;
  let tied = 0;
  for (let s = 1; s <= g.n; s++) {
    if (votes[s] > best) {
      best = votes[s];
      tied = 1;
    } else if (votes[s] === best && best > 0) tied++;
  }
  if (best === 0) {
    g.log?.push({ t: 'noElimination', reason: 'no votes' });
    return 0;
  }
  const top: number[] = [];
  for (let s = 1; s <= g.n; s++) if (votes[s] === best) top.push(s);
  if (tied === 1) return top[0];
  g.log?.push({ t: 'tie', seats: [...top], round: 1 }); // a copy: the views freeze the record's arrays
  if (tied > 3) {
    g.log?.push({ t: 'noElimination', reason: `a tie between ${tied} players` }); // C4.2: void
    return 0;
  }
  const executed = g.rng.pick(top); // C4.2: the shoot-out
  g.log?.push({ t: 'shootout', seats: [...top], executed });
  st.shootout = true;
  return executed;
}

/** C4.3, C16.2, C4.4: the Lawyer may cancel; `friend` may save; otherwise the execution and the last word. */
function execute(g: Game, st: ClubState, condemned: number): void {
  const cause = st.shootout ? 'shootout' : 'vote';
  for (const lawyer of st.lawyers) {
    if (g.alive[lawyer] !== 1 || isJailed(g, lawyer) || st.cancelUsed[lawyer] === 1 || lawyer === condemned) continue;
    const cancel = g.ask(lawyer, 'cancel', g.yesNo(), false, NO) === YES;
    g.log?.push({ t: 'action', kind: 'cancel', seat: lawyer, target: cancel ? condemned : null, to: [lawyer] });
    if (!cancel) continue;
    st.cancelUsed[lawyer] = 1;
    g.log?.push({ t: 'cancelled', seat: lawyer, condemned });
    if (g.roles[condemned].team === 'town') g.award(lawyer, g.setup.points.lawyerSavesTown); // C17.3
    g.log?.push({ t: 'noElimination', reason: 'the Lawyer cancelled the vote' });
    return;
  }
  if (friendSaves(g, st, condemned)) {
    g.log?.push({ t: 'noElimination', reason: 'an immunity saved the condemned' });
    return;
  }
  g.eliminate(condemned, cause);
  g.jailed![condemned] = 0;
  g.log?.push({ t: 'eliminated', seat: condemned, cause, role: g.revealedRole(condemned) });
  g.log?.push({ t: 'lastWord', seat: condemned, statements: g.speak(condemned, 'lastWord') }); // C4.4
  releaseOrphans(g); // C10.2: an executed Judge's prisoners go free
  g.endStep();
}
