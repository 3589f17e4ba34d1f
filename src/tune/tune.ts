// `mafia-sim tune`: alternating best response over a strategy's parameters. Rounds alternate sides
// (the town first): the side's one-parameter moves (src/exploit/variants.ts tuneVariants: each
// parameter's grid neighbours and grid ends, a boolean flipped, every other word) play against the
// current profile on common seeds, screened by successive halving — every move plays a first stage of
// games, the better half (by paired gain) plays as many again, and so on up to the final games, so weak
// moves get few games — and the survivor is confirmed on fresh games: it is taken if its paired gain's
// 95% interval is above zero. Tuning stops when neither side has a move (two rounds running), the
// round limit or the game budget. The last round of each side is the certificate: the best remaining
// one-parameter gain, with its interval.
//
// Every unit of play (a stage, a confirmation) is a pure function of the profile, the moves and its game
// range; its result is kept in a cache (the --state file), so a run that is stopped and started again
// replays the same decisions from the cache and plays only what is missing: the same result as a run
// never stopped.
import type { Side } from '../model/roles.js';
import { WINNERS, type Winner } from '../model/events.js';
import { setupSummary, type SetupSummary } from '../report/report.js';
import { jobOf, playArmsOn, sideGain, type ArmsPlan } from '../exploit/arms.js';
import { armSpecs, tuneVariants, withSide, type SideSpecs, type Variant } from '../exploit/variants.js';
import { wilson } from '../stats/intervals.js';
import { OutcomePairs, type PairedDifference } from '../stats/paired.js';
import { specValues } from '../strategy/registry.js';
import type { StrategyParamValue } from '../strategy/types.js';

export const TUNE_FORMAT = 1;

/** Game indices a round's units play from: round r from r · ROUND_STRIDE, its confirmation from half-way. */
export const ROUND_STRIDE = 10_000_000;
export const CONFIRM_AT = ROUND_STRIDE / 2;

/** One unit's result, as kept in the cache: what played, on which games, and how. */
export interface UnitResult {
  readonly arms: readonly (readonly string[])[];
  readonly from: number;
  readonly to: number;
  /** Per arm, its outcomes paired with arm 0's (OutcomePairs.toJSON; arm 0's empty). */
  readonly pairs: readonly (readonly (readonly number[])[])[];
  /** Arm 0's outcomes. */
  readonly base: Readonly<Record<Winner, number>>;
}

export interface UnitCache {
  /** The unit kept under `id` (the caller checks it is of these arms on these games). */
  get(id: string, from: number, to: number, arms: readonly (readonly string[])[]): UnitResult | undefined;
  put(id: string, r: UnitResult): void;
  /**
   * Before anything is played: checks that the kept units replay to themselves — `walk` runs the
   * command's own decisions, at most `limit` rounds (iterations), with the cache it is given, which
   * serves the kept units alone, and says how many rounds it went through (src/tune/stateFile.ts).
   */
  replay?(walk: (kept: UnitCache, limit: number) => Promise<number>): Promise<void>;
}

/** What a state file's units depend on beyond their own arms and games, and what chooses them: they must match to be reused (./stateFile.ts). */
export interface StateKey {
  readonly setup: string;
  readonly overrides: readonly string[];
  readonly seed: string;
  /** The table the setup and options give, compiled (a setup file edited since is another table). */
  readonly table: SetupSummary;
  /** The command's settings that decide which units it plays (not how far it goes). */
  readonly settings: Readonly<Record<string, unknown>>;
}

/** What a tune is asked for (echoed in its report). */
export interface TuneSettings {
  readonly start: SideSpecs;
  /** Only these parameters are tuned (null: all that apply). */
  readonly params: readonly string[] | null;
  /** Games per move in the first stage, and the most a move plays (also the confirmation's games). */
  readonly firstGames: number;
  readonly finalGames: number;
  readonly rounds: number;
  /** Stop before a round once this many games have been played (null: no limit). */
  readonly budget: number | null;
}

export interface TuneInput extends ArmsPlan, TuneSettings {
  readonly cache?: UnitCache;
}

