// C16 immunities: dealt at the introduction (to listed seats or to k random seats), checked when a
// vote or a shot is offered (public ones), and fired once to save a player from a death (friend).
import type { Game } from '../../engine/game.js';
import { IMMUNITY_KINDS, PUBLIC_IMMUNITIES, firstDayOrNight, type ClubState } from './config.js';

/** Deals the setup's immunities; k random seats are drawn from the game's stream (G10). */
export function dealImmunities(g: Game, st: ClubState): void {
  const spec = g.setup.immunities;
  if (!spec) return;
  for (const kind of IMMUNITY_KINDS) {
    const given = spec[kind];
    if (given === undefined) continue;
    const seats = typeof given === 'number' ? randomSeats(g, given) : given;
    const hidden = !PUBLIC_IMMUNITIES.includes(kind);
    for (const s of seats) {
      if (hidden) st.friend[s] = 1;
      else st.publicImmunity[s] = 1;
      // C16.2: nobody at the table knows who holds `friend` (not even the holder).
      g.log?.push({ t: 'immunity', seat: s, kind, fired: false, ...(hidden ? { to: [] } : {}) });
    }
  }
}

/** k distinct seats, uniformly (a partial Fisher–Yates over 1..n), in seat order. */
function randomSeats(g: Game, k: number): number[] {
  const pool: number[] = [];
  for (let s = 1; s <= g.n; s++) pool.push(s);
  for (let i = 0; i < k; i++) {
    const j = i + g.rng.int(pool.length - i);
    const t = pool[i];
    pool[i] = pool[j];
    pool[j] = t;
  }
  return pool.slice(0, k).sort((a, b) => a - b);
}

/** C16.1: on Day 1 and Night 1 a vote against or a shot at this seat is not accepted. */
export function shielded(g: Game, st: ClubState, seat: number): boolean {
  return st.publicImmunity[seat] === 1 && firstDayOrNight(g);
}

/** C16.2: if the seat holds an unspent `friend`, it saves them from this death; the save is announced. */
export function friendSaves(g: Game, st: ClubState, seat: number): boolean {
  if (st.friend[seat] !== 1) return false;
  st.friend[seat] = 0;
  g.log?.push({ t: 'immunity', seat, kind: 'friend', fired: true });
  return true;
}
