// The CSV rows of each report kind: every number its tables show, one row each (docs/reports.md).
// Nothing is computed here that the report does not hold; a share is a count over its trials.
import { WINNERS } from '../model/events.js';
import type { CalibrationReport } from '../calibration/calibrate.js';
import type { TournamentReport } from '../tournament/tournament.js';
import { histogramRows, rateRow, type CsvRow } from './csv.js';
import type { GroupRow, PointsSummary, Report } from './report.js';
import type { Exploitability } from './exploitability.js';

function pointsRows(table: string, group: string, x: PointsSummary): CsvRow[] {
  return [
    { table, group, key: 'mean', value: x.mean, low: x.low, high: x.high, n: x.n },
    ...(['sd', 'p10', 'median', 'p90', 'max'] as const).map((k): CsvRow => ({ table, group, key: k, value: x[k], n: x.n })),
    ...histogramRows(`${table}_histogram`, group, x.histogram, x.n),
  ];
}

function groupRows(kind: 'role' | 'team', x: GroupRow): CsvRow[] {
  const rows: CsvRow[] = [
    { table: kind, group: x.group, key: 'seats_per_game', value: x.perGame },
    rateRow(kind, x.group, 'survival', x.survival, x.seats),
    { table: kind, group: x.group, key: 'mean_death_day', value: x.meanDeathDay },
  ];
  for (const [cause, k] of Object.entries(x.deaths)) rows.push({ table: `${kind}_deaths`, group: x.group, key: cause, value: x.seats === 0 ? 0 : k! / x.seats, count: k, n: x.seats });
  return [...rows, ...pointsRows(`${kind}_points`, x.group, x.points)];
}

/**
 * What exploit found against the play (src/report/exploitability.ts), for `group` ('' for a run, an
 * arm's or pairing's label): `exploit_town` / `exploit_mafia` rows keyed by the move, its gain with
 * the paired interval over the games a variant played, and `exploit holds` 1/0. None where no record applies.
 */
export function exploitRows(group: string, e: Exploitability | null): CsvRow[] {
  if (e === null) return [];
  const gains = (['town', 'mafia'] as const).flatMap((side) => {
    const g = e[side];
    return g === null ? [] : [{ table: `exploit_${side}`, group, key: g.move, value: g.gain, low: g.low, high: g.high, n: e.games }];
  });
  return [...gains, { table: 'exploit', group, key: 'holds', value: e.holds ? 1 : 0 }];
}

export function runRows(r: Report): CsvRow[] {
  const rows: CsvRow[] = [
    { table: 'run', key: 'games', value: r.games },
    { table: 'run', key: 'range_first', value: r.range.first },
    { table: 'run', key: 'range_end', value: r.range.end },
    { table: 'run', key: 'partial', value: r.partial ? 1 : 0 },
    { table: 'run', key: 'failed_games', value: r.failedGames },
    { table: 'run', key: 'illegal_decisions', value: r.illegalDecisions },
  ];
  if (r.precision) {
    rows.push({ table: 'run', key: 'precision_target', value: r.precision.target }, { table: 'run', key: 'precision_half_width', value: r.precision.halfWidth }, { table: 'run', key: 'precision_reached', value: r.precision.reached ? 1 : 0 });
  }
  rows.push(...exploitRows('', r.exploit ?? null));
  for (const w of WINNERS) rows.push(rateRow('outcome', w, 'share', r.outcomeRates[w], r.games));
  for (const x of r.neutralWins ?? []) rows.push(rateRow('neutral_win', x.team, 'share', x.win, r.games), { table: 'neutral_win', group: x.team, key: 'seat_wins', value: x.seatWins });
  rows.push({ table: 'length', key: 'mean', value: r.length.mean, n: r.games }, ...histogramRows('length_histogram', '', r.length.histogram, r.games));
  for (const w of WINNERS) for (const d of r.timing.decidedBy) rows.push(rateRow('decided_by_day', w, d.day, d[w], r.games));
  for (const x of r.roles) rows.push(...groupRows('role', x));
  for (const x of r.teams) rows.push(...groupRows('team', x));
  r.timing.survival.forEach((x, i) => {
    const [table, seats] = i < r.roles.length ? ['role_survival_by_phase', r.roles[i].seats] : ['team_survival_by_phase', r.teams[i - r.roles.length].seats];
    x.curve.forEach((rate, p) => rows.push(rateRow(table, x.group, r.timing.phases[p], rate, seats)));
  });
  for (const x of r.seats) {
    rows.push(rateRow('seat', x.seat, 'survival', x.survival, r.games), rateRow('seat', x.seat, 'win', x.win, r.games), rateRow('seat', x.seat, 'out_day1', x.outDay1, r.games), rateRow('seat', x.seat, 'killed_night1', x.killedNight1, r.games));
  }
  if (r.evenings) {
    rows.push({ table: 'evening', key: 'count', value: r.evenings.count });
    for (const x of r.evenings.seats) rows.push(...pointsRows('evening_points', x.group, x));
  }
  return rows;
}

