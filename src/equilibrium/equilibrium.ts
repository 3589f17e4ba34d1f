// `mafia-sim equilibrium`: the value of a setup at an equilibrium of its strategy space, by the double
// oracle method (McMahan, Gordon and Blum 2003; PSRO is its learned-oracle form). A population of town
// profiles and of mafia profiles (smart's parameter sets, as --strategy specs) starts with one each.
// Every iteration:
//   1. every town profile plays every mafia profile on the same games (the matrix; a cell once played
//      is kept), and the zero-sum game of the town's win rate is solved exactly (./matrixGame.ts): a mix
//      per side, and the value;
//   2. each side looks for a best response to the other's mix: from its population's best profile
//      against that mix and from each other profile of its own mix, tune's successive halving over every
//      one-parameter move of tune and every variant of exploit's library (responseMoves below), confirmed on
//      fresh games, climbing while a move gains (up to `climb` steps). A game
//      against a mix meets one of its profiles, drawn from the game's seed (src/strategy/mix.ts);
//   3. a best response that gains more than ε, significantly, joins its side's population.
// It stops when neither side's best response gains more than ε: the certificate. The mixes then play
// each other on fresh games for the town's win rate with its interval.
//
// The game is the town's win rate against the mafia's wish to lower it (a draw is no town win). Every
// unit of play is a pure function of its arms and games and is kept in the --state file, so a run
// stopped and started again plays only what is missing and ends as an unbroken run would.
import type { Side } from '../model/roles.js';
import { WINNERS } from '../model/events.js';
import { setupSummary, type SetupSummary } from '../report/report.js';
import { sideGain, type ArmsPlan } from '../exploit/arms.js';
import { deckDecisions, deviationVariants, parameterVariants, tuneVariants, withSide, type SideSpecs, type Variant } from '../exploit/variants.js';
import { wilson } from '../stats/intervals.js';
import { OutcomePairs, type PairedDifference } from '../stats/paired.js';
import { mixName, type MixPart } from '../strategy/mix.js';
import { specValues } from '../strategy/registry.js';
import { bestResponse, CONFIRM_AT, halvingEstimate, Interrupted, ROUND_STRIDE, unitRunner, type Objective, type StateKey, type Unit, type UnitCache } from '../tune/tune.js';
import { solveMatrixGame } from './matrixGame.js';

export const EQUILIBRIUM_FORMAT = 1;

/** Weights below this are no part of a mix (the solver's rounding). */
const MIN_WEIGHT = 1e-6;
/** The most climbing steps of one best response (its game blocks are laid out for this many). */
export const MAX_CLIMB = 8;

export interface EquilibriumSettings {
  /** The first profile of each side's population (and role specs kept in every arm). */
  readonly start: SideSpecs;
  /** Games per cell of the matrix (the same games for every cell). */
  readonly matrixGames: number;
  /** A best response's halving: games per move in its first stage, and its final and confirmation games. */
  readonly firstGames: number;
  readonly finalGames: number;
  /** A best response must gain more than this (a share: 0.01 is a point) to join the population. */
  readonly epsilon: number;
  /** The most one-parameter steps a best response climbs. */
  readonly climb: number;
  readonly iterations: number;
  /** Start no iteration once this many games have been played (null: no limit). */
  readonly budget: number | null;
  /**
   * Parameters no best response moves: each stays as the populations start it (`--hold reader` solves
   * with the reader the start gives). The certificate then says nothing of a move of theirs.
   */
  readonly hold: readonly string[];
}

export interface EquilibriumInput extends ArmsPlan, EquilibriumSettings {
  readonly cache?: UnitCache;
}

type Gain = PairedDifference & { readonly games: number };

/** One side's best response in an iteration. */
export interface ResponseRecord {
  /** The population's profile it started from (the best against the other side's mix). */
  readonly from: string;
  /** The moves it took, each with its confirmed gain. */
  readonly steps: ReadonlyArray<{ readonly move: string; readonly gain: Gain }>;
  /** The best move left where it stopped (not taken: its gain was not significant), if any. */
  readonly last: { readonly move: string; readonly gain: Gain } | null;
  /** Its profile, and its gain over `from` against the other side's mix on fresh games (null: no step taken). */
  readonly spec: string;
  readonly gain: Gain | null;
  /** Whether it joined the population. */
  readonly added: boolean;
}

