// The club day (C4): the last words of the night's dead, speeches, the vote of every living free
// player, the shoot-out, the Lawyer's cancellation, the `friend` save, the execution and the last word.
import { NO, YES } from '../../model/decisions.js';
import { speakingOrder } from '../dayTools.js';
import type { Game } from '../../engine/game.js';
import { clearSeats, type SeatList } from '../../engine/seatArrays.js';
import type { Discipline } from '../discipline.js';
import type { ClubConfig } from './config.js';
import type { Immunities } from './immunity.js';

/** What the day reads and changes of a club game's state (ClubGame in ./index.ts). */
export interface ClubDayState {
  readonly g: Game;
  readonly config: ClubConfig;
  readonly discipline: Discipline;
  readonly immunities: Immunities;
  readonly jailed: number[];
  readonly lawyers: readonly number[];
  readonly cancelUsed: number[];
  readonly votes: number[];
  /** The vote's candidates, each voter's own seat left out while they vote (C4.1). */
  readonly ballot: SeatList;
  shootout: boolean;
  /** C4.5: the players killed last night, whose last words open the day (emptied as they are heard). */
  readonly lastWordsDue: number[];
  isJailed(seat: number): boolean;
  releaseOrphans(): void;
}

export function runClubDay(c: ClubDayState): void {
  const { g, discipline } = c;
  nightLastWords(c);
  const order = speakingOrder(g, g.day);
  const heard: number[] = []; // C10.4: the jailed who have spoken today
  // Only the Judge jails, at night: a jail empty as the day begins stays empty, and nobody is yielded to.
  const canYield = yieldOptions(c, heard).length > 0;
  for (const seat of order) {
    if (g.alive[seat] !== 1 || c.isJailed(seat)) continue; // C10.1: the jailed give no speech
    if (discipline.skips(seat)) continue; // U12.2 (C19.2)
    if (speech(c, seat)) return;
    if (!canYield || g.alive[seat] !== 1) continue;
    const jailed = yieldOptions(c, heard);
    if (jailed.length === 0) continue;
    const to = g.ask(seat, 'yield', jailed, true, null); // C10.4
    if (to === null) continue;
    heard.push(to);
    g.log?.push({ t: 'yield', seat, target: to });
    if (speech(c, to)) return;
  }
  const condemned = countVotes(c, order);
  if (condemned !== 0) execute(c, condemned);
}

/**
 * C4.5: every player killed last night gives a last word as the day begins, right after the dawn
 * announcement and before the first speech, in the order the deaths were announced. A technical
 * corpse (C19) is not among them.
 */
function nightLastWords(c: ClubDayState): void {
  const { g } = c;
  const due = c.lastWordsDue;
  for (let i = 0; i < due.length; i++) {
    const seat = due[i];
    const statements = g.speak(seat, 'lastWord');
    g.log?.push({ t: 'lastWord', seat, statements });
  }
  due.length = 0;
}

/** A day speech (G8) and the foul it may earn; true when the game ended. */
function speech(c: ClubDayState, seat: number): boolean {
  const { g } = c;
  const statements = g.speak(seat, 'speech');
  g.log?.push({ t: 'speech', seat, statements });
  if (!c.discipline.speechFoul(seat)) return false;
  // C19.2: 4 fouls make a technical corpse, who leaves silently; a Judge's prisoners go free (C10.2).
  c.releaseOrphans();
  return g.checkWin();
}

/** C10.4: the living jailed players who have not spoken today, in the game's option list. */
function yieldOptions(c: ClubDayState, heard: readonly number[]): readonly number[] {
  const { g } = c;
  const out = g.optionList;
  out.clear();
  for (let s = 1; s <= g.n; s++) if (g.alive[s] === 1 && c.isJailed(s) && !heard.includes(s)) out.add(s);
  return out.done();
}

/** C10.3 / C16.1: whether a vote against the seat is accepted today. */
function votable(c: ClubDayState, seat: number): boolean {
  return !c.immunities.shielded(seat) && !(c.config.jailShields && c.isJailed(seat));
}

