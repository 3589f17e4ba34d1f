// Turns a setup (built-in or file) plus --option overrides into what a run needs, validating every
// field; any problem is one UserError line naming the source, the field and the value.
import { UserError } from '../errors.js';
import type { GameSetup } from '../engine/game.js';
import { pointsTable, SCORING_EVENT_IDS } from '../engine/scoring.js';
import { COMMON_OPTIONS, describeValue, parseOptionValue, type OptionSpec, type OptionValue } from '../rules/options.js';
import { ROLES, type RoleDef } from '../rules/roles.js';
import type { RuleSet } from '../rules/types.js';
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
}

export interface CompiledSetup {
  readonly name: string;
  readonly source: string;
  readonly rules: RuleSet;
  /** Role counts in catalogue order. */
  readonly roleCounts: ReadonlyArray<readonly [string, number]>;
  /** The deck to deal: one role per seat. */
  readonly deck: readonly RoleDef[];
  /** Every option, resolved (defaults filled in). */
  readonly options: Readonly<Record<string, OptionValue>>;
  readonly params: Readonly<Record<string, OptionValue>>;
  readonly scoring: Readonly<Record<string, number>>;
  readonly game: GameSetup;
}

/** The most seats a table may have (vanilla's `players` parameter has the same bound). */
export const MAX_PLAYERS = 1000;

/** The most points a scoring event may give: far above any table's, far below where sums lose precision. */
export const MAX_POINTS = 1_000_000;

export function optionSpecs(rules: RuleSet): readonly OptionSpec[] {
  return [...COMMON_OPTIONS, ...rules.options];
}

export function compileSetup(spec: SetupSpec): CompiledSetup {
  const where = (field: string) => `${spec.source === 'built-in' ? `setup ${spec.name}` : spec.source}: ${field}`;
  const rules = spec.rules;

  const roleCounts: [string, number][] = [];
  for (const [id, count] of Object.entries(spec.roles)) {
    const role = ROLES.get(id);
    if (!role) throw new UserError(`${where(`roles.${id}`)}: unknown role "${id}"${closest(id, [...ROLES.keys()])}`);
    if (!rules.roles.includes(id)) {
      throw new UserError(`${where(`roles.${id}`)}: the ${rules.id} rule set has no role "${id}" (it has: ${rules.roles.join(', ')})`);
    }
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > MAX_PLAYERS) {
      throw new UserError(`${where(`roles.${id}`)}: count must be a whole number from 0 to ${MAX_PLAYERS}, got ${JSON.stringify(count)}`);
    }
    if (count > 0) roleCounts.push([id, count]);
  }
  // Checked before the deck is built: a billion seats would be a billion-entry array.
  const seats = roleCounts.reduce((sum, [, count]) => sum + count, 0);
  if (seats > MAX_PLAYERS) throw new UserError(`${where('roles')}: a table has at most ${MAX_PLAYERS} players, got ${seats}`);
  const order = [...ROLES.keys()];
  roleCounts.sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]));
  const deck = roleCounts.flatMap(([id, count]) => Array<RoleDef>(count).fill(ROLES.get(id)!));
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
  const problem = rules.validateDeck(deck.map((r) => r.id), options);
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
    rules,
    cfg: rules.configure(options),
    maxDays: options.maxDays as number,
    revealRoles: options.revealRoles as boolean,
    points: pointsTable(scoring),
    ...(immunities ? { immunities } : {}),
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

export function describeOptions(options: Readonly<Record<string, OptionValue>>): string {
  return Object.entries(options).map(([k, v]) => `${k}=${describeValue(v)}`).join(' ');
}
