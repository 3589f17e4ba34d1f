// Merging `run --json` reports of contiguous, disjoint game ranges (shards) of one job into exactly the
// report one run of all those games gives: each report is checked (src/report/integrity.ts) and they
// must agree on setup, options, strategies and seed; anything else is one clear error line. Used by
// `mafia-sim merge` (src/cli/merge.ts) and by the workbench's merges of arms (src/workbench/merge.ts).
import { UserError } from '../errors.js';
import { MAX_DATA_BYTES, readInputFile } from '../setup/dataFile.js';
import { reportProblem } from './integrity.js';
import { consistencyProblem } from './consistency.js';
import { assembleReport, REPORT_FORMAT, tallyFromReport, type Report } from './report.js';

export interface Loaded {
  readonly file: string;
  readonly report: Report;
}

/** `run` reports (already checked) of contiguous, disjoint ranges of one job, as one report. */
export function mergeRuns(loaded: readonly Loaded[]): Report {
  const base = loaded[0];
  for (const other of loaded.slice(1)) checkSameJob(base, other);

  const ordered = [...loaded].sort((a, b) => a.report.range.first - b.report.range.first || a.report.range.end - b.report.range.end);
  for (let i = 1; i < ordered.length; i++) checkAdjacent(ordered[i - 1], ordered[i]);

  const tally = tallyFromReport(ordered[0].report);
  for (const x of ordered.slice(1)) tally.merge(tallyFromReport(x.report));
  const { format, setup, seed, strategies, sides } = base.report;
  if (loaded.some((x) => x.report.precision)) throw new UserError(`${loaded.find((x) => x.report.precision)!.file}: a --precision run decides its own length; merge shards of a fixed --games instead`);
  return assembleReport({ format, setup, seed, strategies, ...(sides !== undefined ? { sides } : {}) }, tally, {
    first: ordered[0].report.range.first,
    end: ordered[ordered.length - 1].report.range.end,
    partial: loaded.some((x) => x.report.partial),
  });
}

const games = (r: Report) => (r.range.end > r.range.first ? `games ${r.range.first}–${r.range.end - 1}` : `no games (at ${r.range.first})`);

function checkAdjacent(a: Loaded, b: Loaded): void {
  const ra = a.report.range;
  const rb = b.report.range;
  if (rb.first < ra.end) throw new UserError(`${b.file} (${games(b.report)}) overlaps ${a.file} (${games(a.report)}); merge reports of disjoint ranges, e.g. the shards of one --shard I/N fan-out`);
  if (rb.first > ra.end) throw new UserError(`games ${ra.end}–${rb.first - 1} are in none of the reports (${a.file} ends at game ${ra.end - 1}, ${b.file} starts at game ${rb.first}); the ranges must be contiguous`);
}

function checkSameJob(a: Loaded, b: Loaded): void {
  const x = a.report;
  const y = b.report;
  const differ = (what: string, p: unknown, q: unknown) =>
    new UserError(`${b.file}: ${what} ${show(q)} differs from ${a.file}'s ${show(p)}; only reports of the same setup, options, strategies and seed merge`);
  const same = (p: unknown, q: unknown) => JSON.stringify(p) === JSON.stringify(q);
  for (const key of ['name', 'source', 'rules', 'players', 'roles'] as const) {
    if (!same(x.setup[key], y.setup[key])) throw differ(key === 'name' ? 'setup' : `setup ${key}`, x.setup[key], y.setup[key]);
  }
  for (const group of ['options', 'params', 'scoring'] as const) {
    const keys = new Set([...Object.keys(x.setup[group]), ...Object.keys(y.setup[group])]);
    for (const k of keys) if (!same(x.setup[group][k], y.setup[group][k])) throw differ(`${group === 'scoring' ? 'scoring' : 'option'} ${k}`, x.setup[group][k], y.setup[group][k]);
  }
  if (x.seed !== y.seed) throw differ('seed', x.seed, y.seed);
  if (!same(x.strategies, y.strategies)) throw differ('strategies', x.strategies.join(' '), y.strategies.join(' '));
  // The same specs play other profiles once the shipped defaults change (a new equilibrium between the shards).
  if (!same(x.sides, y.sides)) throw new UserError(`${b.file}: what the sides played differs from ${a.file}'s (the shipped defaults changed between them?); only reports that played the same profiles merge`);
  // Half the games' metrics would pass for the whole run's.
  if ((x.metrics === undefined) !== (y.metrics === undefined)) {
    const [has, lacks] = x.metrics === undefined ? [b.file, a.file] : [a.file, b.file];
    throw new UserError(`${has} has behaviour metrics (run --metrics) and ${lacks} does not; merge reports run alike`);
  }
}

function show(v: unknown): string {
  return v === undefined ? '(unset)' : typeof v === 'string' ? v : JSON.stringify(v);
}

export function readJson(file: string): unknown {
  // The bounded reader: a device or a FIFO (`merge /dev/zero`) is refused, not read forever.
  const text = readInputFile(file, 'report', MAX_DATA_BYTES);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UserError(`${file}: cannot read report: ${(e as Error).message.split('\n')[0]}`);
  }
}

/** A run report read back, checked (src/report/integrity.ts); `what` names it in the error. */
export function checkedRun(file: string, data: unknown, what = 'a mafia-sim run --json report'): Loaded {
  const problem = reportProblem(data) ?? consistencyProblem(data as Report);
  if (problem) throw new UserError(`${file}: not ${what} (format ${REPORT_FORMAT}): ${problem}`);
  return { file, report: data as Report };
}
