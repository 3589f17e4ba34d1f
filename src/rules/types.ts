// What a rule set is: options and roles as data, plus the handlers the phase loop calls.
import type { Game } from '../engine/game.js';
import type { Winner } from '../engine/events.js';
import type { OptionSpec, Options } from './options.js';

export type RuleSetId = 'vanilla' | 'ukrainian' | 'club';

export interface ScoringEventSpec {
  readonly id: string;
  readonly description: string;
}

export interface RuleSet {
  readonly id: RuleSetId;
  readonly name: string;
  readonly description: string;
  /** The rule set's own options (COMMON_OPTIONS apply to every rule set as well). */
  readonly options: readonly OptionSpec[];
  /** The roles this rule set knows how to run. */
  readonly roles: readonly string[];
  /** Points per scoring event when a setup gives none. */
  readonly defaultScoring: Readonly<Record<string, number>>;
  /** Checks a deal for this rule set; returns the reason it cannot work, or null. */
  validateDeck(deck: readonly string[], options: Options): string | null;
  /** Turns validated options into the typed configuration the handlers read (once per run). */
  configure(options: Options): unknown;
  firstPhase(g: Game): 'day' | 'night';
  /** Night 0 (G2): who learns whom; nobody acts. */
  introduce(g: Game): void;
  runDay(g: Game): void;
  runNight(g: Game): void;
  /** The first win condition that holds (G5), or null. */
  winner(g: Game): Winner | null;
  /** The immunity kinds a setup may deal under this rule set (C16); none when absent. */
  readonly immunities?: readonly string[];
  /** The rule set's own consistency checks after a phase (see engine/invariants.ts): a broken one's text, or null. */
  checkInvariants?(g: Game): string | null;
}
