// The Ukrainian day (U3): speeches with nominations, the vote, ties, the last word.
import { NO, YES } from '../../model/decisions.js';
import { leaders, removeByDay, speakingOrder } from '../dayTools.js';
import { clearSeats, type SeatList } from '../../engine/seatArrays.js';
import type { Game } from '../../engine/game.js';
import type { Discipline } from '../discipline.js';
import type { Night } from '../night.js';
import type { UkrainianConfig } from './config.js';

/** What the day reads and changes of a Ukrainian game's state (UkrainianGame in ./index.ts). */
export interface UkrainianDayState {
  readonly g: Game;
  readonly config: UkrainianConfig;
  readonly discipline: Discipline;
  readonly night: Night;
  todaysNominees: number[];
  readonly nominated: number[];
  readonly votes: number[];
  /** Today's living players not yet nominated, in seat order: who a speaker may nominate (U3.1). */
  readonly open: SeatList;
  /** A vote's candidates, each voter's own seat left out while they vote (U3.3). */
  readonly ballot: SeatList;
}

export function runUkrainianDay(u: UkrainianDayState): void {
  const { g, config, discipline } = u;
  announceNote(u);
  u.todaysNominees = [];
  clearSeats(u.nominated);
  openNominations(u);
  const order = speakingOrder(g, g.day);
  for (const seat of order) {
    if (g.alive[seat] !== 1) continue;
    if (discipline.skips(seat)) continue; // U12.2
    const statements = g.speak(seat, 'speech');
    g.log?.push({ t: 'speech', seat, statements });
    const nomineesBefore = u.todaysNominees.length;
    nominate(u, seat);
    if (discipline.speechFoul(seat)) {
      // U12.3 / U3.1 (docs/rules-decisions.md): removed mid-speech, the speaker loses the nomination
      // made in this speech, and is no longer a nominee either.
      if (u.todaysNominees.length > nomineesBefore) u.nominated[u.todaysNominees.pop()!] = 0;
      u.todaysNominees = u.todaysNominees.filter((s) => s !== seat);
      openNominations(u);
      if (g.checkWin()) return;
    }
  }
  const nominees = u.todaysNominees;
  if (nominees.length === 0) {
    g.log?.push({ t: 'noElimination', reason: 'no nominees' }); // U3.2
    return;
  }
  if (nominees.length === 1) {
    if (g.day === 1 && config.firstDaySingleNominee === 'skip') {
      g.log?.push({ t: 'noElimination', reason: 'a single nominee on day 1' }); // U3.2
      return;
    }
    removeByDay(g, nominees, 'vote'); // U3.2: a later day's single nominee leaves
    return;
  }
  defend(g, nominees); // U3.6
  const condemned = decideVote(u, order, nominees);
  if (condemned.length === 0) return;
  removeByDay(g, condemned, 'vote'); // U3.5
}

/** The open list: living players not nominated today (U3.1), in seat order. */
function openNominations(u: UkrainianDayState): void {
  const { g, nominated, open } = u;
  open.clear();
  for (let s = 1; s <= g.n; s++) if (g.alive[s] === 1 && nominated[s] === 0) open.add(s);
}

/** U3.1: a speaker may nominate one living player other than themself who is not yet nominated. */
function nominate(u: UkrainianDayState, seat: number): void {
  const { g, open } = u;
  const at = open.take(seat);
  const options = open.seats;
  const target = options.length === 0 ? null : g.ask(seat, 'nominate', options, true, null);
  if (at >= 0) open.putBack(at, seat);
  if (target === null) return;
  open.take(target);
  u.todaysNominees.push(target);
  u.nominated[target] = 1;
  g.log?.push({ t: 'nominate', seat, target });
}

/** U3.6: before a vote, each nominee in nomination order gives a defence speech. */
function defend(g: Game, nominees: readonly number[]): void {
  for (const seat of nominees) {
    const statements = g.speak(seat, 'defence');
    g.log?.push({ t: 'speech', seat, statements, defence: true });
  }
}

