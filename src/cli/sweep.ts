// `mafia-sim sweep --vary KEY=VALUES [--vary KEY=VALUES]`: the setup at every value (a grid for two), on
// the same game seeds; a table per point, a chart of town win % with its interval as a band (a heat map
// for a grid), or the same data as JSON or CSV (one row a point).
import type { ChalkInstance } from 'chalk';
import { UserError } from '../errors.js';
import { bandChart, heatMap } from '../report/chart.js';
import { formatRate } from '../report/text.js';
import { fitTable, labelled, titled, UNLIMITED, wrapWords, type Column } from '../report/fit.js';
import { playedSweep, sweepArms, type SweepReport } from '../workbench/sweep.js';
import { MAX_POINTS, parseVary } from '../workbench/values.js';
import { sideSource } from '../report/sides.js';
import type { Gain } from '../report/exploitability.js';
import { formatDifference } from '../report/text.js';
import { exploitRow, header, heldParams, noGamesFinished, playBench, playingLine, runLine, tunesLines, type BenchFlags, type BenchResult } from './workbench.js';

export interface SweepFlags extends BenchFlags {
  vary: string[];
  json?: boolean;
}

export const SWEEP_GAMES = 10_000;

export async function sweepCommand(flags: SweepFlags, signal?: AbortSignal): Promise<BenchResult<SweepReport>> {
  if (flags.vary.length === 0) throw new UserError('--vary: give the setting to sweep, e.g. --vary players=8..20 or --vary tie=random,none');
  if (flags.vary.length > 2) throw new UserError(`--vary given ${flags.vary.length} times: a sweep varies one setting, or two (a grid)`);
  const vary = flags.vary.map(parseVary);
  if (vary.length === 2 && vary[0].key === vary[1].key) throw new UserError(`${vary[1].flag}: ${vary[1].key} is varied twice`);
  const size = vary.reduce((n, v) => n * v.values.length, 1);
  if (size > MAX_POINTS) throw new UserError(`${vary.map((v) => v.flag).join(' ')}: a grid of ${size} points; at most ${MAX_POINTS}`);
  const design = { setup: flags.setup, options: [...flags.option], strategies: [...flags.strategy], vary: vary.map((v) => ({ key: v.key, values: [...v.values] })) };
  const { arms, baselines } = sweepArms(design, vary);
  // The flag as typed; the message after it names the value (`--option players=x: expected …`).
  const origin = () => vary.map((v) => v.flag).join(' ');
  const { played, common, arms: playing } = await playBench('sweep', flags, arms, origin, { defaultGames: SWEEP_GAMES, baselines, signal, hold: heldParams(vary.flatMap((v) => v.settings)) });
  return { report: playedSweep(common, design, playing, baselines, played), warning: played.warning };
}

