// Small pieces every day phase uses: counting votes, the leaders of a count, last words.
import type { Game } from '../engine/game.js';
import type { EliminationCause } from '../model/events.js';

/** The candidates with the most votes (in candidate order). */
export function leaders(candidates: readonly number[], votes: ArrayLike<number>): number[] {
  let best = -1;
  for (const c of candidates) if (votes[c] > best) best = votes[c];
  const top: number[] = [];
  for (const c of candidates) if (votes[c] === best) top.push(c);
  return top;
}

/** Seats in speaking order for day d: from the d-th seat in rotation, skipping the dead (U3.1). */
export function speakingOrder(g: Game, day: number): number[] {
  const out: number[] = [];
  const start = (day - 1) % g.n;
  for (let i = 0; i < g.n; i++) {
    const s = ((start + i) % g.n) + 1;
    if (g.alive[s] === 1) out.push(s);
  }
  return out;
}

/**
 * G4: removes the day's condemned, hears their last words, then ends the elimination step. A seat
 * whose role survives the vote (RoleDef.onVotedOut) stays; if none leaves, there is no step to end.
 */
export function removeByDay(g: Game, condemned: readonly number[], cause: EliminationCause): void {
  let seats = condemned;
  if (g.hooked) for (const s of condemned) if (g.survivesVote(s, cause)) seats = seats.filter((x) => x !== s);
  if (seats.length === 0) return;
  for (const s of seats) {
    g.eliminate(s, cause);
    g.log?.push({ t: 'eliminated', seat: s, cause, role: g.revealedRole(s) });
  }
  for (const s of seats) {
    const statements = g.speak(s, 'lastWord');
    g.log?.push({ t: 'lastWord', seat: s, statements });
  }
  g.checkWin();
}
