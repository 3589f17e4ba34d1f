// How likely each public act (./acts.ts) is for a player of each hidden class — black (the mafia team),
// the investigator, another red — measured from play, not set by hand: `mafia-sim likelihoods` plays
// games under the default profiles, reads their acts with the roles known, and counts (Counts below);
// `fit` turns the counts into the numbers the reasoning reader (./posterior.ts) multiplies.
// strategies/smart/likelihoods.json keeps one entry per built-in setup (written by `npm run
// likelihoods`); a table without its own entry reads by the entry of its rule set nearest in size.
import { MAX_ACT_SEATS, otherCell, PAIR_KEYS, REPORT_CELLS, SEAT_CELLS, type ActSink } from './acts.js';
import data from './likelihoods.json' with { type: 'json' };
import { nearestEntry } from './nearest.js';

/** The hidden classes a seat's own acts are read by (black, investigator, other red), as indices. */
export const BLACK_CLASS = 0;
export const INVESTIGATOR_CLASS = 1;
export const RED_CLASS = 2;
const CLASSES = 3;

/**
 * One table's likelihoods, as stored: natural logarithms, rounded. `pair`: per act kind and context (PAIR_KEYS), how much more
 * (or less) often than a uniform pick among the options an actor of one colour picks a target of
 * another, [red→red, red→black, black→red, black→black]. `seat`: per SEAT_CELLS cell, the chance of
 * the act for [black, investigator, red]. `report`: per REPORT_CELLS cell and the target's true colour,
 * the chance of the report for [black, investigator, red].
 */
export interface LikelihoodTable {
  readonly pair: Readonly<Record<string, readonly number[]>>;
  readonly seat: Readonly<Record<string, readonly number[]>>;
  readonly report: Readonly<Record<string, readonly number[]>>;
}

export interface LikelihoodEntry extends LikelihoodTable {
  /** The table it was measured at. */
  readonly rules: string;
  readonly players: number;
  /** The command that measured it, and the games it read. */
  readonly command: string;
  readonly games: number;
}

/** The report table's key for a cell and a target colour. */
export function reportKey(cell: number, targetBlack: number): string {
  return `${REPORT_CELLS[cell]} on ${targetBlack === 1 ? 'black' : 'red'}`;
}

/** A table's likelihoods as the reader multiplies them: flat arrays of logarithms. */
export class Likelihoods {
  /** [kind × 4 + actor colour × 2 + target colour] (colour 1 = black). */
  readonly pair: Float64Array;
  /** [cell × 3 + class]. */
  readonly seat: Float64Array;
  /** [(cell × 2 + target colour) × 3 + class]. */
  readonly report: Float64Array;
  /** [cell × 2 + target colour]: how many times likelier the report is from the investigator than from another red. */
  readonly reportInvestigatorRatio: Float64Array;

  constructor(t: LikelihoodTable) {
    this.pair = Float64Array.from(PAIR_KEYS.flatMap((k) => need(t.pair, k, 4)));
    this.seat = Float64Array.from(SEAT_CELLS.flatMap((c) => need(t.seat, c, CLASSES)));
    this.report = Float64Array.from(REPORT_CELLS.flatMap((_, c) => [0, 1].flatMap((b) => need(t.report, reportKey(c, b), CLASSES))));
    this.reportInvestigatorRatio = Float64Array.from({ length: REPORT_CELLS.length * 2 }, (_, i) => Math.exp(this.report[i * 3 + INVESTIGATOR_CLASS] - this.report[i * 3 + RED_CLASS]));
  }
}

function need(o: Readonly<Record<string, readonly number[]>>, key: string, length: number): readonly number[] {
  const v = o[key];
  if (!Array.isArray(v) || v.length !== length || v.some((x) => typeof x !== 'number' || !Number.isFinite(x))) throw new Error(`likelihoods: "${key}" must be ${length} finite numbers`);
  return v;
}

const ENTRIES: Readonly<Record<string, LikelihoodEntry>> = data as Record<string, LikelihoodEntry>;
const COMPILED = new Map<string, Likelihoods>();

/**
 * The likelihoods a table is read by: the entry of its rule set nearest in size (of two as near, the
 * smaller table's), or null where its rule set has none or the table is too large for the reader.
 */
export function likelihoodsFor(rules: string, players: number): { readonly name: string; readonly entry: LikelihoodEntry; readonly model: Likelihoods } | null {
  const found = players > MAX_ACT_SEATS ? null : nearestEntry(ENTRIES, rules, players);
  if (found === null) return null;
  let model = COMPILED.get(found.name);
  if (model === undefined) COMPILED.set(found.name, (model = new Likelihoods(found.entry)));
  return { ...found, model };
}

/**
 * Counts of the acts of games whose roles are known: per act, the class of its actor (and of its
 * target), and for the acts of one seat towards another the picks a uniform choice among the options
 * would have made. Fed by Acts game by game (`truth` for each), added up, then `fit`.
 */
