// A tournament: every town strategy against every mafia strategy on the same game seeds (common random
// numbers: game K deals the same roles to the same seats in every pairing), with town win rates and
// Wilson 95% intervals per pairing.
import { WINNERS, type Winner } from '../engine/events.js';
import { replayCommand, type Job } from '../runner/job.js';
import { runGames } from '../runner/parallel.js';
import type { CompiledSetup } from '../setup/compile.js';
import { wilson } from '../stats/intervals.js';
import { parseStrategies } from '../strategy/registry.js';

export const TOURNAMENT_FORMAT = 1;

export interface Pairing {
  readonly town: string;
  readonly mafia: string;
  readonly games: number;
  readonly outcomes: Readonly<Record<Winner, number>>;
  /** Town wins / finished games, with its Wilson 95% interval. */
  readonly townWin: { readonly share: number; readonly low: number; readonly high: number };
  readonly meanDays: number;
  readonly illegalDecisions: number;
  readonly failedGames: number;
  readonly failures: ReadonlyArray<{ readonly game: number; readonly error: string; readonly replay: string }>;
}

export interface TournamentReport {
  readonly format: number;
  readonly setup: { readonly name: string; readonly rules: string; readonly players: number };
  readonly seed: string;
  /** Games per pairing. */
  readonly games: number;
  readonly strategies: readonly string[];
  /** Row-major: for each town strategy, each mafia strategy. */
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
  /** Threads per pairing (1 plays in-process); the results do not depend on it. */
  readonly workers: number;
}

export async function runTournament(t: TournamentInput): Promise<TournamentReport> {
  const pairings: Pairing[] = [];
  for (const town of t.strategies) {
    for (const mafia of t.strategies) {
      const job: Job = {
        setupArg: t.setupArg,
        overrides: t.overrides,
        setup: t.setup,
        strategies: parseStrategies([`town=${town}`, `mafia=${mafia}`]),
        seed: t.seed,
      };
      const { tally } = await runGames(job, { first: 0, end: t.games, workers: t.workers });
      const { low, high } = wilson(tally.outcomes.town, tally.games);
      const outcomes = {} as Record<Winner, number>;
      for (const w of WINNERS) outcomes[w] = tally.outcomes[w];
      pairings.push({
        town,
        mafia,
        games: tally.games,
        outcomes,
        townWin: { share: tally.games === 0 ? 0 : tally.outcomes.town / tally.games, low, high },
        meanDays: tally.days.mean,
        illegalDecisions: tally.illegalDecisions,
        failedGames: tally.failed,
        failures: tally.failures.map((f) => ({ game: f.game, error: f.error, replay: replayCommand(job, f.game) })),
      });
    }
  }
  return {
    format: TOURNAMENT_FORMAT,
    setup: { name: t.setup.name, rules: t.setup.rules.id, players: t.setup.deck.length },
    seed: t.seed,
    games: t.games,
    strategies: [...t.strategies],
    pairings,
  };
}
