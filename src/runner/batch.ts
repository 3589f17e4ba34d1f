// Plays a range of a job's games in index order into a tally; a game that throws is recorded as
// failed (with the command that replays it) instead of ending the run.
import type { Game } from '../engine/game.js';
import { checkInvariants } from '../engine/invariants.js';
import { Tally } from '../stats/tally.js';
import { printable } from '../text.js';
import { gameRecord, playJobGame, replayCommand, type GameRecord, type Job } from './job.js';

export interface BatchOptions {
  readonly from: number;
  /** Exclusive. */
  readonly to: number;
  readonly onRecord?: (record: GameRecord) => void;
  /** Check the engine's invariants after every phase. */
  readonly check?: boolean;
  /** Throw a GameFailure at the first failed game instead of recording it. */
  readonly strict?: boolean;
  /** Polled between games; true stops the batch early (the tally then covers [from, stoppedAt)). */
  readonly shouldStop?: () => boolean;
}

/** The first failed game of a --strict run: which game, why, and the command that replays it. */
export class GameFailure extends Error {
  override readonly name = 'GameFailure';
  constructor(
    readonly game: number,
    readonly error: string,
    readonly replay: string,
    /** The stack of what the game threw (perhaps on another thread). */
    readonly causeStack: string,
  ) {
    super(`game ${game} failed: ${error}\n  replay: ${replay}`);
    this.stack = `${this.name}: ${this.message}\nCaused by: ${causeStack}`;
  }
}

export function newTally(job: Job): Tally {
  return new Tally(job.setup.roleCounts.map(([id]) => id));
}

export function runBatch(job: Job, opts: BatchOptions): Tally {
  const tally = newTally(job);
  const playOptions = opts.check ? { onPhaseEnd: checkInvariants, checkDecisions: true } : {};
  for (let k = opts.from; k < opts.to; k++) {
    if (opts.shouldStop?.()) break;
    let g: Game;
    try {
      g = playJobGame(job, k, playOptions);
    } catch (e) {
      // One line of printable text: it is echoed in reports and on terminals (a plug-in wrote it).
      const error = printable(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
      const replay = replayCommand(job, k, opts.check === true);
      if (opts.strict) throw new GameFailure(k, error, replay, e instanceof Error ? (e.stack ?? error) : error);
      tally.addFailure(k, error, replay);
      continue;
    }
    // Outside the try: a failing writer is an error of the run, not of game k.
    tally.add(g);
    opts.onRecord?.(gameRecord(g, k));
  }
  return tally;
}

/** A chunk's result: its tally, and its --games-out lines (one JSON record a line) when asked for. */
export interface ChunkResult {
  readonly tally: Tally;
  readonly lines: string | null;
}

/** Plays games [from, to) as one chunk of a run (on whichever thread). */
export function playChunk(job: Job, from: number, to: number, opts: { check?: boolean; strict?: boolean; records?: boolean }): ChunkResult {
  const lines: string[] | null = opts.records ? [] : null;
  const tally = runBatch(job, {
    from,
    to,
    check: opts.check,
    strict: opts.strict,
    onRecord: lines ? (r) => lines.push(JSON.stringify(r) + '\n') : undefined,
  });
  return { tally, lines: lines ? lines.join('') : null };
}
