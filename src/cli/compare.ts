// `mafia-sim compare [A B C…]`: arms on the same seeds, each after the first paired with it. An arm is a
// setup (the positional arguments, or --setup for every arm) plus its own settings:
//   --left KEY=VALUE    arm 1 (the baseline)      --right KEY=VALUE   arm 2
//   --side N:KEY=VALUE  arm N (1-based), for three or more
// KEY is a rule option, setup parameter, roles.ID, WHO.NAME.PARAM or `strategy` (a --strategy spec for
// that arm only). --option and --strategy apply to every arm.
import type { ChalkInstance } from 'chalk';
import { UserError } from '../errors.js';
import { formatRate } from '../report/text.js';
import { fitTable, labelled, titled, UNLIMITED, wrapWords, type Column } from '../report/fit.js';
import { WINNERS, type Winner } from '../model/events.js';
import { applySetting, describeSetting, parseSetting, type ArmSpec, type Setting } from '../workbench/arms.js';
import { playedCompare, type CompareReport } from '../workbench/compare.js';
import type { ArmResult, Notable } from '../workbench/report.js';
import { playedSides, sidesLine } from '../report/sides.js';
import { loadSetup } from '../setup/load.js';
import { loadStrategies } from '../strategy/load.js';
import { formatDifference, formatP } from '../report/text.js';
import { exploitRow, header, heldParams, noGamesFinished, playBench, runLine, strategiesLine, tunesLines, type BenchFlags, type BenchResult } from './workbench.js';

export interface CompareFlags extends BenchFlags {
  left: string[];
  right: string[];
  side: string[];
  /** Was --setup given (rather than left at its default)? Set by main from the raw arguments. */
  setupGiven?: boolean;
}

export const COMPARE_GAMES = 10_000;
/** The most arms a compare plays. */
export const MAX_ARMS = 32;

/** The arms the flags describe: each one's setup, shared options and strategies, then its own settings. */
export function compareArms(setups: readonly string[], flags: CompareFlags): ArmSpec[] {
  const own = new Map<number, { setting: Setting; flag: string }[]>();
  const add = (n: number, raw: string, flag: string) => {
    if (!own.has(n)) own.set(n, []);
    own.get(n)!.push({ setting: parseSetting(raw, flag), flag: `${flag} ${raw}` });
  };
  for (const raw of flags.left) add(1, raw, '--left');
  for (const raw of flags.right) add(2, raw, '--right');
  for (const raw of flags.side) {
    const m = /^\s*(\d+)\s*:(.*)$/.exec(raw);
    if (!m || Number(m[1]) < 1 || Number(m[1]) > MAX_ARMS) throw new UserError(`--side ${raw}: expected N:KEY=VALUE with N an arm from 1 to ${MAX_ARMS}, e.g. --side 3:tie=random`);
    add(Number(m[1]), m[2], `--side ${m[1]}:`);
  }
  if (setups.length > MAX_ARMS) throw new UserError(`compare: ${setups.length} arms; at most ${MAX_ARMS}`);
  const count = Math.max(setups.length, ...own.keys(), 2);
  if (setups.length > 1 && count > setups.length) {
    throw new UserError(`compare: ${setups.length} setups were named but a setting is given for arm ${count}; name a setup for every arm, or none (then --setup plays in every arm)`);
  }
  if (setups.length > 0 && flags.setupGiven) throw new UserError(`--setup ${flags.setup} and setups named as arguments (${setups.join(' ')}): give one or the other`);
  const arms: ArmSpec[] = [];
  for (let n = 1; n <= count; n++) {
    const setupArg = setups[n - 1] ?? setups[0] ?? flags.setup;
    let arm: Omit<ArmSpec, 'label'> = { setupArg, overrides: [...flags.option], strategies: [...flags.strategy] };
    for (const { setting } of own.get(n) ?? []) arm = applySetting(arm, setting);
    arms.push({ ...arm, label: '' });
  }
  // Labels: the setup where the arms' setups differ, then the arm's own settings; `baseline` for a bare first arm.
  const differ = new Set(arms.map((a) => a.setupArg)).size > 1;
  return arms.map((a, i) => {
    const settings = (own.get(i + 1) ?? []).map((x) => describeSetting(x.setting)).join(' ');
    const label = [differ ? a.setupArg : '', settings].filter((x) => x !== '').join(' ') || (i === 0 ? 'baseline' : `arm ${i + 1} (as arm 1)`);
    return { ...a, label };
  });
}

