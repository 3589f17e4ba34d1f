// The role catalogue: every built-in role as data (model/roles.ts), with the night abilities written
// once each, and the overlay by which a rule family changes what it runs differently (as Showdown's
// mods overlay its data): the club's doctor does not heal himself, its Courtesan blocks at Marilyn's
// step. A family's catalogue is this one with its overlay applied (ukrainian/roles.ts, club/roles.ts).
import type { DecisionKind, Intent } from '../model/decisions.js';
import type { NightAbility, RoleDef, RoleTraits, TargetRule } from '../model/roles.js';

type Act = NightAbility['act'];

/** A night ability with the usual defaults: others as targets, not a shot, not limited, no note. */
export function ability(step: string, decision: DecisionKind, intent: Intent, act: Act, more: Partial<Omit<NightAbility, 'step' | 'decision' | 'intent' | 'act'>> = {}): NightAbility {
  return Object.freeze({
    step,
    after: more.after ?? null,
    decision,
    intent,
    targets: more.targets ?? ('others' as TargetRule),
    shot: more.shot ?? false,
    limited: more.limited ?? false,
    note: more.note ?? false,
    uses: more.uses ?? null,
    act,
  });
}

// The handlers: each records one effect (rules/night.ts resolves them at dawn).
export const freeze: Act = (night, actor, target) => night.freeze(target, actor); // U5.3
export const block: Act = (night, actor, target) => night.block(target, actor); // C6
export const protect: Act = (night, actor, target) => night.protect(target, actor); // U8, C7
export const check: Act = (night, actor, target) => void night.check(actor, target); // U9.1, C12
export const maniacKill: Act = (night, actor, target) => night.attack(target, actor, 'maniac'); // U7, C15
export const jail: Act = (night, actor, target) => night.jail(target, actor); // C10.1
export const bail: Act = (night, actor, target) => night.bail(target, actor); // C11
export const duel: Act = (night, actor, target) => night.duel(target, actor); // C13
/** C9, C17.4: the Killer's own shot; it scores for a shot at a town player. */
export const killerShot: Act = (night, actor, target) => {
  night.attack(target, actor, 'killer');
  if (night.teamOf(target) === 'town') night.award(actor, 'killerShotAtTown');
};

const NO_TRAITS: RoleTraits = Object.freeze({ investigator: false, protector: false, killer: false });

/** A role with every field, in one order (docs/performance.md: objects of one shape). */
export function role(r: Pick<RoleDef, 'id' | 'name' | 'team' | 'description'> & Partial<RoleDef>): RoleDef {
  return Object.freeze({
    id: r.id,
    name: r.name,
    team: r.team,
    color: r.color ?? (r.team === 'mafia' ? 'black' : 'red'),
    description: r.description,
    knowsTeam: r.knowsTeam ?? r.team === 'mafia',
    teamKill: r.teamKill ?? null,
    night: r.night ?? null,
    nightImmune: r.nightImmune ?? false,
    luck: r.luck ?? false,
    cancelsExecution: r.cancelsExecution ?? false,
    secondNameOf: r.secondNameOf ?? null,
    traits: r.traits ? Object.freeze({ ...NO_TRAITS, ...r.traits }) : NO_TRAITS,
    state: r.state ?? null,
    onChecked: r.onChecked ?? null,
    voteWeight: r.voteWeight ?? 1,
    onVotedOut: r.onVotedOut ?? null,
    onDeath: r.onDeath ?? null,
    win: r.win ?? null,
  });
}

