// `role-values`: what each role of a setup is worth to the town, measured. For every role that is not
// its team's plain role, two paired comparisons on the same game seeds (docs/balancing.md):
//
//   as is:     the table            against the table with one seat of the role made plain
//   one more:  the table + the role against the table + a plain seat of the role's team
//
// Both measure the role *instead of a plain seat of its team* — once at the table's own size, once a
// seat larger — so a town role's worth is positive when it helps the town and a mafia role's negative
// when it helps the mafia. The plain roles are `citizen` (or `townie` where the rule set has no
// citizen: vanilla) and `mafia`. Club tables have no plain citizen of their own: `citizen` is a club
// guest role (no action, docs/club.md), and the report says so.
import type { RuleSet } from '../rules/ruleSet.js';
import { ROLES } from '../rules/catalogue.js';
import { sideOf, type Side, type Team } from '../model/roles.js';
import { loadedRoles } from '../setup/rolePlugins.js';
import type { CompiledSetup } from '../setup/compile.js';
import type { ArmSpec } from './arms.js';
import { armResults, WORKBENCH_FORMAT, type ArmResult, type PlayedArm, type WorkbenchCommon } from './report.js';
import type { Played } from './play.js';

export type RoleChange = 'table' | 'remove' | 'plus-plain' | 'add';

export interface RoleValuesDesign {
  readonly setup: string;
  readonly options: readonly string[];
  readonly strategies: readonly string[];
  /** The plain role of each team, the yardstick of every value. */
  readonly plain: Readonly<Record<Side, string>>;
  /** Whether the town's plain role is a guest at this rule set (a club table's `citizen`). */
  readonly plainTownIsGuest: boolean;
  /** What each arm is: the table, a role made plain, the table + a plain seat of a team, the table + a role. */
  readonly arms: ReadonlyArray<{ readonly role: string | null; readonly team: Side | null; readonly change: RoleChange }>;
  /** Comparisons that cannot be made (the rule set refuses the table), with the reason. */
  readonly skipped: ReadonlyArray<{ readonly role: string; readonly change: 'remove' | 'add'; readonly reason: string }>;
}

/** A role's worth: the change in town win (a share) when it stands instead of a plain seat of its team. */
export interface Worth {
  readonly diff: number;
  readonly low: number;
  readonly high: number;
  readonly p: number;
}

export interface RoleValue {
  readonly role: string;
  /** Its team: town, mafia, or a neutral team of a role plug-in's (its value is still the town's win). */
  readonly team: Team;
  /** Seats holding it at the table. */
  readonly seats: number;
  /** At the table as it is: town win with the role minus with one of its seats plain. */
  readonly asIs: Worth | null;
  /** One seat larger: town win of table + the role minus table + a plain seat of its team. */
  readonly oneMore: Worth | null;
}

export interface RoleValuesReport extends WorkbenchCommon {
  readonly kind: 'role-values';
  readonly design: RoleValuesDesign;
  /** Sorted by `asIs` (largest worth to the town first), roles without it last. */
  readonly values: readonly RoleValue[];
  readonly arms: readonly ArmResult[];
}

/** A role's team: a built-in role's, or a role plug-in's loaded in this process (town if neither). */
function roleTeam(id: string): Team {
  const builtin = ROLES.get(id);
  if (builtin) return builtin.team;
  for (const r of loadedRoles()) if (r.id === id) return r.team;
  return 'town';
}

/** The plain roles of a rule set: `citizen` (or `townie`) and `mafia`. */
export function plainRoles(rules: RuleSet): { plain: Record<Side, string>; guest: boolean } {
  const town = rules.roles.has('citizen') ? 'citizen' : 'townie';
  return { plain: { town, mafia: 'mafia' }, guest: rules.id === 'club' };
}

export interface RoleArm {
  readonly spec: ArmSpec;
  readonly role: string | null;
  readonly team: Side | null;
  readonly change: RoleChange;
}

