// `mafia-sim merge`: combines `--json` reports of contiguous, disjoint game ranges (shards) of one run,
// sweep, compare or role-values into exactly the report one run of all those games gives
// (src/report/merge.ts for runs, src/workbench/merge.ts for the workbench's reports of arms).
import { UserError } from '../errors.js';
import type { Report } from '../report/report.js';
import { checkedRun, mergeRuns, readJson } from '../report/merge.js';
import { mergeWorkbench, type WorkbenchMerged } from '../workbench/merge.js';

/** The merged report of `run` shards (no `kind`), or of the shards of a workbench command. */
export type Merged = { readonly kind: 'run'; readonly report: Report } | WorkbenchMerged;

/** `merge` of `run` shards: the one report of all their games (the command line reads any kind: mergeReports). */
export function mergeCommand(files: readonly string[]): Report {
  return mergeRuns(files.map((file) => checkedRun(file, readJson(file))));
}

/** `merge` of the shards of any one command: `run`, sweep, compare or role-values (told apart by `kind`). */
export function mergeReports(files: readonly string[]): Merged {
  const data = files.map((file) => [file, readJson(file)] as const);
  const kinds = new Set(data.map(([, d]) => kindOf(d)));
  if (kinds.size > 1) throw new UserError(`${files.join(', ')}: reports of different kinds (${[...kinds].join(', ')}); merge the shards of one command`);
  if (kindOf(data[0][1]) !== 'run') return mergeWorkbench(data);
  return { kind: 'run', report: mergeRuns(data.map(([file, d]) => checkedRun(file, d))) };
}

/** A report's kind: its `kind` field; a report without one is a `run` report (format 2 predates kinds). */
function kindOf(d: unknown): string {
  return typeof d === 'object' && d !== null && typeof (d as { kind?: unknown }).kind === 'string' ? (d as { kind: string }).kind : 'run';
}