export class Counts implements ActSink {
  readonly pairSeen: number[] = new Array<number>(PAIR_KEYS.length * 4).fill(0);
  readonly pairUniform: number[] = new Array<number>(PAIR_KEYS.length * 4).fill(0);
  readonly seatSeen: number[] = new Array<number>(SEAT_CELLS.length * CLASSES).fill(0);
  readonly reportSeen: number[] = new Array<number>(REPORT_CELLS.length * 2 * CLASSES).fill(0);
  games = 0;
  /** The game being read: 1 per black seat, and the investigator's seat (0 where the table has not exactly one). */
  private black: readonly number[] = [];
  private investigatorSeat = 0;

  /** Reads the acts of a game whose black seats and investigator are these. */
  truth(black: readonly number[], investigator: number): void {
    this.black = black;
    this.investigatorSeat = investigator;
    this.games++;
  }

  private classOf(s: number): number {
    return this.black[s] === 1 ? BLACK_CLASS : s === this.investigatorSeat ? INVESTIGATOR_CLASS : RED_CLASS;
  }

  pair(kind: number, actor: number, target: number, options: number): void {
    const base = kind * 4 + this.black[actor] * 2;
    this.pairSeen[base + this.black[target]]++;
    let red = 0;
    let black = 0;
    for (let s = 1; s < this.black.length; s++) if ((options & (1 << s)) !== 0) this.black[s] === 1 ? black++ : red++;
    if (red + black === 0) return;
    this.pairUniform[base] += red / (red + black);
    this.pairUniform[base + 1] += black / (red + black);
  }

  seat(cell: number, seat: number, _weight: number, provisional: boolean): void {
    if (provisional) return; // (a claim is counted in the context its day ended in)
    this.seatSeen[cell * CLASSES + this.classOf(seat)]++;
  }

  report(by: number, target: number, cell: number): void {
    this.reportSeen[(cell * 2 + this.black[target]) * CLASSES + this.classOf(by)]++;
  }

  certain(): void {}
  investigator(): void {}

  add(o: Counts): void {
    for (const k of ['pairSeen', 'pairUniform', 'seatSeen', 'reportSeen'] as const) for (let i = 0; i < this[k].length; i++) this[k][i] += o[k][i];
    this.games += o.games;
  }
}

/**
 * How many games' worth of evidence the prior of each cell counts for. What a class was seldom or never
 * seen to do is read as the table's average for that act (pooled over the classes) — an investigator who
 * never lived to day 2 claims on day 2 as often as anyone — except that an investigator's check reports
 * are true (U9, C12: the engine's results are), which is his reports' prior.
 */
const PRIOR = 20;
/** The chance a prior leaves to what no class was seen to do. */
const FLOOR = 1e-4;

/** The likelihoods the counts measure (logarithms rounded to 3 places). */
export function fit(c: Counts): LikelihoodTable {
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  const pair: Record<string, number[]> = {};
  PAIR_KEYS.forEach((k, kind) => (pair[k] = [0, 1, 2, 3].map((i) => r3(Math.log((c.pairSeen[kind * 4 + i] + PRIOR) / (c.pairUniform[kind * 4 + i] + PRIOR))))));
  const seat: Record<string, number[]> = {};
  const seen = c.seatSeen;
  SEAT_CELLS.forEach((name, cell) => {
    const other = otherCell(cell);
    let here = 0;
    let all = 0;
    for (let x = 0; x < CLASSES; x++) {
      here += seen[cell * CLASSES + x];
      all += seen[cell * CLASSES + x] + seen[other * CLASSES + x];
    }
    const pooled = clamp((here + 0.5) / (all + 1));
    seat[name] = [0, 1, 2].map((x) => r3(Math.log((seen[cell * CLASSES + x] + PRIOR * pooled) / (seen[cell * CLASSES + x] + seen[other * CLASSES + x] + PRIOR))));
  });
  const report: Record<string, number[]> = {};
  const cells = REPORT_CELLS.length;
  const at = (cell: number, b: number, x: number) => c.reportSeen[(cell * 2 + b) * CLASSES + x];
  for (let b = 0; b < 2; b++) {
    let pooledAll = 0;
    for (let cell = 0; cell < cells; cell++) for (let x = 0; x < CLASSES; x++) pooledAll += at(cell, b, x);
    for (let x = 0; x < CLASSES; x++) {
      let all = 0;
      for (let cell = 0; cell < cells; cell++) all += at(cell, b, x);
      for (let cell = 0; cell < cells; cell++) {
        let pooled = 0;
        for (let y = 0; y < CLASSES; y++) pooled += at(cell, b, y);
        // (cell 0 says red, cell 1 black, both possible: the investigator's true report is cell b)
        const prior = x === INVESTIGATOR_CLASS ? (cell === b ? 1 - 3 * FLOOR : FLOOR) : clamp((pooled + 0.5) / (pooledAll + cells / 2));
        (report[reportKey(cell, b)] ??= [0, 0, 0])[x] = r3(Math.log((at(cell, b, x) + PRIOR * prior) / (all + PRIOR)));
      }
    }
  }
  return { pair, seat, report };
}

function clamp(p: number): number {
  return Math.min(Math.max(p, FLOOR), 1 - FLOOR);
}
