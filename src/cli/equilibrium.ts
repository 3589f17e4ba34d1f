// `mafia-sim equilibrium`: the double oracle over a strategy's space (src/equilibrium/equilibrium.ts),
// with a progress bar, Ctrl-C and a resumable --state file, as `tune` has.
import type { ChalkInstance } from 'chalk';
import { equilibriumStateKey, runEquilibrium, type EquilibriumReport } from '../equilibrium/equilibrium.js';
import { sidesFromSpecs, type SideSpecs } from '../exploit/variants.js';
import { UserError } from '../errors.js';
import { wrapItems, wrapWords, UNLIMITED } from '../report/fit.js';
import { formatDifference, formatRate } from '../report/text.js';
import { loadSetup } from '../setup/load.js';
import { specValues } from '../strategy/registry.js';
import { formatWeight } from '../strategy/mix.js';
import { parseCount, parseSeed } from './common.js';
import { halvingGames, parseBudget, playSearch, searchCommandLine, searchThreads, type SearchFlags } from './search.js';

export interface EquilibriumFlags extends SearchFlags {
  matrixGames?: string;
  epsilon?: string;
  climb?: string;
  iterations?: string;
  hold?: string[];
}

export const EQ_FINAL_GAMES = 4000;
export const EQ_FIRST_GAMES = 300;
export const EQ_MATRIX_GAMES = 4000;
export const EQ_EPSILON = 1;
export const EQ_CLIMB = 2;
export const EQ_ITERATIONS = 8;

export async function equilibriumCommand(flags: EquilibriumFlags, signal?: AbortSignal): Promise<EquilibriumReport & { command: string }> {
  const { finalGames, firstGames } = halvingGames(flags, EQ_FINAL_GAMES, EQ_FIRST_GAMES);
  const matrixGames = parseCount('--matrix-games', flags.matrixGames ?? String(EQ_MATRIX_GAMES), 1);
  const climb = parseCount('--climb', flags.climb ?? String(EQ_CLIMB), 1, 8);
  const iterations = parseCount('--iterations', flags.iterations ?? String(EQ_ITERATIONS), 1, 100);
  const budget = parseBudget(flags);
  const epsilon = parsePoints(flags.epsilon ?? String(EQ_EPSILON));
  const seed = parseSeed(flags.seed);
  const setup = loadSetup(flags.setup, flags.option);
  // The search starts from tune's point (strategies/smart/tuned.json), not from the mix it ships.
  const start = sidesFromSpecs(flags.strategy, setup, false);
  const hold = heldParams(flags.hold ?? [], start);
  const key = equilibriumStateKey({ setupArg: flags.setup, overrides: flags.option, setup, seed, start, matrixGames, firstGames, finalGames, epsilon: epsilon / 100, climb, hold });
  const { workers, cache } = searchThreads(flags, key, finalGames, 'equilibrium-state');
  const report = await playSearch(flags, signal, (stop, onProgress) =>
    runEquilibrium({ setupArg: flags.setup, overrides: flags.option, setup, seed, workers, signal: stop, onProgress, start, matrixGames, firstGames, finalGames, epsilon: epsilon / 100, climb, iterations, budget, hold, cache }),
  );
  const own = ['--games', String(finalGames), '--first', String(firstGames), '--matrix-games', String(matrixGames), '--epsilon', String(epsilon), '--climb', String(climb), '--iterations', String(iterations), ...(hold.length > 0 ? ['--hold', hold.join(',')] : [])];
  return { ...report, command: searchCommandLine('equilibrium', report.setup, flags, own, budget, seed) };
}

/** --hold's parameters (comma-separated, repeatable), each one the start's strategies take. */
function heldParams(raw: readonly string[], start: SideSpecs): string[] {
  const keys = [...new Set(raw.flatMap((r) => r.split(',')).map((k) => k.trim()))];
  for (const side of ['town', 'mafia'] as const) {
    const { strategy } = specValues(start[side]);
    const known = (strategy.params ?? []).map((p) => p.key);
    for (const k of keys) {
      if (!known.includes(k)) throw new UserError(`--hold ${k === '' ? '""' : k}: not a parameter of ${strategy.name}, which the ${side} starts from (its parameters: ${known.join(', ')})`);
    }
  }
  return keys;
}

