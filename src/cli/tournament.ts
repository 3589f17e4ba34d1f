// `mafia-sim tournament`: every town × mafia pairing of the given strategies on the same seeds; a matrix
// of town win % with Wilson 95% intervals, and the mean game length per pairing (or the same data as JSON).
import Table from 'cli-table3';
import type { ChalkInstance } from 'chalk';
import { UserError } from '../errors.js';
import { loadSetup } from '../setup/load.js';
import { loadStrategies } from '../strategy/load.js';
import { runTournament, type Pairing, type TournamentReport } from '../tournament/tournament.js';
import { parseCount, parseSeed, workerCount } from './common.js';

export interface TournamentFlags {
  setup: string;
  option: string[];
  /** As given: comma-separated lists (repeatable). */
  strategies: string[];
  games: string;
  seed: string;
  /** Threads; default: one per 25,000 games, at most one per CPU (workerCount). */
  workers?: string;
}

/**
 * `a,b:k=1,j=2,c` → [a, b:k=1,j=2, c]: a `key=value` item continues the parameters of the strategy
 * before it (parameters are comma-separated too).
 */
export function splitStrategyList(raw: readonly string[]): string[] {
  const out: string[] = [];
  for (const group of raw) {
    for (const item of group.split(',').map((x) => x.trim())) {
      if (item === '') continue;
      const continues = /^[A-Za-z_][\w-]*=/.test(item) && out.length > 0 && out[out.length - 1].includes(':');
      if (continues) out[out.length - 1] += `,${item}`;
      else if (/^[A-Za-z_][\w-]*=/.test(item)) {
        throw new UserError(`--strategies ${group}: "${item}" is a parameter with no strategy before it (write NAME:${item})`);
      } else out.push(item);
    }
  }
  if (out.length === 0) throw new UserError('--strategies: name at least one strategy, e.g. --strategies random,smart');
  if (new Set(out).size !== out.length) throw new UserError(`--strategies ${raw.join(',')}: a strategy is listed twice`);
  return out;
}

export async function tournamentCommand(flags: TournamentFlags): Promise<TournamentReport> {
  const games = parseCount('--games', flags.games, 1);
  const workers = workerCount(flags.workers, games);
  const seed = parseSeed(flags.seed);
  const strategies = splitStrategyList(flags.strategies);
  // Validate every spec (and import plug-ins) before playing anything; an error names --strategies,
  // the flag the user typed, not the --strategy town=… a pairing is built from.
  const typed = `--strategies ${flags.strategies.join(',')}`;
  for (const s of strategies) await loadStrategies([s], () => typed);
  const setup = loadSetup(flags.setup, flags.option);
  return runTournament({ setupArg: flags.setup, overrides: flags.option, setup, strategies, games, seed, workers });
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function renderTournament(r: TournamentReport, c: ChalkInstance): string {
  const out: string[] = [];
  out.push(`${c.bold('Setup')}   ${r.setup.name} (${r.setup.rules} rules, ${r.setup.players} players)`);
  out.push(`${c.bold('Run')}     ${r.games.toLocaleString('en-US')} games per pairing, seed ${r.seed}, the same game seeds in every pairing`);
  out.push('');
  const cell = (town: string, mafia: string): Pairing => r.pairings.find((p) => p.town === town && p.mafia === mafia)!;
  const head = ['town ↓  mafia →', ...r.strategies].map((h) => c.bold(h));
  const style = { head: [], border: [] };
  const wins = new Table({ head, style });
  const days = new Table({ head, style });
  for (const town of r.strategies) {
    wins.push([c.bold(town), ...r.strategies.map((m) => {
      const p = cell(town, m);
      return `${pct(p.townWin.share)} (${pct(p.townWin.low)} – ${pct(p.townWin.high)})`;
    })]);
    days.push([c.bold(town), ...r.strategies.map((m) => cell(town, m).meanDays.toFixed(2))]);
  }
  out.push(c.bold('Town win % (Wilson 95% interval)'), wins.toString(), '');
  out.push(c.bold('Mean game length (days)'), days.toString());
  const illegal = r.pairings.reduce((a, p) => a + p.illegalDecisions, 0);
  if (illegal > 0) {
    out.push('', c.yellow(`Illegal decisions replaced by the rule's default (G9): ${illegal.toLocaleString('en-US')}`));
    for (const p of r.pairings) if (p.illegalDecisions > 0) out.push(c.yellow(`  town=${p.town} mafia=${p.mafia}: ${p.illegalDecisions.toLocaleString('en-US')}`));
  }
  const failed = r.pairings.reduce((a, p) => a + p.failedGames, 0);
  if (failed > 0) {
    out.push('', c.red.bold(`${failed} game(s) failed. Replay with:`));
    for (const p of r.pairings) for (const f of p.failures) out.push(c.red(`  ${f.replay}    # ${f.error}`));
  }
  return out.join('\n');
}
