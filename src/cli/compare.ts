// `mafia-sim compare [A B C…]`: arms on the same seeds, each after the first paired with it. An arm is a
// setup (the positional arguments, or --setup for every arm) plus its own settings:
//   --left KEY=VALUE    arm 1 (the baseline)      --right KEY=VALUE   arm 2
//   --side N:KEY=VALUE  arm N (1-based), for three or more
// KEY is a rule option, setup parameter, roles.ID, WHO.NAME.PARAM or `strategy` (a --strategy spec for
// that arm only). --option and --strategy apply to every arm.
import type { ChalkInstance } from 'chalk';
import { UserError } from '../errors.js';
import { formatRate, table } from '../report/text.js';
import { applySetting, describeSetting, parseSetting, type ArmSpec, type Setting } from '../workbench/arms.js';
import { playedCompare, type CompareReport } from '../workbench/compare.js';
import type { ArmResult, Notable } from '../workbench/report.js';
import { sidesLine } from '../report/sides.js';
import { formatDifference, formatP } from '../report/text.js';
import { header, heldParams, playBench, runLine, strategiesLine, tunesLines, type BenchFlags, type BenchResult } from './workbench.js';

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
  // Arms that differ in nothing would play the same games twice and report no difference, exit 0.
  if (own.size === 0 && new Set(setups).size <= 1) {
    const named = setups.length === 0 ? `--setup ${flags.setup}` : setups.join(' ');
    throw new UserError(`compare ${named}: nothing to compare: every arm would be the same; name two setups (compare club-12 club-13) or give an arm a setting (--right tie=random)`);
  }
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

export async function compareCommand(setups: readonly string[], flags: CompareFlags, signal?: AbortSignal): Promise<BenchResult<CompareReport>> {
  const arms = compareArms(setups, flags);
  const origin = (a: ArmSpec, i: number) => `compare arm ${i + 1} (${a.label})`;
  const { played, common, arms: playing } = await playBench('compare', flags, arms, origin, { defaultGames: COMPARE_GAMES, details: true, signal, hold: heldParams([...flags.left, ...flags.right, ...flags.side.map((x) => x.slice(x.indexOf(':') + 1))].map((x) => parseSetting(x, '--side'))) });
  return { report: playedCompare(common, arms, playing, played), warning: played.warning };
}

const pct = (d: Notable) => (d.unit === 'share' ? formatDifference({ diff: d.diff, low: d.low ?? -1, high: d.high ?? 1 }) + ' points' : `${sign(d.diff)} (${sign(d.low)} to ${sign(d.high)}) points a seat`);
const sign = (x: number | null) => (x === null ? '?' : `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(x).toFixed(2)}`);

export function renderCompare(r: CompareReport, c: ChalkInstance): string {
  const out = header(c, [
    ['Arms', r.arms.map((a, i) => `${i + 1}. ${a.label}`).join('   ')],
    ['Setup', [...new Set(r.arms.map((a) => `${a.run.setup.name} (${a.run.setup.players} players)`))].join(', ')],
    ['Strategies', sidesLine(r.arms) || [...new Set(r.arms.map((a) => strategiesLine(a.strategies)))].join(' | ')],
    ['Run', runLine(r, r.arms.length)],
  ]);
  if (r.partial) out.push(c.yellow.bold('PARTIAL: the comparison was interrupted; every arm has the games that finished.'));
  out.push('');
  const t = table(['arm', 'players', 'town win', 'mafia win', 'draw', 'stalemate', 'mean days'], c);
  for (const a of r.arms) t.push([a.label, String(a.run.setup.players), formatRate(a.outcomes.town), formatRate(a.outcomes.mafia), formatRate(a.outcomes.draw), formatRate(a.outcomes.stalemate), a.meanDays.toFixed(2)]);
  out.push(c.bold('Outcomes') + ' (Wilson 95% intervals)', t.toString(), '');
  out.push(...tunesLines(c, r.arms));
  const base = r.arms[0];
  out.push(c.bold(`Paired differences from ${base.label}`) + ' on the same games: points (Newcombe 95% interval), McNemar');
  const d = table(['arm', 'town', 'mafia', 'draw', 'stalemate'], c);
  for (const a of r.arms.slice(1)) {
    const v = a.vsBaseline!.outcomes;
    const cell = (x: typeof v.town) => `${formatDifference(x)}, ${formatP(x.p)}`;
    d.push([a.label, cell(v.town), cell(v.mafia), cell(v.draw), cell(v.stalemate)]);
  }
  out.push(d.toString(), '');
  for (const a of r.arms.slice(1)) out.push(...notable(a, base, c));
  out.push(c.bold('Verdict'));
  for (const v of r.verdicts) out.push(`  ${v}`);
  return out.join('\n');
}

function notable(a: ArmResult, base: ArmResult, c: ChalkInstance): string[] {
  const list = a.vsBaseline?.notable ?? [];
  const tests = 2 * ((a.vsBaseline?.seats?.length ?? 0) + (a.vsBaseline?.roles?.length ?? 0));
  const head = `${c.bold(`Seats and roles: ${a.label} vs ${base.label}`)} (significant at 5% after Holm's correction for ${tests} tests)`;
  if (list.length === 0) return [head, '  none', ''];
  const t = table(['what', 'difference (95% interval)', 'p'], c);
  for (const n of list) t.push([n.what, pct(n), formatP(n.p)]);
  return [head, t.toString(), ''];
}
