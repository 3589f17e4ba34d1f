// Plays a range of games in index order into tallies; a game that throws is recorded as failed (with
// the command that replays it) instead of ending the run. Several jobs ("arms": tournament pairings,
// setups compared) can be played on the same game indices in lockstep, and each arm's outcome is then
// paired with the first arm's game by game, so no per-game data has to be kept for a comparison.
import type { Game } from '../engine/game.js';
import type { PlayOptions } from '../engine/play.js';
import { checkInvariants } from '../engine/invariants.js';
import { OutcomePairs } from '../stats/paired.js';
import { DetailPairs } from '../stats/pairedDetail.js';
import { Tally } from '../stats/tally.js';
import { Metrics } from '../stats/metrics.js';
import type { RoleDef } from '../model/roles.js';
import { strategyLabelFor } from '../strategy/registry.js';
import { printable } from '../text.js';
import { gameRecord, playJobGame, replayCommand, type GameRecord, type Job } from './job.js';
import { eveningPoints } from './series.js';

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
  /** Also pair every seat and common role of arm i > 0 with its baseline's (compare, role-values). */
  readonly details?: boolean;
  /** Arm i is paired with arm baselines[i] (an earlier arm; default 0): role-values has several baselines. */
  readonly baselines?: readonly number[];
  /** Count behaviour metrics (src/stats/metrics.ts): each game keeps its event record for them. */
  readonly metrics?: boolean;
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
  const teams = new Map(job.setup.game.tableRoles.map((r) => [r.id, r.team]));
  return new Tally(job.setup.roleCounts.map(([id, n]) => [id, n, teams.get(id) ?? 'town']), job.setup.deck.length, job.setup.game.rules.firstPhase);
}

export function runBatch(job: Job, opts: BatchOptions): Tally {
  return runArmsBatch([job], opts).tallies[0];
}

/**
 * Each arm's tally, and for arm i > 0 its outcomes paired with its baseline arm's on the same games
 * (arm 0 unless BatchOptions.baselines says otherwise; pairs[0] is empty).
 */
export interface ArmsTally {
  readonly tallies: readonly Tally[];
  readonly pairs: readonly OutcomePairs[];
  /** Only when asked for (BatchOptions.details): per seat and role, arm i > 0 against its baseline (details[0] is null). */
  readonly details?: readonly (DetailPairs | null)[];
}

/** Arm i's baseline: baselines[i] (an earlier arm), or arm 0. */
function baselineOf(baselines: readonly number[] | undefined, i: number): number {
  return baselines?.[i] ?? 0;
}

/** The per-seat and per-role pairs of each arm with its baseline (null for an arm that is its own). */
export function newDetails(jobs: readonly Job[], baselines?: readonly number[]): (DetailPairs | null)[] {
  return jobs.map((j, i) => {
    const b = baselineOf(baselines, i);
    if (b === i) return null;
    const base = jobs[b].setup;
    return DetailPairs.between(base.roleCounts, j.setup.roleCounts, Math.min(base.deck.length, j.setup.deck.length));
  });
}

export function runArmsBatch(jobs: readonly Job[], opts: BatchOptions): ArmsTally {
  const tallies = jobs.map(newTally);
  const pairs = jobs.map(() => new OutcomePairs());
  const details = opts.details === true && jobs.length > 1 ? newDetails(jobs, opts.baselines) : null;
  const playOptions: PlayOptions = { ...(opts.check ? { onPhaseEnd: checkInvariants, checkDecisions: true } : {}), ...(opts.metrics ? { keepLog: true } : {}) };
  const labels = opts.metrics ? jobs.map((j) => metricsLabeler(j, tallies)) : null;
  // Several arms: this game under each (null if it failed), to pair arm i with its baseline.
  const played: (Game | null)[] | null = jobs.length > 1 ? new Array<Game | null>(jobs.length).fill(null) : null;
  for (let k = opts.from; k < opts.to; k++) {
    if (opts.shouldStop?.()) break;
    for (let a = 0; a < jobs.length; a++) {
      const g = playOne(jobs[a], k, playOptions, opts.check === true, opts.strict === true, tallies[a]);
      if (played !== null) played[a] = g;
      if (g === null) continue;
      // Outside playOne's try: a failing writer is an error of the run, not of game k.
      tallies[a].add(g, eveningPoints(g));
      if (labels !== null) tallies[a].metrics!.add(g, labels[a]);
      if (g.firstIllegal !== null) tallies[a].addIllegalExample(k, g.firstIllegal);
      if (a === 0) opts.onRecord?.(gameRecord(g, k));
      else {
        const baseline = played![baselineOf(opts.baselines, a)];
        if (baseline !== null) {
          pairs[a].add(baseline.winner!, g.winner!);
          if (details !== null) details[a]!.add(baseline, g);
        }
      }
    }
  }
  return details === null ? { tallies, pairs } : { tallies, pairs, details };
}

/** Turns on metrics in the tallies; the labeler names, per role, the strategy spec that plays it. */
function metricsLabeler(job: Job, tallies: readonly Tally[]): (role: RoleDef) => string {
  for (const t of tallies) t.metrics ??= new Metrics();
  const labels = new Map<RoleDef, string>();
  return (role) => {
    let l = labels.get(role);
    if (l === undefined) labels.set(role, (l = strategyLabelFor(job.strategies, role)));
    return l;
  };
}

/** Plays game k of a job; a game that throws is counted as failed in the tally (or, strict, ends the batch). */
function playOne(job: Job, k: number, options: PlayOptions, check: boolean, strict: boolean, tally: Tally): Game | null {
  try {
    return playJobGame(job, k, options);
  } catch (e) {
    // One line of printable text: it is echoed in reports and on terminals (a plug-in wrote it).
    const error = printable(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
    const replay = replayCommand(job, k, check);
    if (strict) throw new GameFailure(k, error, replay, e instanceof Error ? (e.stack ?? error) : error);
    tally.addFailure(k, error, replay);
    return null;
  }
}

/** A chunk's result: each arm's tally and pairs, and the first arm's --games-out lines when asked for. */
export interface ChunkResult {
  readonly arms: ArmsTally;
  readonly lines: string | null;
}

/** Plays games [from, to) of every arm as one chunk of a run (on whichever thread). */
export function playChunk(jobs: readonly Job[], from: number, to: number, opts: { check?: boolean; strict?: boolean; records?: boolean; details?: boolean; baselines?: readonly number[]; metrics?: boolean }): ChunkResult {
  const lines: string[] | null = opts.records ? [] : null;
  const arms = runArmsBatch(jobs, {
    from,
    to,
    check: opts.check,
    strict: opts.strict,
    details: opts.details,
    baselines: opts.baselines,
    metrics: opts.metrics,
    onRecord: lines ? (r) => lines.push(JSON.stringify(r) + '\n') : undefined,
  });
  return { arms, lines: lines ? lines.join('') : null };
}
