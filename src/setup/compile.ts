// Turns a setup (built-in or file) plus --option overrides into what a run needs, validating every
// field; any problem is one UserError line naming the source, the field and the value.
import { UserError } from '../errors.js';
import type { GameSetup } from '../engine/play.js';
import { pointsTable, SCORING_EVENT_IDS } from '../engine/scoring.js';
import type { RoleDef } from '../model/roles.js';
import { ROLES } from '../rules/catalogue.js';
import { COMMON_OPTIONS, parseOptionValue, type OptionSpec, type OptionValue } from '../rules/options.js';
import type { RuleSet } from '../rules/ruleSet.js';
import { closest } from '../text.js';

export interface SetupSpec {
  readonly name: string;
  /** Where it came from: `built-in` or a file path (used in error messages). */
  readonly source: string;
  readonly rules: RuleSet;
  readonly roles: Readonly<Record<string, number>>;
  readonly options: Readonly<Record<string, unknown>>;
  readonly scoring: Readonly<Record<string, unknown>>;
  /** C16: immunity kind → a list of seats, or a count of random seats (club only). */
  readonly immunities?: Readonly<Record<string, unknown>>;
  readonly params: Readonly<Record<string, OptionValue>>;
  /** Role plug-ins the setup names, by the key it names them with in `roles` (a path), loaded. */
  readonly plugins?: ReadonlyMap<string, RoleDef>;
}

export interface CompiledSetup {
  readonly name: string;
  readonly source: string;
  readonly rules: RuleSet;
  /** Role counts (by role id) in catalogue order. */
  readonly roleCounts: ReadonlyArray<readonly [string, number]>;
  /** The deck to deal: one role per seat. */
  readonly deck: readonly RoleDef[];
  /** Every option, resolved (defaults filled in). */
  readonly options: Readonly<Record<string, OptionValue>>;
  readonly params: Readonly<Record<string, OptionValue>>;
  readonly scoring: Readonly<Record<string, number>>;
  readonly game: GameSetup;
}

/**
 * The most seats a table may have (every `players` parameter has the same bound). Far above any real
 * table (10 to 20; exact calibration stops at 30), and where a run still plays in bounded memory and
 * time (docs/setups.md, "Limits").
 */
export const MAX_PLAYERS = 100;

/** The most points a scoring event may give: far above any table's, far below where sums lose precision. */
export const MAX_POINTS = 1_000_000;

export function optionSpecs(rules: RuleSet): readonly OptionSpec[] {
  return [...COMMON_OPTIONS, ...rules.options];
}

