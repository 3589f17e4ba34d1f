// `mafia-sim fuzz`: plays generated cases (./generate.ts) with every check on (src/scenario/checks.ts) — the
// engine's invariants after every phase, every decision against the options offered (G9), a result
// within the day cap (G5, G6), points never negative, and on each case's first game G7 and G10 — plus
// the differential checks on a sample of cases (./differential.ts), in-process or on worker threads
// (./worker.ts); shrink.ts reduces each kind of failure and repro.ts writes it as a scenario. What it
// plays depends only on the seed and on how many games the budget allowed: a clock budget (--time)
// decides the count, and the thread count nothing.
import type { Game } from '../engine/game.js';
import { RULE_SETS } from '../rules/registry.js';
import { playJobGame, type Job } from '../runner/job.js';
import { DEFAULT_STRATEGY, splitSpec } from '../strategy/registry.js';
import { runPool, workerEntry } from '../threads/pool.js';
import { checkedGame, DIFFERENTIAL_CHECKS, type Problem } from '../scenario/checks.js';
import { differentialProblem, DIFFERENTIAL_EVERY, type Doctor } from './differential.js';
import { caseJob, generateCase, setupYaml, type FuzzCase, type GenerateContext } from './generate.js';

/** Games each case plays (at most; a case stops at its first failure). */
export const GAMES_PER_CASE = 20;
/** Failures kept in the report (the rest are counted). */
export const MAX_FAILURES_KEPT = 50;

/** The running tallies of what the fuzz run covered. */
export class Coverage {
  readonly rules: Record<string, number> = {};
  readonly roles: Record<string, number> = {};
  readonly options: Record<string, number> = {};
  readonly decisions: Record<string, number> = {};
  readonly strategies: Record<string, number> = {};
  readonly outcomes: Record<string, number> = {};
  immunities = 0;
  series = 0;

  addCase(c: FuzzCase, job: Job): void {
    const bump = (m: Record<string, number>, k: string, by = 1) => (m[k] = (m[k] ?? 0) + by);
    bump(this.rules, c.rules);
    for (const [id] of job.setup.roleCounts) bump(this.roles, id);
    for (const k of Object.keys(c.options)) bump(this.options, k);
    const names = new Set(c.strategies.map((s) => splitSpec(s).name));
    if (!c.strategies.some((s) => splitSpec(s).who === null)) names.add(DEFAULT_STRATEGY);
    for (const n of names) bump(this.strategies, n);
    if (Object.keys(c.immunities).length > 0) this.immunities++;
    if (Number(c.options.series ?? 1) > 1) this.series++;
  }

