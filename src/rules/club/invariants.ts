// Club consistency checks after each phase (engine/invariants.ts calls them): the jail is sound, and,
// when the event record is kept, an independent replay of it finds no jailed or dead actor, no voter
// in jail, and nobody executed on a void vote.
import type { Game } from '../../engine/game.js';


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

function replayRecord(g: Game, jailed: readonly number[]): string | null {
  let r = replays.get(g);
  if (!r) {
    r = { at: 0, alive: new Uint8Array(g.n + 1).fill(1), jailed: new Uint8Array(g.n + 1), phase: 'night', voidVote: false, executedToday: 0, yieldedTo: 0, heardInJail: new Uint8Array(g.n + 1) };
    replays.set(g, r);
  }
  const log = g.log!;
  const free = (seat: number, what: string): string | null => {
    if (r.alive[seat] !== 1) return `dead seat ${seat} ${what}`;
    if (r.jailed[seat] === 1) return `jailed seat ${seat} ${what} (C10.1)`;
    return null;
  };
  for (; r.at < log.length; r.at++) {
    const e = log[r.at];
    let problem: string | null = null;
    switch (e.t) {
      case 'phase':
        r.phase = e.phase;
        r.voidVote = false;
        r.executedToday = 0;
        r.heardInJail.fill(0);
        break;
      case 'yield':
        problem = free(e.seat, 'yields time');
        if (!problem && (r.alive[e.target] !== 1 || r.jailed[e.target] !== 1)) problem = `seat ${e.seat} yields time to seat ${e.target}, who is not a living prisoner (C10.4)`;
        else if (!problem && r.heardInJail[e.target] === 1) problem = `jailed seat ${e.target} is given the floor twice in one day (C10.4)`;
        r.yieldedTo = e.target;
        r.heardInJail[e.target] = 1;
        break;
      case 'speech':
        if (r.yieldedTo === e.seat && r.jailed[e.seat] === 1) r.yieldedTo = 0; // C10.4: given the floor
        else problem = free(e.seat, 'speaks');
        break;
      case 'vote':
        problem = free(e.seat, 'votes');
        break;
      case 'action':
      case 'propose':
      case 'check':
      case 'duel':
        problem = free(e.seat, `acts (${e.t === 'action' ? e.kind : e.t})`);
        break;
      case 'cancelled':
        problem = free(e.seat, 'cancels the vote') ?? (e.seat === e.condemned ? `seat ${e.seat} cancels their own execution (C4.3)` : null);
        break;
      case 'noElimination':
        if (r.phase === 'day') r.voidVote = true;
        break;
      case 'eliminated':
      case 'died':
        if (r.alive[e.seat] !== 1) problem = `seat ${e.seat} dies twice`;
        if (e.t === 'eliminated' && (e.cause === 'vote' || e.cause === 'shootout')) {
          if (r.voidVote) problem = `seat ${e.seat} executed on a void vote (C4.2, C4.3)`;
          if (++r.executedToday > 1) problem = 'two executions in one day';
        }
        r.alive[e.seat] = 0;
        r.jailed[e.seat] = 0;
        break;
      case 'lastWord':
        if (r.alive[e.seat] === 1) problem = `living seat ${e.seat} gives a last word`;
        break;
      case 'jailed':
        if (r.alive[e.seat] !== 1 || r.jailed[e.seat] === 1) problem = `seat ${e.seat} jailed while dead or in jail`;
        r.jailed[e.seat] = 1;
        break;
      case 'released':
        if (r.jailed[e.seat] !== 1) problem = `seat ${e.seat} released but not in jail`;
        r.jailed[e.seat] = 0;
        break;
      default:
        break;
    }
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
