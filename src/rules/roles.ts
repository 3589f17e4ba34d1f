// The role catalogue: each role is plain data; what a role does at night is an ability handler
// named by `ability` and run in the rule set's night order.
import type { Color } from '../engine/events.js';

export type Team = 'town' | 'mafia';

export type AbilityId = 'freeze' | 'heal' | 'check' | 'maniacKill';

export interface RoleDef {
  readonly id: string;
  readonly name: string;
  /** Which side wins with this role (red = town, black = mafia). */
  readonly team: Team;
  /** What an investigator's check shows (U9.1). */
  readonly color: Color;
  /** Takes part in the mafia team's night kill (U6, V3). */
  readonly mafiaKiller?: boolean;
  /** Decides the mafia kill while alive (U6.1: the Don). */
  readonly killDecider?: boolean;
  /** Learns the other members of its team at the start (U2, V2). */
  readonly knowsTeam?: boolean;
  /** The night ability this role uses, if any. */
  readonly ability?: AbilityId;
  readonly description: string;
}

const catalogue: RoleDef[] = [
  { id: 'don', name: 'Don', team: 'mafia', color: 'black', mafiaKiller: true, killDecider: true, knowsTeam: true,
    description: "Black head of the mafia: the Don's kill choice is final (U6.1)." },
  { id: 'mafia', name: 'Mafia', team: 'mafia', color: 'black', mafiaKiller: true, knowsTeam: true,
    description: 'Black: knows the black team; proposes the night kill, decides it when no Don lives (U6, V3).' },
  { id: 'courtesan', name: 'Courtesan', team: 'mafia', color: 'black', knowsTeam: true, ability: 'freeze',
    description: 'Black: freezes a player each night (U5); shoots once the Don and Mafia are dead (U5.4).' },
  { id: 'commissar', name: 'Commissar', team: 'town', color: 'red', ability: 'check',
    description: 'Red: checks a player each night, learns black or red; may leave one note (U9).' },
  { id: 'doctor', name: 'Doctor', team: 'town', color: 'red', ability: 'heal',
    description: 'Red: heals a player each night against every kill and the freeze (U8).' },
  { id: 'maniac', name: 'Maniac', team: 'town', color: 'red', ability: 'maniacKill',
    description: 'Red, plays alone: kills a player each night or abstains (U7).' },
  { id: 'citizen', name: 'Citizen', team: 'town', color: 'red',
    description: 'Plain red player: no night action; speaks, nominates and votes (U1).' },
  { id: 'townie', name: 'Townie', team: 'town', color: 'red',
    description: 'Vanilla town player: no night action; votes by day (V1).' },
];

export const ROLES: ReadonlyMap<string, RoleDef> = new Map(catalogue.map((r) => [r.id, r]));

export function roleById(id: string): RoleDef | undefined {
  return ROLES.get(id);
}