  toJSON() {
    const sorted = (m: Record<string, number>) => Object.fromEntries(Object.entries(m).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    const allRules = [...RULE_SETS.keys()];
    const allRoles = [...new Set([...RULE_SETS.values()].flatMap((r) => [...r.roles.keys()]))];
    return {
      rules: sorted(this.rules),
      rulesMissed: allRules.filter((r) => !(r in this.rules)),
      roles: sorted(this.roles),
      rolesMissed: allRoles.filter((r) => !(r in this.roles)).sort(),
      options: sorted(this.options),
      decisions: sorted(this.decisions),
      strategies: sorted(this.strategies),
      outcomes: sorted(this.outcomes),
      immunities: this.immunities,
      series: this.series,
    };
  }
}

/**
 * Plays game k of the job with every check on (src/scenario/checks.ts); the problem it broke, or null. With `twice`
 * (a case's first game), also every seat's view against the record (G7) and a second play that must
 * give the same record (G10: a bot with state shared between games or its own Math.random fails here).
 */
export function playChecked(job: Job, k: number, twice = false): Problem | null {
  return playCounted(job, k, twice).problem;
}

/** One game of a case as the run counts it: what it covered, and what it broke. */
export interface GamePlayed {
  /** Decisions checked, by kind (G9). */
  readonly decisions: Readonly<Record<string, number>>;
  /** Phases after which the checks ran. */
  readonly phases: number;
  readonly winner: string | null;
  readonly problem: Problem | null;
}

function playCounted(job: Job, k: number, twice: boolean): GamePlayed {
  const decisions: Record<string, number> = {};
  let phases = 0;
  const onDecisions = (g: Game) => {
    phases++;
    if (g.decisionRecord) for (const d of g.decisionRecord) decisions[d.kind] = (decisions[d.kind] ?? 0) + 1;
  };
  const { problem, game } = checkedGame((checks) => playJobGame(job, k, checks), { full: twice, index: k, onDecisions });
  return { decisions, phases, winner: problem === null ? game!.winner : null, problem };
}

/** A case's games as played: in order, at most GAMES_PER_CASE, stopping at the first that fails. */
export interface CasePlayed {
  readonly games: readonly GamePlayed[];
  /** The differential checks' verdict on a sampled case (null: passed); undefined when not sampled. */
  readonly differential?: Problem | null;
}

/** Which cases get the differential checks (./differential.ts): every `every`-th (index every − 1, 2·every − 1, …). */
export interface Sampling {
  readonly every: number;
  /** Tests: alters one side of a comparison, to show the check catches a difference. */
  readonly doctor?: Doctor;
}

const SAMPLING: Sampling = { every: DIFFERENTIAL_EVERY };

/**
 * Plays case `index` of the run: its games in order, the first also twice (G10), stopping at its first
 * failure or before game k > 0 when `stop(k)` says so; a sampled case also gets the differential checks.
 */
export async function playCase(seed: string, index: number, ctx: GenerateContext, perCase: number, stop: (k: number) => boolean = () => false, sampling = SAMPLING): Promise<CasePlayed> {
  const { case: c } = generateCase(seed, index, ctx);
  const job = caseJob(c, ctx, `fuzz-${c.index}.yaml`);
  const games: GamePlayed[] = [];
  for (let k = 0; k < perCase && (k === 0 || !stop(k)); k++) {
    const p = playCounted(job, k, k === 0);
    games.push(p);
    if (p.problem !== null) break;
  }
  if ((index + 1) % sampling.every !== 0) return { games };
  return { games, differential: await differentialProblem({ job, setupYaml: setupYaml(c), games: perCase }, sampling.doctor) };
}

export interface Failure {
  readonly case: FuzzCase;
  /** The game of the case that failed (the case's first). */
  readonly game: number;
  readonly problem: Problem;
}

export interface FuzzPlan {
  readonly seed: string;
  /** A budget of games, or of milliseconds (the clock then decides only how many games are played). */
  readonly budget: { readonly games: number } | { readonly ms: number };
  readonly ctx: GenerateContext;
  /** Threads to play cases on; 1 (the default) plays in-process. The run is the same for any count. */
  readonly workers?: number;
  readonly gamesPerCase?: number;
  /** Which cases get the differential checks (default: one in DIFFERENTIAL_EVERY); a doctor only in-process. */
  readonly sampling?: Sampling;
  /** Called as games are counted (after every game in-process, after every case on threads). */
  readonly onGame?: (p: FuzzProgress) => void;
  /** The clock, in ms (tests). */
  readonly now?: () => number;
  /** Ctrl-C: no case is begun once it is aborted; the run so far is returned, `interrupted`. */
  readonly signal?: AbortSignal;
}

export interface FuzzProgress {
  readonly games: number;
  readonly cases: number;
  readonly checks: number;
  readonly failures: number;
}

export interface FuzzRun {
  readonly games: number;
  readonly cases: number;
  readonly refused: number;
  readonly failedCases: number;
  /** Checks run: after every phase of every game, and the differential checks of the sampled cases. */
  readonly checks: { readonly phases: number; readonly differential: number };
  /** The first MAX_FAILURES_KEPT failures, in case order. */
  readonly failures: readonly Failure[];
  readonly coverage: Coverage;
  /** True when the signal stopped the run before its budget was spent. */
  readonly interrupted: boolean;
}

/** The run's tallies, cases added in case order. */
class Tallies {
  games = 0;
  cases = 0;
  refused = 0;
  failedCases = 0;
  phases = 0;
  differential = 0;
  readonly failures: Failure[] = [];
  readonly coverage = new Coverage();

  constructor(private readonly plan: FuzzPlan) {}

