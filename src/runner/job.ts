// A job: everything that determines a batch of games, and the pieces that turn it into games.
import type { Game } from '../engine/game.js';
import { playGame, type PlayOptions } from '../engine/play.js';
import { deriveGameSeed } from '../rng.js';
import type { CompiledSetup } from '../setup/compile.js';
import { strategyFor, type StrategyAssignment } from '../strategy/registry.js';

export interface Job {
  /** The setup as named on the command line (built-in name or file path). */
  readonly setupArg: string;
  readonly overrides: readonly string[];
  readonly setup: CompiledSetup;
  readonly strategies: StrategyAssignment;
  readonly seed: string;
}

/** Plays game `index` of the job: its seed depends only on (job seed, index). */
export function playJobGame(job: Job, index: number, options: PlayOptions = {}): Game {
  const keepLog = options.keepLog === true || usesHistory(job.strategies);
  return playGame(
    job.setup.game,
    job.setup.deck,
    (seat, role) => strategyFor(job.strategies, role).createPlayer(seat),
    deriveGameSeed(job.seed, index),
    { ...options, keepLog },
  );
}

function usesHistory(a: StrategyAssignment): boolean {
  return a.everyone.usesHistory === true || [...a.byTeam.values(), ...a.byRole.values()].some((s) => s.usesHistory === true);
}

/** The exact command that replays game `index` of this job. */
export function replayCommand(job: Job, index: number): string {
  const parts = ['mafia-sim', 'replay', '--setup', quote(job.setupArg)];
  for (const o of job.overrides) parts.push('--option', quote(o));
  for (const s of job.strategies.specs) parts.push('--strategy', quote(s));
  parts.push('--seed', quote(job.seed), '--game', String(index));
  return parts.join(' ');
}

function quote(s: string): string {
  return /^[\w./:=,@+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** One game as a JSON record (a --games-out line, or `replay --json`). */
export interface GameRecord {
  readonly index: number;
  readonly seed: string;
  readonly winner: string;
  readonly days: number;
  readonly roles: readonly string[];
  readonly eliminations: ReadonlyArray<{ seat: number; role: string; cause: string; phase: string; n: number }>;
  readonly points: readonly number[];
  readonly illegalDecisions: number;
}

export function gameRecord(g: Game, index: number): GameRecord {
  return {
    index,
    seed: g.seed,
    winner: g.winner!,
    days: g.day,
    roles: g.roles.slice(1).map((r) => r.id),
    eliminations: g.eliminations.map((e) => ({ seat: e.seat, role: g.roles[e.seat].id, cause: e.cause, phase: e.phase, n: e.day })),
    points: g.points.slice(1),
    illegalDecisions: g.illegalDecisions,
  };
}
