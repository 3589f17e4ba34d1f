// The strategy interface: a bot answers decision requests for one seat, seeing only that seat's view.
import type { DecisionKind, Intent, SpeechKind } from '../model/decisions.js';
import type { Statement } from '../model/events.js';
import type { Rng } from '../rng.js';
import type { PlayerView } from '../views/view.js';

export type { DecisionKind, Intent, SpeechKind } from '../model/decisions.js';
export { YES, NO } from '../model/decisions.js';

export interface DecisionRequest {
  readonly kind: DecisionKind;
  /** The legal answers: seat numbers, or 1/0 for yes/no decisions. */
  readonly options: readonly number[];
  /** Whether `null` (no action / no nomination) is legal. */
  readonly canPass: boolean;
  /** For a night action, what it does (a bot that does not know `kind`, a plug-in role's, reads this); else null. */
  readonly intent: Intent | null;
}

/** A seat number (or 1/0), or null to pass. Anything else is illegal and replaced by the default (G9). */
export type Decision = number | null;

/** Which game a player is made for: one object per game, shared by its seats. */
export interface GameTag {
  /** The game's seed (replays it). */
  readonly seed: string;
}

/** One seat's bot for one game. */
export interface Player {
  /** Who plays this seat, for the line that names an illegal answer (set for plug-ins and protocol bots). */
  readonly label?: string;
  decide(view: PlayerView, request: DecisionRequest, rng: Rng): Decision | undefined;
  /** Statements for a speech or last word (G8); omit for a silent bot. */
  speak?(view: PlayerView, kind: SpeechKind, rng: Rng): readonly Statement[] | undefined;
}

export type StrategyParamValue = number | string | boolean;

/** A parameter set on the command line as `--strategy NAME:key=value,…`; the default's type is the param's type. */
export interface StrategyParam {
  readonly key: string;
  readonly description: string;
  readonly default: StrategyParamValue;
  /** Numbers: the allowed range (inclusive). */
  readonly min?: number;
  readonly max?: number;
  /** Strings: the allowed values. */
  readonly values?: readonly string[];
  /**
   * The night decisions (src/model/decisions.ts kinds) the parameter shapes or needs on the table: it
   * applies to a rule set only if one of its roles makes one (`mafia-sim strategies` says where). Absent:
   * every rule set (the day's votes and speeches).
   */
  readonly decisions?: readonly string[];
  /**
   * Numbers: the values `mafia-sim tune` steps between (its candidates are the current value's grid
   * neighbours and the grid's ends); absent: the range ends only.
   */
  readonly grid?: readonly number[];
  /** Not a way of playing (smart's `tuned`): `exploit` and `tune` never vary it. */
  readonly fixed?: boolean;
  /**
   * A one-trick deviation's switch (strategies/deviations.ts): `exploit` plays it through the library's
   * deviations, not at its range ends, and `tune` does not move it — a bot that trusts the first
   * claimant by design is a weakness to measure, not a setting to tune into.
   */
  readonly deviation?: boolean;
  /**
   * `tune` does not move it (`exploit` still plays its range ends): a setting whose best response
   * breaks a property the bot must keep — smart's `temperature` at 0 makes players who see the same
   * evidence act as one, so the seat order decides (a seat artefact).
   */
  readonly held?: boolean;
  /** The only side whose play it changes (absent: both). */
  readonly team?: 'town' | 'mafia';
}

/** Which table a strategy is asked to play: a setup's name and source, its rule set and its size. */
export interface TableKey {
  readonly name: string;
  /** 'built-in', or the setup file's path. */
  readonly source: string;
  /** The rule set's id (vanilla, ukrainian, club). */
  readonly rules: string;
  readonly players: number;
  /** The seats of the mafia team, where known (a report's summary of a setup may not say). */
  readonly mafia?: number;
}

/** One profile of a mix and its share of games (src/strategy/mix.ts). */
export interface MixShare {
  readonly spec: string;
  readonly weight: number;
}

/**
 * How far the other side gains against a mix by changing one thing: the best variant of `exploit`'s
 * library (strategies/deviations.ts and each parameter's range ends), measured on the same seeds.
 */
export interface Exploited {
  /** The side that deviates. */
  readonly by: 'town' | 'mafia';
  /** The variant: a deviation's name or `key=value`. */
  readonly move: string;
  /** Its gain in that side's win rate, with the paired 95% interval. */
  readonly gain: number;
  readonly low: number;
  readonly high: number;
  /** Games per variant, and the command that measured it. */
  readonly games: number;
  readonly command: string;
}

/** A strategy's default mix at a table, and where it comes from in words (a data file's entry). */
export interface DefaultMix {
  readonly parts: readonly MixShare[];
  readonly source: string;
  /** At the table it was solved at, when measured against this very mix: the other side's best variant. */
  readonly exploitedBy?: Exploited;
}

/** A named strategy: makes a Player for a seat at the start of each game. */
export interface Strategy {
  readonly name: string;
  readonly description: string;
  readonly params?: readonly StrategyParam[];
  /** Set when the strategy reads `view.events()`; the engine then keeps the event record. */
  readonly usesHistory?: boolean;
  /**
   * `game` is the same object for every seat of one game (a new one per game): a bot in another process
   * (src/protocol/) tells games apart by it. In-process bots may ignore it.
   */
  createPlayer(seat: number, game?: GameTag): Player;
  /** The strategy with validated parameters (every declared key present); needed only when `params` is set. */
  withParams?(params: Readonly<Record<string, StrategyParamValue>>): Strategy;
  /**
   * Its tuned parameters for one team on a built-in setup (smart: strategies/smart/tuned.json), played
   * wherever the spec does not set a parameter itself; null: none (src/strategy/registry.ts onSetup).
   * A spec that sets the strategy's boolean parameter `tuned` to false plays without them.
   */
  tunedValues?(setup: string, team: 'town' | 'mafia'): Readonly<Record<string, StrategyParamValue>> | null;
  /**
   * The mix of profiles (complete specs of this strategy) it plays for one team at this table by
   * default — an equilibrium's (smart: strategies/smart/equilibria.json) — or null. It comes before
   * tunedValues; the spec's own parameters are set on every profile.
   */
  defaultMix?(table: TableKey, team: 'town' | 'mafia'): DefaultMix | null;
}
