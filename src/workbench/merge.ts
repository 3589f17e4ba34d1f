// `merge` of workbench shards (sweep, compare, role-values run with `--shard I/N`): every arm's run reports
// merged as `run` shards are (src/cli/merge.ts), its paired counts added up, and the report rebuilt with
// the same functions the command uses, so the result is exactly the JSON one unsharded run prints. Shards
// must be of the same command (kind, design, seed, games, arms) and each must carry its checksum.
//
// A checksum a forger can recompute proves nothing (issue 32), so each shard must also agree with itself:
// every arm's run report is checked as `merge` checks a run's (src/report/consistency.ts) and covers the
// shard's range and seed; its paired counts pair the games its arm and its baseline arm finished — each
// row adds up to the baseline's outcome, each column to the arm's, per seat to each arm's seat counts,
// and the roles paired are those both tables deal; and the shard rebuilt from these raw counts is itself,
// byte for byte (every difference, interval, verdict and point). The first disagreement is one error
// line naming the file and the field.
import { UserError } from '../errors.js';
import { WINNERS } from '../model/events.js';
import { firstDifference } from '../report/consistency.js';
import { checksumMatches, checksummed } from '../report/integrity.js';
import { checkedRun, mergeRuns } from '../report/merge.js';
import { DetailPairs, type DetailData } from '../stats/pairedDetail.js';
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
const count = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const texts = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const hist = (v: unknown) => Array.isArray(v) && v.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'number' && Number.isFinite(p[0]) && count(p[1]));

function shard(file: string, d: unknown): Shard {
  const bad = (why: string) => new UserError(`${file}: not a mafia-sim workbench report (format ${WORKBENCH_FORMAT}): ${why}`);
  if (!obj(d)) throw bad('not a JSON object');
  if (!KINDS.includes(d.kind as WorkbenchKind)) throw bad(`kind ${JSON.stringify(d.kind)} (merge reads run, ${KINDS.join(', ')})`);
  if (d.format !== WORKBENCH_FORMAT) throw bad(`format is ${JSON.stringify(d.format)} (this mafia-sim reads ${d.kind} format ${WORKBENCH_FORMAT})`);
  if (!checksumMatches(d)) throw bad('checksum: missing, or does not match the report (was it edited?)');
  if (typeof d.seed !== 'string' || typeof d.games !== 'number' || !obj(d.range) || typeof d.partial !== 'boolean' || !Array.isArray(d.arms)) throw bad('seed, games, range, partial or arms: missing');
  if (d.partial) throw new UserError(`${file}: an interrupted (partial) ${d.kind as string}; play the shard again to the end, then merge`);
  const range = d.range;
  if (!count(d.games) || !count(range.first) || !count(range.end) || range.first > range.end || range.end > d.games) throw bad(`range: ${JSON.stringify(range)} is no range of the ${JSON.stringify(d.games)} games of each arm`);
  const list: unknown[] = d.arms;
  if (list.length === 0) throw bad('arms: empty');
  list.forEach((a, i) => {
    const at = `arms[${i}]`;
    if (!obj(a) || !obj(a.run)) throw bad(`${at}.run: missing`);
    if (typeof a.label !== 'string' || typeof a.setup !== 'string' || !texts(a.overrides) || !texts(a.strategies)) throw bad(`${at}: label, setup, overrides or strategies missing`);
    const run = checkedRun(file, a.run, `a workbench report whose ${at}.run is a run report`).report;
    // Every arm plays the shard's games of the shard's seed (exactly what `run --json` prints for them).
    if (run.seed !== d.seed) throw bad(`${at}.run.seed: ${run.seed}, not the report's ${d.seed as string}`);
    if (run.range.first !== range.first || run.range.end !== range.end) throw bad(`${at}.run.range: ${run.range.first}–${run.range.end - 1}, not the report's ${range.first as number}–${(range.end as number) - 1}`);
    if (run.partial) throw bad(`${at}.run.partial: true in a report that is not partial`);
    const v = a.vsBaseline;
    if (v === null) return;
    if (!obj(v) || !count(v.baseline) || v.baseline === i || v.baseline >= list.length) throw bad(`${at}.vsBaseline.baseline: ${JSON.stringify(obj(v) ? v.baseline : v)} is not another arm`);
    if (!Array.isArray(v.pairs) || v.pairs.length !== WINNERS.length || !v.pairs.every((row) => Array.isArray(row) && row.length === WINNERS.length && row.every(count))) throw bad(`${at}.vsBaseline.pairs: not a ${WINNERS.length}×${WINNERS.length} table of counts`);
    if (v.details !== undefined) {
      const t = v.details;
      const tables = (x: unknown) => Array.isArray(x) && x.every((row) => Array.isArray(row) && row.length === 4 && row.every(count));
      if (!obj(t) || !tables(t.seatWin) || !tables(t.seatSurvival) || !Array.isArray(t.roles) || !t.roles.every((r) => obj(r) && typeof r.id === 'string' && count(r.baseline) && count(r.other) && hist(r.survival) && hist(r.points))) throw bad(`${at}.vsBaseline.details: missing or invalid`);
      if (!Array.isArray(t.timing) || !t.timing.every((p) => Array.isArray(p) && p.length === 5 && p.every(count) && p[0] < WINNERS.length && p[2] < WINNERS.length)) throw bad(`${at}.vsBaseline.details.timing: missing or invalid`);
    }
  });
  const arms = list as ArmResult[];
  arms.forEach((a, i) => {
    const problem = pairingProblem(a, arms[a.vsBaseline?.baseline ?? i]);
    if (problem) throw bad(`arms[${i}].vsBaseline.${problem}`);
  });
  const s: Shard = { file, kind: d.kind as WorkbenchKind, seed: d.seed, games: d.games, range: d.range as Shard['range'], partial: false, design: d.design, arms };
  // Every figure of the shard is what its raw counts give: rebuilt from them, it is itself.
  const { checksum: _, ...body } = d;
  let again: unknown;
  try {
    again = assemble([s]);
  } catch (e) {
    // A design that is no design of this kind (a forged file) fails where the report reads it.
    if (!(e instanceof TypeError)) throw e;
    throw bad(`design: not a ${s.kind}'s (${e.message})`);
  }
  const where = firstDifference(again, body, '');
  if (where) throw bad(`${where.path}: ${where.have} is not what the report's own counts give (${where.want})`);
  return s;
}