/**
 * C4.1–C4.2: every living, free player votes for one other living player; a missing or illegal vote
 * is a vote for oneself. Most votes is condemned; 2–3 tied: a shoot-out picks one at random; more than
 * 3 tied: nobody. C17.2: a town voter scores for a vote on a mafia-team player, a mafia-team voter
 * for a vote on a town player. Returns the condemned seat, or 0 (`c.shootout` says how).
 */
function countVotes(c: ClubDayState, order: readonly number[]): number {
  const { g, votes } = c;
  const extra = c.discipline.extraVoteAgainst;
  const points = g.config.points;
  clearSeats(votes);
  c.shootout = false;
  // Who may be voted for does not change while the table votes: worked out once, not per voter.
  const ballot = c.ballot;
  ballot.clear();
  for (let s = 1; s <= g.n; s++) if (g.alive[s] === 1 && votable(c, s)) ballot.add(s);
  const weighed = g.hooked; // a Mayor's ballot counts for more (RoleDef.voteWeight); C17.2 scores it once
  for (const voter of order) {
    if (g.alive[voter] !== 1 || c.isJailed(voter)) continue;
    const at = ballot.take(voter);
    const options = ballot.seats;
    const target = options.length > 0 ? g.ask(voter, 'vote', options, false, voter)! : voter;
    if (at >= 0) ballot.putBack(at, voter);
    g.log?.push({ t: 'vote', seat: voter, target, round: 1 });
    if (target === voter && !votable(c, voter)) continue; // a shielded player's own vote is not accepted either
    votes[target] += weighed ? g.voteWeight(voter) : 1;
    const from = g.roles[voter].team;
    const on = g.roles[target].team;
    if (from === 'town' && on === 'mafia') g.award(voter, points.townVoteOnMafia);
    else if (from === 'mafia' && on === 'town') g.award(voter, points.mafiaVoteOnTown);
  }
  // U12.2 (C19.2): 3 fouls cost one extra vote against in the next vote; every living player is a candidate.
  for (let s = 1; s <= g.n; s++) if (extra[s] === 1 && g.alive[s] === 1 && votable(c, s)) votes[s]++;
  c.discipline.spendExtraVotes();
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
  c.shootout = true;
  return executed;
}

/** C4.3, C16.2, C4.4: the Lawyer may cancel; `friend` may save; otherwise the execution and the last word. */
function execute(c: ClubDayState, condemned: number): void {
  const { g } = c;
  const cause = c.shootout ? 'shootout' : 'vote';
  for (const lawyer of c.lawyers) {
    if (g.alive[lawyer] !== 1 || c.isJailed(lawyer) || c.cancelUsed[lawyer] === 1 || lawyer === condemned) continue;
    const cancel = g.ask(lawyer, 'cancel', g.yesNo(), false, NO) === YES;
    g.log?.push({ t: 'action', kind: 'cancel', seat: lawyer, target: cancel ? condemned : null, to: [lawyer] });
    if (!cancel) continue;
    c.cancelUsed[lawyer] = 1;
    g.log?.push({ t: 'cancelled', seat: lawyer, condemned });
    if (g.roles[condemned].team === 'town') g.award(lawyer, g.config.points.lawyerSavesTown); // C17.3
    g.log?.push({ t: 'noElimination', reason: 'the Lawyer cancelled the vote' });
    return;
  }
  if (c.immunities.friendSaves(condemned)) {
    g.log?.push({ t: 'noElimination', reason: 'an immunity saved the condemned' });
    return;
  }
  if (g.survivesVote(condemned, cause)) return;
  g.eliminate(condemned, cause);
  c.jailed[condemned] = 0;
  g.log?.push({ t: 'eliminated', seat: condemned, cause, role: g.revealedRole(condemned) });
  const statements = g.speak(condemned, 'lastWord'); // C4.4
  g.log?.push({ t: 'lastWord', seat: condemned, statements });
  c.releaseOrphans(); // C10.2: an executed Judge's prisoners go free; the dead leave the jail
  g.checkWin();
}
