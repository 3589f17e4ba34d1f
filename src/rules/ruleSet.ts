// What a rule set is: a family of rules (vanilla, ukrainian, club) as data — its options, its roles,
// its scoring — that configures into the Rules of one setup, which in turn begin each game with a
// RulesGame: the game's own state, typed, made and owned by the rule set (nothing outside reads it;
// what others may know is published as TableFacts and as events).
import type { Game } from '../engine/game.js';
import type { Winner } from '../model/events.js';
import type { RoleDef } from '../model/roles.js';
import type { TableFacts } from '../views/view.js';
import type { OptionSpec, Options } from './options.js';

export type RuleSetId = 'vanilla' | 'ukrainian' | 'club';

/** What a setup brings besides its options: the deck, and the club's immunities (C16). */
export interface SetupExtras {
  readonly deck: readonly RoleDef[];
  /** C16: immunity kind → the seats that hold it, or how many random seats get it. */
  readonly immunities?: Readonly<Record<string, readonly number[] | number>>;
}

export interface RuleSet {
  readonly id: RuleSetId;
  readonly name: string;
  readonly description: string;
  /** The rule set's own options (COMMON_OPTIONS apply to every rule set as well). */
  readonly options: readonly OptionSpec[];
  /** The roles this rule set knows how to run, as it runs them (its family's catalogue, catalogue.ts). */
  readonly roles: ReadonlyMap<string, RoleDef>;
  /** Points per scoring event when a setup gives none. */
  readonly defaultScoring: Readonly<Record<string, number>>;
  /** The immunity kinds a setup may deal under this rule set (C16); none when absent. */
  readonly immunities?: readonly string[];
  /** Checks a deal for this rule set; returns the reason it cannot work, or null. */
  validateDeck(deck: readonly RoleDef[], options: Options): string | null;
  /** The rules of one setup, from its validated options (once per run). */
  configure(options: Options, extras: SetupExtras): Rules;
}

/** A rule set configured for one setup: what its games are played by. */
export interface Rules {
  readonly firstPhase: 'day' | 'night';
  /** C16.1: games in an evening at the same table (1: every game stands alone). */
  readonly series: number;
  /**
   * Night 0 (G2): the rules' state for one game, made now. `carried` is what the evening's previous
   * game handed on (series > 1), or null for the first game of an evening.
   */
  begin(g: Game, carried: unknown): RulesGame;
}

/** One game's rules with their state. */
export interface RulesGame {
  runDay(): void;
  runNight(): void;
  /** The first win condition that holds (G5), or null. */
  winner(): Winner | null;
  /** What the table may know of this game's state (views read it). */
  readonly facts: TableFacts;
  /** The rules' own consistency checks after a phase (engine/invariants.ts): a broken one's text, or null. */
  checkInvariants?(): string | null;
  /** C16.1: what the evening's next game must know of this one (series > 1). */
  carry?(): unknown;
  /** Scenarios (`fouls: N` in a script): a setting of a seat's state as a phase begins. */
  apply?(seat: number, setting: 'fouls', value: number): void;
}
