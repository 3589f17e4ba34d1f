// The package's entry point for plug-in authors: `import type { Strategy, PlayerView } from 'mafia-sim'`.
// A plug-in is an ES module whose default export (or export named `strategy`) is a Strategy; see
// docs/strategies.md and strategies/example-plugin.ts. A role plug-in exports a RolePlugin: see
// docs/extending.md and roles/bodyguard.ts.
import { BUILT_IN_STRATEGIES } from '../strategies/index.js';
import { registerBuiltIns } from './strategy/registry.js';

export type {
  Decision,
  DecisionKind,
  DecisionRequest,
  GameTag,
  Player,
  SpeechKind,
  Strategy,
  StrategyParam,
  StrategyParamValue,
  TableKey,
} from './strategy/types.js';
export { YES, NO } from './strategy/types.js';
export type { PlayerView, KnownCheck } from './views/view.js';
export type { Rng } from './rng.js';
export type { Color, GameEvent, Statement, Winner, EliminationCause } from './model/events.js';
export type { Team, Side, WinCondition, CheckOn, VoteBy, VotedOut, DeathOf, RoleDef, RolePlugin, RoleState, RoleTraits, NightAbility, NightEffects, TargetRule, KillKind } from './model/roles.js';
export type { Intent } from './model/decisions.js';
export type { RoleInfo } from './views/view.js';
export { loadStrategies } from './strategy/load.js';
// Building on the default: the player `run` makes for a seat by default, and "the default with one thing changed".
export { defaultPlayer, onDefault, type Change } from './strategy/onDefault.js';

// The registry is given the built-in bots here as the CLI gives them, so that a plug-in building on the
// default finds it wherever it is loaded: in the CLI, in a process of its own, or imported on its own.
registerBuiltIns(BUILT_IN_STRATEGIES);
