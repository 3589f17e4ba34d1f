// Finds a setup by built-in name or file path (YAML or JSON) and applies --option overrides.
import { existsSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { UserError } from '../errors.js';
import { parseOptionValue, type OptionValue } from '../rules/options.js';
import { RULE_SETS } from '../rules/registry.js';
import { closest, textProblem } from '../text.js';
import { BUILTIN_SETUPS, builtinSetup } from './builtin.js';
import { compileSetup, MAX_PLAYERS, optionSpecs, parseOverrides, type CompiledSetup, type SetupSpec } from './compile.js';
import { ROLES } from '../rules/catalogue.js';
import { readDataFile } from './dataFile.js';
import { isRolePluginKey, loadedRole } from './rolePlugins.js';
import type { RoleDef } from '../model/roles.js';

const FILE_FIELDS = ['name', 'description', 'rules', 'roles', 'options', 'scoring', 'immunities'];

/** What an override error names: the flag as the user typed it (`--option k=v`, `--series 3`, a scenario's field). */
export type OverrideLabel = (key: string, value: string) => string;

export const optionFlag: OverrideLabel = (key, value) => `--option ${key}=${value}`;

export function loadSetup(nameOrPath: string, overrides: readonly string[] = [], label: OverrideLabel = optionFlag): CompiledSetup {
  const pairs = parseOverrides(overrides);
  // `roles.ID=N` sets a role's count after the table is built (docs/setups.md); the rest are options.
  const roleCounts = pairs.filter(([key]) => key.startsWith(ROLE_PREFIX));
  const rest = pairs.filter(([key]) => !key.startsWith(ROLE_PREFIX));
  const builtin = builtinSetup(nameOrPath);
  if (builtin) {
    const params: Record<string, OptionValue> = {};
    for (const p of builtin.params) params[p.key] = p.default;
    const options: Record<string, unknown> = {};
    for (const [key, value] of rest) {
      const param = builtin.params.find((p) => p.key === key);
      if (param) {
        const parsed = parseOptionValue(param, value);
        if ('error' in parsed) throw new UserError(`${label(key, value)}: ${parsed.error}`);
        params[key] = parsed.value;
      } else options[key] = checkedOverride(builtin.rules.id, key, value, builtin.params.map((p) => p.key), label);
    }
    const name = builtin.nameFor?.(params) ?? builtin.name;
    const table = builtin.roles(params);
    if (typeof table === 'string') throw new UserError(`setup ${name}: ${table}`);
    const roles = withRoleCounts(table, roleCounts, label);
    return compileSetup({ name, source: 'built-in', rules: builtin.rules, roles, options, scoring: {}, params });
  }
  if (!existsSync(nameOrPath)) {
    const names = BUILTIN_SETUPS.map((s) => s.name);
    throw new UserError(`--setup ${nameOrPath}: no such built-in setup or file${closest(nameOrPath, names)}; built-in: ${names.join(', ')}`);
  }
  const spec = readSetupFile(nameOrPath);
  const options: Record<string, unknown> = { ...spec.options };
  for (const [key, value] of rest) options[key] = checkedOverride(spec.rules.id, key, value, [], label);
  // A role plug-in the file names may be counted by its id too (`roles.jester=0`: role-values does).
  const pluginKey = (id: string) => Object.keys(spec.roles).find((key) => isRolePluginKey(key) && loadedRole(nameOrPath, key)?.id === id);
  return compileSetup({ ...spec, roles: withRoleCounts(spec.roles, roleCounts, label, pluginKey), options });
}

/** The prefix of an override that sets a role's count: `roles.citizen=3`. */
export const ROLE_PREFIX = 'roles.';

/**
 * The table's role counts with `roles.ID=N` overrides applied (a count of 0 removes the role; a role the
 * table lacks is added). The role's existence and the rule set's acceptance are checked by compileSetup;
 * the count is checked here, so that its error names the flag.
 */
function withRoleCounts(table: Readonly<Record<string, number>>, overrides: readonly (readonly [string, string])[], label: OverrideLabel, pluginKey: (id: string) => string | undefined = () => undefined): Record<string, number> {
  const roles: Record<string, number> = { ...table };
  for (const [key, value] of overrides) {
    const named = key.slice(ROLE_PREFIX.length);
    const id = ROLES.has(named) ? named : (pluginKey(named) ?? named);
    if (!ROLES.has(id) && id === named) throw new UserError(`${label(key, value)}: unknown role "${id}"${closest(id, [...ROLES.keys()])}; roles: mafia-sim roles`);
    if (!/^\d+$/.test(value) || Number(value) > MAX_PLAYERS) throw new UserError(`${label(key, value)}: a role count must be a whole number from 0 to ${MAX_PLAYERS}`);
    roles[id] = Number(value);
  }
  return roles;
}

/** An override of a rule option, checked here so that its error names the flag the user typed. */
function checkedOverride(rulesId: string, key: string, value: string, params: readonly string[], label: OverrideLabel): string {
  const specs = optionSpecs(RULE_SETS.get(rulesId)!);
  const spec = specs.find((o) => o.key === key);
  if (!spec) {
    if (key === 'series') {
      throw new UserError(`${label(key, value)}: unknown option "series" for the ${rulesId} rule set: evenings (C16.1) are a club rule; club setups: club-8 … club-20 (docs/rules.md)`);
    }
    const known = [...params, ...specs.map((o) => o.key)];
    throw new UserError(`${label(key, value)}: unknown option "${key}" for ${rulesId}${closest(key, known)}; known: ${known.join(', ')}`);
  }
  const parsed = parseOptionValue(spec, value);
  if ('error' in parsed) throw new UserError(`${label(key, value)}: bad value ${JSON.stringify(value)}: ${parsed.error}`);
  return value;
}

function readSetupFile(path: string): SetupSpec {
  const data = readDataFile(path, 'setup');
  if (!isRecord(data)) throw new UserError(`${path}: a setup file must be a mapping with rules and roles`);
  for (const key of Object.keys(data)) {
    if (!FILE_FIELDS.includes(key)) throw new UserError(`${path}: ${key}: unknown field${closest(key, FILE_FIELDS)}; fields: ${FILE_FIELDS.join(', ')}`);
  }
  const rulesId = data.rules;
  const rules = typeof rulesId === 'string' ? RULE_SETS.get(rulesId) : undefined;
  if (!rules) {
    throw new UserError(`${path}: rules: unknown rule set ${JSON.stringify(rulesId)}${closest(String(rulesId), [...RULE_SETS.keys()])}; rule sets: ${[...RULE_SETS.keys()].join(', ')}`);
  }
  for (const field of ['roles', 'options', 'scoring', 'immunities'] as const) {
    if (data[field] !== undefined && !isRecord(data[field])) throw new UserError(`${path}: ${field}: must be a mapping`);
  }
  if (data.roles === undefined) throw new UserError(`${path}: roles: missing (a mapping of role to count)`);
  for (const field of ['name', 'description'] as const) {
    const problem = data[field] === undefined ? null : textProblem(data[field]);
    if (problem) throw new UserError(`${path}: ${field}: ${problem}`);
  }
  const roles = data.roles as Record<string, number>;
  const plugins = new Map<string, RoleDef>();
  for (const key of Object.keys(roles)) {
    if (!isRolePluginKey(key)) continue;
    const role = loadedRole(path, key);
    // Every command imports a setup's plug-ins before it loads the setup (cli/main.ts, runner/job.ts).
    if (!role) throw new UserError(`${path}: roles.${key}: the role plug-in was not imported before the setup was read`);
    plugins.set(key, role);
  }
  return {
    name: (data.name as string | undefined) ?? basename(path, extname(path)),
    source: path,
    rules,
    roles,
    plugins,
    options: (data.options as Record<string, unknown> | undefined) ?? {},
    scoring: (data.scoring as Record<string, unknown> | undefined) ?? {},
    immunities: (data.immunities as Record<string, unknown> | undefined) ?? {},
    params: {},
  };
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
