// What the workbench commands (sweep, compare, balance, role-values) share on the command line: the run
// flags, playing the arms with a progress bar over all of them and Ctrl-C, and the header lines.
import type { ChalkInstance } from 'chalk';
import { UserError } from '../errors.js';
import { parseCount, parseSeed, workerCount } from './common.js';
import { interruptible } from './interrupt.js';
import { withProgress } from './progress.js';
import { shardRange } from './run.js';
import { armJobs, type ArmSpec, type Setting } from '../workbench/arms.js';
import { playArms, type Played } from '../workbench/play.js';
import type { PlayedArm, WorkbenchCommon, WorkbenchKind } from '../workbench/report.js';
import { retuneArm, RetuneInterrupted, sidesAfterTune, type PointTune, type RetunePlan, type RetunedArm } from '../workbench/retune.js';
import { playedSides, sidesLine, type PlayedSides } from '../report/sides.js';
import { sidesFromSpecs } from '../exploit/variants.js';
import { formatDifference } from '../report/text.js';
import { exploitedArms } from '../report/exploitability.js';
import { labelled, titled, UNLIMITED, wrapItems, wrapWords } from '../report/fit.js';
import { loadSetup } from '../setup/load.js';
import { parseParamList, TUNE_FINAL_GAMES, TUNE_FIRST_GAMES, TUNE_ROUNDS } from './tune.js';

export interface BenchFlags {
  setup: string;
  option: string[];
  strategy: string[];
  seed: string;
  games?: string;
  workers?: string;
  shard?: string;
  /** false with --no-progress. */
  progress?: boolean;
  /** --tune: re-tune the strategy at each point (tune's flags, prefixed: --tune-games, --tune-budget…). */
  tune?: boolean;
  tuneParams?: string;
  tuneGames?: string;
  tuneFirst?: string;
  tuneRounds?: string;
  tuneBudget?: string;
  tuneState?: string;
}

/** A command's result: its report, and a warning line for stderr (degenerate arms) or null. */
export interface BenchResult<R> {
  readonly report: R;
  readonly warning: string | null;
}

export interface BenchPlay {
  readonly played: Played;
  /** The arms as played: re-tuned under --tune, each with what its sides play. */
  readonly arms: readonly PlayedArm[];
  readonly common: Omit<WorkbenchCommon, 'kind' | 'format'>;
}

/**
 * Builds every arm's job (bad input stops here, naming the flag), then plays them all on the same games
 * of the run's range (a shard's, with --shard) with one progress bar; Ctrl-C keeps the chunks finished.
 */
export async function playBench(
  kind: WorkbenchKind,
  flags: BenchFlags,
  arms: readonly ArmSpec[],
  origin: (arm: ArmSpec, i: number) => string,
  opts: { defaultGames: number; details?: boolean; baselines?: readonly number[]; signal?: AbortSignal; hold?: readonly string[] },
): Promise<BenchPlay> {
  const games = parseCount('--games', flags.games ?? String(opts.defaultGames), 1);
  const seed = parseSeed(flags.seed);
  const { first, end } = flags.shard === undefined ? { first: 0, end: games } : shardRange(flags.shard, games);
  const workers = workerCount(flags.workers, (end - first) * arms.length);
  if (arms.length < 1) throw new UserError(`${kind}: nothing to play`);
  const given = await armJobs(arms, seed, origin);
  const tuned = await retuneAll(flags, arms, seed, opts.signal, undefined, opts.hold);
  const jobs = tuned === arms ? given : await armJobs(tuned, seed, origin);
  const playing = tuned.map((a, i) => withSides(a, arms[i], given[i].setup));
  const played = await interruptible((stop) =>
    withProgress(flags.progress !== false, (onProgress) =>
      playArms(arms, jobs, {
        first,
        end,
        workers,
        details: opts.details,
        baselines: opts.baselines,
        signal: stop,
        onProgress,
      }),
    ),
    opts.signal,
  );
  return { played, arms: playing, common: { seed, games, range: { first, end: played.result.end }, partial: played.result.partial } };
}

