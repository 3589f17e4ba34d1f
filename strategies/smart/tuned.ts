// smart's tuned parameters per built-in setup (strategies/smart/tuned.json, written by
// `npm run tune-defaults`: scripts/tune-defaults.mjs runs `mafia-sim tune` for each setup and records
// the command and its result). On a built-in setup with an entry, smart plays its side's tuned values
// wherever the --strategy spec does not set a parameter itself (docs/strategies.md, "Tuned defaults").
//
// Beside them, strategies/smart/equilibria.json (written by `npm run equilibria`: scripts/equilibria.mjs
// runs `mafia-sim equilibrium` for each built-in setup): the mix of profiles each side plays at an
// equilibrium, which smart plays by default at that table and, carried over, at every table of the same
// rule set — another size, a setup file — from the entry nearest in size (docs/strategies.md).
import { mixName } from '../../src/strategy/mix.js';
import type { DefaultMix, Exploited, MixShare, StrategyParamValue, TableKey } from '../../src/strategy/types.js';
import data from './tuned.json' with { type: 'json' };
import equilibria from './equilibria.json' with { type: 'json' };
import { nearestEntry } from './nearest.js';
import { readable } from './posterior.js';

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

export interface EquilibriumEntry {
  /** The table it was solved at. */
  readonly rules: string;
  readonly players: number;
  /** Each side's mix: complete specs of smart, with their shares of games. */
  readonly mix: Readonly<Record<'town' | 'mafia', readonly MixShare[]>>;
  /** The command that produced it, and what it measured there. */
  readonly command: string;
  /** `exploit` against the mix at its table (written by `npm run exploitability`), if measured. */
  readonly exploit?: ExploitRecord;
  readonly [more: string]: unknown;
}

/** What `exploit` found against an entry's mix: the specs it played, and each side's best variant. */
export interface ExploitRecord {
  readonly command: string;
  readonly games: number;
  /** The specs exploit measured against: the record holds for the entry while they are its mix. */
  readonly against: Readonly<Record<'town' | 'mafia', string>>;
  readonly best: Readonly<Record<'town' | 'mafia', { readonly move: string; readonly gain: number; readonly low: number; readonly high: number } | null>>;
}

export const EQUILIBRIA: Readonly<Record<string, EquilibriumEntry>> = equilibria as Record<string, EquilibriumEntry>;

/**
 * The entry smart plays at a table: the built-in setup's own at its own size, else the entry of the
 * same rule set nearest in size (of two as near, the smaller table's) that can be played there as it
 * was solved, else none. A mix whose town reads by the posterior was solved with the reader: where the
 * table has too many possible teams for it, its profiles would read by the suspicion model instead and
 * play a game nobody solved, so it is not carried there.
 */
export function equilibriumEntryFor(table: TableKey): { readonly name: string; readonly entry: EquilibriumEntry } | null {
  const own = Object.hasOwn(EQUILIBRIA, table.name) ? EQUILIBRIA[table.name] : undefined;
  if (table.source === 'built-in' && own !== undefined && own.players === table.players && own.rules === table.rules) return { name: table.name, entry: own };
  const playable = Object.fromEntries(Object.entries(EQUILIBRIA).filter(([, e]) => !readsByPosterior(e) || table.mafia === undefined || readable(table.players, table.mafia)));
  return nearestEntry(playable, table.rules, table.players);
}

/** Whether any profile of an entry's mix reads by the posterior (`reader=posterior`). */
function readsByPosterior(entry: EquilibriumEntry): boolean {
  return [...entry.mix.town, ...entry.mix.mafia].some((p) => /[:,]reader=posterior(,|$)/.test(p.spec));
}

/** The mix smart plays for a team at a table by default (equilibriumEntryFor), or null. */
export function equilibriumFor(table: TableKey, team: 'town' | 'mafia'): DefaultMix | null {
  const found = equilibriumEntryFor(table);
  if (found === null) return null;
  const own = found.name === table.name && table.source === 'built-in' && found.entry.players === table.players;
  const at = own ? '' : `, carried over (solved at ${found.entry.players} players)`;
  const mix = { parts: found.entry.mix[team], source: `equilibrium: strategies/smart/equilibria.json "${found.name}"${at}` };
  // Measured at the table solved, against this mix: elsewhere, or once the mix changed, it says nothing.
  const exploitedBy = own ? exploitedAt(found.entry, team === 'town' ? 'mafia' : 'town') : null;
  return exploitedBy === null ? mix : { ...mix, exploitedBy };
}

/** The entry's exploit record for the side `by` deviating, while the record was measured against its mix. */
export function exploitedAt(entry: EquilibriumEntry, by: 'town' | 'mafia'): Exploited | null {
  const r = entry.exploit;
  if (r === undefined || !currentRecord(entry)) return null;
  const best = r.best[by];
  return best === null ? null : { by, ...best, games: r.games, command: r.command };
}

/** Whether an entry's exploit record was measured against the mix the entry holds now. */
export function currentRecord(entry: EquilibriumEntry): boolean {
  const spec = (parts: readonly MixShare[]) => (parts.length === 1 ? parts[0].spec : mixName(parts));
  return entry.exploit !== undefined && entry.exploit.against.town === spec(entry.mix.town) && entry.exploit.against.mafia === spec(entry.mix.mafia);
}