export interface RoundRecord {
  readonly round: number;
  readonly side: Side;
  /** The side's spec before the round. */
  readonly from: string;
  readonly moves: number;
  /** The halving's survivor, its gain on the screening games and on the fresh confirmation games. */
  readonly best: string | null;
  readonly screen: PairedDifference | null;
  readonly confirm: (PairedDifference & { readonly games: number }) | null;
  readonly accepted: boolean;
  /** Games played in the round, every arm counted. */
  readonly games: number;
}

export interface TuneReport extends TuneSettings {
  readonly format: number;
  readonly setup: SetupSummary;
  readonly seed: string;
  /** converged: neither side had a move two rounds running; else the round limit, the budget, or an interrupt. */
  readonly stopped: 'converged' | 'rounds' | 'budget' | 'interrupted';
  readonly partial: boolean;
  /** Games played (or read from the cache), every arm counted. */
  readonly played: number;
  /** The tuned profile: each side's spec, and its parameters that differ from the strategy's defaults. */
  readonly result: SideSpecs;
  readonly changed: Readonly<Record<Side, Readonly<Record<string, StrategyParamValue>>>>;
  /** The town's win rate at the tuned profile (the last round's baseline games), Wilson 95%. */
  readonly townWin: { readonly share: number; readonly low: number; readonly high: number; readonly games: number } | null;
  /** Per side, the best one-parameter move left at the end, confirmed on fresh games (null: the side has none). */
  readonly certificate: Readonly<Record<Side, { readonly move: string; readonly gain: PairedDifference & { readonly games: number }; readonly round: number } | null>>;
  readonly history: readonly RoundRecord[];
}

/** Thrown by a unit of play when the run was interrupted (its games are not kept). */
export class Interrupted extends Error {}

/**
 * Plays units of play (their arms on games [from, to)), or reads them from the cache when the same
 * arms on the same games were kept; `played()` counts the games of both, every arm counted. Progress
 * counts against `estimated` (a number, or read again at every unit as the run learns more).
 */
export function unitRunner(x: ArmsPlan & { readonly cache?: UnitCache }, estimated: number | (() => number)): { readonly unit: Unit; readonly played: () => number } {
  let played = 0;
  let estimate = 0;
  const unit = async (id: string, arms: readonly SideSpecs[], from: number, to: number): Promise<UnitResult> => {
    estimate = Math.max(played + (to - from) * arms.length, typeof estimated === 'number' ? estimated : estimated());
    const specs = arms.map(armSpecs);
    const cached = x.cache?.get(id, from, to, specs);
    if (cached !== undefined && cached.from === from && cached.to === to && JSON.stringify(cached.arms) === JSON.stringify(specs)) {
      played += (to - from) * arms.length;
      x.onProgress?.(Math.min(played, estimate), estimate);
      return cached;
    }
    const before = played;
    const r = await playArmsOn(specs.map((s) => jobOf(x, s)), from, to, {
      workers: x.workers,
      signal: x.signal,
      onProgress: (done) => x.onProgress?.(Math.min(before + done, estimate), estimate),
    });
    if (r.partial) throw new Interrupted();
    const result: UnitResult = { arms: specs, from, to, pairs: r.pairs.map((p) => p.toJSON()), base: { ...r.tallies[0].outcomes } };
    x.cache?.put(id, result);
    played += (to - from) * arms.length;
    return result;
  };
  return { unit, played: () => played };
}

