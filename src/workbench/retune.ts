// --tune on sweep, compare and balance: before a point (an option value, a compared arm, a balance
// candidate) is measured, `mafia-sim tune` (src/tune/tune.ts runTune) runs on that point's setup from
// the strategy given, and the point's games are played with the tuned parameters per side. So a rule
// change is judged by how well both sides can play under it, not by play tuned for another rule.
//
// A point's tune seed is a hash of the run seed and the point's label: the same point gets the same
// tune in any sweep, compare or balance run with that seed, on any number of threads (runTune is
// deterministic for its seed). With a state directory each point keeps its own tune state file.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { sidesFromSpecs, armSpecs, type SideSpecs } from '../exploit/variants.js';
import type { Side } from '../model/roles.js';
import { line, setupArgs } from '../report/reproduce.js';
import { loadSetup } from '../setup/load.js';
import { specValues } from '../strategy/registry.js';
import type { PairedDifference } from '../stats/paired.js';
import type { StrategyParamValue } from '../strategy/types.js';
import { openStateFile } from '../tune/stateFile.js';
import { changedParams, runTune, tuneStateKey, type TuneReport, type TuneSettings, type UnitCache } from '../tune/tune.js';
import type { ArmSpec } from './arms.js';
import { retunedSides, type PlayedSides } from '../report/sides.js';

/** How each point is tuned: tune's own settings (without the start, which is each point's strategy). */
export interface RetunePlan extends Omit<TuneSettings, 'start'> {
  /** A directory for one tune state file per point, or null. */
  readonly stateDir: string | null;
}

/** What a point's tune found, as the report keeps it. */
export interface PointTune {
  readonly seed: string;
  /** Strategy parameters the point itself sets, left out of the tune. */
  readonly held: readonly string[];
  readonly start: SideSpecs;
  readonly result: SideSpecs;
  readonly changed: Readonly<Record<Side, Readonly<Record<string, StrategyParamValue>>>>;
  readonly stopped: TuneReport['stopped'];
  readonly rounds: number;
  readonly played: number;
  readonly certificate: Readonly<Record<Side, { readonly move: string; readonly gain: PairedDifference & { readonly games: number } } | null>>;
  /** The `mafia-sim tune` command that gives the same result alone (null: nothing was left to tune). */
  readonly command: string | null;
}

/** An arm played with its point's tuned parameters. */
export interface RetunedArm extends ArmSpec {
  readonly tune: PointTune;
}

/** The tune seed of a point: from the run seed and the point alone (at most 15 digits, as --seed takes). */
export function pointSeed(runSeed: string, label: string): string {
  const h = createHash('sha256').update(`${runSeed}\u0000tune\u0000${label}`).digest('hex');
  return String(parseInt(h.slice(0, 12), 16));
}

export interface RetuneRun {
  readonly workers: number;
  readonly signal?: AbortSignal;
  /** Wraps each point's tune in a progress bar. */
  readonly progress: <T>(play: (onProgress: (done: number, total: number) => void) => Promise<T>) => Promise<T>;
}

/** Thrown when Ctrl-C stops a point's tune: nothing of the command has been measured yet. */
export class RetuneInterrupted extends Error {}

/**
 * Tunes the arm's strategy on its setup and returns the arm with the tuned specs in place of its own.
 * `hold`: strategy parameters the command itself sets at the point (a swept or searched one), which
 * the tune leaves as they are: otherwise it would tune away the very value being measured.
 */
export async function retuneArm(arm: ArmSpec, runSeed: string, plan: RetunePlan, run: RetuneRun, hold: readonly string[] = []): Promise<RetunedArm> {
  const setup = loadSetup(arm.setupArg, arm.overrides);
  const start = sidesFromSpecs(arm.strategies, setup);
  const params = hold.length === 0 ? plan.params : (plan.params ?? tunable(start)).filter((k) => !hold.includes(k));
  const seed = pointSeed(runSeed, arm.label);
  if (params !== null && params.length === 0) {
    // Every parameter the tune could move is held: the point plays its own specs, untuned.
    const changed = { town: changedParams(start.town), mafia: changedParams(start.mafia) };
    const tune: PointTune = { seed, held: [...hold], start, result: start, changed, stopped: 'converged', rounds: 0, played: 0, certificate: { town: null, mafia: null }, command: null };
    return { ...arm, strategies: armSpecs(start), tune };
  }
  let cache: UnitCache | undefined;
  if (plan.stateDir !== null) {
    mkdirSync(plan.stateDir, { recursive: true });
    const key = tuneStateKey({ setupArg: arm.setupArg, overrides: arm.overrides, setup, seed, start, params, firstGames: plan.firstGames, finalGames: plan.finalGames });
    cache = openStateFile(join(plan.stateDir, `point-${seed}.json`), key);
  }
  const r = await run.progress((onProgress) =>
    runTune({ setupArg: arm.setupArg, overrides: arm.overrides, setup, seed, workers: run.workers, signal: run.signal, onProgress, start, params, firstGames: plan.firstGames, finalGames: plan.finalGames, rounds: plan.rounds, budget: plan.budget, cache }),
  );
  if (r.stopped === 'interrupted') throw new RetuneInterrupted(arm.label);
  const args = ['tune', ...setupArgs(r.setup), ...armSpecs(start).flatMap((s) => ['--strategy', s])];
  if (params !== null) args.push('--params', params.join(','));
  args.push('--games', String(plan.finalGames), '--first', String(plan.firstGames), '--rounds', String(plan.rounds));
  if (plan.budget !== null) args.push('--budget', String(plan.budget));
  args.push('--seed', seed);
  const certificate = {
    town: r.certificate.town === null ? null : { move: r.certificate.town.move, gain: r.certificate.town.gain },
    mafia: r.certificate.mafia === null ? null : { move: r.certificate.mafia.move, gain: r.certificate.mafia.gain },
  };
  const tune: PointTune = { seed, held: [...hold], start, result: r.result, changed: r.changed, stopped: r.stopped, rounds: r.history.length, played: r.played, certificate, command: line(args) };
  return { ...arm, strategies: armSpecs(r.result), tune };
}

/** Every parameter a tune could move on either side's strategy (not the fixed ones). */
function tunable(start: SideSpecs): string[] {
  const keys = [start.town, start.mafia].flatMap((spec) => (specValues(spec).strategy.params ?? []).filter((p) => p.fixed !== true).map((p) => p.key));
  return [...new Set(keys)];
}

/** The sides a re-tuned arm plays, from the sides its own specs would play. */
export function sidesAfterTune(start: PlayedSides, tune: PointTune | undefined): PlayedSides {
  return tune === undefined ? start : retunedSides(start, tune.result);
}