export interface IterationRecord {
  readonly iteration: number;
  /** The populations' sizes, the value of the matrix game and the mixes' supports then. */
  readonly town: number;
  readonly mafia: number;
  readonly value: number;
  readonly responses: Readonly<Record<Side, ResponseRecord>>;
  readonly games: number;
}

export interface EquilibriumReport extends EquilibriumSettings {
  readonly format: number;
  readonly setup: SetupSummary;
  readonly seed: string;
  readonly stopped: 'converged' | 'iterations' | 'budget' | 'interrupted';
  readonly partial: boolean;
  readonly played: number;
  /** Each side's population, in the order its profiles joined. */
  readonly population: Readonly<Record<Side, readonly string[]>>;
  /** The town's win rate in each cell (town profile i against mafia profile j). */
  readonly matrix: readonly (readonly number[])[];
  /** The matrix game's value, and each side's mix (the profiles with weight). */
  readonly value: number | null;
  readonly mix: Readonly<Record<Side, readonly MixPart[]>>;
  /** Each side's mix as a --strategy spec (a single profile as itself). */
  readonly specs: Readonly<Record<Side, string>>;
  /** The mixes against each other on fresh games: the town's win rate, Wilson 95%. */
  readonly townWin: { readonly share: number; readonly low: number; readonly high: number; readonly games: number } | null;
  /** Per side, the best gain a best response found against the final mix (null: no move at all). */
  readonly certificate: Readonly<Record<Side, { readonly move: string; readonly gain: Gain } | null>>;
  readonly history: readonly IterationRecord[];
}

/** What an equilibrium's --state file is kept under: the units it plays depend on these and nothing else. */
export function equilibriumStateKey(x: Pick<EquilibriumInput, 'setupArg' | 'overrides' | 'setup' | 'seed' | 'start' | 'matrixGames' | 'firstGames' | 'finalGames' | 'epsilon' | 'climb' | 'hold'>): StateKey {
  // (hold only when given: a state file of a search that held nothing keeps its key)
  const settings = { start: x.start, matrixGames: x.matrixGames, firstGames: x.firstGames, finalGames: x.finalGames, epsilon: x.epsilon, climb: x.climb, ...(x.hold.length > 0 ? { hold: x.hold } : {}) };
  return { setup: x.setupArg, overrides: x.overrides, seed: x.seed, table: setupSummary(x.setup), settings };
}

/** The zero-sum game's objective: the town's win rate, up for the town and down for the mafia. */
export const townWinObjective: Objective = (pairs, side) => {
  const g = sideGain(pairs, 'town');
  return side === 'town' ? g : { diff: -g.diff, low: -g.high, high: -g.low, p: g.p };
};

/** A side's mix as a spec: its one profile, or `mix:…` of those with weight. */
export function mixSpec(parts: readonly MixPart[]): string {
  return parts.length === 1 ? parts[0].spec : mixName(parts);
}

