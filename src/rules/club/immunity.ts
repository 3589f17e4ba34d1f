// C16 immunities: dealt at the introduction (to listed seats or to k random seats), checked when a
// vote or a shot is offered (public ones), and fired once to save a player from a death (friend).
import type { Game } from '../../engine/game.js';
import { IMMUNITY_KINDS, PUBLIC_IMMUNITIES } from './config.js';

export type ImmunitySpec = Readonly<Record<string, readonly number[] | number>>;

export class Immunities {
  /** 1 = holds a public first-day immunity (newbie, killed-first-day); 1 = holds an unspent `friend`. */
  private readonly publicImmunity: Uint8Array;
  private readonly friend: Uint8Array;

  /** Deals the setup's immunities; k random seats are drawn from the game's stream (G10). */
  constructor(
    private readonly g: Game,
    spec: ImmunitySpec | undefined,
  ) {
    this.publicImmunity = new Uint8Array(g.n + 1);
    this.friend = new Uint8Array(g.n + 1);
    if (!spec) return;
    for (const kind of IMMUNITY_KINDS) {
      const given = spec[kind];
      if (given === undefined) continue;
      const seats = typeof given === 'number' ? this.randomSeats(given) : given;
      const hidden = !PUBLIC_IMMUNITIES.includes(kind);
      for (const s of seats) {
        if (hidden) this.friend[s] = 1;
        else this.publicImmunity[s] = 1;
        // C16.2: nobody at the table knows who holds `friend` (not even the holder).
        g.log?.push({ t: 'immunity', seat: s, kind, fired: false, ...(hidden ? { to: [] } : {}) });
      }
    }
  }

  /** k distinct seats, uniformly (a partial Fisher–Yates over 1..n), in seat order. */
  private randomSeats(k: number): number[] {
    const g = this.g;
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
  shielded(seat: number): boolean {
    return this.publicImmunity[seat] === 1 && firstDayOrNight(this.g);
  }

  /** C16.2: if the seat holds an unspent `friend`, it saves them from this death; the save is announced. */
  friendSaves(seat: number): boolean {
    if (this.friend[seat] !== 1) return false;
    this.friend[seat] = 0;
    this.g.log?.push({ t: 'immunity', seat, kind: 'friend', fired: true });
    return true;
  }
}

/** C16.1: public immunities hold on Day 1 and Night 1 only. */
export function firstDayOrNight(g: Game): boolean {
  return g.phase === 'day' ? g.day === 1 : g.night === 1;
}
