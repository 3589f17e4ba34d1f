// `mafia-sim likelihoods`: measures how likely each public act is for each hidden class, by playing a
// setup's games under the given profiles (by default, what the setup plays) and reading each finished
// game's public acts with its roles known (strategies/smart/acts.ts, strategies/smart/likelihoods.ts).
// The reasoning reader (`smart:reader=posterior`) reads a table by the numbers this measures.
import { Acts } from '../../strategies/smart/acts.js';
import { Counts, fit, type LikelihoodEntry } from '../../strategies/smart/likelihoods.js';
import type { Game } from '../engine/game.js';
import { playJobGame, type Job } from '../runner/job.js';

/** Games played between two checks of the signal and updates of the progress (one chunk). */
const CHUNK = 500;

export interface LikelihoodsRun {
  readonly job: Job;
  readonly games: number;
  /** The command line that reproduces the run (kept in the entry). */
  readonly command: string;
  readonly signal?: AbortSignal;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface LikelihoodsResult {
  readonly entry: LikelihoodEntry;
  readonly counts: Counts;
  /** Whether Ctrl-C stopped it before all games were read (the entry then reads fewer). */
  readonly partial: boolean;
}

/** Plays the job's games 0…games−1 in this thread (the counts do not depend on how they are shared). */
export async function measureLikelihoods(run: LikelihoodsRun): Promise<LikelihoodsResult> {
  const counts = new Counts();
  let done = 0;
  while (done < run.games && run.signal?.aborted !== true) {
    const to = Math.min(run.games, done + CHUNK);
    for (let k = done; k < to; k++) readGame(playJobGame(run.job, k, { keepLog: true }), counts);
    done = to;
    run.onProgress?.(done, run.games);
    await new Promise((resolve) => setImmediate(resolve)); // (lets Ctrl-C through)
  }
  const game = run.job.setup.game;
  const entry: LikelihoodEntry = { rules: game.rulesId, players: run.job.setup.deck.length, command: run.command, games: counts.games, ...fit(counts) };
  return { entry, counts, partial: done < run.games };
}

/** One finished game's public acts, read with its roles known. */
export function readGame(g: Game, counts: Counts): void {
  const n = g.roles.length - 1;
  const black: number[] = [0];
  let investigator = 0;
  let investigators = 0;
  for (let s = 1; s <= n; s++) {
    const r = g.roles[s];
    black.push(r.team === 'mafia' ? 1 : 0);
    if (r.team !== 'mafia' && r.traits.investigator) {
      investigator = s;
      investigators++;
    }
  }
  counts.truth(black, investigators === 1 ? investigator : 0);
  new Acts(g.publicRecord(false), counts).update();
}
