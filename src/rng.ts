// The one source of chance: every random draw in mafia-sim flows through an Rng made here (G10).
// Streams are seedrandom's alea generator: a game's stream is seeded from its seed string, and each
// seat's own stream starts from a state drawn from the game's stream (cheap: no string hashing).
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

class AleaRng implements Rng {
  constructor(private readonly draw: () => number) {}

  next(): number {
    return this.draw();
  }

  int(n: number): number {
    return Math.floor(this.draw() * n);
  }

  chance(p: number): boolean {
    return p > 0 && this.draw() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.draw() * items.length)];
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.draw() * (i + 1));
      const t = items[i];
      items[i] = items[j];
      items[j] = t;
    }
    return items;
  }
}

export function createRng(seed: string): Rng {
  return new AleaRng(seedrandom.alea(seed));
}

/**
 * The starting states of `count` child streams, drawn from a parent stream: three 32-bit fractions
 * each, kept flat (stream i starts from entries 3i, 3i+1, 3i+2).
 */
export function drawStreamStates(parent: Rng, count: number): number[] {
  const states: number[] = [];
  for (let i = 0; i < 3 * count; i++) states.push(parent.next());
  return states;
}

/** Child stream i of drawn states: independent of how much anyone else draws later. */
export function rngFromStates(states: readonly number[], i: number): Rng {
  return new AleaRng(seedrandom.alea('', { state: { c: 1, s0: states[3 * i], s1: states[3 * i + 1], s2: states[3 * i + 2] } }));
}

/** Game K of a run with seed S has its own seed, so any game replays alone. */
export function deriveGameSeed(runSeed: string, gameIndex: number): string {
  return `${runSeed}/${gameIndex}`;
}
