// smart's tuned parameters per built-in setup (strategies/smart/tuned.json, written by
// `npm run tune-defaults`: scripts/tune-defaults.mjs runs `mafia-sim tune` for each setup and records
// the command and its result). On a built-in setup with an entry, smart plays its side's tuned values
// wherever the --strategy spec does not set a parameter itself (docs/strategies.md, "Tuned defaults").
import type { StrategyParamValue } from '../../src/strategy/types.js';
import data from './tuned.json' with { type: 'json' };

export interface TunedEntry {
  readonly town: Readonly<Record<string, StrategyParamValue>>;
  readonly mafia: Readonly<Record<string, StrategyParamValue>>;
  /** The command that produced it, and what it measured there. */
  readonly command: string;
  readonly [more: string]: unknown;
}

export const TUNED: Readonly<Record<string, TunedEntry>> = data as Record<string, TunedEntry>;

/** The tuned values for a side of a built-in setup, or null when the setup has none. */
export function tunedFor(setup: string, team: 'town' | 'mafia'): Readonly<Record<string, StrategyParamValue>> | null {
  return Object.hasOwn(TUNED, setup) ? TUNED[setup][team] : null;
}
