// `mafia-sim fuzz`: plays generated cases (./generate.ts) with every check on — the engine's invariants
// after every phase, every decision against the options offered (G9), a result within the day cap
// (G5, G6), points never negative — and reduces each kind of failure to a smaller case that still
// fails the same check (./shrink.ts). What it plays depends only on the seed and on how many games the
// budget allowed: a clock budget (--time) decides the count, nothing else.
import type { Game } from '../engine/game.js';
import { RULE_SETS } from '../rules/registry.js';
import { playJobGame, type Job } from '../runner/job.js';
import { splitSpec } from '../strategy/registry.js';
import { checkedGame, type Problem } from './checks.js';
import { caseJob, generateCase, type FuzzCase, type GenerateContext } from './generate.js';

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
    if (!c.strategies.some((s) => splitSpec(s).who === null)) names.add('random');
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
 * Plays game k of the job with every check on (./checks.ts); the problem it broke, or null. With `twice`
 * (a case's first game), also every seat's view against the record (G7) and a second play that must
 * give the same record (G10: a bot with state shared between games or its own Math.random fails here).
 */
export function playChecked(job: Job, k: number, coverage?: Coverage, twice = false): Problem | null {
  const decisions = coverage?.decisions;
  const onDecisions = decisions ? (g: Game) => {
    if (g.decisionRecord) for (const d of g.decisionRecord) decisions[d.kind] = (decisions[d.kind] ?? 0) + 1;
  } : undefined;
  const { problem, game } = checkedGame((checks) => playJobGame(job, k, checks), { full: twice, index: k, onDecisions });
  if (problem === null && coverage) coverage.outcomes[game!.winner!] = (coverage.outcomes[game!.winner!] ?? 0) + 1;
  return problem;
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
  readonly gamesPerCase?: number;
  /** Called after every game. */
  readonly onGame?: (p: { games: number; cases: number; failures: number }) => void;
  /** The clock, in ms (tests). */
  readonly now?: () => number;
}

export interface FuzzRun {
  readonly games: number;
  readonly cases: number;
  readonly refused: number;
  readonly failedCases: number;
  /** The first MAX_FAILURES_KEPT failures, in case order. */
  readonly failures: readonly Failure[];
  readonly coverage: Coverage;
}

export function fuzz(plan: FuzzPlan): FuzzRun {
  const perCase = plan.gamesPerCase ?? GAMES_PER_CASE;
  const now = plan.now ?? (() => performance.now());
  const start = now();
  const budget = plan.budget;
  const spent = (games: number) => ('games' in budget ? games >= budget.games : now() - start >= budget.ms);
  const coverage = new Coverage();
  const failures: Failure[] = [];
  let games = 0;
  let cases = 0;
  let refused = 0;
  let failedCases = 0;
  while (!spent(games)) {
    const { case: c, refused: r } = generateCase(plan.seed, cases, plan.ctx);
    refused += r;
    cases++;
    const job = caseJob(c, plan.ctx, `fuzz-${c.index}.yaml`);
    coverage.addCase(c, job);
    // A case begun plays at least its first game, so a --time run stops where a --games run of the
    // same count does (the clock is read between games, never before a case's first).
    for (let k = 0; k < perCase && (k === 0 || !spent(games)); k++) {
      // The first game of each setup is also played twice (G10).
      const problem = playChecked(job, k, coverage, k === 0);
      games++;
      if (problem !== null) {
        failedCases++;
        if (failures.length < MAX_FAILURES_KEPT) failures.push({ case: c, game: k, problem });
      }
      plan.onGame?.({ games, cases, failures: failedCases });
      if (problem !== null) break;
    }
  }
  return { games, cases, refused, failedCases, failures, coverage };
}
