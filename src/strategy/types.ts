// The strategy interface: a bot answers decision requests for one seat, seeing only that seat's view.
import type { Statement } from '../engine/events.js';
import type { Rng } from '../rng.js';
import type { PlayerView } from '../views/view.js';

export type DecisionKind =
  | 'nominate' // U3.1: name a living player in one's speech (may pass)
  | 'vote' // U3.3 / V4: vote among the options
  | 'revote' // U3.4: vote again among the tied
  | 'voteAll' // U3.4: "all tied leave?" 1 = yes, 0 = no
  | 'propose' // U6.1: a mafia member's proposed target
  | 'mafiaKill' // U6.1 / V3: the final mafia kill (the Don, or the decider)
  | 'courtesanShot' // U5.4: the courtesan's last-resort shot
  | 'freeze' // U5
  | 'heal' // U8
  | 'check' // U9.1
  | 'note' // U9.2: 1 = leave the note tonight, 0 = not
  | 'maniacKill' // U7, C15
  | 'block' // C6: Marilyn (or her sister) blocks a player's night action
  | 'jail' // C10.1: the Judge jails a player
  | 'bail' // C11: the Oligarch (or his brother) bails a jailed player
  | 'killerShot' // C9: the Mafia Killer's own shot
  | 'duel' // C13: the Sportsman's target
  | 'cancel'; // C4.3: the Lawyer cancels today's execution, 1 = yes, 0 = no

/** Decisions whose options are "yes" (1) and "no" (0). */
export const YES = 1;
export const NO = 0;

export interface DecisionRequest {
  readonly kind: DecisionKind;
  /** The legal answers: seat numbers, or 1/0 for yes/no decisions. */
  readonly options: readonly number[];
  /** Whether `null` (no action / no nomination) is legal. */
  readonly canPass: boolean;
}

/** A seat number (or 1/0), or null to pass. Anything else is illegal and replaced by the default (G9). */
export type Decision = number | null;

export type SpeechKind = 'speech' | 'tieSpeech' | 'lastWord';

/** One seat's bot for one game. */
export interface Player {
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
}

/** A named strategy: makes a Player for a seat at the start of each game. */
export interface Strategy {
  readonly name: string;
  readonly description: string;
  readonly params?: readonly StrategyParam[];
  /** Set when the strategy reads `view.events()`; the engine then keeps the event record. */
  readonly usesHistory?: boolean;
  createPlayer(seat: number): Player;
  /** The strategy with validated parameters (every declared key present); needed only when `params` is set. */
  withParams?(params: Readonly<Record<string, StrategyParamValue>>): Strategy;
}
