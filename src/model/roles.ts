// What a role is, as data: its team and colour, what it knows, and its night ability — the step it acts
// at, what it is asked, whom it may pick, and a handler that records the effect (`act`). The night
// (src/rules/night.ts) runs the abilities in order and resolves every effect at dawn the same way for
// every rule family. A role plug-in is one such object in a file of its own (docs/extending.md).
import type { Color } from './events.js';
import type { DecisionKind, Intent } from './decisions.js';

/**
 * Which side a role wins with: the built-in teams, `town` (red) and `mafia` (black), whose wins are the
 * rule set's (G5), or a neutral team a role plug-in declares (any other lower-case id: `jester`), whose
 * players win by the role's own condition (`RoleDef.win`), alongside the table's result.
 */
export type Team = 'town' | 'mafia' | (string & {});

/**
 * The two sides strategies play and balance is measured between: town and mafia. A neutral seat is
 * played by the town side's strategy (it is not of the mafia, and knows no team): sideOf.
 */
export type Side = 'town' | 'mafia';

/** The side whose strategy plays a seat of the team: the mafia's for the mafia, the town's otherwise. */
export function sideOf(team: Team): Side {
  return team === 'mafia' ? 'mafia' : 'town';
}

/** The teams whose wins are the rule set's. */
export const BUILTIN_TEAMS = ['town', 'mafia'] as const;

/** Whether a team is a neutral one (a role plug-in's own, with its own win condition). */
export function isNeutralTeam(team: Team): boolean {
  return team !== 'town' && team !== 'mafia';
}

/**
 * A neutral role's win condition (docs/rules-decisions.md, "Neutral teams"), checked per seat.
 * - `votedOut`: the day's vote (or a club shoot-out) removes the seat (a Jester). Fouls and night
 *   kills do not count; a vote it survives (a Prince's trigger) does not either. The game goes on.
 * - `survives`: the seat is alive when the game ends, whatever the result (a Survivor).
 * - `lastStanding`: the seat is alive with at most one other player (a Serial Killer). While such a
 *   seat lives no team wins (G5); when it is last standing the game ends, a draw between the teams.
 */
export const WIN_CONDITIONS = ['votedOut', 'survives', 'lastStanding'] as const;
export type WinCondition = (typeof WIN_CONDITIONS)[number];

/**
 * A role's per-game state for one seat: plain data (numbers, strings, booleans, arrays and mappings of
 * them). The role declares its initial value (`RoleDef.state`); the engine gives each seat holding the
 * role its own copy at the start of every game and hands it to the role's hooks, so nothing a hook
 * writes there outlives the game.
 */
export type RoleState = Record<string, unknown>;

/** What a role is, for bots that reason about roles without knowing their ids (public knowledge). */
export interface RoleTraits {
  /** Learns a player's colour at night (U9, C12). */
  readonly investigator: boolean;
  /** Protects a player from the night's kills (U8, C7; a bodyguard). */
  readonly protector: boolean;
  /** Kills at night on its own (U7, C9, C15; the Sportsman's duel is not counted). */
  readonly killer: boolean;
}

/** Whom a night action may pick among the living. */
export const TARGET_RULES = ['others', 'anyone', 'free-others', 'jailed'] as const;
export type TargetRule =
  /** anyone but the actor */
  | 'others'
  /** anyone, the actor too (U5.1, U8) */
  | 'anyone'
  /** anyone but the actor who is not in jail (C10.1) */
  | 'free-others'
  /** only those in jail (C11); the actor is not asked while nobody is */
  | 'jailed';

/**
 * The kinds of night kill, as they name a night death's cause: the built-in ones, or a role plug-in's
 * own (a lower-case id; by default the attacker's role id), which reports list under that name.
 */
export type KillKind = 'mafia' | 'maniac' | 'courtesan' | 'killer' | (string & {});

/**
 * What an ability's handler may do tonight: each call records an effect, resolved at dawn (G3) —
 * but a freeze or a block stops the actors who come later in the night at once (U5.3, C6).
 */
