// What the commands share: parsing the job options, colour, and output helpers.
import { availableParallelism } from 'node:os';
import { Chalk, type ChalkInstance } from 'chalk';
import { UserError } from '../errors.js';
import type { Job } from '../runner/job.js';
import { loadSetup, optionFlag, type OverrideLabel } from '../setup/load.js';
import { parseStrategies } from '../strategy/registry.js';

export interface JobFlags {
  setup: string;
  option: string[];
  strategy: string[];
  seed: string;
  /** C16.1: `--series K`, the same as `--option series=K` (club setups). */
  series?: string;
}

export const collect = (value: string, previous: string[]) => [...previous, value];

/**
 * A commander parser for an option that takes one value: given a second time, it is refused rather
 * than silently the last. Made per program (main builds a new one per call), so it holds its own state.
 */
export function once(flag: string): (value: string) => string {
  let given: string | undefined;
  return (value) => {
    if (given !== undefined) throw new UserError(`${flag} given twice (${given}, then ${value}): give it once`);
    given = value;
    return value;
  };
}

export function parseSeed(raw: string): string {
  if (!/^\d{1,15}$/.test(raw.trim())) throw new UserError(`--seed ${raw}: expected a whole number ≥ 0 (at most 15 digits)`);
  return String(Number(raw.trim()));
}

export function parseCount(flag: string, raw: string, min: number, max = 1e12): number {
  const t = raw.trim().replace(/_/g, '');
  if (!/^\d+$/.test(t) || Number(t) < min || Number(t) > max) throw new UserError(`${flag} ${raw}: expected a whole number from ${min} to ${max}`);
  return Number(t);
}

/**
 * Games each extra thread should have before it pays for itself: a thread starts cold and spends its
 * first few thousand games warming up (interpreted, then compiled), about half a second.
 */
export const GAMES_PER_WORKER = 25_000;

/**
 * The thread count: `--workers N` as given (1 to 4 per CPU, at least 8 allowed: a typo such as 100
 * should not start 100 threads), else one per GAMES_PER_WORKER games, at least 1 and at most one per
 * CPU. Results never depend on it.
 */
export function workerCount(raw: string | undefined, games: number): number {
  const cpus = availableParallelism();
  if (raw !== undefined) return parseCount('--workers', raw, 1, Math.max(8, 4 * cpus));
  return Math.max(1, Math.min(cpus, Math.floor(games / GAMES_PER_WORKER)));
}

/** The --option overrides, with `--series K` as `series=K` (C16.1). */
export function jobOverrides(flags: JobFlags): string[] {
  if (flags.series === undefined) return flags.option;
  const series = parseCount('--series', flags.series, 1, 1000);
  const option = flags.option.find((o) => /^\s*series\s*=/.test(o));
  if (option !== undefined) throw new UserError(`--series ${flags.series} and --option ${option} say the same thing: give one`);
  return [...flags.option, `series=${series}`];
}

/** Names the flag an override came from in its error: `--series K`, or `--option key=value`. */
export function overrideLabel(flags: JobFlags): OverrideLabel {
  return (key, value) => (flags.series !== undefined && key === 'series' ? `--series ${flags.series}` : optionFlag(key, value));
}

export function jobFrom(flags: JobFlags): Job {
  const seed = parseSeed(flags.seed);
  const strategies = parseStrategies(flags.strategy);
  const overrides = jobOverrides(flags);
  const setup = loadSetup(flags.setup, overrides, overrideLabel(flags));
  return { setupArg: flags.setup, overrides, setup, strategies, seed };
}

/**
 * Colour on a terminal, or wherever FORCE_COLOR asks for it (any value but empty, `0` or `false`);
 * never with --no-color, nor with NO_COLOR set to anything but the empty string (no-color.org). NO_COLOR
 * wins over FORCE_COLOR: it is the reader's own wish, FORCE_COLOR often a tool's default.
 */
export function colours(stream: NodeJS.WriteStream, enabled: boolean, env: NodeJS.ProcessEnv = process.env): ChalkInstance {
  const set = (v: string | undefined) => v !== undefined && v !== '';
  const forced = set(env.FORCE_COLOR) ? !['0', 'false'].includes(env.FORCE_COLOR!.toLowerCase()) : null;
  const on = enabled && !set(env.NO_COLOR) && (forced ?? stream.isTTY === true);
  return new Chalk({ level: on ? 1 : 0 });
}

/** The narrowest width tables are laid out for: below it every layout is a column of records anyway. */
const MIN_WIDTH = 20;

/**
 * The width text output is laid out for: the terminal's, else COLUMNS when it is a whole number,
 * else 80 (a file, a pipe).
 */
export function terminalWidth(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): number {
  if (stream.isTTY === true && stream.columns > 0) return Math.max(MIN_WIDTH, stream.columns);
  const columns = /^\s*\d{1,5}\s*$/.test(env.COLUMNS ?? '') ? Number(env.COLUMNS) : 0;
  return columns > 0 ? Math.max(MIN_WIDTH, columns) : 80;
}