  /** Case `index`, its games cut to `keep` (a --games budget ends inside the last case). */
  add(index: number, played: CasePlayed, keep: number): void {
    const { case: c, refused } = generateCase(this.plan.seed, index, this.plan.ctx);
    this.coverage.addCase(c, caseJob(c, this.plan.ctx, `fuzz-${c.index}.yaml`));
    this.cases++;
    this.refused += refused;
    let failed: Failure | null = null;
    played.games.slice(0, keep).forEach((p, k) => {
      this.games++;
      this.phases += p.phases;
      for (const [kind, n] of Object.entries(p.decisions)) this.coverage.decisions[kind] = (this.coverage.decisions[kind] ?? 0) + n;
      if (p.winner !== null) this.coverage.outcomes[p.winner] = (this.coverage.outcomes[p.winner] ?? 0) + 1;
      if (p.problem !== null) failed = { case: c, game: k, problem: p.problem };
    });
    if (played.differential !== undefined) {
      this.differential += DIFFERENTIAL_CHECKS.length;
      if (failed === null && played.differential !== null) failed = { case: c, game: 0, problem: played.differential };
    }
    if (failed !== null) {
      this.failedCases++;
      if (this.failures.length < MAX_FAILURES_KEPT) this.failures.push(failed);
    }
  }

  progress(): FuzzProgress {
    return { games: this.games, cases: this.cases, checks: this.phases + this.differential, failures: this.failedCases };
  }

  run(): FuzzRun {
    const { games, cases, refused, failedCases, failures, coverage } = this;
    const interrupted = this.plan.signal?.aborted === true;
    return { games, cases, refused, failedCases, checks: { phases: this.phases, differential: this.differential }, failures, coverage, interrupted };
  }
}

export async function fuzz(plan: FuzzPlan): Promise<FuzzRun> {
  const perCase = plan.gamesPerCase ?? GAMES_PER_CASE;
  const now = plan.now ?? (() => performance.now());
  const start = now();
  const budget = plan.budget;
  const timeUp = () => 'ms' in budget && now() - start >= budget.ms;
  const t = new Tallies(plan);
  if ((plan.workers ?? 1) <= 1) {
    const spent = (games: number) => ('games' in budget ? games >= budget.games : timeUp());
    while (!spent(t.games) && plan.signal?.aborted !== true) {
      // A case begun plays at least its first game, so a --time run stops where a --games run of the
      // same count does (the clock is read between games, never before a case's first).
      const played = await playCase(plan.seed, t.cases, plan.ctx, perCase, (k) => spent(t.games + k), plan.sampling);
      t.add(t.cases, played, played.games.length);
      plan.onGame?.(t.progress());
      // Between cases, let a signal's handler run (the games themselves never wait on the event loop).
      if (plan.signal !== undefined) await new Promise((done) => setImmediate(done));
    }
    return t.run();
  }
  // On threads: cases are handed out in order while the budget may still want them, and taken in
  // order; a --games budget cuts the last case taken where the in-process loop would have stopped.
  const limit = 'games' in budget ? budget.games : Infinity;
  await runPool<CasePlayed>({
    url: workerEntry('fuzz/worker'),
    workerData: { seed: plan.seed, roles: [...plan.ctx.plugins.keys()], strategies: [...plan.ctx.userStrategies], perCase, every: plan.sampling?.every ?? DIFFERENTIAL_EVERY } satisfies FuzzWorkerInit,
    workers: plan.workers!,
    // Every case plays at least one game: more cases than the games left cannot all be taken.
    more: (i) => !timeUp() && plan.signal?.aborted !== true && i - t.cases < limit - t.games,
    take: (i, played) => {
      t.add(i, played, Math.max(1, Math.min(played.games.length, limit - t.games)));
      plan.onGame?.(t.progress());
      return t.games >= limit ? 'stop' : undefined;
    },
    describe: (i) => `fuzz case ${i}`,
  });
  return t.run();
}

/** What a fuzz worker thread (./worker.ts) is started with. */
export interface FuzzWorkerInit {
  readonly seed: string;
  /** Role plug-ins that may join a table (absolute paths). */
  readonly roles: readonly string[];
  readonly strategies: readonly string[];
  readonly perCase: number;
  /** Sampling.every. */
  readonly every: number;
}