export interface NightEffects {
  /** How many seats the table has: every seat an effect names is one of 1..seats. */
  readonly seats: number;
  /** U5.3: a town actor later tonight does not act, unless protected first. */
  freeze(target: number, by: number): void;
  /** C6: the target's night action later tonight has no effect (anyone's). */
  block(target: number, by: number): void;
  /** U8, C7: the target survives tonight's kills (not a Sportsman's duel). */
  protect(target: number, by: number): void;
  /** The target survives tonight's kills because `by` takes the first that would land, and dies instead. */
  guard(target: number, by: number): void;
  /** A kill on the target at dawn, unless something saves it; `kind` names the cause (default: `by`'s role id). */
  attack(target: number, by: number, kind?: KillKind): void;
  /** U9.1, C12: `by` learns the target's colour privately, at once. */
  check(by: number, target: number): Color;
  /** C10.1: the target goes to jail at dawn (if `by` still lives). */
  jail(target: number, by: number): void;
  /** C11: `by` bails the target at dawn: a town player goes free, a mafia-team pick jails `by` too. */
  bail(target: number, by: number): void;
  /** C13: at dawn, if the target is mafia team, both die (a protection does not help). */
  duel(target: number, by: number): void;
  /** The team of a seat's role (for scoring: C17.4). */
  teamOf(seat: number): Team;
  /** Adds the setup's points for a scoring event to a seat (C17). */
  award(seat: number, event: 'jointShotAtTown' | 'killerShotAtTown'): void;
}

/**
 * How often a night ability may be used: at most `perGame` picks in a game (null: no limit), and up to
 * `perNight` picks each night (after a pick the seat is asked again at its step, until it passes). A
 * seat whose uses are spent is not asked. A pass spends nothing.
 */
export interface Uses {
  readonly perGame: number | null;
  readonly perNight: number;
}

/** How a plug-in declares its uses: `unlimited` (one pick every night, the default), or the limits it sets. */
export type UsesSpec = 'unlimited' | { readonly perGame?: number; readonly perNight?: number };

export interface NightAbility {
  /** The night step it acts at: one of the rule set's steps (its `nightOrder`), or a step of its own. */
  readonly step: string;
  /** A step of its own comes right after this one (when the rule set does not order it); else last. */
  readonly after: string | null;
  readonly decision: DecisionKind;
  readonly intent: Intent;
  readonly targets: TargetRule;
  /** A shot: C16.1 shields and C10.3 jail shields keep seats out of its targets. */
  readonly shot: boolean;
  /** U5.2 / U8: the `consecutive` rule (no same target, or no action, 3 nights running) binds it. */
  readonly limited: boolean;
  /** U9.2: once a game, after a check, the actor may leave a note that is read out if he dies that night. */
  readonly note: boolean;
  /** Its limits (Uses); null: one pick every night, as every built-in role's. */
  readonly uses: Uses | null;
  /** `state`: the actor's own per-game state (RoleDef.state; an empty object for a role that declares none). */
  act(night: NightEffects, actor: number, target: number, state: RoleState): void;
}

/** What a role's `onChecked` trigger is told of the check on its seat. */
export interface CheckOn {
  /** The checked seat (the role's own). */
  readonly seat: number;
  /** Who checks, and their role's id. */
  readonly by: number;
  readonly byRole: string;
  readonly night: number;
}

/** What a role's `voteWeight` hook is told of the ballot it weighs (a day's vote, U3.3, C4.1, V4). */
export interface VoteBy {
  /** The voting seat (the role's own) and the day. */
  readonly seat: number;
  readonly day: number;
}

/** What a role's `onVotedOut` trigger is told: the seat the day removes, and how (`vote`, `shootout`). */
export interface VotedOut {
  readonly seat: number;
  readonly day: number;
  readonly cause: string;
}

/** What a role's `onDeath` trigger is told of its seat's death (any cause, day or night). */
export interface DeathOf {
  readonly seat: number;
  /** The cause as reports name it (`vote`, `mafia`, a plug-in's kill kind, …). */
  readonly cause: string;
  readonly phase: 'day' | 'night';
  /** The day or night number it died in. */
  readonly n: number;
}

