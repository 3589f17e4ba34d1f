// A job: everything that determines a batch of games, and the pieces that turn it into games.
import type { Game } from '../engine/game.js';
import { playGame, type PlayOptions } from '../engine/play.js';
import { deriveGameSeed } from '../rng.js';
import { sideOf, type RoleDef } from '../model/roles.js';
import { playInSeries } from './series.js';
import type { CompiledSetup } from '../setup/compile.js';
import { loadSetup, type OverrideLabel } from '../setup/load.js';
import { loadStrategies } from '../strategy/load.js';
import { loadRolePlugins } from '../setup/rolePlugins.js';
import { newPlayer } from '../strategy/audit.js';
import { isIsolatedSpec, onSetup, strategyFor, type StrategyAssignment } from '../strategy/registry.js';
import { botSettingFlags, botSettings } from '../protocol/settings.js';
import type { GameTag, Player, Strategy } from '../strategy/types.js';

export interface Job {
  /** The setup as named on the command line (built-in name or file path). */
  readonly setupArg: string;
  readonly overrides: readonly string[];
  readonly setup: CompiledSetup;
  readonly strategies: StrategyAssignment;
  readonly seed: string;
}

/** A job as plain data (what the command line said): enough to rebuild it on another thread. */
export interface JobSpec {
  readonly setupArg: string;
  readonly overrides: readonly string[];
  readonly strategies: readonly string[];
  /** Already validated (see parseSeed). */
  readonly seed: string;
}

/**
 * Builds a job from its spec with the loaders the command line uses (bad input: UserError); a worker
 * thread rebuilds its job this way. Plug-in strategies and role plug-ins are imported first.
 */
export async function jobFromSpec(spec: JobSpec, label?: OverrideLabel): Promise<Job> {
  const strategies = await loadStrategies(spec.strategies);
  await loadRolePlugins(spec.setupArg);
  const setup = loadSetup(spec.setupArg, spec.overrides, label);
  return { setupArg: spec.setupArg, overrides: [...spec.overrides], setup, strategies, seed: spec.seed };
}

export function jobSpec(job: Job): JobSpec {
  return { setupArg: job.setupArg, overrides: [...job.overrides], strategies: [...job.strategies.specs], seed: job.seed };
}

interface Seating {
  readonly keepLog: boolean;
  readonly playerFor: (seat: number, role: RoleDef, game: GameTag) => Player;
}

/** Per-job constants of playJobGame, worked out once per job rather than once per game. */
const seatings = new WeakMap<Job, Seating>();

function seating(job: Job): Seating {
  let s = seatings.get(job);
  if (!s) {
    const strategies = job.strategies;
    // Per role, the strategy as it plays on this setup (a built-in setup's tuned defaults: onSetup).
    const byRole = new Map<string, Strategy>();
    const forRole = (role: RoleDef) => {
      let st = byRole.get(role.id);
      if (st === undefined) byRole.set(role.id, (st = onSetup(strategyFor(strategies, role), job.setup, sideOf(role.team))));
      return st;
    };
    s = { keepLog: usesHistory(strategies), playerFor: (seat, role, game) => newPlayer(forRole(role), seat, game) };
    seatings.set(job, s);
  }
  return s;
}

/** Plays game `index` of the job: its seed depends only on (job seed, index). */
export function playJobGame(job: Job, index: number, options: PlayOptions = {}): Game {
  const { keepLog, playerFor } = seating(job);
  const game = job.setup.game;
  if (game.rules.series > 1) {
    // C16.1 evenings: the evening's earlier games decide what this one is handed (runner/series.ts).
    return playInSeries(job, game.rules.series, index, (k, carried, quiet) => {
      let carry: unknown = null;
      const onCarry = (c: unknown) => (carry = c);
      const opts: PlayOptions = quiet ? { keepLog, carried, onCarry } : { ...options, keepLog: options.keepLog === true || keepLog, carried, onCarry };
      return { game: playGame(game, job.setup.deck, playerFor, deriveGameSeed(job.seed, k), opts), carry };
    });
  }
  // No copy of the options per game unless the strategies need the log and the caller did not ask.
  const playOptions = keepLog && options.keepLog !== true ? { ...options, keepLog: true } : options;
  return playGame(job.setup.game, job.setup.deck, playerFor, deriveGameSeed(job.seed, index), playOptions);
}

function usesHistory(a: StrategyAssignment): boolean {
  return a.everyone.usesHistory === true || [...a.byTeam.values(), ...a.byRole.values()].some((s) => s.usesHistory === true);
}

/**
 * The exact command that replays game `index` of this job; with `check` (the run checked invariants)
 * it checks them too, so that a game that broke one fails the same way when replayed.
 */
export function replayCommand(job: Job, index: number, check = false): string {
  const parts = ['mafia-sim', 'replay', ...jobArgs(job), '--seed', quote(job.seed), '--game', String(index)];
  // The limits protocol bots played under (a bot that timed out must time out again), and isolation.
  parts.push(...botSettingFlags(botSettings(), job.strategies.specs.some(isIsolatedSpec)));
  if (check) parts.push('--check');
  return parts.join(' ');
}

/** The setup, options and strategies of a job as command-line words (quoted where needed). */
export function jobArgs(job: Job): string[] {
  const parts = ['--setup', quote(job.setupArg)];
  for (const o of job.overrides) parts.push('--option', quote(o));
  for (const s of job.strategies.specs) parts.push('--strategy', quote(s));
  return parts;
}

/** A word for a shell command line: as it is when safe, else single-quoted. */
export function quote(s: string): string {
  return /^[\w./:=,@+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** One game as a JSON record (a --games-out line, or `replay --json`). */
export interface GameRecord {
  readonly index: number;
  readonly seed: string;
  readonly winner: string;
  /** The seats of neutral teams that won alongside `winner` (RoleDef.win), in the order they won; absent when none. */
  readonly neutralWinners?: readonly number[];
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
    ...(g.neutralWinners !== null ? { neutralWinners: g.neutralWinners.slice() } : {}),
    days: g.day,
    roles: g.roles.slice(1).map((r) => r.id),
    eliminations: g.eliminations.map((e) => ({ seat: e.seat, role: g.roles[e.seat].id, cause: e.cause, phase: e.phase, n: e.n })),
    points: g.points.slice(1),
    illegalDecisions: g.illegalDecisions,
  };
}
