// A hand-built table for tests of a bot's reading: a deal, an event record, who is alive and the phase,
// seen through the real PlayerView (so the bot gets exactly what a game would hand it).
import type { GameEvent } from '../../src/model/events.js';
import type { RoleDef } from '../../src/model/roles.js';
import { ROLES } from '../../src/rules/catalogue.js';
import { PlayerView, PublicRecord, type ViewSource } from '../../src/views/view.js';

export interface SceneSpec {
  /** Role ids, seat 1 first. */
  readonly roles: readonly string[];
  readonly log: readonly GameEvent[];
  readonly day: number;
  readonly night?: number;
  readonly phase?: 'day' | 'night';
  /** Today's nominees (U3.1). */
  readonly nominees?: readonly number[];
  readonly rules?: string;
}

export interface Scene {
  view(seat: number): PlayerView;
  readonly source: ViewSource;
}

export function scene(spec: SceneSpec): Scene {
  const roles: RoleDef[] = [undefined as unknown as RoleDef, ...spec.roles.map((id) => ROLES.get(id)!)];
  const n = spec.roles.length;
  const alive = [0, ...spec.roles.map(() => 1)];
  for (const e of spec.log) if (e.t === 'died' || e.t === 'eliminated') alive[e.seat] = 0;
  const tableRoles = [...new Set(roles.slice(1))];
  const roleSeats = tableRoles.map((r) => roles.filter((x) => x === r).length);
  let records: [PublicRecord | undefined, PublicRecord | undefined] = [undefined, undefined];
  const source: ViewSource = {
    n,
    roles,
    alive,
    day: spec.day,
    night: spec.night ?? spec.day - 1,
    phase: spec.phase ?? 'day',
    log: spec.log,
    config: { rulesId: spec.rules ?? 'ukrainian', revealRoles: false, tableRoles, roleSeats },
    facts: { nominees: () => spec.nominees ?? [], isJailed: () => false, fouls: () => 0, checksBy: () => [] },
    living: () => alive.flatMap((a, s) => (s > 0 && a === 1 ? [s] : [])),
    usesLeft: () => null,
    publicRecord(audited) {
      const i = audited ? 1 : 0;
      return (records[i] ??= new PublicRecord(source, audited));
    },
  };
  return { source, view: (seat) => new PlayerView(source, seat, true) };
}

/** The twelve seats of U1: 1 commissar, 2 doctor, 3 maniac, 4–8 citizens, 9 don, 10–11 mafia, 12 courtesan. */
export const UKRAINIAN = ['commissar', 'doctor', 'maniac', 'citizen', 'citizen', 'citizen', 'citizen', 'citizen', 'don', 'mafia', 'mafia', 'courtesan'];
