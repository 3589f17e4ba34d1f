// `mafia-sim fuzz`: random setups and strategies played with every check on; each kind of failure shrunk
// and written as a setup file with the command that replays it and checks (exit 1), or a summary of
// what was covered (exit 0). The report depends only on the seed and the number of games played.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ChalkInstance } from 'chalk';
import { UserError } from '../errors.js';
import { DIFFERENTIAL_CHECKS, problemKey, type Problem } from '../scenario/checks.js';
import { fuzz, GAMES_PER_CASE, playChecked, type Failure, type FuzzProgress, type FuzzRun } from '../fuzz/fuzz.js';
import { progressBar } from './progress.js';
import { interruptible } from './interrupt.js';
import { caseJob, setupYaml, type FuzzCase, type GenerateContext } from '../fuzz/generate.js';
import { DIFFERENTIAL_EVERY } from '../fuzz/differential.js';
import { writeRepro, type Repro } from '../fuzz/repro.js';
import { caseSize, shrink, type CaseSize } from '../fuzz/shrink.js';
import type { RoleDef } from '../model/roles.js';
import { replayCommand, type Job } from '../runner/job.js';
import { loadRolePlugin } from '../setup/rolePlugins.js';
import { parseCount, parseSeed, workerCount } from './common.js';
import { labelled, titled, UNLIMITED, wrapItems, wrapWords } from '../report/fit.js';

/** About how many games a second fuzz plays on one thread: only to choose the thread count for a --time budget. */
const FUZZ_GAMES_PER_SECOND = 2500;

export interface FuzzFlags {
  games?: string;
  time?: string;
  seed: string;
  strategy: string[];
  role: string[];
  out?: string;
  workers?: string;
  json?: boolean;
  progress?: boolean;
}

/** The Bodyguard plug-in that ships with mafia-sim (roles/bodyguard.ts), from src/ or dist/src/. */
function bodyguardPath(): string {
  const here = import.meta.url;
  return new URL(here.endsWith('.ts') ? '../../roles/bodyguard.ts' : '../../../roles/bodyguard.ts', here).pathname;
}