/** An arm as played, with what its sides play (from the specs it was given, and its tune if any). */
export function withSides(arm: ArmSpec | RetunedArm, given: ArmSpec, setup: Parameters<typeof playedSides>[1]): PlayedArm {
  const tune = 'tune' in arm ? arm.tune : undefined;
  return { ...arm, sides: sidesAfterTune(playedSides(given.strategies, setup), tune), ...(tune === undefined ? {} : { tune }) };
}

/** The --tune flags read (bad values stop here, before any game), or null without --tune. */
export function retunePlan(flags: BenchFlags): RetunePlan | null {
  const more = (['tuneParams', 'tuneGames', 'tuneFirst', 'tuneRounds', 'tuneBudget', 'tuneState'] as const).find((k) => flags[k] !== undefined);
  if (flags.tune !== true) {
    if (more !== undefined) throw new UserError(`--${more.replace(/[A-Z]/g, (x) => `-${x.toLowerCase()}`)} ${flags[more]}: only with --tune`);
    return null;
  }
  const finalGames = parseCount('--tune-games', flags.tuneGames ?? String(TUNE_FINAL_GAMES), 1);
  const firstGames = parseCount('--tune-first', flags.tuneFirst ?? String(TUNE_FIRST_GAMES), 1);
  const rounds = parseCount('--tune-rounds', flags.tuneRounds ?? String(TUNE_ROUNDS), 1, 1000);
  const budget = flags.tuneBudget === undefined ? null : parseCount('--tune-budget', flags.tuneBudget, 1);
  const params = flags.tuneParams === undefined ? null : flags.tuneParams.split(',').map((k) => k.trim()).filter((k) => k !== '');
  return { params, firstGames, finalGames, rounds, budget, stateDir: flags.tuneState ?? null };
}

/**
 * Under --tune, each arm re-tuned (arms built and checked first by the caller); the same arms without.
 * Arms with the same label are tuned once (a balance value met again in a later round).
 */
export async function retuneAll(flags: BenchFlags, arms: readonly ArmSpec[], seed: string, signal?: AbortSignal, known?: Map<string, RetunedArm>, hold: readonly string[] = []): Promise<readonly (ArmSpec | RetunedArm)[]> {
  const plan = retunePlan(flags);
  if (plan === null) return arms;
  if (plan.params !== null) {
    // Every arm's starting strategy must have the parameters named (the message is tune's own --params one).
    for (const a of arms) {
      try {
        parseParamList(plan.params.join(','), sidesFromSpecs(a.strategies, loadSetup(a.setupArg, a.overrides)).town);
      } catch (e) {
        if (e instanceof UserError) throw new UserError(e.message.replace(/^--params/, '--tune-params'));
        throw e;
      }
    }
  }
  const workers = workerCount(flags.workers, 20 * plan.finalGames);
  const out: RetunedArm[] = [];
  try {
    await interruptible(async (stop) => {
      for (const a of arms) {
        const done = known?.get(a.label) ?? (await retuneArm(a, seed, plan, { workers, signal: stop, progress: (play) => withProgress(flags.progress !== false, play) }, hold));
        known?.set(a.label, done);
        out.push(done);
      }
    }, signal);
  } catch (e) {
    if (!(e instanceof RetuneInterrupted)) throw e;
    throw new UserError(`interrupted while re-tuning ${e.message}: nothing was measured${plan.stateDir === null ? '' : `; the same command with --tune-state ${plan.stateDir} continues the tunes`}`);
  }
  return out;
}