export function renderSweep(r: SweepReport, c: ChalkInstance, width = UNLIMITED): string {
  const keys = r.design.vary.map((v) => v.key);
  const out = header(c, [
    ['Setup', `${r.design.setup}${r.design.options.length > 0 ? ` ${r.design.options.join(' ')}` : ''}`],
    ['Vary', r.design.vary.flatMap((v, i) => [...(i > 0 ? ['×'] : []), `${v.key} = ${v.values.join(', ')}`])],
    ['Strategies', playingLine(r.arms, r.design.strategies)],
    ...exploitRow(r.arms),
    ['Run', runLine(r, r.points.length, 'point')],
  ], width);
  if (r.partial && r.range.end === r.range.first) return [...out, ...noGamesFinished(c, width)].join('\n');
  if (r.partial) out.push(...wrapWords('PARTIAL: the sweep was interrupted; every point has the games that finished.', width).map((l) => c.yellow.bold(l)));
  out.push('');
  const step = keys.length === 2 ? `town vs previous ${keys[1]}` : 'town vs previous point';
  const players = keys.includes('players') ? [] : ['players'];
  const col = (head: string, f: (p: SweepReport['points'][number]) => string, key = false): Column => ({ head, key, cells: r.points.map(f) });
  out.push(...titled(c.bold('Outcomes per point'), ' (95% intervals; the step is the paired difference in points on the same games)', width));
  out.push(fitTable([
    ...keys.map((k, i) => col(k, (p) => p.values[i], true)),
    ...players.map((k) => col(k, (p) => String(p.players))),
    col('town win', (p) => formatRate(p.outcomes.town)),
    col('mafia win', (p) => formatRate(p.outcomes.mafia)),
    col('draw', (p) => formatRate(p.outcomes.draw)),
    col('mean days', (p) => p.meanDays.toFixed(2)),
    col(step, (p) => (p.townStep === null ? '' : formatDifference(p.townStep))),
  ], width, c), '');
  out.push(...tunesLines(c, r.arms, width));
  if (keys.length === 1) {
    out.push(...titled(c.bold(`Town win % against ${keys[0]}`), ' (● estimate, │ 95% interval)', width));
    out.push(bandChart(r.points.map((p) => ({ label: p.values[0], ...p.outcomes.town })), { width }));
  } else {
    const [rows, cols] = r.design.vary.map((v) => v.values);
    out.push(...titled(c.bold(`Town win %: ${keys[0]} (rows) × ${keys[1]} (columns)`), '', width));
    out.push(heatMap(rows, cols, (i, j) => r.points[i * cols.length + j].outcomes.town.share, `${keys[0]} \\ ${keys[1]}`, width));
  }
  // Said under the curve it qualifies (a jump between two sizes may be the play's, not the rules').
  if ((r.verdicts ?? []).length > 0) {
    out.push('', c.bold('Verdict'));
    for (const v of r.verdicts) out.push(...labelled('  ', v, width, '    '));
  }
  const failed = r.arms.reduce((n, a) => n + a.run.failedGames, 0);
  if (failed > 0) {
    out.push('', ...wrapWords(`${failed} game(s) failed. Replay with:`, width).map((l) => c.red.bold(l)));
    // Replay commands are never wrapped: they are for copying.
    for (const a of r.arms) for (const f of a.run.failures) out.push(c.red(`  ${f.replay}    # ${f.error}`));
  }
  return out.join('\n');
}

/** The CSV columns after the varied settings' own (docs/balancing.md). */
export const SWEEP_CSV_COLUMNS = [
  'players', 'games', 'partial',
  ...['town', 'mafia', 'draw', 'stalemate'].flatMap((w) => [`${w}_games`, `${w}_share`, `${w}_low`, `${w}_high`]),
  'mean_days', 'town_step', 'town_step_low', 'town_step_high', 'town_step_p',
  'town_strategy', 'mafia_strategy', 'strategy_source',
  // Where exploit measured the point's play (empty elsewhere): each side's best change and its gain.
  ...['town', 'mafia'].flatMap((s) => [`exploit_${s}_move`, `exploit_${s}_gain`, `exploit_${s}_low`, `exploit_${s}_high`]),
  'exploit_holds',
];

/**
 * One row a point (in the report's order), every rate as a share with its Wilson 95% bounds, and the
 * paired step from the previous point with its bounds and McNemar's p (empty for a first point).
 * RFC 4180: a field with a comma, a quote or a line break is quoted.
 */
export function sweepCsv(r: SweepReport): string {
  const field = (v: string | number | boolean) => {
    const text = String(v);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const keys = r.design.vary.map((v) => v.key);
  // A sweep of players has its column already.
  const players = !keys.includes('players');
  const rows = [[...keys, ...SWEEP_CSV_COLUMNS.filter((c) => players || c !== 'players')]];
  for (const [i, p] of r.points.entries()) {
    const o = p.outcomes;
    const rates = (['town', 'mafia', 'draw', 'stalemate'] as const).flatMap((w) => [o[w].count, o[w].share, o[w].low, o[w].high]);
    const step = p.townStep === null ? ['', '', '', ''] : [p.townStep.diff, p.townStep.low, p.townStep.high, p.townStep.p];
    const sides = r.arms[i].sides;
    const played = sides === undefined ? ['', '', ''] : [sides.town.plays, sides.mafia.plays, sideSource(sides)];
    const e = r.arms[i].exploit ?? null;
    const gain = (g: Gain | null) => (g === null ? ['', '', '', ''] : [g.move, g.gain, g.low, g.high]);
    const exploit = e === null ? new Array<string>(9).fill('') : [...gain(e.town), ...gain(e.mafia), e.holds];
    rows.push([...p.values, ...(players ? [p.players] : []), p.games, r.partial, ...rates, p.meanDays, ...step, ...played, ...exploit].map(String));
  }
  return rows.map((row) => row.map(field).join(',')).join('\n') + '\n';
}
