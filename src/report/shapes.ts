// The shapes a report's JSON is read by when its kind has no renderer of its own (a command that lands
// after this module: sweep, compare, role-values, balance, exploit, tune): rates with intervals, paired
// differences, arms played on the same seeds, and arrays of records. Only the JSON is looked at, never
// a type of the command's, so a new command gets a page and a CSV from what `--json` prints.
import { WINNERS } from '../model/events.js';

type Obj = Record<string, unknown>;

export const isObject = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const isNum = (x: unknown): x is number => typeof x === 'number';
const isNumOrNull = (x: unknown) => x === null || isNum(x);

/** A share with its 95% interval: `{ share, low, high }` (and `count` when it is one). */
export interface RateLike {
  readonly share: number;
  readonly low: number;
  readonly high: number;
  readonly count?: number;
}

export const isRate = (x: unknown): x is RateLike => isObject(x) && isNum(x.share) && isNum(x.low) && isNum(x.high);

/** A difference with its 95% interval (null bounds: none), and its p when it has one. */
export interface DiffLike {
  readonly diff: number;
  readonly low: number | null;
  readonly high: number | null;
  readonly p?: number;
  readonly games?: number;
}

export const isDiff = (x: unknown): x is DiffLike => isObject(x) && isNum(x.diff) && isNumOrNull(x.low) && isNumOrNull(x.high);

/** A mean with its interval, as a points summary has it: `{ mean, low, high }`. */
export interface MeanLike {
  readonly mean: number;
  readonly low: number | null;
  readonly high: number | null;
}

export const isMean = (x: unknown): x is MeanLike => isObject(x) && isNum(x.mean) && isNumOrNull(x.low) && isNumOrNull(x.high);

/** One arm of a report of arms played on the same seeds (sweep points, compare arms, role-values arms). */
export interface ArmLike {
  readonly label: string;
  readonly games: number;
  /** Outcome → its share of the arm's games with its interval. */
  readonly outcomes: Readonly<Record<string, RateLike>>;
  readonly meanDays?: number;
  /** Against the arm it is paired with (an index into `arms`): per outcome, the paired difference. */
  readonly vsBaseline?: { readonly baseline: number; readonly games: number; readonly outcomes: Readonly<Record<string, DiffLike>> } | null;
  /** What exploit found against the arm's play (src/report/exploitability.ts), where the command records it. */
  readonly exploit?: unknown;
}

export interface ArmsReportLike {
  readonly kind?: string;
  readonly seed?: string | number;
  readonly games?: number;
  readonly range?: { readonly first: number; readonly end: number };
  readonly partial?: boolean;
  readonly arms: readonly ArmLike[];
  /** A sweep's settings: one (a curve) or two (a grid, arms row-major over them). */
  readonly design?: { readonly vary?: ReadonlyArray<{ readonly key: string; readonly values: readonly string[] }> } & Obj;
  /** Lines a reader can act on: a compare's one per arm after the first, a sweep's what its points play. */
  readonly verdicts?: readonly string[];
}

function isArm(x: unknown): x is ArmLike {
  if (!isObject(x) || typeof x.label !== 'string' || !isNum(x.games) || !isObject(x.outcomes)) return false;
  const rates = Object.values(x.outcomes);
  if (rates.length === 0 || !rates.every(isRate)) return false;
  const vs = x.vsBaseline;
  return vs === undefined || vs === null || (isObject(vs) && isNum(vs.baseline) && isObject(vs.outcomes) && Object.values(vs.outcomes).every(isDiff));
}

/** Whether a report is one of arms on the same seeds (every arm a label, games, outcome rates). */
export function isArmsReport(x: unknown): x is ArmsReportLike {
  return isObject(x) && Array.isArray(x.arms) && x.arms.length > 0 && x.arms.every(isArm);
}

/** A report's outcomes in the usual order (town, mafia, draw, stalemate), then any others it has. */
export function outcomeKeys(records: readonly Readonly<Record<string, unknown>>[]): string[] {
  const seen = new Set(records.flatMap((r) => Object.keys(r)));
  return [...WINNERS.filter((w) => seen.has(w)), ...[...seen].filter((k) => !(WINNERS as readonly string[]).includes(k))];
}

