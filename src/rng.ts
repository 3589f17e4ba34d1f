// The one source of chance: every random draw in mafia-sim flows through an Rng made here (G10).
//
// Every stream is seedrandom's alea generator. A game's stream starts where `seedrandom.alea(seed)`
// starts (seedrandom hashes the seed string); each seat's stream starts from a state of its own, a
// strong integer hash of the game's starting state and the seat's number, so no stream is a shifted
// copy of another. (They once were: a seat's state was three outputs of the game's stream, and alea's
// recurrence then made each seat replay the next one's draws; docs/calibration.md tells the story.)
import seedrandom from 'seedrandom';

export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** A uniformly random element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** Shuffles the array in place (Fisher–Yates) and returns it. */
  shuffle<T>(items: T[]): T[];
}

/** 2^-32: alea's state words are 32-bit fractions. */
const FRACTION = 2.3283064365386963e-10;

/**
 * Alea's recurrence (Baagoe; seedrandom's lib/alea.js), written out as a class so that a draw is a
 * few multiplications the compiler inlines into its caller: the same numbers as seedrandom's
 * generator from the same state, which a test checks.
 */
class Alea implements Rng {
  constructor(
    private s0: number,
    private s1: number,
    private s2: number,
    private c: number,
  ) {}

  next(): number {
    const t = 2091639 * this.s0 + this.c * FRACTION;
    this.s0 = this.s1;
    this.s1 = this.s2;
    return (this.s2 = t - (this.c = t | 0));
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return p > 0 && this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const t = items[i];
      items[i] = items[j];
      items[j] = t;
    }
    return items;
  }
}

/** murmur3's 32-bit finaliser: a bijection on 32-bit words in which every input bit moves every output bit. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A game's random streams: the game's own (the deal, tie-breaks, defaults) and one per seat, each
 * independent of the others. A seat's stream is made at its first draw.
 */
export class GameStreams {
  readonly game: Rng;
  /** The game's key: 64 bits hashed from the game stream's starting state. */
  readonly #k0: number;
  readonly #k1: number;

  constructor(seed: string) {
    const { s0, s1, s2, c } = (seedrandom.alea(seed, { state: true }) as seedrandom.PRNG & { state(): AleaState }).state();
    this.game = new Alea(s0, s1, s2, c);
    const w0 = (s0 / FRACTION) >>> 0;
    const w1 = (s1 / FRACTION) >>> 0;
    const w2 = (s2 / FRACTION) >>> 0;
    this.#k0 = fmix32(w0 ^ fmix32(w1 ^ fmix32(w2 ^ 0x9e3779b9)));
    this.#k1 = fmix32(w2 ^ fmix32(w0 ^ fmix32(w1 ^ 0x7f4a7c15)));
  }

  /**
   * Seat `seat`'s stream (any integer ≥ 1): its three state words are hashes of the game's key and
   * (seat, word), so however much the game's stream or another seat's stream draws, this one is the same.
   */
  seat(seat: number): Rng {
    return new Alea(this.#word(seat, 0), this.#word(seat, 1), this.#word(seat, 2), 1);
  }

  #word(seat: number, j: number): number {
    return fmix32(this.#k1 ^ fmix32(this.#k0 ^ fmix32(3 * seat + j + 1))) * FRACTION;
  }
}

interface AleaState {
  readonly s0: number;
  readonly s1: number;
  readonly s2: number;
  readonly c: number;
}

/** A single stream, as the game stream of `seed` starts. */
export function createRng(seed: string): Rng {
  return new GameStreams(seed).game;
}

/** Game K of a run with seed S has its own seed, so any game replays alone. */
export function deriveGameSeed(runSeed: string, gameIndex: number): string {
  return `${runSeed}/${gameIndex}`;
}
