// The package's entry point for plug-in authors: `import type { Strategy, PlayerView } from 'mafia-sim'`.
// A plug-in is an ES module whose default export (or export named `strategy`) is a Strategy; see
// docs/strategies.md and strategies/example-plugin.ts.
export type {
  Decision,
  DecisionKind,
  DecisionRequest,
  Player,
  SpeechKind,
  Strategy,
  StrategyParam,
  StrategyParamValue,
} from './strategy/types.js';
export { YES, NO } from './strategy/types.js';
export type { PlayerView, KnownCheck } from './views/view.js';
export type { Rng } from './rng.js';
export type { Color, GameEvent, Statement, Winner, EliminationCause } from './engine/events.js';
export type { Team } from './rules/roles.js';
export { loadStrategies } from './strategy/load.js';