/**
 * What is wrong with an arm's paired counts against its baseline arm's run, or null. They pair the games
 * both finished: `pairs[b][o]` games ended b under the baseline and o under the arm, so a row adds up to
 * at most the baseline's outcome b and a column to at most the arm's outcome o — exactly, when neither
 * arm lost a game; the per-seat tables likewise to each arm's seat wins and survivals; the roles are those
 * both tables deal, in the baseline's order, each paired once a game.
 */
function pairingProblem(arm: ArmResult, baseline: ArmResult): string | null {
  if (arm.vsBaseline === null) return null;
  const base = baseline.run;
  const run = arm.run;
  const pairs = arm.vsBaseline.pairs;
  const games = pairs.reduce((n, row) => n + row.reduce((m, x) => m + x, 0), 0);
  const exact = base.failedGames === 0 && run.failedGames === 0;
  const fits = (have: number, want: number) => (exact ? have === want : have <= want);
  const least = base.games + run.games - (run.range.end - run.range.first);
  if (games < least || games > Math.min(base.games, run.games)) return `pairs: pair ${games} games, but the arm finished ${run.games} and its baseline ${base.games} of ${run.range.end - run.range.first}`;
  for (const [b, w] of WINNERS.entries()) {
    const row = pairs[b].reduce((n, x) => n + x, 0);
    if (!fits(row, base.outcomes[w])) return `pairs[${b}]: pairs ${row} games the baseline ended ${w}, but its run has outcomes.${w} ${base.outcomes[w]}`;
    const col = pairs.reduce((n, r) => n + r[b], 0);
    if (!fits(col, run.outcomes[w])) return `pairs[*][${b}]: pairs ${col} games the arm ended ${w}, but its run has outcomes.${w} ${run.outcomes[w]}`;
  }
  const t = arm.vsBaseline.details as DetailData | undefined;
  if (t === undefined) return null;
  const seats = Math.min(base.setup.players, run.setup.players);
  for (const key of ['seatWin', 'seatSurvival'] as const) {
    if (t[key].length !== seats) return `details.${key}: ${t[key].length} seats, not the ${seats} both tables have`;
    const field = key === 'seatWin' ? 'win' : 'survival';
    for (const [s, [both, baselineOnly, otherOnly, neither]] of t[key].entries()) {
      const at = `details.${key}[${s}]`;
      if (both + baselineOnly + otherOnly + neither !== games) return `${at}: counts ${both + baselineOnly + otherOnly + neither} games, not the ${games} paired`;
      if (!fits(both + baselineOnly, base.seats[s][field].count)) return `${at}: the baseline's seat ${s + 1} ${field} count ${both + baselineOnly}, but its run has ${base.seats[s][field].count}`;
      if (!fits(both + otherOnly, run.seats[s][field].count)) return `${at}: the arm's seat ${s + 1} ${field} count ${both + otherOnly}, but its run has ${run.seats[s][field].count}`;
    }
  }
  // The games paired by outcome and days are the games paired by outcome.
  const byOutcome = WINNERS.map(() => WINNERS.map(() => 0));
  for (const [bw, , ow, , n] of t.timing) byOutcome[bw][ow] += n;
  if (JSON.stringify(byOutcome) !== JSON.stringify(pairs)) return `details.timing: pairs ${JSON.stringify(byOutcome)} games by outcome, not pairs' ${JSON.stringify(pairs)}`;
  const roles = DetailPairs.between(Object.entries(base.setup.roles), Object.entries(run.setup.roles), seats).roles;
  const have = t.roles.map(({ id, baseline: b, other }) => ({ id, baseline: b, other }));
  if (JSON.stringify(have) !== JSON.stringify(roles)) return `details.roles: ${JSON.stringify(have)}, not the roles both tables deal (${JSON.stringify(roles)})`;
  for (const [i, r] of t.roles.entries()) {
    for (const k of ['survival', 'points'] as const) {
      const n = r[k].reduce((m, [, c]) => m + c, 0);
      if (n !== games) return `details.roles[${i}] (${r.id}).${k}: counts ${n} games, not the ${games} paired`;
    }
  }
  return null;
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
  const report = assemble(ordered);
  return { kind: base.kind, report } as WorkbenchMerged;
}

/** The report of shards of one command, in range order, as one played run of their games prints it. */
function assemble(ordered: readonly Shard[]): SweepReport | CompareReport | RoleValuesReport {
  const base = ordered[0];
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
    case 'sweep': return sweepReport(common, base.design as SweepDesign, arms);
    case 'compare': return compareReport(common, base.design as CompareDesign, arms);
    case 'role-values': return roleValuesReport(common, base.design as RoleValuesDesign, arms);
  }
}