export async function runTune(x: TuneInput): Promise<TuneReport> {
  // A kept state replays to itself, or nothing is played: the same decisions, on the kept units alone.
  await x.cache?.replay?.(async (kept, rounds) => (await runTune({ ...x, cache: kept, rounds, budget: null, signal: undefined, onProgress: undefined })).history.length);
  let profile = x.start;
  const history: RoundRecord[] = [];
  const only = x.params === null ? null : new Set(x.params);
  let quiet = 0;
  // The progress bar's total: the rounds the tune plays if no side moves again (two quiet rounds
  // running converge), each round's games from its side's moves; not the round limit's.
  let r = 0;
  let roundStart = 0;
  const perRound = (side: Side) => halvingEstimate(Math.max(1, tuneVariants(side, profile[side], x.setup, only).length), x.firstGames, x.finalGames);
  const likely = () => {
    let games = roundStart;
    for (let k = r; k < Math.min(x.rounds, r + 2 - quiet); k++) games += perRound(k % 2 === 0 ? 'town' : 'mafia');
    return Math.min(x.budget ?? Infinity, games);
  };
  const runner = unitRunner(x, likely);
  const unit = runner.unit;
  let stopped: TuneReport['stopped'] = 'rounds';
  let lastBase: Record<Winner, number> | null = null;
  try {
    for (; r < x.rounds; r++) {
      roundStart = runner.played();
      if (x.budget !== null && runner.played() >= x.budget) {
        stopped = 'budget';
        break;
      }
      const side: Side = r % 2 === 0 ? 'town' : 'mafia';
      const atStart = runner.played();
      const moves = tuneVariants(side, profile[side], x.setup, only);
      const round = await bestResponse(`r${r}`, r * ROUND_STRIDE, side, profile, moves, x, unit);
      lastBase = round.accepted ? round.moved! : round.base;
      history.push({ round: r, side, from: profile[side], moves: moves.length, best: round.best?.name ?? null, screen: round.screen, confirm: round.confirm, accepted: round.accepted, games: runner.played() - atStart });
      if (round.accepted) {
        profile = withSide(profile, side, round.best!.spec);
        quiet = 0;
      } else if (++quiet >= 2) {
        stopped = 'converged';
        break;
      }
    }
  } catch (e) {
    if (!(e instanceof Interrupted)) throw e;
    stopped = 'interrupted';
  }
  return report(x, profile, history, stopped, runner.played(), lastBase);
}

export interface RoundResult {
  readonly best: Variant | null;
  readonly screen: PairedDifference | null;
  readonly confirm: (PairedDifference & { games: number }) | null;
  readonly accepted: boolean;
  /** The profile's own outcomes over the round's games. */
  readonly base: Record<Winner, number>;
  /** The confirmed move's outcomes on the confirmation games (the new profile's, when it is taken). */
  readonly moved?: Record<Winner, number>;
}

export type Unit = (id: string, arms: readonly SideSpecs[], from: number, to: number) => Promise<UnitResult>;

/** What a side gains by a move, from the per-game pairs: tune's is the side's own win rate (sideGain). */
export type Objective = (pairs: OutcomePairs, side: Side) => PairedDifference;

/**
 * One side's best response to the profile: successive halving over the moves, then a fresh
 * confirmation. Its units are `id`s…, on games from `first` (the confirmation from first + CONFIRM_AT).
 */
export async function bestResponse(
  id: string,
  first: number,
  side: Side,
  profile: SideSpecs,
  moves: readonly Variant[],
  x: Pick<TuneSettings, 'firstGames' | 'finalGames'>,
  unit: Unit,
  objective: Objective = sideGain,
): Promise<RoundResult> {
  const base = zeroOutcomes();
  if (moves.length === 0) {
    // No move: the profile alone, for its town win rate.
    const u = await unit(id, [profile], first, first + x.finalGames);
    addOutcomes(base, u.base);
    return { best: null, screen: null, confirm: null, accepted: false, base };
  }
  let alive = moves.map((v) => ({ v, pairs: new OutcomePairs() }));
  let games = 0;
  let size = Math.min(x.firstGames, x.finalGames);
  for (let stage = 0; ; stage++) {
    const to = Math.min(games + size, x.finalGames);
    const u = await unit(`${id}s${stage}`, [profile, ...alive.map((a) => withSide(profile, side, a.v.spec))], first + games, first + to);
    addOutcomes(base, u.base);
    alive.forEach((a, i) => a.pairs.merge(OutcomePairs.fromJSON(u.pairs[i + 1])));
    games = to;
    // The better half goes on (by gain, ties in the moves' order), until one is left or the final games are played.
    alive = alive
      .map((a, i) => ({ ...a, i, gain: objective(a.pairs, side).diff }))
      .sort((a, b) => b.gain - a.gain || a.i - b.i)
      .map(({ v, pairs }) => ({ v, pairs }));
    if (alive.length === 1 || games >= x.finalGames) break;
    alive = alive.slice(0, Math.ceil(alive.length / 2));
    size = games;
  }
  const best = alive[0];
  const c = await unit(`${id}c`, [profile, withSide(profile, side, best.v.spec)], first + CONFIRM_AT, first + CONFIRM_AT + x.finalGames);
  addOutcomes(base, c.base);
  const pairs = OutcomePairs.fromJSON(c.pairs[1]);
  const confirm = { ...objective(pairs, side), games: pairs.games };
  const moved = zeroOutcomes();
  WINNERS.forEach((w, o) => (moved[w] = pairs.toJSON().reduce((a, row) => a + row[o], 0)));
  return { best: best.v, screen: objective(best.pairs, side), confirm, accepted: confirm.low > 0, base, moved };
}