export interface RoleDef {
  readonly id: string;
  readonly name: string;
  /** Which side wins with this role (red = town, black = mafia). */
  readonly team: Team;
  /** What an investigator's check shows (U9.1, C12). */
  readonly color: Color;
  readonly description: string;
  /** Learns the other members of its team at the start (U2, V2, C3). */
  readonly knowsTeam: boolean;
  /**
   * Its part in the mafia team's night kill (U6, C8, V3): `decides` (the Don, the Boss), `joins`,
   * `lastResort` (U5.4: shoots when nobody who joins is left), or none.
   */
  readonly teamKill: 'decides' | 'joins' | 'lastResort' | null;
  readonly night: NightAbility | null;
  /** C13: cannot be killed at night. */
  readonly nightImmune: boolean;
  /** C14: survives every kill of the first night it is shot at. */
  readonly luck: boolean;
  /** C4.3: may cancel a day's execution, once a game. */
  readonly cancelsExecution: boolean;
  /** C2: a sister or brother is this role under a second name (same abilities, own night step). */
  readonly secondNameOf: string | null;
  readonly traits: RoleTraits;
  /**
   * The initial per-game state of each seat holding the role (RoleState), or null: the engine makes a
   * copy per seat per game, on first use, and hands it to the role's hooks (docs/extending.md).
   */
  readonly state: Readonly<RoleState> | null;
  /**
   * A trigger on being checked (U9.1, C12): the colour the investigator sees, given the check and the
   * seat's own state; null: `color`, always. A Godfather that looks red, a Miller that looks black
   * (docs/extending.md). It decides only what the check shows; it records no effect.
   */
  readonly onChecked: ((check: CheckOn, state: RoleState) => Color) | null;
  /**
   * How many votes the seat's ballot counts for in a day's vote (U3.3, U3.4, C4.1, V4): a whole number
   * (1 for every built-in role; a Mayor's 2), or a hook given the ballot and the seat's state.
   */
  readonly voteWeight: number | ((vote: VoteBy, state: RoleState) => number);
  /**
   * A trigger as the day removes the seat by a vote (G4): `'survives'` keeps it in the game (nobody
   * leaves in its place; a Prince), anything else lets the removal go on. null: no trigger.
   */
  readonly onVotedOut: ((out: VotedOut, state: RoleState) => 'survives' | void) | null;
  /** A trigger on the seat's death, of any cause: it sees the death and may write its state. null: none. */
  readonly onDeath: ((death: DeathOf, state: RoleState) => void) | null;
  /**
   * A neutral team's win condition (WinCondition), or null: a town or mafia role wins with its team by
   * the rule set's win check (G5). Set exactly for the roles of a neutral team.
   */
  readonly win: WinCondition | null;
}

/**
 * What a role plug-in exports (docs/extending.md): a role's fields, only id, name, team and description
 * required; the loader fills in the rest as the catalogue does (src/setup/rolePlugins.ts).
 */
export type RolePlugin<S extends object = RoleState> = Pick<RoleDef, 'id' | 'name' | 'team' | 'description'> &
  Partial<Omit<RoleDef, 'id' | 'name' | 'team' | 'description' | 'night' | 'traits' | 'state' | 'onChecked' | 'voteWeight' | 'onVotedOut' | 'onDeath' | 'win'>> & {
    /** A neutral team's win condition (required for a neutral team, not allowed for town or mafia). */
    readonly win?: WinCondition;
    readonly traits?: Partial<RoleTraits>;
    /** On being checked: the colour the investigator sees (default: `color`, always). */
    onChecked?(check: CheckOn, state: S): Color;
    /** How many votes its ballot counts for (default 1), or a hook given the ballot and its state. */
    readonly voteWeight?: number | ((vote: VoteBy, state: S) => number);
    /** As a day's vote removes it: `'survives'` keeps it in the game. */
    onVotedOut?(out: VotedOut, state: S): 'survives' | void;
    /** On its death, of any cause. */
    onDeath?(death: DeathOf, state: S): void;
    /** The initial per-game state of each seat holding the role; its hooks get the seat's own copy. */
    readonly state?: S;
    readonly night?:
      | (Pick<NightAbility, 'step' | 'decision' | 'intent'> &
          Partial<Omit<NightAbility, 'act' | 'uses'>> & {
            /** How often it may be used (default `unlimited`: one pick every night). */
            readonly uses?: UsesSpec;
            act(night: NightEffects, actor: number, target: number, state: S): void;
          })
      | null;
  };