export async function runEquilibrium(x: EquilibriumInput): Promise<EquilibriumReport> {
  // A kept state replays to itself, or nothing is played: the same decisions, on the kept units alone.
  await x.cache?.replay?.(async (kept, iterations) => (await runEquilibrium({ ...x, cache: kept, iterations, budget: null, signal: undefined, onProgress: undefined })).history.length);
  const runner = unitRunner(x, estimate(x));
  const unit = runner.unit;
  const pop: Record<Side, string[]> = { town: [x.start.town], mafia: [x.start.mafia] };
  const cells = new Map<string, number>();
  const history: IterationRecord[] = [];
  let stopped: EquilibriumReport['stopped'] = 'iterations';
  let solved: Solved | null = null;
  let certificate: EquilibriumReport['certificate'] = { town: null, mafia: null };
  try {
    for (let it = 0; it < x.iterations; it++) {
      if (x.budget !== null && runner.played() >= x.budget) {
        stopped = 'budget';
        break;
      }
      const atStart = runner.played();
      const matrix = await playMatrix(pop, cells, x, unit);
      solved = solve(matrix, pop);
      const responses = {} as Record<Side, ResponseRecord>;
      for (const side of ['town', 'mafia'] as const) {
        responses[side] = await respond(it, side, pop, matrix, solved, x, unit);
      }
      certificate = { town: best(responses.town), mafia: best(responses.mafia) };
      const sizes = { town: pop.town.length, mafia: pop.mafia.length };
      let added = false;
      for (const side of ['town', 'mafia'] as const) {
        if (!responses[side].added) continue;
        pop[side].push(responses[side].spec);
        added = true;
      }
      history.push({ iteration: it, ...sizes, value: solved.value, responses, games: runner.played() - atStart });
      if (!added) {
        stopped = 'converged';
        break;
      }
    }
    // The populations may have grown in the last iteration: the matrix and mixes as they end.
    const matrix = await playMatrix(pop, cells, x, unit);
    solved = solve(matrix, pop);
  } catch (e) {
    if (!(e instanceof Interrupted)) throw e;
    stopped = 'interrupted';
  }
  const townWin = solved !== null && stopped !== 'interrupted' ? await mixesValue(x, unit, solved) : null;
  if (townWin === 'interrupted') stopped = 'interrupted';
  const matrix = pop.town.map((t) => pop.mafia.map((m) => cells.get(cellKey(t, m)) ?? NaN));
  return {
    format: EQUILIBRIUM_FORMAT,
    setup: setupSummary(x.setup),
    seed: x.seed,
    start: x.start,
    matrixGames: x.matrixGames,
    firstGames: x.firstGames,
    finalGames: x.finalGames,
    epsilon: x.epsilon,
    climb: x.climb,
    iterations: x.iterations,
    budget: x.budget,
    hold: x.hold,
    stopped,
    partial: stopped === 'interrupted',
    played: runner.played(),
    population: pop,
    matrix,
    value: solved?.value ?? null,
    mix: solved?.mix ?? { town: [], mafia: [] },
    specs: solved === null ? { town: '', mafia: '' } : { town: mixSpec(solved.mix.town), mafia: mixSpec(solved.mix.mafia) },
    townWin: townWin === 'interrupted' ? null : townWin,
    certificate,
    history,
  };
}

/** The town's win between the final mixes, on fresh games (the report's value), or 'interrupted'. */
async function mixesValue(x: EquilibriumInput, unit: ReturnType<typeof unitRunner>['unit'], solved: Solved): Promise<EquilibriumReport['townWin'] | 'interrupted'> {
  try {
    const u = await unit('value', [{ ...x.start, town: mixSpec(solved.mix.town), mafia: mixSpec(solved.mix.mafia) }], CONFIRM_AT, CONFIRM_AT + 2 * x.finalGames);
    const games = WINNERS.reduce((a, w) => a + u.base[w], 0);
    return { share: u.base.town / games, ...wilson(u.base.town, games), games };
  } catch (e) {
    if (!(e instanceof Interrupted)) throw e;
    return 'interrupted';
  }
}

export interface Solved {
  readonly value: number;
  /** Per side, each population member's weight. */
  readonly weights: Readonly<Record<Side, readonly number[]>>;
  readonly mix: Readonly<Record<Side, readonly MixPart[]>>;
}

function solve(matrix: readonly (readonly number[])[], pop: Readonly<Record<Side, readonly string[]>>): Solved {
  const s = solveMatrixGame(matrix);
  const parts = (specs: readonly string[], w: readonly number[]): MixPart[] => {
    const kept = specs.map((spec, i) => ({ spec, weight: w[i] })).filter((p) => p.weight > MIN_WEIGHT);
    const sum = kept.reduce((a, p) => a + p.weight, 0);
    return kept.map((p) => ({ spec: p.spec, weight: p.weight / sum }));
  };
  return { value: s.value, weights: { town: s.rows, mafia: s.columns }, mix: { town: parts(pop.town, s.rows), mafia: parts(pop.mafia, s.columns) } };
}

