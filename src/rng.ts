// The one source of chance: every random draw in mafia-sim flows through an Rng made here (G10).
//
// Every stream runs alea's recurrence (Baagoe's generator, as seedrandom implements it), from a state
// of its own: integer hashes of the game's seed and the stream's number, so no stream is a shifted copy
// of another (seeding a seat from outputs of the game's stream would make each seat replay the next
// one's draws under alea's recurrence; docs/calibration.md).

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
  // Declared, not defined: a defined field starts as undefined, and a field that has held undefined
  // can no longer keep a double in place, so every draw would allocate (docs/performance.md).
  private declare s0: number;
  private declare s1: number;
  private declare s2: number;
  private declare c: number;

  constructor(s0: number, s1: number, s2: number, c: number) {
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
    this.c = c;
  }

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
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** murmur3's 32-bit hash of a string, one UTF-16 code unit a block. */
function hashString(text: string, seed: number): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) {
    let k = Math.imul(text.charCodeAt(i), 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 0x1b873593);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  return fmix32(h ^ text.length);
}

/**
 * A game's random streams: the game's own (the deal, tie-breaks, the rules' random defaults) and one
 * per seat. Each stream's alea state is three words hashed from the game's key (64 bits hashed from the
 * game's seed string) and (stream, word): stream 0 is the game's, stream s seat s's. No stream is made
 * from another's output, so however much one draws, the others are the same.
 */
export class GameStreams {
  readonly game: Rng;
  readonly #k0: number;
  readonly #k1: number;

  constructor(seed: string) {
    this.#k0 = hashString(seed, 0x9e3779b9);
    this.#k1 = hashString(seed, 0x7f4a7c15);
    this.game = this.seat(0);
  }

  /** Seat `seat`'s stream (any integer ≥ 1; 0 is the game's own), made when first asked for. */
  seat(seat: number): Rng {
    return new Alea(this.#word(seat, 0), this.#word(seat, 1), this.#word(seat, 2), 1);
  }

  /**
   * The key a team agrees on when it meets (night 0): a 32-bit word of its own (stream −1, which no
   * seat's or the game's stream uses), so agreeing on it draws nothing from any stream.
   */
  teamKey(): number {
    return this.#hash(-1, 0);
  }

  #word(stream: number, j: number): number {
    return this.#hash(stream, j) * FRACTION;
  }

  #hash(stream: number, j: number): number {
    return fmix32(this.#k1 ^ fmix32(this.#k0 ^ fmix32(3 * stream + j + 1)));
  }
}

/** An alea stream from an explicit state (seedrandom's `{ c, s0, s1, s2 }`): for the tests that hold it against seedrandom. */
export function aleaFromState(state: { readonly s0: number; readonly s1: number; readonly s2: number; readonly c: number }): Rng {
  return new Alea(state.s0, state.s1, state.s2, state.c);
}

/** A single stream: the game stream of `seed`. */
export function createRng(seed: string): Rng {
  return new GameStreams(seed).game;
}

/** Game K of a run with seed S has its own seed, so any game replays alone. */
export function deriveGameSeed(runSeed: string, gameIndex: number): string {
  return `${runSeed}/${gameIndex}`;
}