/** `--time 60s`, `90`, `2m`, `1h`, `500ms`: milliseconds (above 0, at most a day). */
export function parseDuration(raw: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(raw);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m?.[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  const ms = m ? Number(m[1]) * unit : NaN;
  if (!(ms > 0 && ms <= 86_400_000)) throw new UserError(`--time ${raw}: expected a duration above 0 and at most a day: 60s, 90 (seconds), 2m, 1h, 500ms`);
  return ms;
}

export interface ReportedFailure {
  readonly check: string;
  readonly message: string;
  readonly case: number;
  readonly game: number;
  readonly setupFile: string;
  readonly strategies: readonly string[];
  readonly replay: string;
  /** The failure as a scenario file that fails the same check, with the command that runs it. */
  readonly repro: Repro;
  readonly size: CaseSize;
  /** The smallest case found that fails the same check (for the first failure of each kind). */
  readonly shrunk: { readonly setupFile: string; readonly game: number; readonly replay: string; readonly repro: Repro; readonly size: CaseSize; readonly steps: number; readonly message: string } | null;
}

export interface FuzzReport {
  readonly seed: string;
  readonly budget: { readonly games: number } | { readonly time: string };
  readonly games: number;
  readonly setups: number;
  readonly refused: number;
  readonly failedSetups: number;
  /** Checks run: after every phase of every game, and the differential checks (one setup in `every`). */
  readonly checks: { readonly phases: number; readonly differential: number; readonly differentialEvery: number };
  readonly failures: readonly ReportedFailure[];
  readonly outDir: string | null;
  readonly coverage: ReturnType<FuzzRun['coverage']['toJSON']>;
  /** True when Ctrl-C (or SIGTERM) stopped the fuzz: the report covers the games played before it. */
  readonly partial?: boolean;
}

export async function fuzzCommand(flags: FuzzFlags, hooks: { readonly signal?: AbortSignal } = {}): Promise<FuzzReport> {
  if (flags.games !== undefined && flags.time !== undefined) throw new UserError('--games and --time: give one budget');
  const budget: { games: number } | { ms: number } = flags.time !== undefined ? { ms: parseDuration(flags.time) } : { games: parseCount('--games', flags.games ?? '2000', 1) };
  const seed = parseSeed(flags.seed);
  // Role plug-ins that may join a table: the Bodyguard, and the user's (--role FILE).
  const plugins = new Map<string, RoleDef>();
  for (const file of [bodyguardPath(), ...flags.role.map((f) => resolve(f))]) {
    plugins.set(file, await loadRolePlugin(file, file, file === bodyguardPath() ? file : `--role ${flags.role.find((f) => resolve(f) === file)}`));
  }
  const ctx: GenerateContext = { plugins, userStrategies: flags.strategy };
  // As `run` chooses, for the games the budget plays (a --time budget: at FUZZ_GAMES_PER_SECOND).
  const workers = workerCount(flags.workers, 'games' in budget ? budget.games : Math.round((budget.ms / 1000) * FUZZ_GAMES_PER_SECOND));
  const progress = fuzzProgress(flags.progress !== false, budget);
  let run: FuzzRun;
  try {
    // Ctrl-C (or SIGTERM): no new case is begun; the cases finished are reported, failures written and shrunk.
    run = await interruptible((signal) => fuzz({ seed, budget, ctx, workers, onGame: progress.update, signal }), hooks.signal);
  } finally {
    progress.end();
  }
  const failures = run.failures.length > 0 ? writeFailures(run.failures, ctx, flags.out) : { dir: null, reported: [] };
  return {
    seed,
    budget: 'games' in budget ? { games: budget.games } : { time: flags.time! },
    games: run.games,
    setups: run.cases,
    refused: run.refused,
    failedSetups: run.failedCases,
    checks: { ...run.checks, differentialEvery: DIFFERENTIAL_EVERY },
    failures: failures.reported,
    outDir: failures.dir,
    coverage: run.coverage.toJSON(),
    ...(run.interrupted ? { partial: true } : {}),
  };
}

/** Writes each failed case's setup file (and the first of each kind, shrunk) into the out folder. */
function writeFailures(failures: readonly Failure[], ctx: GenerateContext, out: string | undefined): { dir: string; reported: ReportedFailure[] } {
  let dir: string;
  if (out !== undefined) {
    dir = resolve(out);
    try {
      mkdirSync(dir, { recursive: true });
    } catch (e) {
      throw new UserError(`--out ${out}: cannot create the folder: ${(e as Error).message}`);
    }
  } else dir = mkdtempSync(join(tmpdir(), 'mafia-sim-fuzz-'));
  const write = (c: FuzzCase, name: string) => {
    const file = join(dir, name);
    writeFileSync(file, `# mafia-sim fuzz case ${c.index}; strategies: ${c.strategies.join(' ')}\n${setupYaml(c)}`);
    return file;
  };
  const shrunkKinds = new Set<string>();
  const reported = failures.map((f): ReportedFailure => {
    const setupFile = write(f.case, `case-${f.case.index}.yaml`);
    const caseJobOf = caseJob(f.case, ctx, setupFile);
    const size = caseSize(f.case);
    const base = { check: f.problem.check, message: f.problem.message, case: f.case.index, game: f.game, setupFile, strategies: f.case.strategies, size };
    if (isDifferential(f.problem)) {
      // Not one game's failure: no scenario plays it, and shrinking (which replays games) cannot keep it.
      const note = 'a differential check compares whole runs; the commands in replay show the two sides';
      return { ...base, replay: differentialCommands(caseJobOf, f.problem.check, GAMES_PER_CASE), repro: { file: null, command: null, note }, shrunk: null };
    }
    const replay = replayCommand(caseJobOf, f.game, true);
    const repro = safeRepro(caseJobOf, f.game, f.problem, join(dir, `case-${f.case.index}-repro.yaml`), `fuzz case ${f.case.index}, game ${f.game}`);
    const key = problemKey(f.problem);
    let shrunk: ReportedFailure['shrunk'] = null;
    if (!shrunkKinds.has(key)) {
      shrunkKinds.add(key);
      shrunk = shrunkFailure(f, ctx, write, dir);
    }
    return { ...base, replay, repro, shrunk };
  });
  return { dir, reported };
}

/**
 * The failure's case shrunk, as reported. A failure that depends on what earlier games left behind in
 * the process (a plug-in's module state: G10) may pass when the shrunk case is played again; it is
 * then reported as such, with the shrunk case's replay command, instead of a problem it no longer has.
 */
function shrunkFailure(f: Failure, ctx: GenerateContext, write: (c: FuzzCase, name: string) => string, dir: string): ReportedFailure['shrunk'] {
  let s: ReturnType<typeof shrink>;
  try {
    s = shrink(f, ctx);
  } catch {
    // Shrinking replays games: a plug-in that throws outside its hooks must not end the report.
    s = { case: f.case, game: f.game, steps: 0, attempts: 0 };
  }
  const file = write(s.case, `case-${f.case.index}-shrunk.yaml`);
  const job = caseJob(s.case, ctx, file);
  const replay = replayCommand(job, s.game, true);
  let problem: Problem | null;
  try {
    problem = playChecked(job, s.game, true); // what the shrunk case's game says (its own seats and days)
  } catch (e) {
    problem = { check: 'engine threw', message: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
  if (problem === null) {
    const note = 'the shrunk case passes when played again in this process: the failure depends on what earlier games left behind (a plug-in keeping state in its module? docs/extending.md, "What a plug-in must not do"); the replay commands reproduce it in a fresh process';
    return { setupFile: file, game: s.game, replay, repro: { file: null, command: null, note }, size: caseSize(s.case), steps: s.steps, message: note };
  }
  const repro = safeRepro(job, s.game, problem, join(dir, `case-${f.case.index}-shrunk-repro.yaml`), `fuzz case ${f.case.index} shrunk, game ${s.game}`);
  return { setupFile: file, game: s.game, replay, repro, size: caseSize(s.case), steps: s.steps, message: problem.message };
}

/** writeRepro, whose failure (a plug-in that throws while the game is played again) is a note, not a crash. */
function safeRepro(job: Job, game: number, problem: Problem, file: string, title: string): Repro {
  try {
    return writeRepro(job, game, problem, file, title);
  } catch (e) {
    if (e instanceof UserError) throw e;
    return { file: null, command: null, note: `writing the scenario failed (${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}); the replay command reproduces the failure` };
  }
}

const isDifferential = (p: Problem) => (DIFFERENTIAL_CHECKS as readonly string[]).includes(p.check);

/** The commands whose outputs a differential check compared, joined by ` ; `. */
function differentialCommands(job: Job, check: string, games: number): string {
  const run = replayCommand(job, 0).replace(/^mafia-sim replay /, 'mafia-sim run ').replace(/ --game 0$/, ` --games ${games}`);
  if (check === 'workers 1 = 2') return `${run} --workers 1 --json ; ${run} --workers 2 --json`;
  if (check === 'shard merge') return `${run} --json ; ${run} --shard 1/2 --json ; ${run} --shard 2/2 --json ; mafia-sim merge SHARD1 SHARD2`;
  return `${run} --games-out - ; ${replayCommand(job, 0)} --json (each --game K)`;
}

function reproText(r: Repro): string {
  return r.command !== null ? `scenario: ${r.command}` : `no scenario: ${r.note}`;
}

function sizeText(s: CaseSize): string {
  return `${s.seats} seats, ${s.roles} roles, ${s.options} options, ${s.immunities} immunities, ${s.strategies} strategy specs`;
}

export function renderFuzz(r: FuzzReport, c: ChalkInstance, width = UNLIMITED): string {
  const lines: string[] = [];
  const budget = 'games' in r.budget ? `--games ${r.budget.games}` : `--time ${r.budget.time}`;
  lines.push(...titled(c.bold(`Fuzz, seed ${r.seed} (${budget})`), `: ${r.games.toLocaleString('en-US')} games on ${r.setups.toLocaleString('en-US')} random setups (${r.refused} refused mixes redrawn)`, width));
  if (r.partial === true) lines.push(...wrapWords('PARTIAL: interrupted; these are the games played before the interruption.', width).map((l) => c.yellow.bold(l)));
  // A list of `name count` items, wrapped between items, continuation lines indented.
  const items = (m: Record<string, number>) => Object.entries(m).map(([k, n]) => `${k} ${n}`);
  const listed = (label: string, m: Record<string, number>, missed: readonly string[] = []) => {
    const all = items(m);
    const shown = (all.length === 0 ? ['none'] : all).map((x, i, xs) => (i < xs.length - 1 || missed.length > 0 ? `${x},` : x));
    if (missed.length > 0) shown[shown.length - 1] = shown[shown.length - 1].replace(/,$/, ';');
    const not = missed.length === 0 ? [] : ['not', 'covered:', ...missed.map((x, i) => (i < missed.length - 1 ? `${x},` : x))].map((x) => c.yellow(x));
    return wrapItems(`  ${label}: `, [...shown, ...not], width, ' ', '    ');
  };
  const cov = r.coverage;
  lines.push('', c.bold('Coverage'));
  lines.push(...listed('rule sets', cov.rules, cov.rulesMissed));
  lines.push(...listed('roles (setups)', cov.roles, cov.rolesMissed));
  lines.push(...listed('options varied (setups)', cov.options));
  lines.push(...labelled('  immunities: ', `${cov.immunities} setups; evenings (series > 1): ${cov.series} setups`, width, '    '));
  lines.push(...listed('strategies (setups)', cov.strategies));
  lines.push(...listed('decisions checked (G9)', cov.decisions));
  lines.push(...listed('outcomes', cov.outcomes));
  lines.push(...labelled('  checks: ', `${r.checks.phases.toLocaleString('en-US')} after a phase (invariants, G9, G7 on each setup's first game); ${r.checks.differential} differential (replay = batch, workers 1 = 2, shard merge; one setup in ${r.checks.differentialEvery})`, width, '    '));
  lines.push('');
  if (r.failedSetups === 0) {
    lines.push(...wrapWords(`No failures: invariants held after every phase, every decision was among the options offered, every view held only what its seat may know, every game replayed alike, and every differential check agreed.`, width).map((l) => c.green(l)));
    return lines.join('\n');
  }
  lines.push(...wrapWords(`${r.failedSetups} of ${r.setups} setups failed${r.failures.length < r.failedSetups ? ` (the first ${r.failures.length} are listed)` : ''}; files in ${r.outDir}`, width).map((l) => c.red.bold(l)));
  // The commands (replay, scenario) are never wrapped: they are for copying.
  for (const f of r.failures) {
    lines.push('', ...labelled('', `✗ [${f.check}] setup ${f.case}, game ${f.game}: ${f.message}`, width, '  ').map((l) => c.red(l)));
    lines.push(...labelled('  ', sizeText(f.size), width, '    '));
    lines.push(`  replay: ${f.replay}`);
    lines.push(`  ${reproText(f.repro)}`);
    if (f.shrunk) {
      lines.push(...labelled('  ', `shrunk (${f.shrunk.steps} steps): ${sizeText(f.shrunk.size)}, game ${f.shrunk.game}: ${f.shrunk.message}`, width, '    '));
      lines.push(`  replay: ${f.shrunk.replay}`);
      lines.push(`  ${reproText(f.shrunk.repro)}`);
    }
  }
  return lines.join('\n');
}

/** The progress bar while fuzzing (games, setups, checks, failures, games/s), on a terminal only. */
function fuzzProgress(enabled: boolean, budget: { games: number } | { ms: number }): { update: (p: FuzzProgress) => void; end: () => void } {
  const bar = progressBar('games' in budget ? budget.games : budget.ms, process.stderr, enabled);
  const start = performance.now();
  const fmt = (x: number) => x.toLocaleString('en-US');
  return {
    update: (p) => {
      const share = 'games' in budget ? p.games / budget.games : (performance.now() - start) / budget.ms;
      bar.update(p.games, { share, text: `${fmt(p.games)} games  ${fmt(p.cases)} setups  ${fmt(p.checks)} checks  ${fmt(p.failures)} failures` });
    },
    end: () => bar.end(),
  };
}