/**
 * Refuses arms that play the same table with the same strategies (no setting given, or one that spells
 * out the default: `--right strategy=town=smart`): their comparison is a no-op, every difference zero.
 */
export function refuseSameArms(arms: readonly ArmSpec[]): void {
  const key = (a: ArmSpec, i: number) => {
    let setup;
    try {
      setup = loadSetup(a.setupArg, a.overrides);
    } catch (e) {
      if (e instanceof UserError) return `arm ${i}`; // refused when its job is built, naming the arm
      throw e;
    }
    const sides = playedSides(a.strategies, setup);
    return JSON.stringify([setup.rules.id, setup.roleCounts, setup.options, setup.params, setup.scoring, sides.town.plays, sides.mafia.plays, [...sides.roles].sort()]);
  };
  const keys = arms.map(key);
  for (let j = 1; j < arms.length; j++) {
    const i = keys.indexOf(keys[j]);
    if (i < j) {
      throw new UserError(`compare: arms ${i + 1} (${arms[i].label}) and ${j + 1} (${arms[j].label}) play the same table with the same strategies, so every difference would be zero; give arm ${j + 1} a setting (--right tie=random, --side ${j + 1}:KEY=VALUE) or name a setup per arm`);
    }
  }
}

export async function compareCommand(setups: readonly string[], flags: CompareFlags, signal?: AbortSignal): Promise<BenchResult<CompareReport>> {
  const arms = compareArms(setups, flags);
  const origin = (a: ArmSpec, i: number) => `compare arm ${i + 1} (${a.label})`;
  // An arm's own plug-in (`--right strategy=mafia=./bot.ts`) is imported before the arms are told apart:
  // telling them apart resolves each side's spec, and a plug-in's spec resolves only once it is loaded.
  for (const [i, a] of arms.entries()) {
    try {
      await loadStrategies(a.strategies);
    } catch (e) {
      if (e instanceof UserError) throw new UserError(`${origin(a, i)}: ${e.message}`);
      throw e;
    }
  }
  refuseSameArms(arms);
  const { played, common, arms: playing } = await playBench('compare', flags, arms, origin, { defaultGames: COMPARE_GAMES, details: true, signal, hold: heldParams([...flags.left, ...flags.right, ...flags.side.map((x) => x.slice(x.indexOf(':') + 1))].map((x) => parseSetting(x, '--side'))) });
  return { report: playedCompare(common, arms, playing, played), warning: played.warning };
}

// A difference of rates is in percentage points; of mean points per seat, in score points.
const pct = (d: Notable) => (d.unit === 'share' ? formatDifference({ diff: d.diff, low: d.low ?? -1, high: d.high ?? 1 }) + ' percentage points' : `${sign(d.diff)} (${sign(d.low)} to ${sign(d.high)}) score points a seat`);
const sign = (x: number | null) => (x === null ? '?' : `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(x).toFixed(2)}`);

/** The neutral teams any arm played, in the arms' order. */
function neutralTeams(arms: readonly ArmResult[]): string[] {
  return [...new Set(arms.flatMap((a) => (a.run.neutralWins ?? []).map((x) => x.team)))];
}