/** U3.3–U3.4: the vote and its tie rule; returns who leaves. */
function decideVote(u: UkrainianDayState, order: readonly number[], nominees: readonly number[]): number[] {
  const { g, config } = u;
  let top = castVotes(u, order, nominees, 'vote', 1);
  if (top.length === 1) return top;
  g.log?.push({ t: 'tie', seats: [...top], round: 1 }); // a copy: the views freeze the record's arrays
  switch (config.tie) {
    case 'none':
      g.log?.push({ t: 'noElimination', reason: 'tie' });
      return [];
    case 'random':
      return [g.rng.pick(top)];
    case 'revote-then-none':
    case 'revote-then-all': {
      for (const s of top) {
        const statements = g.speak(s, 'tieSpeech');
        g.log?.push({ t: 'speech', seat: s, statements, again: true });
      }
      top = castVotes(u, order, top, 'revote', 2);
      if (top.length === 1) return top;
      g.log?.push({ t: 'tie', seats: [...top], round: 2 });
      if (config.tie === 'revote-then-none') {
        g.log?.push({ t: 'noElimination', reason: 'tie after the revote' });
        return [];
      }
      return voteAllLeave(u, order, top);
    }
  }
}

/**
 * U3.3: every living player votes for one candidate other than themself; nobody abstains. Default
 * for a missing or illegal vote: the last candidate (the one before, if the voter is the last).
 * U12.2: a candidate with 3 fouls gets one extra vote against them in the next vote.
 */
function castVotes(u: UkrainianDayState, order: readonly number[], candidates: readonly number[], kind: 'vote' | 'revote', round: number): number[] {
  const { g, votes, ballot } = u;
  const extra = u.discipline.extraVoteAgainst;
  clearSeats(votes);
  ballot.copy(candidates);
  const last = candidates[candidates.length - 1];
  const beforeLast = candidates[candidates.length - 2];
  const weighed = g.hooked; // a Mayor's ballot counts for more (RoleDef.voteWeight); built-in ones for 1
  for (const voter of order) {
    if (g.alive[voter] !== 1) continue;
    const at = ballot.take(voter);
    const fallback = voter === last ? beforeLast : last;
    const target = g.ask(voter, kind, ballot.seats, false, fallback)!;
    if (at >= 0) ballot.putBack(at, voter);
    votes[target] += weighed ? g.voteWeight(voter) : 1;
    g.log?.push({ t: 'vote', seat: voter, target, round });
  }
  for (const c of candidates) if (extra[c] === 1) votes[c]++;
  u.discipline.spendExtraVotes();
  return leaders(candidates, votes);
}

/**
 * U3.4: more than half of the living voting yes removes every tied player; otherwise nobody. Each
 * ballot counts with its weight (a Mayor's yes is two of the living's votes), so "half" is of every
 * living ballot's weight — the number of the living where no role weighs other than 1.
 */
function voteAllLeave(u: UkrainianDayState, order: readonly number[], tied: readonly number[]): number[] {
  const g = u.g;
  let yes = 0;
  let all = 0;
  for (const voter of order) {
    if (g.alive[voter] !== 1) continue;
    const answer = g.ask(voter, 'voteAll', g.yesNo(), false, NO) === YES;
    const weight = g.voteWeight(voter);
    all += weight;
    if (answer) yes += weight;
    g.log?.push({ t: 'voteAll', seat: voter, yes: answer });
  }
  if (yes * 2 > all) return [...tied];
  g.log?.push({ t: 'noElimination', reason: 'the table did not vote all tied out' });
  return [];
}

/** U9.2: the Commissar's note is read out at the start of the day after the night he died. */
function announceNote(u: UkrainianDayState): void {
  const note = u.night.takeNote();
  if (note) u.g.log?.push({ t: 'noteAnnounced', seat: note.seat, target: note.target, result: note.result });
}
