// `mafia-sim weights`: the flags read (every bad value one error line naming its flag, before a game),
// the setups generated or listed and played with a progress bar and Ctrl-C, and the weights fitted
// (src/workbench/weights.ts); `--predict SETUP` reads a fit instead (src/cli/weightsPredict.ts).
import { UserError } from '../errors.js';
import { loadRolePlugins } from '../setup/rolePlugins.js';
import { loadStrategies } from '../strategy/load.js';
import type { WeightsReport } from '../report/weights.js';
import { playSetups, weightsReport } from '../workbench/weights.js';
import { FAMILIES, generatedSetups, listedSetups, type Family, type WeightsSetup } from '../workbench/weightsSetups.js';
import { parseCount, parseSeed, workerCount } from './common.js';
import { interruptible } from './interrupt.js';
import { withProgress } from './progress.js';

export const WEIGHTS_GAMES = 2000;
export const WEIGHTS_COUNT = 160;
export const WEIGHTS_HOLDOUT = 0.25;
export const WEIGHTS_MISSES = 5;

export interface WeightsFlags {
  family?: string;
  setups?: string;
  count?: string;
  players?: string;
  holdout?: string;
  misses?: string;
  save?: string;
  fit?: string;
  predict?: string;
  measure?: boolean;
  option: string[];
  strategy: string[];
  seed: string;
  games?: string;
  workers?: string;
  json?: boolean;
  html?: string;
  csv?: string;
  progress?: boolean;
}

/** Flags that only --predict reads, and flags it does not: each a one-line error in the wrong mode. */
const PREDICT_ONLY = ['fit', 'measure'] as const;
const FIT_ONLY = ['family', 'setups', 'count', 'players', 'holdout', 'misses', 'save'] as const;
const flagName = (k: string) => `--${k.replace(/[A-Z]/g, (x) => `-${x.toLowerCase()}`)}`;

/** Which mode the flags ask for; flags of the other mode are refused. */
export function weightsMode(flags: WeightsFlags): 'fit' | 'predict' {
  if (flags.predict !== undefined) {
    const wrong = FIT_ONLY.find((k) => flags[k] !== undefined);
    if (wrong !== undefined) throw new UserError(`${flagName(wrong)} ${flags[wrong]}: not with --predict (a prediction reads a fit: --fit FILE, or the shipped one)`);
    return 'predict';
  }
  const wrong = PREDICT_ONLY.find((k) => flags[k] !== undefined);
  if (wrong !== undefined) throw new UserError(`${flagName(wrong)}${typeof flags[wrong] === 'string' ? ` ${flags[wrong]}` : ''}: only with --predict SETUP`);
  if (flags.family === undefined && flags.setups === undefined) throw new UserError(`weights: give --family NAME (${FAMILIES.map((f) => f.name).join(', ')}) or --setups A,B,…, or --predict SETUP`);
  if (flags.family !== undefined && flags.setups !== undefined) throw new UserError(`--family ${flags.family} and --setups ${flags.setups}: give one`);
  return 'fit';
}

/** `a..b` (or one size `a`) within the family's sizes. */
function parsePlayers(raw: string | undefined, family: Family): [number, number] {
  if (raw === undefined) return [...family.players];
  const m = /^\s*(\d+)\s*(?:\.\.\s*(\d+)\s*)?$/.exec(raw);
  const lo = m ? Number(m[1]) : NaN;
  const hi = m ? Number(m[2] ?? m[1]) : NaN;
  if (!m || lo > hi || lo < 4 || hi > 100) throw new UserError(`--players ${raw}: expected a range of seats a..b (4 ≤ a ≤ b ≤ 100), e.g. ${family.players.join('..')}`);
  return [lo, hi];
}

function parseShare(flag: string, raw: string, lo: number, hi: number): number {
  const v = Number(raw.trim());
  if (raw.trim() === '' || !Number.isFinite(v) || v <= lo || v > hi) throw new UserError(`${flag} ${raw}: expected a share above ${lo} and at most ${hi}, e.g. 0.25`);
  return v;
}

interface FitPlan {
  readonly setups: readonly WeightsSetup[];
  readonly design: Parameters<typeof weightsReport>[0]['design'];
  readonly seed: string;
  readonly games: number;
  readonly misses: number;
}

/** Reads every flag and builds every setup (bad input stops here, before any game). */
export async function weightsPlan(flags: WeightsFlags): Promise<FitPlan> {
  const seed = parseSeed(flags.seed);
  const games = parseCount('--games', flags.games ?? String(WEIGHTS_GAMES), 1);
  const holdout = parseShare('--holdout', flags.holdout ?? String(WEIGHTS_HOLDOUT), 0, 0.9);
  const misses = parseCount('--misses', flags.misses ?? String(WEIGHTS_MISSES), 0, 1000);
  await loadStrategies(flags.strategy);
  const common = { holdout, options: [...flags.option], strategies: [...flags.strategy] };
  if (flags.setups !== undefined) {
    const names = flags.setups.split(',').map((s) => s.trim());
    if (names.length < 4 || names.some((n) => n === '')) throw new UserError(`--setups ${flags.setups}: expected at least 4 setups, comma-separated (some are held out to measure the fit)`);
    for (const n of names) await loadRolePlugins(n);
    const setups = await listedSetups(names, seed, flags.option, flags.strategy);
    sameRules(setups, flags.setups);
    return { setups, seed, games, misses, design: { ...common, family: null, base: null, listed: names, players: null, count: names.length, reference: names[0] } };
  }
  const family = FAMILIES.find((f) => f.name === flags.family!.trim());
  if (family === undefined) throw new UserError(`--family ${flags.family}: expected ${FAMILIES.map((f) => f.name).join(', ')}`);
  const count = parseCount('--count', flags.count ?? String(WEIGHTS_COUNT), 4, 100_000);
  const players = parsePlayers(flags.players, family);
  const setups = await generatedSetups({ family, players, count, seed, options: flags.option, strategies: flags.strategy });
  return { setups, seed, games, misses, design: { ...common, family: family.name, base: family.base, listed: null, players, count, reference: family.base } };
}

/** One rule set for every listed setup: the weights of two rule sets' roles do not add. */
function sameRules(setups: readonly WeightsSetup[], raw: string): void {
  const other = setups.find((s) => s.rules !== setups[0].rules);
  if (other !== undefined) throw new UserError(`--setups ${raw}: ${setups[0].label} is a ${setups[0].rules} table and ${other.label} a ${other.rules} one: give setups of one rule set`);
}

/** Plays the plan's setups (Ctrl-C keeps the chunks finished) and fits the weights. */
export async function weightsCommand(flags: WeightsFlags, signal?: AbortSignal): Promise<WeightsReport> {
  const plan = await weightsPlan(flags);
  const workers = workerCount(flags.workers, plan.games * plan.setups.length);
  const result = await interruptible((stop) => withProgress(flags.progress !== false, (onProgress) => playSetups(plan.setups, { games: plan.games, workers, signal: stop, onProgress })), signal);
  if (result.end === 0) throw new UserError('weights: interrupted before any game finished: nothing to fit');
  return weightsReport({ design: plan.design, seed: plan.seed, games: plan.games, misses: plan.misses }, plan.setups, result);
}