export function compileSetup(spec: SetupSpec): CompiledSetup {
  const where = (field: string) => `${spec.source === 'built-in' ? `setup ${spec.name}` : spec.source}: ${field}`;
  const rules = spec.rules;

  // The rule set's roles as it runs them, then the setup's plug-in roles (by their ids).
  const catalogue = new Map(rules.roles);
  const plugins = spec.plugins ?? new Map<string, RoleDef>();
  const counted: [RoleDef, number][] = [];
  for (const [key, count] of Object.entries(spec.roles)) {
    const role = plugins.get(key) ?? catalogue.get(key);
    if (!role) {
      if (ROLES.has(key)) throw new UserError(`${where(`roles.${key}`)}: the ${rules.id} rule set has no role "${key}" (it has: ${[...catalogue.keys()].join(', ')})`);
      throw new UserError(`${where(`roles.${key}`)}: unknown role "${key}"${closest(key, [...ROLES.keys()])}`);
    }
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > MAX_PLAYERS) {
      throw new UserError(`${where(`roles.${key}`)}: count must be a whole number from 0 to ${MAX_PLAYERS}, got ${JSON.stringify(count)}`);
    }
    if (plugins.has(key) && catalogue.has(role.id)) throw new UserError(`${where(`roles.${key}`)}: the plug-in's role id "${role.id}" is a built-in role's; give it an id of its own`);
    if (count > 0) counted.push([role, count]);
  }
  // Checked before the deck is built: a billion seats would be a billion-entry array.
  const seats = counted.reduce((sum, [, count]) => sum + count, 0);
  if (seats > MAX_PLAYERS) throw new UserError(`${where('roles')}: a table has at most ${MAX_PLAYERS} players, got ${seats}`);
  // Built-in roles in catalogue order, then plug-ins in the order the setup lists them.
  const order = [...catalogue.keys()];
  const rank = (r: RoleDef) => (catalogue.get(r.id) === r ? order.indexOf(r.id) : order.length);
  counted.sort((a, b) => rank(a[0]) - rank(b[0]));
  const roleCounts: [string, number][] = counted.map(([r, count]) => [r.id, count]);
  const deck = counted.flatMap(([role, count]) => Array<RoleDef>(count).fill(role));
  if (deck.length < 2) throw new UserError(`${where('roles')}: a game needs at least 2 players, got ${deck.length}`);

  const specs = optionSpecs(rules);
  const options: Record<string, OptionValue> = {};
  for (const o of specs) options[o.key] = o.default;
  for (const [key, raw] of Object.entries(spec.options)) {
    const o = specs.find((x) => x.key === key);
    if (!o) throw new UserError(`${where(`options.${key}`)}: unknown option "${key}" for the ${rules.id} rule set${closest(key, specs.map((x) => x.key))}`);
    const parsed = parseOptionValue(o, raw);
    if ('error' in parsed) throw new UserError(`${where(`options.${key}`)}: bad value ${JSON.stringify(raw)}: ${parsed.error}`);
    options[key] = parsed.value;
  }
  const problem = rules.validateDeck(deck, options);
  if (problem) throw new UserError(`${where('roles')}: ${problem}`);

  const scoring: Record<string, number> = { ...rules.defaultScoring };
  for (const [event, pts] of Object.entries(spec.scoring)) {
    if (!SCORING_EVENT_IDS.has(event)) throw new UserError(`${where(`scoring.${event}`)}: unknown scoring event "${event}"${closest(event, [...SCORING_EVENT_IDS])}`);
    if (typeof pts !== 'number' || !Number.isFinite(pts) || pts < 0 || pts > MAX_POINTS) {
      throw new UserError(`${where(`scoring.${event}`)}: points must be a number from 0 to ${MAX_POINTS}, got ${JSON.stringify(pts)}`);
    }
    scoring[event] = pts;
  }

  const immunities = compileImmunities(spec.immunities ?? {}, rules, deck.length, where);
  const game: GameSetup = {
    rulesId: rules.id,
    rules: rules.configure(options, { deck, ...(immunities ? { immunities } : {}) }),
    maxDays: Number(options.maxDays),
    revealRoles: options.revealRoles === true,
    points: pointsTable(scoring),
    tableRoles: counted.map(([r]) => r),
    roleSeats: counted.map(([, count]) => count),
  };
  return { name: spec.name, source: spec.source, rules, roleCounts, deck, options, params: spec.params, scoring, game };
}

/**
 * C16: `immunities: { newbie: [3, 5], friend: 2 }` — a kind gets the listed seats, or that many seats
 * drawn at random in each game. Only a rule set that names immunity kinds accepts them.
 */
function compileImmunities(
  raw: Readonly<Record<string, unknown>>,
  rules: RuleSet,
  seats: number,
  where: (field: string) => string,
): Record<string, readonly number[] | number> | undefined {
  const kinds = rules.immunities ?? [];
  const out: Record<string, readonly number[] | number> = {};
  for (const [kind, value] of Object.entries(raw)) {
    const field = where(`immunities.${kind}`);
    if (kinds.length === 0) throw new UserError(`${field}: the ${rules.id} rule set has no immunities (they are a club rule, C16)`);
    if (!kinds.includes(kind)) throw new UserError(`${field}: unknown immunity "${kind}"${closest(kind, kinds)}; kinds: ${kinds.join(', ')}`);
    if (typeof value === 'number') {
      if (!Number.isInteger(value) || value < 0 || value > seats) throw new UserError(`${field}: a count of random seats must be a whole number from 0 to ${seats}, got ${value}`);
      out[kind] = value;
    } else if (Array.isArray(value)) {
      const bad = value.find((s) => typeof s !== 'number' || !Number.isInteger(s) || s < 1 || s > seats);
      if (bad !== undefined) throw new UserError(`${field}: ${JSON.stringify(bad)} is not a seat of this table (1..${seats})`);
      if (new Set(value).size !== value.length) throw new UserError(`${field}: a seat is listed twice`);
      out[kind] = [...(value as number[])].sort((a, b) => a - b);
    } else {
      throw new UserError(`${field}: expected a list of seats ([3, 5]) or a count of random seats (2), got ${JSON.stringify(value)}`);
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `key=value` pairs as given on the command line. */
export function parseOverrides(pairs: readonly string[]): [string, string][] {
  return pairs.map((p) => {
    const eq = p.indexOf('=');
    if (eq <= 0) throw new UserError(`--option ${p}: expected key=value`);
    return [p.slice(0, eq).trim(), p.slice(eq + 1).trim()];
  });
}