/** A pairing as the text names it: `town=A mafia=B`. */
export const pairingName = (p: { readonly town: string; readonly mafia: string }) => `town=${p.town} mafia=${p.mafia}`;

export function tournamentRows(t: TournamentReport): CsvRow[] {
  const rows: CsvRow[] = [{ table: 'tournament', key: 'games_per_pairing', value: t.games }, { table: 'tournament', key: 'partial', value: t.partial ? 1 : 0 }];
  for (const p of t.pairings) {
    const g = pairingName(p);
    rows.push(rateRow('town_win', g, 'town', { count: p.outcomes.town, ...p.townWin }, p.games));
    if (p.vsFirst) {
      const d = p.vsFirst;
      rows.push({ table: 'vs_first', group: g, key: 'difference', value: d.diff, low: d.low, high: d.high, n: d.games }, { table: 'vs_first', group: g, key: 'p', value: d.p, n: d.games });
    }
    rows.push({ table: 'mean_days', group: g, key: 'mean', value: p.meanDays, n: p.games });
    for (const w of WINNERS) rows.push({ table: 'outcome', group: g, key: w, value: p.games === 0 ? 0 : p.outcomes[w] / p.games, count: p.outcomes[w], n: p.games });
    rows.push({ table: 'pairing', group: g, key: 'illegal_decisions', value: p.illegalDecisions }, { table: 'pairing', group: g, key: 'failed_games', value: p.failedGames });
  }
  return rows;
}

/** A calibration cell as its options: `players=7 mafia=2 start=day tie=none win=parity maxDays=40`. */
export const cellName = (c: CalibrationReport['cells'][number]['cell']) => `players=${c.players} mafia=${c.mafia} start=${c.start} tie=${c.tie} win=${c.win} maxDays=${c.maxDays}`;

export function calibrationRows(r: CalibrationReport): CsvRow[] {
  const rows: CsvRow[] = [{ table: 'calibration', key: 'z_limit', value: r.z }, { table: 'calibration', key: 'pass', value: r.pass ? 1 : 0 }, { table: 'calibration', key: 'partial', value: r.partial ? 1 : 0 }];
  for (const x of r.cells) {
    const g = cellName(x.cell);
    rows.push(
      rateRow('cell', g, 'town', { count: x.outcomes.town, ...x.town }, x.games),
      { table: 'cell', group: g, key: 'exact_town', value: x.exact.town },
      { table: 'cell', group: g, key: 'exact_mafia', value: x.exact.mafia },
      { table: 'cell', group: g, key: 'exact_stalemate', value: x.exact.stalemate },
      { table: 'cell', group: g, key: 'z', value: x.z },
      { table: 'cell', group: g, key: 'pass', value: x.pass ? 1 : 0 },
    );
    for (const w of WINNERS) rows.push({ table: 'outcome', group: g, key: w, value: x.games === 0 ? 0 : x.outcomes[w] / x.games, count: x.outcomes[w], n: x.games });
  }
  return rows;
}
