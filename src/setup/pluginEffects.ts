// What a role plug-in's `act` is handed instead of the night itself: the same effects (NightEffects),
// each checked at the boundary. A plug-in is code the engine did not write: a seat number no table has
// (0, -1, target + 100) would be written into the night's per-seat arrays or logged as an event about
// nobody, and the game would go on wrong without a word. Here it fails the game at once, naming the
// plug-in, the effect and the value (a PluginError: reported with the replay command, fuzz shrinks it).
// The built-in roles' handlers get the night itself: their seats come from the engine's own options.
import { PluginError } from '../errors.js';
import type { KillKind, NightEffects, Team } from '../model/roles.js';
import type { Color } from '../model/events.js';

const AWARDS: readonly string[] = ['jointShotAtTown', 'killerShotAtTown'];

/** One checking view per night and plug-in (a night lives as long as its game), so an act allocates nothing. */
const views = new WeakMap<NightEffects, Map<string, NightEffects>>();

/** The night's effects as `key`'s plug-in may use them: every seat a table's seat, every event a known one. */
export function pluginEffects(night: NightEffects, key: string): NightEffects {
  let byKey = views.get(night);
  if (byKey === undefined) views.set(night, (byKey = new Map()));
  let view = byKey.get(key);
  if (view === undefined) byKey.set(key, (view = checkedEffects(night, key)));
  return view;
}

function checkedEffects(night: NightEffects, key: string): NightEffects {
  const n = night.seats;
  const seat = (effect: string, name: string, v: unknown): number => {
    if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= n) return v;
    throw new PluginError(`role plug-in ${key}: night.${effect}: ${name} must be a seat from 1 to ${n}, got ${JSON.stringify(v) ?? String(v)}`);
  };
  return Object.freeze({
    seats: n,
    freeze: (target: number, by: number) => night.freeze(seat('freeze', 'target', target), seat('freeze', 'by', by)),
    block: (target: number, by: number) => night.block(seat('block', 'target', target), seat('block', 'by', by)),
    protect: (target: number, by: number) => night.protect(seat('protect', 'target', target), seat('protect', 'by', by)),
    guard: (target: number, by: number) => night.guard(seat('guard', 'target', target), seat('guard', 'by', by)),
    attack: (target: number, by: number, kind?: KillKind) => night.attack(seat('attack', 'target', target), seat('attack', 'by', by), kind),
    check: (by: number, target: number): Color => night.check(seat('check', 'by', by), seat('check', 'target', target)),
    jail: (target: number, by: number) => night.jail(seat('jail', 'target', target), seat('jail', 'by', by)),
    bail: (target: number, by: number) => night.bail(seat('bail', 'target', target), seat('bail', 'by', by)),
    duel: (target: number, by: number) => night.duel(seat('duel', 'target', target), seat('duel', 'by', by)),
    teamOf: (s: number): Team => night.teamOf(seat('teamOf', 'seat', s)),
    award: (s: number, event: 'jointShotAtTown' | 'killerShotAtTown') => {
      if (!AWARDS.includes(event)) throw new PluginError(`role plug-in ${key}: night.award: event must be one of ${AWARDS.join(', ')}, got ${JSON.stringify(event)}`);
      night.award(seat('award', 'seat', s), event);
    },
  });
}