/** Every arm role-values would play, before the rule set has been asked whether it can (see roleValuesPlan). */
export function roleArms(setup: CompiledSetup, base: Omit<ArmSpec, 'label'>): RoleArm[] {
  const { plain } = plainRoles(setup.rules);
  const count = new Map(setup.roleCounts);
  const n = (id: string) => count.get(id) ?? 0;
  const withCounts = (changes: Record<string, number>, label: string): ArmSpec => ({
    ...base,
    overrides: [...base.overrides, ...Object.entries(changes).map(([id, k]) => `roles.${id}=${k}`)],
    label,
  });
  const special = setup.roleCounts.map(([id]) => id).filter((id) => id !== plain.town && id !== plain.mafia);
  const team = (id: string): Side => sideOf(roleTeam(id));
  const arms: RoleArm[] = [{ spec: { ...base, label: 'the table' }, role: null, team: null, change: 'table' }];
  for (const id of special) {
    const p = plain[team(id)];
    arms.push({ spec: withCounts({ [id]: n(id) - 1, [p]: n(p) + 1 }, `${id} → ${p}`), role: id, team: team(id), change: 'remove' });
  }
  for (const t of ['town', 'mafia'] as const) {
    const ids = special.filter((id) => team(id) === t);
    if (ids.length === 0) continue;
    arms.push({ spec: withCounts({ [plain[t]]: n(plain[t]) + 1 }, `+1 ${plain[t]}`), role: null, team: t, change: 'plus-plain' });
    for (const id of ids) arms.push({ spec: withCounts({ [id]: n(id) + 1 }, `+1 ${id}`), role: id, team: t, change: 'add' });
  }
  return arms;
}

/**
 * The arms that can be played (each checked by `problem`), their baselines (arm 0 for the "as is" arms,
 * the team's "+1 plain" arm for the "one more" ones), and the comparisons skipped with their reasons.
 */
export async function roleValuesPlan(all: readonly RoleArm[], problem: (arm: ArmSpec) => Promise<string | null>) {
  const kept: RoleArm[] = [];
  const skipped: { role: string; change: 'remove' | 'add'; reason: string }[] = [];
  for (const a of all) {
    const why = await problem(a.spec);
    if (why === null) kept.push(a);
    else if (a.change === 'table') throw new Error(`role-values: the table itself cannot be played: ${why}`);
    else if (a.change === 'plus-plain') for (const b of all.filter((x) => x.change === 'add' && x.team === a.team)) skipped.push({ role: b.role!, change: 'add', reason: `the table + a plain seat: ${why}` });
    else skipped.push({ role: a.role!, change: a.change === 'remove' ? 'remove' : 'add', reason: why });
  }
  // An "add" arm whose "+1 plain" baseline was refused cannot be compared: leave it out.
  const arms = kept.filter((a) => a.change !== 'add' || kept.some((b) => b.change === 'plus-plain' && b.team === a.team));
  const baselines = arms.map((a, i) => (a.change === 'remove' ? 0 : a.change === 'add' ? arms.findIndex((b) => b.change === 'plus-plain' && b.team === a.team) : i));
  return { arms, baselines, skipped };
}

export function roleValuesReport(common: Omit<WorkbenchCommon, 'kind' | 'format'>, design: RoleValuesDesign, arms: readonly ArmResult[]): RoleValuesReport {
  const table = arms[0].run.setup.roles;
  const worth = (change: RoleChange, role: string): Worth | null => {
    const i = design.arms.findIndex((a) => a.change === change && a.role === role);
    if (i < 0) return null;
    const d = arms[i].vsBaseline!.outcomes.town;
    // "as is" compares the table made plain with the table: the role's worth is the opposite of that change.
    return change === 'remove' ? { diff: -d.diff, low: -d.high, high: -d.low, p: d.p } : { diff: d.diff, low: d.low, high: d.high, p: d.p };
  };
  const roles = Object.keys(table).filter((id) => id !== design.plain.town && id !== design.plain.mafia);
  const values = roles.map((role): RoleValue => ({ role, team: roleTeam(role), seats: table[role], asIs: worth('remove', role), oneMore: worth('add', role) }));
  values.sort((a, b) => (b.asIs?.diff ?? -Infinity) - (a.asIs?.diff ?? -Infinity) || a.role.localeCompare(b.role));
  return { kind: 'role-values', format: WORKBENCH_FORMAT, ...common, design, values, arms };
}

export function playedRoleValues(
  common: Omit<WorkbenchCommon, 'kind' | 'format'>,
  design: RoleValuesDesign,
  arms: readonly PlayedArm[],
  baselines: readonly number[],
  played: Played,
): RoleValuesReport {
  return roleValuesReport(common, design, armResults(arms, played.runs, baselines, played.result.pairs, played.result.details));
}
