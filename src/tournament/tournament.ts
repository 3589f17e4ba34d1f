// A tournament: every town strategy against every mafia strategy on the same game seeds (common random
// numbers: game K deals the same roles to the same seats in every pairing). Each pairing's town win rate
// has its Wilson interval, and every pairing is compared with the first on the same games: the paired
// difference in town wins with Newcombe's interval and McNemar's p (docs/statistics.md).
import { WINNERS, type Winner } from '../model/events.js';
import { setupSummary, type SetupSummary } from '../report/report.js';
import type { Job } from '../runner/job.js';
import { runArms } from '../runner/parallel.js';
import type { CompiledSetup } from '../setup/compile.js';
import { wilson } from '../stats/intervals.js';
import { pairedDifference, type PairedDifference } from '../stats/paired.js';
import { isPluginSpec, parseStrategies } from '../strategy/registry.js';
import { metricsRows, type MetricsRow } from '../report/metrics.js';

/** 2: the paired comparison with the first pairing; `partial`. */
export const TOURNAMENT_FORMAT = 2;

export interface Pairing {
  readonly town: string;
  readonly mafia: string;
  readonly games: number;
  readonly outcomes: Readonly<Record<Winner, number>>;
  /** Town wins / finished games, with its Wilson 95% interval. */
  readonly townWin: { readonly share: number; readonly low: number; readonly high: number };
  /**
   * Town win rate minus the first pairing's, on the games both finished; null for the first pairing.
   * `games` counts those common games.
   */
  readonly vsFirst: (PairedDifference & { readonly games: number }) | null;
  readonly meanDays: number;
  readonly illegalDecisions: number;
  /** The first illegal answers of bots that are not audited, naming bot and seat (absent when none). */
  readonly illegalExamples?: ReadonlyArray<{ readonly game: number; readonly what: string }>;
  readonly failedGames: number;
  readonly failures: ReadonlyArray<{ readonly game: number; readonly error: string; readonly replay: string }>;
  /** `--metrics`: how each side played (a run report's `metrics` rows: the town's strategy, then the mafia's). */
  readonly metrics?: readonly MetricsRow[];
}

export interface TournamentReport {
  readonly format: number;
  /** The setup with every option resolved, as in a run's report. */
  readonly setup: SetupSummary;
  readonly seed: string;
  /** Games per pairing asked for (fewer were played when `partial`). */
  readonly games: number;
  readonly partial: boolean;
  readonly strategies: readonly string[];
  /** Row-major: for each town strategy, each mafia strategy. The first is the baseline of `vsFirst`. */
  readonly pairings: readonly Pairing[];
}

export interface TournamentInput {
  readonly setupArg: string;
  readonly overrides: readonly string[];
  readonly setup: CompiledSetup;
  /** Strategy specs (names, `name:k=v,…`, or plug-in paths already loaded). */
  readonly strategies: readonly string[];
  readonly games: number;
  readonly seed: string;
  /** Threads (1 plays in-process); the results do not depend on it. */
  readonly workers: number;
  /** Games played so far, counting every pairing, and the total. */
  readonly onProgress?: (done: number, total: number) => void;
  readonly signal?: AbortSignal;
  /** Count behaviour metrics per pairing (`--metrics`). */
  readonly metrics?: boolean;
  /** Throw a GameFailure at the first failed game (in index order) instead of recording it. */
  readonly strict?: boolean;
}

export async function runTournament(t: TournamentInput): Promise<TournamentReport> {
  const pairs: [string, string][] = [];
  for (const town of t.strategies) for (const mafia of t.strategies) pairs.push([town, mafia]);
  const jobs: Job[] = pairs.map(([town, mafia]) => ({
    setupArg: t.setupArg,
    overrides: t.overrides,
    setup: t.setup,
    strategies: parseStrategies([`town=${town}`, `mafia=${mafia}`]),
    seed: t.seed,
  }));
  // All pairings play each chunk of games together, so each is paired with the first game by game.
  const result = await runArms(jobs, {
    first: 0,
    end: t.games,
    workers: t.workers,
    strict: t.strict,
    // Plug-in code plays on threads of its own: a plug-in that exhausts memory ends a thread, reported.
    isolate: t.strategies.some(isPluginSpec),
    signal: t.signal,
    metrics: t.metrics === true,
    onProgress: (done) => t.onProgress?.(done * jobs.length, t.games * jobs.length),
  });
  const pairings = pairs.map(([town, mafia], i): Pairing => {
    const tally = result.tallies[i];
    const outcomes = {} as Record<Winner, number>;
    for (const w of WINNERS) outcomes[w] = tally.outcomes[w];
    const common = result.pairs[i];
    return {
      town,
      mafia,
      games: tally.games,
      outcomes,
      townWin: { share: tally.games === 0 ? 0 : tally.outcomes.town / tally.games, ...wilson(tally.outcomes.town, tally.games) },
      vsFirst: i === 0 ? null : { ...pairedDifference(common.table('town')), games: common.games },
      meanDays: tally.days.mean,
      illegalDecisions: tally.illegalDecisions,
      ...(tally.illegalExamples.length > 0 ? { illegalExamples: tally.illegalExamples.map((x) => ({ ...x })) } : {}),
      failedGames: tally.failed,
      failures: tally.failures.map((f) => ({ ...f })),
      ...(t.metrics === true ? { metrics: tally.metrics === null ? [] : metricsRows(tally.metrics) } : {}),
    };
  });
  return {
    format: TOURNAMENT_FORMAT,
    setup: setupSummary(t.setup),
    seed: t.seed,
    games: t.games,
    partial: result.partial,
    strategies: [...t.strategies],
    pairings,
  };
}