const cellKey = (town: string, mafia: string) => `${town}\u0000${mafia}`;

/** The town's win rate of every town × mafia pair on games [0, matrixGames); cells played before are kept. */
async function playMatrix(pop: Readonly<Record<Side, readonly string[]>>, cells: Map<string, number>, x: EquilibriumInput, unit: Unit): Promise<number[][]> {
  for (const t of pop.town) {
    for (const m of pop.mafia) {
      const key = cellKey(t, m);
      if (cells.has(key)) continue;
      const u = await unit(`cell:${t}|${m}`, [{ ...x.start, town: t, mafia: m }], 0, x.matrixGames);
      cells.set(key, u.base.town / WINNERS.reduce((a, w) => a + u.base[w], 0));
    }
  }
  return pop.town.map((t) => pop.mafia.map((m) => cells.get(cellKey(t, m))!));
}

/**
 * One side's best response to the other side's mix: a climb from each profile of the side's own mix
 * (and from the population's best against the other's mix, if that is not one), the best of them.
 * At an equilibrium every profile of the support does equally well against the other's mix, so no one
 * of them is "the" start: a move that gains from one may lose from another (at club-12 the policeman's
 * never revealing gains 28 points under the posterior and loses 20 under the rules reader).
 */
async function respond(it: number, side: Side, pop: Readonly<Record<Side, readonly string[]>>, matrix: readonly (readonly number[])[], solved: Solved, x: EquilibriumInput, unit: Unit): Promise<ResponseRecord> {
  let best: ResponseRecord | null = null;
  for (const [k, start] of climbStarts(side, pop, matrix, solved).entries()) {
    const r = await climbFrom(it, side, k, pop[side][start], pop, solved, x, unit);
    if (best === null || score(r) > score(best)) best = r;
  }
  return best!;
}

/** The profiles a side's best response climbs from: the best against the other's mix, then the rest of its own mix by weight. */
export function climbStarts(side: Side, pop: Readonly<Record<Side, readonly string[]>>, matrix: readonly (readonly number[])[], solved: Solved): number[] {
  const other: Side = side === 'town' ? 'mafia' : 'town';
  const own = solved.weights[side];
  const rest = pop[side].map((_, i) => i).filter((i) => own[i] > 1e-9).sort((a, b) => own[b] - own[a] || a - b);
  const first = bestAgainst(side, matrix, solved.weights[other]);
  return [first, ...rest.filter((i) => i !== first)];
}

/** A climb's worth for picking among starts: its confirmed whole gain, else the best move it left. */
function score(r: ResponseRecord): number {
  return r.gain !== null ? r.gain.diff : r.last !== null ? r.last.gain.diff - 1 : -Infinity;
}