/** Per re-tuned point: its tuned parameters per side and the certificate (the best move left per side). */
export function tunesLines(c: ChalkInstance, arms: ReadonlyArray<{ readonly label: string; readonly tune?: PointTune }>, width = UNLIMITED): string[] {
  const tuned = arms.filter((a) => a.tune !== undefined);
  if (tuned.length === 0) return [];
  const cert = (x: PointTune['certificate']['town']) => (x === null ? 'no move' : `${x.move} ${formatDifference(x.gain)} points`);
  const out = titled(c.bold('Re-tuned at each point'), ' (mafia-sim tune; the certificate: the best one-parameter move left per side, its gain on fresh games, 95% interval)', width);
  for (const a of tuned) {
    const t = a.tune!;
    const why = t.rounds === 0 ? 'nothing to tune' : t.stopped === 'converged' ? 'converged' : `stopped at the ${t.stopped === 'budget' ? 'game budget' : 'round limit'}`;
    const held = t.held.length === 0 ? '' : `; ${t.held.join(', ')} held at the point's value`;
    out.push(...wrapItems(`  ${c.bold(a.label)}: `, `${why} after ${t.rounds} rounds, ${t.played.toLocaleString('en-US')} games${held}`.split(' '), width, ' ', '    '));
    for (const side of ['town', 'mafia'] as const) {
      const moved = t.result[side] === t.start[side] ? 'no move taken' : `from ${t.start[side]}`;
      out.push(...labelled(`    ${side.padEnd(5)} `, `${t.result[side]} (${moved}); certificate ${cert(t.certificate[side])}`, width, '      '));
    }
  }
  out.push('');
  return out;
}

/**
 * The header's Exploit line: each arm whose play exploit measured, with its town win and what one
 * change gains there (src/report/exploitability.ts); no line where no arm's play was measured.
 */
export function exploitRow(arms: Parameters<typeof exploitedArms>[0]): Array<readonly [string, string]> {
  const said = exploitedArms(arms);
  return said.length === 0 ? [] : [['Exploit', said.join(' | ')]];
}

/** The header's Strategies line: what each side played (sidesLine), or, for a report without it, the specs given. */
export function playingLine(arms: ReadonlyArray<{ readonly label: string; readonly sides?: PlayedSides }>, given: readonly string[]): string {
  return sidesLine(arms) || strategiesLine(given);
}

/** Which strategy specs were given, for the header (the default is smart). */
export function strategiesLine(strategies: readonly string[]): string {
  if (strategies.length === 0) return 'smart for every seat (the default, tuned on built-in setups; `--strategy random` for random play)';
  // A spec without TEAM= or ROLE= plays every seat no other spec names, and so do a town= and a mafia=
  // spec together (every role is of one of the two teams); otherwise the rest play the default.
  const who = strategies.map((s) => /^([^:=]+)=/.exec(s)?.[1].trim() ?? null);
  const everyone = who.includes(null) || (who.includes('town') && who.includes('mafia'));
  return everyone ? strategies.join(' ') : `${strategies.join(' ')} (smart for the rest)`;
}

/**
 * What an interrupted command prints when no game finished (Ctrl-C before the first chunk): that, not a
 * table of empty rates (`0.0% (0.0–100.0%)`) that reads like a result.
 */
export function noGamesFinished(c: ChalkInstance, width = UNLIMITED): string[] {
  return wrapWords('Interrupted before any game finished: no games finished, so there is nothing to report.', width).map((l) => c.yellow.bold(l));
}

/** The header lines (src/report/fit.ts), for the workbench commands. */
export { header } from '../report/fit.js';

export function runLine(common: Omit<WorkbenchCommon, 'kind' | 'format'>, arms: number, what = 'arm'): string {
  const n = common.range.end - common.range.first;
  const range = n > 0 && (common.range.first > 0 || common.partial) ? `, games ${common.range.first}–${common.range.end - 1}` : '';
  // Interrupted: how many of the games asked for finished (a shard's range says where it stopped).
  const of = common.partial && common.range.first === 0 ? ` of ${common.games.toLocaleString('en-US')}` : '';
  return `${n.toLocaleString('en-US')}${of} games per ${what} × ${arms} ${what}${arms === 1 ? '' : 's'}, seed ${common.seed}${range}, the same game seeds in every ${what}`;
}

/** The strategy parameters some settings set (a swept, searched or compared WHO.NAME.PARAM): held under --tune. */
export function heldParams(settings: readonly Setting[]): string[] {
  return [...new Set(settings.flatMap((s) => (s.kind === 'strategyParam' ? [s.param] : [])))];
}