const catalogue: RoleDef[] = [
  role({ id: 'don', name: 'Don', team: 'mafia', teamKill: 'decides',
    description: "Black head of the mafia: the Don's kill choice is final (U6.1). At a club table: the Boss (C8)." }),
  role({ id: 'boss', name: 'Mafia Boss', team: 'mafia', teamKill: 'decides',
    description: "Club mafia team: proposes the joint kill; the Boss's proposal decides when the mafia disagree (C8)." }),
  role({ id: 'killer', name: 'Mafia Killer', team: 'mafia', teamKill: 'joins', traits: { investigator: false, protector: false, killer: true },
    night: ability('killer', 'killerShot', 'attack', killerShot, { shot: true }),
    description: 'Club mafia team: takes part in the joint kill and also shoots one player of their own each night (C9).' }),
  role({ id: 'mafia', name: 'Mafia', team: 'mafia', teamKill: 'joins',
    description: 'Black: knows the black team; proposes the night kill, decides it when no Don lives (U6, V3); club: proposes the joint kill (C8).' }),
  role({ id: 'courtesan', name: 'Courtesan', team: 'mafia', teamKill: 'lastResort',
    night: ability('courtesan', 'freeze', 'block', freeze, { targets: 'anyone', limited: true }),
    description: "Black: freezes a player each night (U5); shoots once the Don and Mafia are dead (U5.4). At a club table: blocks at Marilyn's step and joins the joint kill." }),
  role({ id: 'commissar', name: 'Commissar', team: 'town', traits: { investigator: true, protector: false, killer: false },
    night: ability('commissar', 'check', 'investigate', check, { note: true }),
    description: "Red: checks a player each night, learns black or red; may leave one note (U9). At a club table: checks at the Policeman's step, no note." }),
  role({ id: 'doctor', name: 'Doctor', team: 'town', traits: { investigator: false, protector: true, killer: false },
    night: ability('doctor', 'heal', 'protect', protect, { targets: 'anyone', limited: true }),
    description: 'Red: heals a player each night against every kill and the freeze (U8); club: protects another player, any number of nights (C7).' }),
  role({ id: 'maniac', name: 'Maniac', team: 'town', traits: { investigator: false, protector: false, killer: true },
    night: ability('maniac', 'maniacKill', 'attack', maniacKill, { shot: true }),
    description: 'Red, plays alone: kills a player each night or abstains (U7); club: town, kills each night (C15).' }),
  role({ id: 'citizen', name: 'Citizen', team: 'town', description: 'Plain red player: no night action; speaks, nominates and votes (U1).' }),
  role({ id: 'townie', name: 'Townie', team: 'town', description: 'Vanilla town player: no night action; votes by day (V1).' }),
  // Club roles (RULES.md section C).
  role({ id: 'policeman', name: 'Policeman', team: 'town', traits: { investigator: true, protector: false, killer: false },
    night: ability('policeman', 'check', 'investigate', check),
    description: 'Club town: checks a player each night and learns mafia team or town (C12).' }),
  role({ id: 'marilyn', name: 'Marilyn', team: 'town', night: ability('marilyn', 'block', 'block', block),
    description: "Club town: blocks one player's night action each night, mafia included (C6)." }),
  role({ id: 'judge', name: 'Judge', team: 'town', night: ability('judge', 'jail', 'jail', jail, { targets: 'free-others' }),
    description: 'Club town: jails a player each night (no vote, no action, no speech); the jailed go free when the Judge dies (C10).' }),
  role({ id: 'sportsman', name: 'Sportsman', team: 'town', nightImmune: true, night: ability('sportsman', 'duel', 'duel', duel, { shot: true }),
    description: 'Club town: cannot be killed at night; picks a target each night, and if it is mafia both die (C13).' }),
  role({ id: 'lucky', name: 'Lucky', team: 'town', luck: true,
    description: 'Club town: survives every kill of the first night they are shot at; no privilege at the vote (C14).' }),
  role({ id: 'lawyer', name: 'Lawyer', team: 'town', cancelsExecution: true,
    description: "Club town: once per game may cancel the day's execution, not their own (C4.3)." }),
  role({ id: 'oligarch', name: 'Oligarch', team: 'town', night: ability('oligarch', 'bail', 'release', bail, { targets: 'jailed' }),
    description: 'Club town: bails a jailed player at night; a mafia-team pick jails the Oligarch too (C11).' }),
  role({ id: 'marilyn-sister', name: "Marilyn's sister", team: 'town', secondNameOf: 'marilyn', night: ability('marilyn-sister', 'block', 'block', block),
    description: 'Club town: Marilyn under a second name, acting at her own step (C2, C5, C6).' }),
  role({ id: 'lawyer-brother', name: "Lawyer's brother", team: 'town', secondNameOf: 'lawyer', cancelsExecution: true,
    description: 'Club town: the Lawyer under a second name, with a cancellation of their own (C2, C4.3).' }),
  role({ id: 'oligarch-brother', name: "Oligarch's brother", team: 'town', secondNameOf: 'oligarch',
    night: ability('oligarch-brother', 'bail', 'release', bail, { targets: 'jailed' }),
    description: 'Club town: the Oligarch under a second name, acting at his own step (C2, C5, C11).' }),
];

/** Every built-in role as this file defines it, in catalogue order (the order setups list roles in). */
export const ROLES: ReadonlyMap<string, RoleDef> = new Map(catalogue.map((r) => [r.id, r]));

/** A family's changes to a role: any field, the night ability's fields merged into the base's. */
export type RoleChange = Partial<Omit<RoleDef, 'id' | 'night'>> & { readonly night?: Partial<NightAbility> | null };

/**
 * A family's catalogue: the listed base roles, each with the family's changes applied. The result
 * keeps the base's order, so setups list roles the same way under every rule set.
 */
export function overlay(ids: readonly string[], changes: Readonly<Record<string, RoleChange>>): ReadonlyMap<string, RoleDef> {
  const out = new Map<string, RoleDef>();
  for (const [id, base] of ROLES) {
    if (!ids.includes(id)) continue;
    const change = changes[id];
    if (!change) {
      out.set(id, base);
      continue;
    }
    if (change.night && !base.night) throw new Error(`catalogue: ${id} has no night ability to change`);
    const night = change.night === null ? null : change.night && base.night ? Object.freeze({ ...base.night, ...change.night }) : base.night;
    out.set(id, role({ ...base, ...change, id, night }));
  }
  return out;
}