/** Up to `climb` confirmed one-change steps from `from`; its total gain confirmed on fresh games of its own. */
async function climbFrom(it: number, side: Side, k: number, from: string, pop: Readonly<Record<Side, readonly string[]>>, solved: Solved, x: EquilibriumInput, unit: Unit): Promise<ResponseRecord> {
  const other: Side = side === 'town' ? 'mafia' : 'town';
  const against = mixSpec(solved.mix[other]);
  // Every start plays the same games (common random numbers): its units are named apart, the first as before.
  const block = (step: number) => (1 + (2 * it + (side === 'town' ? 0 : 1)) * (MAX_CLIMB + 1) + step) * ROUND_STRIDE;
  const name = k === 0 ? `i${it}${side}` : `i${it}${side}@${k}.`;
  const steps: Array<{ move: string; gain: Gain }> = [];
  let last: ResponseRecord['last'] = null;
  let current = from;
  for (let step = 0; step < x.climb; step++) {
    const profile: SideSpecs = withSide({ ...x.start, [other]: against }, side, current);
    const moves = responseMoves(side, current, x, pop[side]);
    const r = await bestResponse(`${name}${step}`, block(step), side, profile, moves, x, unit, townWinObjective);
    if (r.best === null || r.confirm === null) break;
    if (!r.accepted) {
      last = { move: r.best.name, gain: r.confirm };
      break;
    }
    steps.push({ move: r.best.name, gain: r.confirm });
    current = r.best.spec;
  }
  if (steps.length === 0) return { from, steps, last, spec: from, gain: null, added: false };
  // The climb's whole gain, on games none of its steps played.
  const u = await unit(`${name}total`, [withSide({ ...x.start, [other]: against }, side, from), withSide({ ...x.start, [other]: against }, side, current)], block(MAX_CLIMB), block(MAX_CLIMB) + x.finalGames);
  const pairs = OutcomePairs.fromJSON(u.pairs[1]);
  const gain = { ...townWinObjective(pairs, side), games: pairs.games };
  return { from, steps, last, spec: current, gain, added: gain.low > 0 && gain.diff > x.epsilon };
}

/** The population member that does best against the other side's weights (the town's highest row, the mafia's lowest column). */
function bestAgainst(side: Side, matrix: readonly (readonly number[])[], weights: readonly number[]): number {
  const rows = side === 'town' ? matrix.length : matrix[0].length;
  let pick = 0;
  let top = -Infinity;
  for (let i = 0; i < rows; i++) {
    let v = 0;
    for (let j = 0; j < weights.length; j++) v += weights[j] * (side === 'town' ? matrix[i][j] : matrix[j][i]);
    const score = side === 'town' ? v : -v;
    if (score > top + 1e-12) {
      top = score;
      pick = i;
    }
  }
  return pick;
}

/**
 * Every one-parameter move of tune, and every variant of exploit's library: each deviation (its own
 * switches too — who claims, fake reds, trusting the first claimant) and each parameter at its range
 * ends; each once, none already in the population, none moving a held parameter (`temperature` is held
 * by smart itself). The certificate then answers exploit: a change exploit plays against the mix is one
 * of these moves from some profile of it, so none gains more than ε where none of these does.
 */
export function responseMoves(side: Side, spec: string, x: Pick<EquilibriumSettings, 'hold'> & Pick<ArmsPlan, 'setup'>, population: readonly string[]): Variant[] {
  const decisions = deckDecisions(x.setup);
  const seen = new Set<string>(population);
  seen.add(spec);
  const out: Variant[] = [];
  const own = specValues(spec);
  const held = [...x.hold, ...(own.strategy.params ?? []).filter((p) => p.held === true).map((p) => p.key)].map((k) => [k, own.values[k]] as const);
  const library = [...deviationVariants(side, spec, decisions), ...parameterVariants(side, spec, decisions)];
  for (const v of [...tuneVariants(side, spec, x.setup, null), ...library]) {
    if (seen.has(v.spec)) continue;
    if (held.length > 0 && movesHeld(v.spec, held)) continue;
    seen.add(v.spec);
    out.push(v);
  }
  return out;
}

/** Whether a move's profile changes a held parameter from its value in the profile it moves from. */
function movesHeld(spec: string, held: ReadonlyArray<readonly [string, unknown]>): boolean {
  const { values } = specValues(spec);
  return held.some(([k, v]) => values[k] !== v);
}

/** The best response's gain an iteration reports: its climb's, else the best move it left. */
function best(r: ResponseRecord): { move: string; gain: Gain } | null {
  if (r.gain !== null) return { move: r.steps.map((s) => s.move).join(', '), gain: r.gain };
  return r.last;
}

/** Games an iteration is likely to play, for the progress bar (a guess: 25 moves a side, one climbing step). */
function estimate(x: EquilibriumSettings): number {
  const perIteration = 2 * 2 * halvingEstimate(25, x.firstGames, x.finalGames) + 4 * x.matrixGames;
  return x.budget ?? Math.min(x.iterations, 6) * perIteration;
}
