// `mafia-sim tune`: alternating best response over a strategy's parameters (src/tune/tune.ts), with a
// progress bar, Ctrl-C and a resumable --state file.
import type { ChalkInstance } from 'chalk';
import { sidesFromSpecs, tuneVariants, type SideSpecs } from '../exploit/variants.js';
import type { CompiledSetup } from '../setup/compile.js';
import { UserError } from '../errors.js';
import { header, labelled, titled, wrapWords, UNLIMITED } from '../report/fit.js';
import { formatDifference, formatRate } from '../report/text.js';
import { loadSetup } from '../setup/load.js';
import { specValues } from '../strategy/registry.js';
import { runTune, tuneStateKey, type TuneReport } from '../tune/tune.js';
import { parseCount, parseSeed } from './common.js';
import { halvingGames, parseBudget, playSearch, searchCommandLine, searchThreads, type SearchFlags } from './search.js';

export interface TuneFlags extends SearchFlags {
  params?: string;
  rounds?: string;
}

export const TUNE_FINAL_GAMES = 8000;
export const TUNE_FIRST_GAMES = 500;
export const TUNE_ROUNDS = 12;

export async function tuneCommand(flags: TuneFlags, signal?: AbortSignal): Promise<TuneReport & { command: string }> {
  const { finalGames, firstGames } = halvingGames(flags, TUNE_FINAL_GAMES, TUNE_FIRST_GAMES);
  const rounds = parseCount('--rounds', flags.rounds ?? String(TUNE_ROUNDS), 1, 1000);
  const budget = parseBudget(flags);
  const seed = parseSeed(flags.seed);
  const setup = loadSetup(flags.setup, flags.option);
  const start = sidesFromSpecs(flags.strategy, setup);
  const params = flags.params === undefined ? null : parseParamList(flags.params, start.town);
  if (params !== null) for (const k of params) neverMoved(k, flags.params!, start, setup);
  const key = tuneStateKey({ setupArg: flags.setup, overrides: flags.option, setup, seed, start, params, firstGames, finalGames });
  const { workers, cache } = searchThreads(flags, key, finalGames, 'tune-state');
  const report = await playSearch(
    flags,
    signal,
    (stop, onProgress) => runTune({ setupArg: flags.setup, overrides: flags.option, setup, seed, workers, signal: stop, onProgress, start, params, firstGames, finalGames, rounds, budget, cache }),
    // The total is what the tune plays if no side moves again (runTune): each move taken adds rounds.
    ' if no side moves again',
  );
  const own = [...(params === null ? [] : ['--params', params.join(',')]), '--games', String(finalGames), '--first', String(firstGames), '--rounds', String(rounds)];
  return { ...report, command: searchCommandLine('tune', report.setup, flags, own, budget, seed) };
}

export function parseParamList(raw: string, spec: string): string[] {
  const keys = raw.split(',').map((k) => k.trim()).filter((k) => k !== '');
  const known = (specValues(spec).strategy.params ?? []).map((p) => p.key);
  for (const k of keys) if (!known.includes(k)) throw new UserError(`--params ${raw}: "${k}" is not a parameter of ${specValues(spec).strategy.name} (its parameters: ${known.join(', ')})`);
  if (keys.length === 0) throw new UserError(`--params ${raw}: name at least one parameter`);
  return keys;
}

/**
 * Refuses a --params name tune would never move (it would play on and say "converged"): a parameter
 * held or fixed, a deviation's switch, or one that changes no decision made at this table.
 */
function neverMoved(key: string, raw: string, start: SideSpecs, setup: CompiledSetup): void {
  if ((['town', 'mafia'] as const).some((side) => tuneVariants(side, start[side], setup, new Set([key])).length > 0)) return;
  const p = (specValues(start.town).strategy.params ?? []).find((x) => x.key === key)!;
  const why = p.held === true
    ? 'it is held, as its best response would break a property the bot must keep (mafia-sim strategies); exploit still plays its range ends'
    : p.fixed === true
      ? 'it is not a way of playing'
      : p.deviation === true
        ? "it is a deviation's switch, a weakness exploit measures, not a setting to tune"
        : `it changes no decision made at ${setup.name}'s table${p.team === undefined ? '' : ` for the ${p.team}`}`;
  throw new UserError(`--params ${raw}: tune never moves ${key}: ${why}`);
}

const list = (o: Readonly<Record<string, unknown>>) => Object.entries(o).map(([k, v]) => `${k}=${String(v)}`).join(',') || '(the defaults)';

export function renderTune(r: TuneReport, c: ChalkInstance, width = UNLIMITED): string {
  const out: string[] = [];
  out.push(...header(c, [
    ['Setup', `${r.setup.name} (${r.setup.rules} rules, ${r.setup.players} players)`],
    ['Start', [`town=${r.start.town}`, `mafia=${r.start.mafia}`]],
    ['Run', `seed ${r.seed}; moves screened on ${r.firstGames.toLocaleString('en-US')} games, halved up to ${r.finalGames.toLocaleString('en-US')}, confirmed on ${r.finalGames.toLocaleString('en-US')} fresh games; ${r.played.toLocaleString('en-US')} games played`],
  ], width));
  const why = { converged: 'converged: neither side has a move that gains significantly', rounds: `stopped at the round limit (${r.rounds}) before converging`, budget: `stopped at the game budget (${r.budget}) before converging`, interrupted: 'PARTIAL: interrupted; rerun with the same --state to continue' }[r.stopped];
  out.push(...wrapWords(why, width).map((l) => (r.stopped === 'converged' ? c.green(l) : c.yellow.bold(l))), '');
  out.push(c.bold('Rounds'));
  for (const h of r.history) {
    const gain = h.confirm === null ? 'no move' : `${h.best}: ${formatDifference(h.confirm)} points on ${h.confirm.games.toLocaleString('en-US')} fresh games (screened ${formatDifference(h.screen!)})`;
    out.push(...labelled(`  ${String(h.round + 1).padStart(2)}. ${h.side.padEnd(5)} `, `${h.moves} moves; best ${gain}${h.accepted ? c.bold(' — taken') : ''}`, width, '           '));
  }
  out.push('', c.bold('Tuned parameters'));
  out.push(...labelled('  town:  ', list(r.changed.town), width), ...labelled('  mafia: ', list(r.changed.mafia), width));
  out.push(...labelled('  as --strategy: ', `town=${r.result.town} --strategy mafia=${r.result.mafia}`, width, '    '));
  out.push('', ...titled(c.bold('Town win'), ` at the tuned parameters: ${r.townWin === null ? 'no games' : `${formatRate(r.townWin)} (${r.townWin.games.toLocaleString('en-US')} games)`}`, width));
  out.push('', ...titled(c.bold('Exploitability certificate'), ' (the best one-parameter move left per side, its gain on fresh games)', width));
  for (const side of ['town', 'mafia'] as const) {
    const x = r.certificate[side];
    out.push(...labelled(`  ${side.padEnd(5)}  `, x === null ? 'no move' : `${x.move}: ${formatDifference(x.gain)} points`, width));
  }
  return out.join('\n');
}