/** The sweep's settings when they match its arms: one (a curve) or two (a grid, row-major). */
export function sweepAxes(r: ArmsReportLike): { key: string; values: readonly string[] }[] | null {
  const vary = r.design?.vary;
  if (!Array.isArray(vary) || vary.length < 1 || vary.length > 2) return null;
  if (!vary.every((v) => isObject(v) && typeof v.key === 'string' && Array.isArray(v.values))) return null;
  const cells = vary.reduce((k, v) => k * v.values.length, 1);
  return cells === r.arms.length ? vary.map((v) => ({ key: v.key, values: v.values.map(String) })) : null;
}

/** What names a record: its label, name, id, group, role, seat, value or key field, else its index. */
export function recordName(x: unknown, index: number): string {
  if (isObject(x)) {
    for (const k of ['label', 'name', 'id', 'group', 'role', 'seat', 'value', 'key']) {
      const v = x[k];
      if (typeof v === 'string' || isNum(v)) return String(v);
    }
  }
  return String(index);
}

/** An array of records found in a report: where (`rounds.points`), and each record with its name. */
export interface RecordTable {
  readonly path: string;
  readonly records: ReadonlyArray<{ readonly name: string; readonly record: Obj }>;
}

/** A value drawn as one cell: a number, a word, a rate, a difference or a mean (objects of other shapes are not cells). */
export const isCell = (x: unknown) => typeof x === 'string' || isNum(x) || typeof x === 'boolean' || x === null || isRate(x) || isDiff(x) || isMean(x);

/**
 * Every array of records in the report, to `depth` levels down (`rounds` and then each round's
 * `points`, named `round-name point-name`); arrays of a run's own report (an arm's `run`) are left out:
 * the embedded JSON has them.
 */
export function recordTables(report: unknown, depth = 3): RecordTable[] {
  const out: RecordTable[] = [];
  const walk = (x: unknown, path: string, prefix: string, level: number) => {
    if (level > depth || !isObject(x)) return;
    for (const [k, v] of Object.entries(x)) {
      if (k === 'run' || k === 'details' || k === 'pairs') continue;
      const p = path ? `${path}.${k}` : k;
      if (Array.isArray(v) && v.length > 0 && v.every(isObject)) {
        const records = v.map((r, i) => ({ name: prefix + recordName(r, i), record: r as Obj }));
        const existing = out.find((t) => t.path === p);
        if (existing) (existing.records as { name: string; record: Obj }[]).push(...records);
        else out.push({ path: p, records });
        records.forEach((r) => walk(r.record, p, `${r.name} `, level + 1));
      } else if (isObject(v) && !isCell(v)) {
        walk(v, p, prefix, level + 1);
      }
    }
  };
  walk(report, '', '', 1);
  return out;
}

/** A record's cells, flattened one level (`outcomes.town`): what its table's columns are. */
export function recordCells(record: Obj): [string, unknown][] {
  const cells: [string, unknown][] = [];
  for (const [k, v] of Object.entries(record)) {
    if (isCell(v)) cells.push([k, v]);
    else if (isObject(v)) for (const [k2, v2] of Object.entries(v)) if (isCell(v2)) cells.push([`${k}.${k2}`, v2]);
  }
  return cells;
}

/** The report's own scalars, and those of its objects one level down (`design.setup`). */
export function scalars(report: unknown): [string, string | number | boolean][] {
  const out: [string, string | number | boolean][] = [];
  if (!isObject(report)) return out;
  const take = (k: string, v: unknown) => {
    if (typeof v === 'string' || isNum(v) || typeof v === 'boolean') out.push([k, v]);
    else if (Array.isArray(v) && v.length > 0 && v.length <= 40 && v.every((e) => typeof e === 'string' || isNum(e))) out.push([k, v.join(', ')]);
  };
  for (const [k, v] of Object.entries(report)) {
    if (isObject(v) && !isCell(v) && k !== 'run') for (const [k2, v2] of Object.entries(v)) take(`${k}.${k2}`, v2);
    else take(k, v);
  }
  return out;
}

/** The report's own rates, differences and means (`best.town`), at its top level and one level down. */
export function intervalCells(report: unknown): [string, RateLike | DiffLike | MeanLike][] {
  const out: [string, RateLike | DiffLike | MeanLike][] = [];
  if (!isObject(report)) return out;
  const take = (k: string, v: unknown) => {
    if (isRate(v) || isDiff(v) || isMean(v)) out.push([k, v]);
  };
  for (const [k, v] of Object.entries(report)) {
    if (k === 'run') continue;
    if (isObject(v) && !isCell(v)) for (const [k2, v2] of Object.entries(v)) take(`${k}.${k2}`, v2);
    else take(k, v);
  }
  return out;
}
