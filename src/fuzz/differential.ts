// Fuzz's differential checks, on a sample of cases (one in DIFFERENTIAL_EVERY by case index — cases
// 499, 999, … — so the same cases whatever the thread count): the case's first games played the ways
// `run`, `replay` and `merge` play them must agree. `replay = batch`: each game replayed alone (as `replay --game K`
// does) gives the record the batch wrote for it (`run --games-out`); `workers 1 = 2`: the run on one
// thread and on two (in chunks, so both threads play) gives the same report and records; `shard
// merge`: the reports of two shards merged (`merge`) equal the report of the whole range.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mergeRuns } from '../report/merge.js';
import { buildReport } from '../report/report.js';
import { gameRecord, jobFromSpec, playJobGame, type Job } from '../runner/job.js';
import { runGames } from '../runner/parallel.js';
import { whereTheyPart, type DifferentialCheck, type Problem } from '../scenario/checks.js';

/**
 * One case in this many gets the differential checks: they cost two thread starts, about what 40
 * cases' games take, so one in 500 keeps their share of a fuzz run small.
 */
export const DIFFERENTIAL_EVERY = 500;

/** A hook for the test: alters the second side of a comparison (what replay, two threads or the merge gave). */
export type Doctor = (check: DifferentialCheck, text: string) => string;

export interface DifferentialCase {
  readonly job: Job;
  /** The case's setup file's text: the two-thread run rebuilds the job from a file, as `run` does. */
  readonly setupYaml: string;
  /** How many of the case's first games are compared. */
  readonly games: number;
}

/** Runs the three checks in turn; the first difference found, or null. */
export async function differentialProblem(c: DifferentialCase, doctor: Doctor = (_, t) => t): Promise<Problem | null> {
  return (await replayProblem(c, doctor)) ?? (await workersProblem(c, doctor)) ?? (await shardProblem(c, doctor));
}

async function batchLines(job: Job, first: number, end: number, workers: number): Promise<{ lines: string[]; report: string }> {
  const lines: string[] = [];
  const r = await runGames(job, { first, end, workers, chunkGames: Math.max(1, Math.ceil((end - first) / 4)), onLines: (l) => lines.push(...l.split('\n').filter((x) => x !== '')) });
  return { lines, report: JSON.stringify(buildReport(job, r.tally, { first, end: r.end, partial: r.partial })) };
}

async function replayProblem(c: DifferentialCase, doctor: Doctor): Promise<Problem | null> {
  // The batch's records (a game that throws writes none: that is another check's failure).
  const { lines } = await batchLines(c.job, 0, c.games, 1);
  const byGame = new Map(lines.map((l) => [(JSON.parse(l) as { index: number }).index, l]));
  // Each game alone, last first: an evening's game replays its earlier games from scratch (C16.1).
  for (let k = c.games - 1; k >= 0; k--) {
    const batch = byGame.get(k);
    if (batch === undefined) continue;
    const alone = doctor('replay = batch', JSON.stringify(gameRecord(playJobGame(c.job, k, { keepLog: true }), k)));
    if (alone !== batch) return differ('replay = batch', `game ${k} replayed alone gave another record than in the batch`, batch, alone);
  }
  return null;
}

async function workersProblem(c: DifferentialCase, doctor: Doctor): Promise<Problem | null> {
  const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-fuzz-diff-'));
  try {
    const file = join(dir, 'case.yaml');
    writeFileSync(file, c.setupYaml);
    const job = await jobFromSpec({ setupArg: file, overrides: [], strategies: [...c.job.strategies.specs], seed: c.job.seed });
    const one = await batchLines(job, 0, c.games, 1);
    const two = await batchLines(job, 0, c.games, 2);
    const a = [...one.lines, one.report].join('\n');
    const b = doctor('workers 1 = 2', [...two.lines, two.report].join('\n'));
    return a === b ? null : differ('workers 1 = 2', `games 0–${c.games - 1} on two threads gave another report or records than on one`, a, b);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function shardProblem(c: DifferentialCase, doctor: Doctor): Promise<Problem | null> {
  const half = Math.floor(c.games / 2);
  const whole = await batchLines(c.job, 0, c.games, 1);
  const first = await batchLines(c.job, 0, half, 1);
  const second = await batchLines(c.job, half, c.games, 1);
  const merged = doctor('shard merge', JSON.stringify(mergeRuns([{ file: 'shard 1/2', report: JSON.parse(first.report) }, { file: 'shard 2/2', report: JSON.parse(second.report) }])));
  return merged === whole.report ? null : differ('shard merge', `shards 1/2 and 2/2 of games 0–${c.games - 1} merged gave another report than the whole run`, whole.report, merged);
}

/** The check, and where the two texts first part, in one line. */
function differ(check: DifferentialCheck, what: string, a: string, b: string): Problem {
  return { check, message: `${what}: ${whereTheyPart(a, b)}` };
}
