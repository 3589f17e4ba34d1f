// Club consistency checks after each phase (engine/invariants.ts calls them): the jail is sound, and,
// when the event record is kept, an independent replay of it finds no jailed or dead actor, no voter
// in jail, and nobody executed on a void vote.
import type { Game } from '../../engine/game.js';
import type { GameEvent } from '../../model/events.js';

interface Replay {
  /** Events of the record already checked. */
  at: number;
  readonly alive: Uint8Array;
  readonly jailed: Uint8Array;
  phase: 'day' | 'night';
  /** Today's vote was void (a tie of more than 3, no votes, a cancellation, an immunity save). */
  voidVote: boolean;
  executedToday: number;
  /** C10.4: the jailed seat given the floor by the last yield (0 = none), and who has had it today. */
  yieldedTo: number;
  readonly heardInJail: Uint8Array;
}

const replays = new WeakMap<Game, Replay>();

/** `jailed`: per seat, the Judge who jailed it (0 = free). */
export function checkClubInvariants(c: { readonly g: Game; readonly jailed: readonly number[] }): string | null {
  const { g, jailed } = c;
  for (let s = 1; s <= g.n; s++) {
    const judge = jailed[s];
    if (judge === 0) continue;
    if (g.alive[s] !== 1) return `dead seat ${s} is still in jail`;
    if (g.alive[judge] !== 1) return `seat ${s} is still in jail after its Judge (seat ${judge}) died (C10.2)`;
    if (g.roles[judge].night?.decision !== 'jail') return `seat ${s} is jailed by seat ${judge}, who is no Judge`;
  }
  return g.log ? replayRecord(g, jailed) : null;
}

/** Replays the events logged since the last check; the first problem found, else whether the state agrees. */
function replayRecord(g: Game, jailed: readonly number[]): string | null {
  const r = replayOf(g);
  const log = g.log!;
  for (; r.at < log.length; r.at++) {
    const problem = replayEvent(r, log[r.at]);
    if (problem) {
      r.at++;
      return problem;
    }
  }
  for (let s = 1; s <= g.n; s++) {
    if (r.alive[s] !== g.alive[s]) return `the record and the state disagree on whether seat ${s} lives`;
    if (r.jailed[s] !== (jailed[s] !== 0 ? 1 : 0)) return `the record and the state disagree on whether seat ${s} is jailed`;
  }
  return null;
}

/** The game's replay, started at the first check. */
function replayOf(g: Game): Replay {
  let r = replays.get(g);
  if (!r) {
    r = { at: 0, alive: new Uint8Array(g.n + 1).fill(1), jailed: new Uint8Array(g.n + 1), phase: 'night', voidVote: false, executedToday: 0, yieldedTo: 0, heardInJail: new Uint8Array(g.n + 1) };
    replays.set(g, r);
  }
  return r;
}

/** Null if a seat may act (alive and free), else what is wrong with `what` it does. */
function unfree(r: Replay, seat: number, what: string): string | null {
  if (r.alive[seat] !== 1) return `dead seat ${seat} ${what}`;
  if (r.jailed[seat] === 1) return `jailed seat ${seat} ${what} (C10.1)`;
  return null;
}

/** Applies one event to the replay; what is wrong with it, or null. */
function replayEvent(r: Replay, e: GameEvent): string | null {
  switch (e.t) {
    case 'phase':
      r.phase = e.phase;
      r.voidVote = false;
      r.executedToday = 0;
      r.heardInJail.fill(0);
      return null;
    case 'yield':
      return replayYield(r, e.seat, e.target);
    case 'speech':
      if (r.yieldedTo === e.seat && r.jailed[e.seat] === 1) {
        r.yieldedTo = 0; // C10.4: given the floor
        return null;
      }
      return unfree(r, e.seat, 'speaks');
    case 'vote':
      return unfree(r, e.seat, 'votes');
    case 'action':
    case 'propose':
    case 'check':
    case 'duel':
      return unfree(r, e.seat, `acts (${e.t === 'action' ? e.kind : e.t})`);
    case 'cancelled':
      return unfree(r, e.seat, 'cancels the vote') ?? (e.seat === e.condemned ? `seat ${e.seat} cancels their own execution (C4.3)` : null);
    case 'noElimination':
      if (r.phase === 'day') r.voidVote = true;
      return null;
    case 'eliminated':
    case 'died':
      return replayDeath(r, e.seat, e.t === 'eliminated' && (e.cause === 'vote' || e.cause === 'shootout'));
    case 'lastWord':
      return r.alive[e.seat] === 1 ? `living seat ${e.seat} gives a last word` : null;
    case 'jailed': {
      const problem = r.alive[e.seat] !== 1 || r.jailed[e.seat] === 1 ? `seat ${e.seat} jailed while dead or in jail` : null;
      r.jailed[e.seat] = 1;
      return problem;
    }
    case 'released': {
      const problem = r.jailed[e.seat] !== 1 ? `seat ${e.seat} released but not in jail` : null;
      r.jailed[e.seat] = 0;
      return problem;
    }
    default:
      return null;
  }
}

/** C10.4: a free seat yields its time to a living prisoner, who is given the floor at most once a day. */
function replayYield(r: Replay, seat: number, target: number): string | null {
  let problem = unfree(r, seat, 'yields time');
  if (!problem && (r.alive[target] !== 1 || r.jailed[target] !== 1)) problem = `seat ${seat} yields time to seat ${target}, who is not a living prisoner (C10.4)`;
  else if (!problem && r.heardInJail[target] === 1) problem = `jailed seat ${target} is given the floor twice in one day (C10.4)`;
  r.yieldedTo = target;
  r.heardInJail[target] = 1;
  return problem;
}

/** A death: nobody dies twice, and a day executes at most once, never on a void vote (C4.2, C4.3). */
function replayDeath(r: Replay, seat: number, execution: boolean): string | null {
  let problem: string | null = null;
  if (r.alive[seat] !== 1) problem = `seat ${seat} dies twice`;
  if (execution) {
    if (r.voidVote) problem = `seat ${seat} executed on a void vote (C4.2, C4.3)`;
    if (++r.executedToday > 1) problem = 'two executions in one day';
  }
  r.alive[seat] = 0;
  r.jailed[seat] = 0;
  return problem;
}
