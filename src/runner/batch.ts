// Plays a range of a job's games in index order into a tally; a game that throws is recorded as
// failed (with the command that replays it) instead of ending the run.
import { checkInvariants } from '../engine/invariants.js';
import { Tally } from '../stats/tally.js';
import { gameRecord, playJobGame, type GameRecord, type Job } from './job.js';

export interface BatchOptions {
  readonly from: number;
  /** Exclusive. */
  readonly to: number;
  readonly onRecord?: (record: GameRecord) => void;
  /** Check the engine's invariants after every phase. */
  readonly check?: boolean;
  /** Rethrow the first failure instead of recording it. */
  readonly strict?: boolean;
  /** Polled between games; true stops the batch early (the tally then covers [from, stoppedAt)). */
  readonly shouldStop?: () => boolean;
}

export function newTally(job: Job): Tally {
  return new Tally(job.setup.roleCounts.map(([id]) => id));
}

export function runBatch(job: Job, opts: BatchOptions): Tally {
  const tally = newTally(job);
  const onPhaseEnd = opts.check ? checkInvariants : undefined;
  for (let k = opts.from; k < opts.to; k++) {
    if (opts.shouldStop?.()) break;
    try {
      const g = playJobGame(job, k, { onPhaseEnd });
      tally.add(g);
      opts.onRecord?.(gameRecord(g, k));
    } catch (e) {
      if (opts.strict) throw e;
      tally.addFailure(k, e instanceof Error ? `${e.name}: ${e.message}` : String(e));
    }
  }
  return tally;
}