function parsePoints(raw: string): number {
  const x = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(x) || x <= 0 || x > 50) throw new UserError(`--epsilon ${raw}: expected points above 0 and at most 50 (1 is one percentage point)`);
  return x;
}

/** A profile as what it changes from where its side started (`start` for the start itself). */
export function profileLabel(spec: string, start: string): string {
  const { values } = specValues(spec);
  const { values: from } = specValues(start);
  const changed = Object.keys(values).filter((k) => values[k] !== from[k]).map((k) => `${k}=${String(values[k])}`);
  return changed.length === 0 ? 'start' : changed.join(',');
}

export function renderEquilibrium(r: EquilibriumReport, c: ChalkInstance, width = UNLIMITED): string {
  const out: string[] = [];
  // A line of words after `lead` (kept as it is), wrapped under it.
  const words = (text: string, lead = '') => out.push(...wrapItems(lead, text.split(' '), width, ' ', ' '.repeat(lead.length)));
  const n = (x: number) => x.toLocaleString('en-US');
  words(`${r.setup.name} (${r.setup.rules} rules, ${r.setup.players} players)`, `${c.bold('Setup')}  `);
  words(`town=${r.start.town}  mafia=${r.start.mafia}`, `${c.bold('Start')}  `);
  words(`seed ${r.seed}; matrix cells of ${n(r.matrixGames)} games; best responses screened on ${n(r.firstGames)} games, halved up to ${n(r.finalGames)}, up to ${r.climb} steps, confirmed on fresh games; ε ${r.epsilon * 100} points;${r.hold.length > 0 ? ` holding ${r.hold.join(', ')};` : ''} ${n(r.played)} games played`, `${c.bold('Run')}    `);
  const why = {
    converged: `converged: neither side's best response gains more than ${r.epsilon * 100} points against the other's mix`,
    iterations: `stopped at the iteration limit (${r.iterations}) before converging`,
    budget: `stopped at the game budget (${r.budget}) before converging`,
    interrupted: 'PARTIAL: interrupted; rerun with the same --state to continue',
  }[r.stopped];
  out.push(...wrapWords(why, width).map((l) => (r.stopped === 'converged' ? c.green(l) : c.yellow.bold(l))), '');
  out.push(c.bold('Iterations'));
  for (const h of r.history) {
    out.push(`  ${String(h.iteration + 1).padStart(2)}. value ${(h.value * 100).toFixed(1)}% with ${h.town} town × ${h.mafia} mafia profiles`);
    for (const side of ['town', 'mafia'] as const) {
      const x = h.responses[side];
      const gain = x.gain !== null ? `${x.steps.map((s) => s.move).join(', ')}: ${formatDifference(x.gain)} points` : x.last !== null ? `best move ${x.last.move}: ${formatDifference(x.last.gain)} points (not significant)` : 'no move';
      words(`${gain}${x.added ? c.bold(' — joins') : ''}`, `      ${side.padEnd(6)}`);
    }
  }
  out.push('');
  words('(each game plays one profile of each side, drawn by weight)', c.bold('Mixes') + ' ');
  for (const side of ['town', 'mafia'] as const) {
    for (const p of r.mix[side]) words(profileLabel(p.spec, r.start[side]), `  ${side.padEnd(5)}  ${formatWeight(p.weight).padStart(6)}  `);
  }
  words(`'town=${r.specs.town}' 'mafia=${r.specs.mafia}'`, '  as --strategy: ');
  out.push('');
  const value = r.value === null ? 'none' : `${(r.value * 100).toFixed(1)}% on the matrix's games`;
  words(`${c.bold('Town win')} at the equilibrium: ${r.townWin === null ? 'no games' : `${formatRate(r.townWin)} (${n(r.townWin.games)} fresh games, mix against mix)`}; the matrix game's value ${value}`);
  const against = r.stopped === 'converged' ? 'the final mix' : "the last iteration's mix (more profiles joined after it)";
  out.push('');
  words(`(the best response each side found against ${against}, its gain on fresh games)`, c.bold('Certificate') + ' ');
  for (const side of ['town', 'mafia'] as const) {
    const x = r.certificate[side];
    words(x === null ? 'no move' : `${x.move}: ${formatDifference(x.gain)} points`, `  ${side.padEnd(5)}  `);
  }
  return out.join('\n');
}
