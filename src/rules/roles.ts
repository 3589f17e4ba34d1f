// The role catalogue: each role is plain data; what a role does at night is an ability handler
// named by `ability` and run in the rule set's night order.
import type { Color } from '../engine/events.js';

export type Team = 'town' | 'mafia';

export type AbilityId =
  | 'freeze'
  | 'heal'
  | 'check'
  | 'maniacKill'
  // Club roles (C6–C14): night actions, and the passive or day powers of Lucky and the Lawyer.
  | 'block'
  | 'jail'
  | 'bail'
  | 'killerShot'
  | 'duel'
  | 'luck'
  | 'cancelExecution';

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
  /** The ability this role uses, if any (a night action, or a passive or day power). */
  readonly ability?: AbilityId;
  /** C2: a sister or brother is this role under a second name (same ability, own night slot). */
  readonly secondNameOf?: string;
  readonly description: string;
}

const catalogue: RoleDef[] = [
  { id: 'don', name: 'Don', team: 'mafia', color: 'black', mafiaKiller: true, killDecider: true, knowsTeam: true,
    description: "Black head of the mafia: the Don's kill choice is final (U6.1). At a club table: the Boss (C8)." },
  { id: 'boss', name: 'Mafia Boss', team: 'mafia', color: 'black', mafiaKiller: true, killDecider: true, knowsTeam: true,
    description: "Club mafia team: proposes the joint kill; the Boss's proposal decides when the mafia disagree (C8)." },
  { id: 'killer', name: 'Mafia Killer', team: 'mafia', color: 'black', mafiaKiller: true, knowsTeam: true, ability: 'killerShot',
    description: 'Club mafia team: takes part in the joint kill and also shoots one player of their own each night (C9).' },
  { id: 'mafia', name: 'Mafia', team: 'mafia', color: 'black', mafiaKiller: true, knowsTeam: true,
    description: 'Black: knows the black team; proposes the night kill, decides it when no Don lives (U6, V3); club: proposes the joint kill (C8).' },
  { id: 'courtesan', name: 'Courtesan', team: 'mafia', color: 'black', knowsTeam: true, ability: 'freeze',
    description: "Black: freezes a player each night (U5); shoots once the Don and Mafia are dead (U5.4). At a club table: blocks at Marilyn's step and joins the joint kill." },
  { id: 'commissar', name: 'Commissar', team: 'town', color: 'red', ability: 'check',
    description: "Red: checks a player each night, learns black or red; may leave one note (U9). At a club table: checks at the Policeman's step, no note." },
  { id: 'doctor', name: 'Doctor', team: 'town', color: 'red', ability: 'heal',
    description: 'Red: heals a player each night against every kill and the freeze (U8); club: protects another player, any number of nights (C7).' },
  { id: 'maniac', name: 'Maniac', team: 'town', color: 'red', ability: 'maniacKill',
    description: 'Red, plays alone: kills a player each night or abstains (U7); club: town, kills each night (C15).' },
  { id: 'citizen', name: 'Citizen', team: 'town', color: 'red',
    description: 'Plain red player: no night action; speaks, nominates and votes (U1).' },
  { id: 'townie', name: 'Townie', team: 'town', color: 'red',
    description: 'Vanilla town player: no night action; votes by day (V1).' },
  // Club roles (RULES.md section C). The rule set decides how a shared role's ability works.
  { id: 'policeman', name: 'Policeman', team: 'town', color: 'red', ability: 'check',
    description: 'Club town: checks a player each night and learns mafia team or town (C12).' },
  { id: 'marilyn', name: 'Marilyn', team: 'town', color: 'red', ability: 'block',
    description: "Club town: blocks one player's night action each night, mafia included (C6)." },
  { id: 'judge', name: 'Judge', team: 'town', color: 'red', ability: 'jail',
    description: 'Club town: jails a player each night (no vote, no action, no speech); the jailed go free when the Judge dies (C10).' },
  { id: 'sportsman', name: 'Sportsman', team: 'town', color: 'red', ability: 'duel',
    description: 'Club town: cannot be killed at night; picks a target each night, and if it is mafia both die (C13).' },
  { id: 'lucky', name: 'Lucky', team: 'town', color: 'red', ability: 'luck',
    description: 'Club town: survives every kill of the first night they are shot at; no privilege at the vote (C14).' },
  { id: 'lawyer', name: 'Lawyer', team: 'town', color: 'red', ability: 'cancelExecution',
    description: "Club town: once per game may cancel the day's execution, not their own (C4.3)." },
  { id: 'oligarch', name: 'Oligarch', team: 'town', color: 'red', ability: 'bail',
    description: 'Club town: bails a jailed player at night; a mafia-team pick jails the Oligarch too (C11).' },
  { id: 'marilyn-sister', name: "Marilyn's sister", team: 'town', color: 'red', ability: 'block', secondNameOf: 'marilyn',
    description: 'Club town: Marilyn under a second name, acting at her own slot (C2, C5, C6).' },
  { id: 'lawyer-brother', name: "Lawyer's brother", team: 'town', color: 'red', ability: 'cancelExecution', secondNameOf: 'lawyer',
    description: 'Club town: the Lawyer under a second name, with a cancellation of their own (C2, C4.3).' },
  { id: 'oligarch-brother', name: "Oligarch's brother", team: 'town', color: 'red', ability: 'bail', secondNameOf: 'oligarch',
    description: 'Club town: the Oligarch under a second name, acting at his own slot (C2, C5, C11).' },
];

/**
 * Every role with every field, in one order: the engine reads roles on every decision, and objects of
 * one shape keep those reads monomorphic (a catalogue of differently shaped literals made them
 * megamorphic, about a tenth of a game's instructions).
 */
function uniform(r: RoleDef): RoleDef {
  return Object.freeze({
    id: r.id,
    name: r.name,
    team: r.team,
    color: r.color,
    mafiaKiller: r.mafiaKiller === true,
    killDecider: r.killDecider === true,
    knowsTeam: r.knowsTeam === true,
    ability: r.ability,
    secondNameOf: r.secondNameOf,
    description: r.description,
  });
}

export const ROLES: ReadonlyMap<string, RoleDef> = new Map(catalogue.map((r) => [r.id, uniform(r)]));

export function roleById(id: string): RoleDef | undefined {
  return ROLES.get(id);
}
