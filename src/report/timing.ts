// Outcomes over time in a run's report: the chance that the game is decided by day d, per outcome and
// cumulative, and each role's and team's survival after every phase, each with its 95% interval;
// computed from the tally's timing counts (src/stats/timing.ts), which the report keeps so that shards
// merge back exactly.
import { WINNERS, type Winner } from '../model/events.js';
import { clusteredRateOfSums } from '../stats/intervals.js';
import { phaseLabel, type FirstPhase, type TimingData } from '../stats/timing.js';
import { rate, type Rate } from './rate.js';

/** By the end of day `day` (a game that ends in the night after it counts on it, as its length does). */
export type DecidedBy = { readonly day: number } & Readonly<Record<Winner, Rate>>;

/** A role's (or team's) survival curve: after each phase of `TimingReport.phases`, the share of its seat-games alive. */
export interface SurvivalCurve {
  readonly group: string;
  readonly team: string;
  readonly curve: readonly Rate[];
}

export interface TimingReport {
  readonly firstPhase: FirstPhase;
  /** Every day from the shortest game's length to the longest's: per outcome, the share of games decided by then. */
  readonly decidedBy: readonly DecidedBy[];
  /** The phases in the order of play (`N0`, `D1`, `N1`… or `N0`, `N1`, `D1`…), through the last one anyone died in. */
  readonly phases: readonly string[];
  /** Per role (the setup's order), then per team: alive after each phase; a finished game's survivors stay alive. */
  readonly survival: readonly SurvivalCurve[];
  /** The counts every number above is computed from. */
  readonly counts: TimingData;
}

/** A row of the report's timing: its name, team and seats a game (the tally's rows: roles, then town, mafia). */
export interface TimingRow {
  readonly group: string;
  readonly team: string;
  readonly perGame: number;
}

export function timingReport(t: TimingData, games: number, rows: readonly TimingRow[]): TimingReport {
  return { firstPhase: t.firstPhase, decidedBy: decidedBy(t, games), ...survival(t, games, rows), counts: t };
}

function decidedBy(t: TimingData, games: number): DecidedBy[] {
  const days = Math.max(0, ...WINNERS.map((w) => t.decided[w].length));
  let first = days;
  for (const w of WINNERS) {
    const d = t.decided[w].findIndex((k) => k > 0);
    if (d >= 0) first = Math.min(first, d);
  }
  const sums = { town: 0, mafia: 0, draw: 0, stalemate: 0 };
  for (const w of WINNERS) for (let d = 0; d < first; d++) sums[w] += t.decided[w][d] ?? 0;
  const out: DecidedBy[] = [];
  for (let d = first; d < days; d++) {
    const row = { day: d } as { day: number } & Record<Winner, Rate>;
    for (const w of WINNERS) {
      sums[w] += t.decided[w][d] ?? 0;
      row[w] = rate(sums[w], games);
    }
    out.push(row);
  }
  return out;
}

function survival(t: TimingData, games: number, rows: readonly TimingRow[]): { phases: string[]; survival: SurvivalCurve[] } {
  const phases = Math.max(0, ...t.deaths.map((d) => d.length));
  const curves = rows.map((row, i): SurvivalCurve => {
    const seats = row.perGame * games;
    let died = 0;
    let squares = 0;
    const curve: Rate[] = [];
    for (let p = 0; p < phases; p++) {
      died += t.deaths[i][p] ?? 0;
      squares += t.squares[i][p] ?? 0;
      const alive = seats - died;
      const { low, high } = clusteredRateOfSums(alive, games * row.perGame * row.perGame - squares, games, row.perGame);
      curve.push({ count: alive, share: seats === 0 ? 0 : alive / seats, low, high });
    }
    return { group: row.group, team: row.team, curve };
  });
  return { phases: Array.from({ length: phases }, (_, p) => phaseLabel(t.firstPhase, p)), survival: curves };
}
