// The one source of chance: every random draw in mafia-sim flows through an Rng made here (G10).
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

export function createRng(seed: string): Rng {
  const draw = seedrandom.alea(seed);
  const int = (n: number): number => Math.floor(draw() * n);
  return {
    next: draw,
    int,
    chance: (p) => p > 0 && draw() < p,
    pick: (items) => items[int(items.length)],
    shuffle(items) {
      for (let i = items.length - 1; i > 0; i--) {
        const j = int(i + 1);
        const t = items[i];
        items[i] = items[j];
        items[j] = t;
      }
      return items;
    },
  };
}

/** Game K of a run with seed S has its own seed, so any game replays alone (issue: seeds). */
export function deriveGameSeed(runSeed: string, gameIndex: number): string {
  return `${runSeed}/${gameIndex}`;
}

/** Each seat's strategy owns a stream derived from the game seed, independent of the engine's stream. */
export function deriveSeatSeed(gameSeed: string, seat: number): string {
  return `${gameSeed}/seat${seat}`;
}
