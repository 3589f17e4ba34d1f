// The checks a fuzzed game is held to, in one place: fuzz plays its cases through them, and a scenario's
// `holds` expectation (a fuzz repro, docs/scenarios.md) plays its scripted game through the same ones,
// so a repro fails for the reason the fuzz case did. After every phase: the engine's invariants, every
// decision against the options offered (G9) and, with `full`, every seat's view against the record
// (G7); at the end a result (G5) within the day cap (G6) and points never negative; with `full`, the
// game played a second time must give the same record (G10).
import type { Game } from '../engine/game.js';
import { checkInvariants, InvariantError } from '../engine/invariants.js';
import type { PlayOptions } from '../engine/play.js';
import { PluginError, UserError } from '../errors.js';
import { WINNERS } from '../model/events.js';
import type { RulesGame } from '../rules/ruleSet.js';
import { gameRecord } from '../runner/job.js';
import { informationProblem } from './information.js';

/** Every check's name, as reports and scenario files (`holds`) spell it. */
export const CHECKS = ['invariants', 'G9 decisions', 'G5 result', 'G6 day cap', 'points', 'G7 information', 'G10 determinism', 'plug-in threw', 'engine threw'] as const;
export type CheckName = (typeof CHECKS)[number];
/** The differential checks fuzz runs on a sample of cases (src/fuzz/differential.ts): they compare runs, not one game. */
export const DIFFERENTIAL_CHECKS = ['replay = batch', 'workers 1 = 2', 'shard merge'] as const;
export type DifferentialCheck = (typeof DIFFERENTIAL_CHECKS)[number];

/** What a failed game (or a differential check of its case) broke: the check's name and what it said. */
export interface Problem {
  readonly check: CheckName | DifferentialCheck;
  readonly message: string;
}

/** The same failure whatever the seat, day or count it names: what shrinking (and a repro) must keep failing. */
export function problemKey(p: Problem): string {
  if (p.check === 'G10 determinism') return p.check; // where two records part differs from game to game
  const m = p.message.replace(/^invariant broken after (day|night) \d+: /, '').replace(/\d+(\.\d+)?/g, 'N');
  return `${p.check}: ${m}`;
}

/**
 * Plays one game with the given play options merged in (a caller's own onPhaseEnd runs inside them);
 * `again` is true for the G10 second play, which must not repeat the first's side effects.
 */
export type CheckedPlay = (checks: PlayOptions, again: boolean) => Game;

export interface CheckOptions {
  /** G7 after every phase (the record is kept) and the G10 second play. */
  readonly full: boolean;
  /** The game's index in its run (named in a G10 message). */
  readonly index: number;
  /** Sees each phase's decision record (G9) before the checks drop it: coverage, repros. */
  readonly onDecisions?: (g: Game) => void;
}

export interface Checked {
  readonly problem: Problem | null;
  /** The game played (stopped where it broke a check or threw), or null when it threw before it was dealt. */
  readonly game: Game | null;
}

export function checkedGame(play: CheckedPlay, o: CheckOptions): Checked {
  let leak: string | null = null;
  let last: Game | null = null;
  const onPhaseEnd = (g: Game, rules: RulesGame) => {
    last = g;
    o.onDecisions?.(g);
    checkInvariants(g, rules);
    if (o.full && leak === null) leak = informationProblem(g);
  };
  let g: Game;
  try {
    g = play({ onBegin: (g) => (last = g), onPhaseEnd, checkDecisions: true, ...(o.full ? { keepLog: true } : {}) }, false);
  } catch (e) {
    return { problem: thrown(e), game: last };
  }
  const problem = endProblem(g) ?? (leak !== null ? { check: 'G7 information', message: leak } : null) ?? (o.full ? determinismProblem(play, g, o.index) : null);
  return { problem, game: g };
}

function thrown(e: unknown): Problem {
  if (e instanceof InvariantError) return { check: e.message.includes('(G9)') ? 'G9 decisions' : 'invariants', message: e.message };
  if (e instanceof PluginError) return { check: 'plug-in threw', message: e.message };
  if (e instanceof UserError) throw e;
  return { check: 'engine threw', message: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
}

function endProblem(g: Game): Problem | null {
  if (!WINNERS.includes(g.winner!)) return { check: 'G5 result', message: `the game ended without a result (${String(g.winner)})` };
  if (g.day > g.config.maxDays) return { check: 'G6 day cap', message: `day ${g.day} is past the cap ${g.config.maxDays}` };
  for (let s = 1; s <= g.n; s++) if (!(g.points[s] >= 0) || !Number.isFinite(g.points[s])) return { check: 'points', message: `seat ${s} scored ${g.points[s]}` };
  return null;
}

/** G10: all chance comes from the seed, so the game played again gives the same record. */
function determinismProblem(play: CheckedPlay, g: Game, k: number): Problem | null {
  let again: string;
  try {
    // Kept as the first play kept it: a bot may read the record only when it is kept.
    again = JSON.stringify(gameRecord(play({ onPhaseEnd: checkInvariants, checkDecisions: true, keepLog: true }, true), k));
  } catch (e) {
    return { check: 'G10 determinism', message: `game ${k} played again from the same seed threw: ${e instanceof Error ? e.message : String(e)}` };
  }
  const first = JSON.stringify(gameRecord(g, k));
  return again === first ? null : { check: 'G10 determinism', message: replayedDifferently(k, first, again) };
}

/** The first difference of two records of game k, in one line. */
export function replayedDifferently(k: number, first: string, again: string): string {
  return `game ${k} played again from the same seed gave a different record (G10): ${whereTheyPart(first, again)}`;
}

/** Where two texts first part: `…what a says… then …what b says…`. */
export function whereTheyPart(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const at = Math.max(0, i - 30);
  return `…${a.slice(at, i + 30)}… then …${b.slice(at, i + 30)}…`;
}
