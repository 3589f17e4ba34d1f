// Plays the arms of a workbench command together on the same games, chunk by chunk (runArms), and turns
// each into the `run --json` report it would have alone: every figure the workbench prints is drawn from
// reports a separate `run` of that arm on the same seed reproduces exactly.
import { buildReport, type Report } from '../report/report.js';
import { checksummed } from '../report/integrity.js';
import type { Job } from '../runner/job.js';
import { runArms, type ArmsResult } from '../runner/parallel.js';
import { isPluginSpec } from '../strategy/registry.js';
import { degenerateWarning, FirstChunkWatch } from './degenerate.js';
import type { ArmSpec } from './arms.js';

export interface PlayPlan {
  readonly first: number;
  readonly end: number;
  readonly workers: number;
  /** Per-seat and per-role pairs with each arm's baseline (compare, role-values). */
  readonly details?: boolean;
  /** Arm i's baseline (default arm 0). */
  readonly baselines?: readonly number[];
  readonly signal?: AbortSignal;
  /** Games played so far over every arm, and the total. */
  readonly onProgress?: (done: number, total: number) => void;
}

export interface Played {
  readonly result: ArmsResult;
  /** Each arm's run report (with its checksum: exactly what `run --json` prints for that arm and range). */
  readonly runs: readonly RunJson[];
  /** One line naming the degenerate arms, or null. */
  readonly warning: string | null;
}

/** A run report as `run --json` prints it. */
export type RunJson = Report & { readonly checksum: string };

export async function playArms(arms: readonly ArmSpec[], jobs: readonly Job[], plan: PlayPlan): Promise<Played> {
  const watch = new FirstChunkWatch();
  const span = plan.end - plan.first;
  const result = await runArms(jobs, {
    first: plan.first,
    end: plan.end,
    workers: plan.workers,
    details: plan.details,
    baselines: plan.baselines,
    signal: plan.signal,
    isolate: jobs.some((j) => j.strategies.specs.some(isPluginSpec)),
    until: watch.observe,
    onProgress: (done) => plan.onProgress?.(done * jobs.length, span * jobs.length),
  });
  const runs = jobs.map((job, i) => runJson(job, result, i, plan.first));
  return { result, runs, warning: degenerateWarning(watch.chunks, arms.map((a) => (a.label.startsWith(a.setupArg) ? a.label : `${a.setupArg} (${a.label})`))) };
}

function runJson(job: Job, r: ArmsResult, i: number, first: number): RunJson {
  return checksummed(buildReport(job, r.tallies[i], { first, end: r.end, partial: r.partial }));
}