export function renderCompare(r: CompareReport, c: ChalkInstance, width = UNLIMITED): string {
  const out = header(c, [
    ['Arms', r.arms.map((a, i) => `${i + 1}. ${a.label}`)],
    ['Setup', [...new Set(r.arms.map((a) => `${a.run.setup.name} (${a.run.setup.players} players)`))].join(', ')],
    ['Strategies', sidesLine(r.arms) || [...new Set(r.arms.map((a) => strategiesLine(a.strategies)))].join(' | ')],
    ...exploitRow(r.arms),
    ['Run', runLine(r, r.arms.length)],
  ], width);
  if (r.partial && r.range.end === r.range.first) return [...out, ...noGamesFinished(c, width)].join('\n');
  if (r.partial) out.push(...wrapWords('PARTIAL: the comparison was interrupted; every arm has the games that finished.', width).map((l) => c.yellow.bold(l)));
  out.push('');
  const arm = (head: string, f: (a: ArmResult) => string, arms = r.arms, key = false): Column => ({ head, key, cells: arms.map(f) });
  out.push(...titled(c.bold('Outcomes'), ' (Wilson 95% intervals)', width));
  out.push(fitTable([
    arm('arm', (a) => a.label, r.arms, true),
    arm('players', (a) => String(a.run.setup.players)),
    arm('town win', (a) => formatRate(a.outcomes.town)),
    arm('mafia win', (a) => formatRate(a.outcomes.mafia)),
    arm('draw', (a) => formatRate(a.outcomes.draw)),
    arm('stalemate', (a) => formatRate(a.outcomes.stalemate)),
    // A neutral team's wins, alongside the outcomes (docs/extending.md): a column per team any arm has.
    ...neutralTeams(r.arms).map((team) => arm(`${team} wins`, (a) => {
      const x = a.run.neutralWins?.find((n) => n.team === team);
      return x === undefined ? '—' : formatRate(x.win);
    })),
    arm('mean days', (a) => a.meanDays.toFixed(2)),
  ], width, c), '');
  out.push(...tunesLines(c, r.arms, width));
  const base = r.arms[0];
  out.push(...titled(c.bold(`Paired differences from ${base.label}`), ' on the same games: percentage points (Newcombe 95% interval), McNemar', width));
  const rest = r.arms.slice(1);
  const cell = (w: Winner) => (a: ArmResult) => {
    const x = a.vsBaseline!.outcomes[w];
    return `${formatDifference(x)}, ${formatP(x.p)}`;
  };
  out.push(fitTable([
    arm('arm', (a) => a.label, rest, true),
    ...(['town', 'mafia', 'draw', 'stalemate'] as const).map((w) => arm(w, cell(w), rest)),
  ], width, c), '');
  for (const a of rest) out.push(...notable(a, base, c, width), ...parting(a, base, c, width));
  out.push(c.bold('Verdict'));
  for (const v of r.verdicts) out.push(...labelled('  ', v, width, '    '));
  return out.join('\n');
}

function notable(a: ArmResult, base: ArmResult, c: ChalkInstance, width: number): string[] {
  const list = a.vsBaseline?.notable ?? [];
  const tests = 2 * ((a.vsBaseline?.seats?.length ?? 0) + (a.vsBaseline?.roles?.length ?? 0));
  const head = titled(c.bold(`Seats and roles: ${a.label} vs ${base.label}`), ` (significant at 5% after Holm's correction for ${tests} tests)`, width);
  if (list.length === 0) return [...head, '  none', ''];
  return [...head, fitTable([
    { head: 'what', key: true, cells: list.map((n) => n.what) },
    { head: 'difference (95% interval)', cells: list.map(pct) },
    { head: 'p', cells: list.map((n) => formatP(n.p)) },
  ], width, c), ''];
}

/** Where two arms' outcomes over time part: day by day, the paired difference in "decided as each outcome by then". */
function parting(a: ArmResult, base: ArmResult, c: ChalkInstance, width: number): string[] {
  const t = a.vsBaseline?.timing;
  if (t === undefined || t.days.length === 0) return [];
  const shown = WINNERS.filter((w) => a.outcomes[w].count + base.outcomes[w].count > 0);
  const head = titled(c.bold(`Decided by day: ${a.label} vs ${base.label}`), ' (cumulative, on the same games: percentage points, Newcombe 95% interval, McNemar)', width);
  const table = fitTable([
    { head: 'day', key: true, cells: t.days.map((d) => String(d.day)) },
    ...shown.map((w): Column => ({ head: w, cells: t.days.map((d) => `${formatDifference(d[w])}, ${formatP(d[w].p)}`) })),
  ], width, c);
  const said = shown.map((w) => `${w} ${t.parts[w] === null ? 'never' : `from day ${t.parts[w]}`}`).join(', ');
  return [...head, table, ...labelled('  ', `The curves part (5% after Holm's correction over the days and outcomes): ${said}.`, width, '    '), ''];
}
