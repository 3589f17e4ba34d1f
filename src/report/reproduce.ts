// The command that plays a report again, made from the report alone (so that a merged report and the
// single run it equals show the same command, and any machine can read it): the setup, every option
// and parameter that differs from its default, the strategies, the seed and the games.
import type { CalibrationReport } from '../calibration/calibrate.js';
import { gamesForHalfWidth } from '../calibration/calibrate.js';
import { describeValue, type OptionValue } from '../rules/options.js';
import { RULE_SETS } from '../rules/registry.js';
import { builtinSetup } from '../setup/builtin.js';
import { DEFAULT_STRATEGY } from '../strategy/default.js';
import { optionSpecs } from '../setup/compile.js';
import type { TournamentReport } from '../tournament/tournament.js';
import type { Report, SetupSummary } from './report.js';

/** An argument as a POSIX shell reads it back: bare when it is plain, else in single quotes. */
export function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

const same = (a: OptionValue | undefined, b: OptionValue) => JSON.stringify(a) === JSON.stringify(b);

export function setupArgs(s: SetupSummary): string[] {
  const builtin = s.source === 'built-in' ? builtinSetup(s.name) : undefined;
  const args = ['--setup', builtin ? s.name : s.source];
  for (const p of builtin?.params ?? []) if (!same(s.params[p.key], p.default)) args.push('--option', `${p.key}=${describeValue(s.params[p.key])}`);
  const rules = RULE_SETS.get(s.rules);
  const specs = rules ? optionSpecs(rules) : [];
  for (const [k, v] of Object.entries(s.options)) {
    const spec = specs.find((o) => o.key === k);
    if (!spec || !same(v, spec.default)) args.push('--option', `${k}=${describeValue(v)}`);
  }
  return args;
}

export const line = (args: readonly string[]) => ['mafia-sim', ...args].map(shellQuote).join(' ');

/**
 * `--shard I/N` of G games that covers exactly [first, end), when there is one with N ≤ 1000; shard
 * I covers [⌊(I−1)·G/N⌋, ⌊I·G/N⌋) (src/cli/run.ts).
 */
export function shardFor(first: number, end: number): { i: number; n: number; games: number } | null {
  if (first === 0) return { i: 1, n: 1, games: end };
  for (let n = 2; n <= 1000; n++) {
    for (let i = 2; i <= n; i++) {
      const games = Math.max(Math.ceil((first * n) / (i - 1)), Math.ceil((end * n) / i));
      if (Math.floor(((i - 1) * games) / n) === first && Math.floor((i * games) / n) === end) return { i, n, games };
    }
  }
  return null;
}

/** The command, and a note when it plays more games than the report covers. */
export interface Reproduction {
  /** Null when it cannot be told (a report kind that does not record its command, given none). */
  readonly command: string | null;
  readonly note: string | null;
}

/** Output flags that do not change what is played: left out of the command that plays a report again. */
const OUTPUT_FLAGS = new Set(['--html', '--csv', '--games-out']);
const OUTPUT_SWITCHES = new Set(['--json', '--no-progress', '--no-color']);

/**
 * The command line a report was made by, as a shell reads it back, less the flags that only say where
 * its outputs go (`--html F`, `--csv F`, `--games-out F`, `--json`, `--no-progress`): the command of a
 * report kind that cannot rebuild its own from its data. `argv` is what follows `mafia-sim`.
 */
export function invocation(argv: readonly string[]): string {
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const eq = a.indexOf('=');
    if (a.startsWith('--') && eq > 0 && OUTPUT_FLAGS.has(a.slice(0, eq))) continue;
    if (OUTPUT_FLAGS.has(a)) {
      i++;
      continue;
    }
    if (OUTPUT_SWITCHES.has(a)) continue;
    kept.push(a);
  }
  return line(kept);
}

export function runReproduction(r: Report): Reproduction {
  const args = ['run', ...setupArgs(r.setup)];
  if (!(r.strategies.length === 1 && r.strategies[0] === DEFAULT_STRATEGY)) for (const s of r.strategies) args.push('--strategy', s);
  args.push('--seed', r.seed);
  const { first, end } = r.range;
  const shard = shardFor(first, end);
  if (shard) args.push('--games', String(shard.games), ...(shard.n > 1 ? ['--shard', `${shard.i}/${shard.n}`] : []));
  else args.push('--games', String(end));
  if (r.precision) args.push('--precision', String(r.precision.target));
  const note = shard ? null : `This report covers games ${first}–${end - 1}; the command plays games 0–${end - 1}, of which those are the last ${end - first}.`;
  return { command: line(args), note };
}

export function tournamentReproduction(t: TournamentReport): Reproduction {
  return { command: line(['tournament', ...setupArgs(t.setup), '--strategies', t.strategies.join(','), '--games', String(t.games), '--seed', t.seed]), note: null };
}

export function calibrationReproduction(r: CalibrationReport): Reproduction {
  const args = ['calibrate', '--seed', r.seed];
  // The default plays each cell enough games for ±0.2 points at its exact value; anything else was --games.
  const byDefault = r.cells.every((x) => x.games === gamesForHalfWidth(x.exact.town));
  if (!byDefault && r.cells.length > 0) args.push('--games', String(r.cells[0].games));
  return { command: line(args), note: null };
}
