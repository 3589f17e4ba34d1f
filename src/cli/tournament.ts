// `mafia-sim tournament`: every town × mafia pairing of the given strategies on the same seeds; a matrix
// of town win % with Wilson 95% intervals, each pairing's paired difference from the first, and the mean
// game length per pairing (or the same data as JSON). Ctrl-C reports the games finished.
import type { ChalkInstance } from 'chalk';
import { loadSetup } from '../setup/load.js';
import { loadStrategies } from '../strategy/load.js';
import { splitStrategyList } from '../strategy/specList.js';
import { runTournament, type Pairing, type TournamentReport } from '../tournament/tournament.js';
import { fitTable, UNLIMITED, wrapItems, wrapWords, type Column } from '../report/fit.js';
import { formatDifference, formatP, formatRate, metricsTable } from '../report/text.js';
import { parseCount, parseSeed, workerCount } from './common.js';
import { interruptible } from './interrupt.js';
import { withProgress } from './progress.js';

export interface TournamentFlags {
  setup: string;
  option: string[];
  /** As given: comma-separated lists (repeatable). */
  strategies: string[];
  games: string;
  seed: string;
  /** Threads; default: one per 25,000 games, at most one per CPU (workerCount). */
  workers?: string;
  /** false with --no-progress. */
  progress?: boolean;
  /** `--metrics`: behaviour metrics per pairing. */
  metrics?: boolean;
  /** Stop at the first failed game (a bot that timed out, crashed, …) instead of recording it. */
  strict?: boolean;
}

export async function tournamentCommand(flags: TournamentFlags, signal?: AbortSignal): Promise<TournamentReport> {
  const games = parseCount('--games', flags.games, 1);
  const seed = parseSeed(flags.seed);
  const strategies = splitStrategyList(flags.strategies);
  const workers = workerCount(flags.workers, games * strategies.length * strategies.length);
  // Validate every spec (and import plug-ins) before playing anything; an error names --strategies,
  // the flag the user typed, not the --strategy town=… a pairing is built from.
  const typed = `--strategies ${flags.strategies.join(',')}`;
  for (const s of strategies) await loadStrategies([s], () => typed);
  const setup = loadSetup(flags.setup, flags.option);
  return interruptible((stop) =>
    withProgress(flags.progress !== false, (onProgress) =>
      runTournament({
        setupArg: flags.setup,
        overrides: flags.option,
        setup,
        strategies,
        games,
        seed,
        workers,
        strict: flags.strict === true,
        signal: stop,
        metrics: flags.metrics === true,
        onProgress,
      }),
    ),
    signal,
  );
}

/** The tournament's tables, at most `width` columns wide (UNLIMITED: every table whole). */
export function renderTournament(r: TournamentReport, c: ChalkInstance, width = UNLIMITED): string {
  const out: string[] = [];
  const words = (label: string, text: string) => out.push(...wrapItems(label, text.split(' '), width, ' '));
  words(`${c.bold('Setup')}   `, `${r.setup.name} (${r.setup.rules} rules, ${r.setup.players} players)`);
  // Interrupted: the games that finished of those asked for (a pairing's count is its finished games).
  const done = [...new Set(r.pairings.map((p) => p.games))].sort((a, b) => a - b).map((n) => n.toLocaleString('en-US'));
  const games = r.partial ? `${done.length === 1 ? done[0] : `${done[0]}–${done[done.length - 1]}`} of ${r.games.toLocaleString('en-US')}` : r.games.toLocaleString('en-US');
  words(`${c.bold('Run')}     `, `${games} games per pairing, seed ${r.seed}, the same game seeds in every pairing`);
  if (r.partial) out.push(...wrapWords('PARTIAL: the tournament was interrupted; these are the games that finished.', width).map((l) => c.yellow.bold(l)));
  out.push('');
  const cell = (town: string, mafia: string): Pairing => r.pairings.find((p) => p.town === town && p.mafia === mafia)!;
  const matrix = (f: (p: Pairing) => string): Column[] => [
    { head: 'town ↓  mafia →', key: true, cells: r.strategies.map((t) => c.bold(t)) },
    ...r.strategies.map((m): Column => ({ head: m, cells: r.strategies.map((t) => f(cell(t, m))) })),
  ];
  const heading = (text: string) => out.push(...wrapWords(text, width).map((l) => c.bold(l)));
  heading('Town win % (Wilson 95% interval)');
  out.push(fitTable(matrix((p) => formatRate(p.townWin)), width, c), '');
  if (r.pairings.length > 1) {
    const first = r.pairings[0];
    heading(`Compared with town=${first.town} mafia=${first.mafia} on the same games: town win, difference in points (95% interval), McNemar`);
    const rest = r.pairings.slice(1);
    const bold = (p: Pairing, x: string) => (p.vsFirst!.p < 0.05 ? c.bold(x) : x);
    const col = (head: string, f: (p: Pairing) => string, key = false): Column => ({ head, key, cells: rest.map((p) => bold(p, f(p))) });
    out.push(fitTable([
      col('town', (p) => p.town, true),
      col('mafia', (p) => p.mafia, true),
      col('town win', (p) => formatRate(p.townWin)),
      col('difference', (p) => formatDifference(p.vsFirst!)),
      col('test', (p) => formatP(p.vsFirst!.p)),
    ], width, c), '');
  }
  heading('Mean game length (days)');
  out.push(fitTable(matrix((p) => p.meanDays.toFixed(2)), width, c));
  for (const p of r.pairings) {
    if (!p.metrics) continue;
    out.push('');
    heading(`Behaviour (--metrics), town=${p.town} mafia=${p.mafia}`);
    out.push(metricsTable(p.metrics, width, c));
  }
  const illegal = r.pairings.reduce((a, p) => a + p.illegalDecisions, 0);
  if (illegal > 0) {
    out.push('', c.yellow(`Illegal decisions replaced by the rule's default (G9): ${illegal.toLocaleString('en-US')}`));
    for (const p of r.pairings) {
      if (p.illegalDecisions > 0) out.push(c.yellow(`  town=${p.town} mafia=${p.mafia}: ${p.illegalDecisions.toLocaleString('en-US')}`));
      for (const x of p.illegalExamples ?? []) out.push(c.yellow(`    game ${x.game}: ${x.what}`));
    }
  }
  const failed = r.pairings.reduce((a, p) => a + p.failedGames, 0);
  if (failed > 0) {
    out.push('', c.red.bold(`${failed} game(s) failed. Replay with:`));
    for (const p of r.pairings) {
      for (const f of p.failures) out.push(c.red(`  ${f.replay}    # ${f.error}`));
      if (p.failures.length < p.failedGames) out.push(c.red(`  … (town=${p.town} mafia=${p.mafia}: the first ${p.failures.length} of ${p.failedGames} shown)`));
    }
  }
  return out.join('\n');
}
