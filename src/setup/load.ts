// Finds a setup by built-in name or file path (YAML or JSON) and applies --option overrides.
import { existsSync, readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { UserError } from '../errors.js';
import { parseOptionValue, type OptionValue } from '../rules/options.js';
import { RULE_SETS } from '../rules/registry.js';
import { closest } from '../text.js';
import { BUILTIN_SETUPS, builtinSetup } from './builtin.js';
import { compileSetup, optionSpecs, parseOverrides, type CompiledSetup, type SetupSpec } from './compile.js';

const FILE_FIELDS = ['name', 'description', 'rules', 'roles', 'options', 'scoring', 'immunities'];

export function loadSetup(nameOrPath: string, overrides: readonly string[] = []): CompiledSetup {
  const pairs = parseOverrides(overrides);
  const builtin = builtinSetup(nameOrPath);
  if (builtin) {
    const params: Record<string, OptionValue> = {};
    for (const p of builtin.params) params[p.key] = p.default;
    const options: Record<string, unknown> = {};
    for (const [key, value] of pairs) {
      const param = builtin.params.find((p) => p.key === key);
      if (param) {
        const parsed = parseOptionValue(param, value);
        if ('error' in parsed) throw new UserError(`--option ${key}=${value}: ${parsed.error}`);
        params[key] = parsed.value;
      } else options[key] = checkedOverride(builtin.rules.id, key, value, builtin.params.map((p) => p.key));
    }
    const roles = builtin.roles(params);
    if (typeof roles === 'string') throw new UserError(`setup ${builtin.name}: ${roles}`);
    return compileSetup({ name: builtin.name, source: 'built-in', rules: builtin.rules, roles, options, scoring: {}, params });
  }
  if (!existsSync(nameOrPath)) {
    const names = BUILTIN_SETUPS.map((s) => s.name);
    throw new UserError(`--setup ${nameOrPath}: no such built-in setup or file${closest(nameOrPath, names)}; built-in: ${names.join(', ')}`);
  }
  const spec = readSetupFile(nameOrPath);
  const options: Record<string, unknown> = { ...spec.options };
  for (const [key, value] of pairs) options[key] = checkedOverride(spec.rules.id, key, value, []);
  return compileSetup({ ...spec, options });
}

function checkedOverride(rulesId: string, key: string, value: string, params: readonly string[]): string {
  const specs = optionSpecs(RULE_SETS.get(rulesId)!);
  if (!specs.some((o) => o.key === key)) {
    const known = [...params, ...specs.map((o) => o.key)];
    throw new UserError(`--option ${key}=${value}: unknown option "${key}" for ${rulesId}${closest(key, known)}; known: ${known.join(', ')}`);
  }
  return value;
}

function readSetupFile(path: string): SetupSpec {
  let data: unknown;
  try {
    const text = readFileSync(path, 'utf8');
    data = extname(path).toLowerCase() === '.json' ? JSON.parse(text) : parseYaml(text);
  } catch (e) {
    const msg = (e as Error).message.split('\n')[0];
    throw new UserError(`${path}: cannot read setup: ${msg}`);
  }
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
  if (data.name !== undefined && typeof data.name !== 'string') throw new UserError(`${path}: name: must be text`);
  return {
    name: (data.name as string | undefined) ?? basename(path, extname(path)),
    source: path,
    rules,
    roles: data.roles as Record<string, number>,
    options: (data.options as Record<string, unknown> | undefined) ?? {},
    scoring: (data.scoring as Record<string, unknown> | undefined) ?? {},
    immunities: (data.immunities as Record<string, unknown> | undefined) ?? {},
    params: {},
  };
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
