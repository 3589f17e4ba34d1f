// Reports of commands this branch does not have yet (sweep, compare, balance), shaped as their --json
// prints them, built from real `run --json` reports: what test/html-report.test.ts and test/csv.test.ts
// draw through reportOutputsOfJson, the function such a command calls for --html and --csv. The paired
// differences are made up from the two arms' shares (a real command pairs the games); the page and the
// CSV only show them, so any numbers do.
import { WINNERS } from '../../src/model/events.js';
import type { Report } from '../../src/report/report.js';

export interface Arm {
  readonly label: string;
  readonly run: Report;
}

const diff = (a: Report, b: Report, w: (typeof WINNERS)[number], i: number) => {
  const d = a.outcomeRates[w].share - b.outcomeRates[w].share;
  return { diff: d, low: d - 0.02 - 0.001 * i, high: d + 0.02 + 0.001 * i, p: Math.min(1, 0.01 + 0.2 * i) };
};

function arms(list: readonly Arm[], baseline: (i: number) => number) {
  return list.map((a, i) => {
    const b = baseline(i);
    return {
      label: a.label,
      setup: a.run.setup.name,
      overrides: [],
      strategies: a.run.strategies,
      games: a.run.games,
      outcomes: a.run.outcomeRates,
      meanDays: a.run.length.mean,
      vsBaseline: b === i ? null : { baseline: b, games: a.run.games, outcomes: Object.fromEntries(WINNERS.map((w) => [w, diff(a.run, list[b].run, w, i)])), pairs: [[1, 0], [0, 1]] },
      run: a.run,
    };
  });
}

const common = (list: readonly Arm[]) => ({ format: 1, seed: list[0].run.seed, games: list[0].run.games, range: list[0].run.range, partial: false });

/** A sweep of one setting (each arm paired with the one before) or of two (a grid, row-major). */
export function sweepReport(vary: { key: string; values: string[] }[], list: readonly Arm[]) {
  const cols = vary[vary.length - 1].values.length;
  return {
    kind: 'sweep',
    ...common(list),
    design: { setup: list[0].run.setup.name, options: [], strategies: [], vary },
    points: list.map((a) => ({ values: a.label.split(' ').map((s) => s.split('=')[1]), players: a.run.setup.players, games: a.run.games, outcomes: a.run.outcomeRates, meanDays: a.run.length.mean })),
    arms: arms(list, (i) => (i % cols === 0 ? i : i - 1)),
  };
}

/** A compare: every arm after the first against the first, with a verdict line each. */
export function compareReport(list: readonly Arm[]) {
  const a = arms(list, () => 0);
  return { kind: 'compare', ...common(list), design: { arms: list.map((x) => ({ label: x.label })) }, arms: a, verdicts: a.slice(1).map((x) => `${x.label} vs ${a[0].label}: town ${(100 * x.vsBaseline!.outcomes.town.diff).toFixed(1)} points`) };
}

/** A balance search: rounds of points (a value and its rates), no arms: drawn as any report is. */
export function balanceReport(list: readonly Arm[]) {
  const point = (a: Arm) => ({ value: a.label, players: a.run.setup.players, games: a.run.games, town: a.run.outcomeRates.town, mafia: a.run.outcomeRates.mafia, distance: Math.abs(a.run.outcomeRates.town.share - 0.5) });
  return {
    kind: 'balance',
    ...common(list),
    knob: { key: 'players', kind: 'integer', what: 'players', current: list[0].label },
    target: 0.5,
    rounds: [{ games: list[0].run.games, points: list.slice(0, 2).map(point) }, { games: list[0].run.games, points: list.slice(2).map(point) }],
    best: point(list[list.length - 1]),
  };
}
