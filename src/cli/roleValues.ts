// `mafia-sim role-values --setup X`: each role's worth to the town (src/workbench/roleValues.ts), as a
// sorted table and a bar chart, or the same data as JSON.
import type { ChalkInstance } from 'chalk';
import { signedBars } from '../report/chart.js';
import { fitTable, labelled, titled, UNLIMITED, wrapWords, type Column } from '../report/fit.js';
import { loadSetup } from '../setup/load.js';
import { UserError } from '../errors.js';
import { parseSeed } from './common.js';
import { armProblem } from '../workbench/arms.js';
import { playedRoleValues, plainRoles, roleArms, roleValuesPlan, type RoleValuesReport, type Worth } from '../workbench/roleValues.js';
import { formatDifference, formatP } from '../report/text.js';
import { formatPoints } from '../workbench/compare.js';
import { exploitRow, header, noGamesFinished, playBench, playingLine, runLine, type BenchFlags, type BenchResult } from './workbench.js';

export const ROLE_VALUES_GAMES = 10_000;

export async function roleValuesCommand(flags: BenchFlags, signal?: AbortSignal): Promise<BenchResult<RoleValuesReport>> {
  const setup = loadSetup(flags.setup, flags.option);
  const seed = parseSeed(flags.seed);
  const base = { setupArg: flags.setup, overrides: [...flags.option], strategies: [...flags.strategy] };
  const { plain, guest } = plainRoles(setup.rules);
  const all = roleArms(setup, base);
  if (all.length === 1) throw new UserError(`--setup ${flags.setup}: every seat holds its team's plain role (${plain.town} or ${plain.mafia}): no role to value; add one with --option roles.ID=N (mafia-sim roles)`);
  const { arms, baselines, skipped } = await roleValuesPlan(all, (arm) => armProblem(arm, seed));
  const design = {
    setup: flags.setup,
    options: [...flags.option],
    strategies: [...flags.strategy],
    plain,
    plainTownIsGuest: guest,
    arms: arms.map((a) => ({ role: a.role, team: a.team, change: a.change })),
    skipped,
  };
  const specs = arms.map((a) => a.spec);
  const { played, common, arms: playing } = await playBench('role-values', flags, specs, (a) => `role-values (${a.label})`, { defaultGames: ROLE_VALUES_GAMES, baselines, signal });
  return { report: playedRoleValues(common, design, playing, baselines, played), warning: played.warning };
}

const worth = (w: Worth | null) => (w === null ? 'n/a' : `${formatPoints(w)}, ${formatP(w.p)}`);

export function renderRoleValues(r: RoleValuesReport, c: ChalkInstance, width = UNLIMITED): string {
  const t0 = r.arms[0];
  const { town, mafia } = r.design.plain;
  const out = header(c, [
    ['Setup', `${t0.run.setup.name} (${t0.run.setup.rules} rules, ${t0.run.setup.players} players): ${Object.entries(t0.run.setup.roles).map(([id, n]) => (n > 1 ? `${id}×${n}` : id)).join(' ')}`],
    ['Strategies', playingLine(r.arms, r.design.strategies)],
    // The table's own arm, where exploit measured it: every other arm changes the table's roles.
    ...exploitRow(r.arms),
    ['Run', runLine(r, r.arms.length)],
    ['Measure', `town win with the role instead of a plain seat of its team (${town} / ${mafia}), paired on the same games`],
  ], width);
  if (r.design.plainTownIsGuest) out.push(...labelled(''.padEnd(12), `a club table has no plain town seat of its own: ${town} is the club rules' guest role with no action (docs/club.md)`, width));
  if (r.partial && r.range.end === r.range.first) return [...out, ...noGamesFinished(c, width)].join('\n');
  if (r.partial) out.push(...wrapWords('PARTIAL: interrupted; every arm has the games that finished.', width).map((l) => c.yellow.bold(l)));
  out.push('', ...labelled(`${c.bold('Town win at the table')}: `, `${(100 * t0.outcomes.town.share).toFixed(1)}% (${(100 * t0.outcomes.town.low).toFixed(1)}–${(100 * t0.outcomes.town.high).toFixed(1)}%)`, width), '');
  const col = (head: string, f: (v: RoleValuesReport['values'][number]) => string, key = false): Column => ({ head, key, cells: r.values.map(f) });
  out.push(...titled(c.bold('What each role is worth to the town'), ' (town win points, 95% interval, McNemar; positive helps the town)', width));
  out.push(fitTable([
    col('role', (v) => v.role, true),
    col('team', (v) => v.team),
    col('seats', (v) => String(v.seats)),
    col('as is: one seat made plain', (v) => worth(v.asIs)),
    col('one more: +1 role vs +1 plain', (v) => worth(v.oneMore)),
  ], width, c), '');
  const rows = r.values.filter((v) => v.asIs !== null).map((v) => ({ label: v.role, value: v.asIs!.diff, text: formatDifference(v.asIs!) }));
  if (rows.length > 0) out.push(...titled(c.bold('Worth as is'), ' (town win points, 95% interval)', width), signedBars(rows, 20, width));
  for (const s of r.design.skipped) out.push(...labelled('  ', `not measured: ${s.role} (${s.change === 'remove' ? 'as is' : 'one more'}): ${s.reason}`, width, '    ').map((l) => c.yellow(l)));
  return out.join('\n');
}