function report(x: TuneInput, profile: SideSpecs, history: readonly RoundRecord[], stopped: TuneReport['stopped'], played: number, base: Record<Winner, number> | null): TuneReport {
  const games = base === null ? 0 : WINNERS.reduce((a, w) => a + base[w], 0);
  const townWin = base === null || games === 0 ? null : { share: base.town / games, ...wilson(base.town, games), games };
  const last = (side: Side) => [...history].reverse().find((h) => h.side === side);
  const cert = (side: Side) => {
    const h = last(side);
    return h === undefined || h.best === null || h.confirm === null ? null : { move: h.best, gain: h.confirm, round: h.round };
  };
  return {
    format: TUNE_FORMAT,
    setup: setupSummary(x.setup),
    seed: x.seed,
    start: x.start,
    params: x.params,
    firstGames: x.firstGames,
    finalGames: x.finalGames,
    rounds: x.rounds,
    budget: x.budget,
    stopped,
    partial: stopped === 'interrupted',
    played,
    result: profile,
    changed: { town: changedParams(profile.town), mafia: changedParams(profile.mafia) },
    townWin,
    certificate: { town: cert('town'), mafia: cert('mafia') },
    history,
  };
}

/** What a tune's --state file is kept under: the units it plays depend on these and nothing else. */
export function tuneStateKey(x: Pick<TuneInput, 'setupArg' | 'overrides' | 'setup' | 'seed' | 'start' | 'params' | 'firstGames' | 'finalGames'>): StateKey {
  return { setup: x.setupArg, overrides: x.overrides, seed: x.seed, table: setupSummary(x.setup), settings: { start: x.start, params: x.params, firstGames: x.firstGames, finalGames: x.finalGames } };
}

/** A spec's parameters that differ from its strategy's defaults. */
export function changedParams(spec: string): Record<string, StrategyParamValue> {
  const { strategy, values } = specValues(spec);
  const out: Record<string, StrategyParamValue> = {};
  for (const p of strategy.params ?? []) if (p.fixed !== true && values[p.key] !== p.default) out[p.key] = values[p.key];
  return out;
}

/** Games a round plays at most, for the progress bar's total (a guess: 20 moves a side). */
/**
 * Games a successive halving of `moves` moves plays (each stage's survivors and the baseline, from
 * `firstGames` up to `finalGames`), with the winner's confirmation on fresh games: for a progress bar.
 */
export function halvingEstimate(moves: number, firstGames: number, finalGames: number): number {
  let alive = moves;
  let games = 0;
  let size = Math.min(firstGames, finalGames);
  let total = 0;
  for (;;) {
    const to = Math.min(games + size, finalGames);
    total += (to - games) * (alive + 1);
    games = to;
    if (alive === 1 || games >= finalGames) break;
    alive = Math.ceil(alive / 2);
    size = games;
  }
  return total + 2 * finalGames;
}

export function zeroOutcomes(): Record<Winner, number> {
  return { town: 0, mafia: 0, draw: 0, stalemate: 0 };
}

export function addOutcomes(to: Record<Winner, number>, o: Readonly<Record<Winner, number>>): void {
  for (const w of WINNERS) to[w] += o[w];
}
