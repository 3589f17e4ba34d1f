// `merge` of workbench shards (sweep, compare, role-values run with `--shard I/N`): every arm's run reports
// merged as `run` shards are (src/cli/merge.ts), its paired counts added up, and the report rebuilt with
// the same functions the command uses, so the result is exactly the JSON one unsharded run prints. Shards
// must be of the same command (kind, design, seed, games, arms) and each must carry its checksum.
import { UserError } from '../errors.js';
import { checksumMatches, checksummed } from '../report/integrity.js';
import { checkedRun, mergeRuns } from '../report/merge.js';
import { armResult, pairedOf, WORKBENCH_FORMAT, type ArmResult, type WorkbenchCommon, type WorkbenchKind } from './report.js';
import { compareReport, type CompareDesign, type CompareReport } from './compare.js';
import { sweepReport, type SweepDesign, type SweepReport } from './sweep.js';
import { roleValuesReport, type RoleValuesDesign, type RoleValuesReport } from './roleValues.js';
import type { RunJson } from './play.js';

export type WorkbenchMerged =
  | { readonly kind: 'sweep'; readonly report: SweepReport }
  | { readonly kind: 'compare'; readonly report: CompareReport }
  | { readonly kind: 'role-values'; readonly report: RoleValuesReport };

const KINDS: readonly WorkbenchKind[] = ['sweep', 'compare', 'role-values'];

interface Shard {
  readonly file: string;
  readonly kind: WorkbenchKind;
  readonly seed: string;
  readonly games: number;
  readonly range: { readonly first: number; readonly end: number };
  readonly partial: boolean;
  readonly design: unknown;
  readonly arms: readonly ArmResult[];
}

const obj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function shard(file: string, d: unknown): Shard {
  const bad = (why: string) => new UserError(`${file}: not a mafia-sim workbench report (format ${WORKBENCH_FORMAT}): ${why}`);
  if (!obj(d)) throw bad('not a JSON object');
  if (!KINDS.includes(d.kind as WorkbenchKind)) throw bad(`kind ${JSON.stringify(d.kind)} (merge reads run, ${KINDS.join(', ')})`);
  if (d.format !== WORKBENCH_FORMAT) throw bad(`format is ${JSON.stringify(d.format)} (this mafia-sim reads ${d.kind} format ${WORKBENCH_FORMAT})`);
  if (!checksumMatches(d)) throw bad('checksum: missing, or does not match the report (was it edited?)');
  if (typeof d.seed !== 'string' || typeof d.games !== 'number' || !obj(d.range) || typeof d.partial !== 'boolean' || !Array.isArray(d.arms)) throw bad('seed, games, range, partial or arms: missing');
  if (d.partial) throw new UserError(`${file}: an interrupted (partial) ${d.kind as string}; play the shard again to the end, then merge`);
  d.arms.forEach((a, i) => {
    if (!obj(a) || !obj(a.run)) throw bad(`arms[${i}].run: missing`);
    checkedRun(file, a.run, `a workbench report whose arms[${i}].run is a run report`);
  });
  return { file, kind: d.kind as WorkbenchKind, seed: d.seed, games: d.games, range: d.range as Shard['range'], partial: false, design: d.design, arms: d.arms as ArmResult[] };
}

export function mergeWorkbench(files: ReadonlyArray<readonly [string, unknown]>): WorkbenchMerged {
  const shards = files.map(([file, d]) => shard(file, d));
  const base = shards[0];
  const same = (p: unknown, q: unknown) => JSON.stringify(p) === JSON.stringify(q);
  for (const s of shards.slice(1)) {
    const differ = (what: string) => new UserError(`${s.file}: ${what} differs from ${base.file}'s; only shards of the same ${base.kind} merge`);
    if (!same(s.design, base.design)) throw differ('the design (setup, settings, arms)');
    if (s.seed !== base.seed) throw differ(`seed ${s.seed}`);
    if (s.games !== base.games) throw differ(`games ${s.games}`);
    if (s.arms.length !== base.arms.length || s.arms.some((a, i) => a.label !== base.arms[i].label || (a.vsBaseline?.baseline ?? null) !== (base.arms[i].vsBaseline?.baseline ?? null))) throw differ('the arms');
  }
  const ordered = [...shards].sort((a, b) => a.range.first - b.range.first);
  for (let i = 1; i < ordered.length; i++) {
    const [a, b] = [ordered[i - 1], ordered[i]];
    if (b.range.first < a.range.end) throw new UserError(`${b.file} (games ${b.range.first}–${b.range.end - 1}) overlaps ${a.file} (games ${a.range.first}–${a.range.end - 1}); merge the shards of one --shard I/N fan-out`);
    if (b.range.first > a.range.end) throw new UserError(`games ${a.range.end}–${b.range.first - 1} are in none of the reports; the ranges must be contiguous`);
  }
  const arms = base.arms.map((spec, i) => {
    const run = checksummed(mergeRuns(ordered.map((s) => ({ file: s.file, report: s.arms[i].run })))) as RunJson;
    const paired = pairedOf(ordered[0].arms[i]);
    for (const s of ordered.slice(1)) {
      const more = pairedOf(s.arms[i]);
      if (paired && more) {
        paired.pairs.merge(more.pairs);
        if (paired.details && more.details) paired.details.merge(more.details);
      }
    }
    return armResult({ label: spec.label, setupArg: spec.setup, overrides: spec.overrides, strategies: spec.strategies, sides: spec.sides, tune: spec.tune }, run, paired);
  });
  const common: Omit<WorkbenchCommon, 'kind' | 'format'> = {
    seed: base.seed,
    games: base.games,
    range: { first: ordered[0].range.first, end: ordered[ordered.length - 1].range.end },
    partial: false,
  };
  switch (base.kind) {
    case 'sweep': return { kind: 'sweep', report: sweepReport(common, base.design as SweepDesign, arms) };
    case 'compare': return { kind: 'compare', report: compareReport(common, base.design as CompareDesign, arms) };
    case 'role-values': return { kind: 'role-values', report: roleValuesReport(common, base.design as RoleValuesDesign, arms) };
  }
}
