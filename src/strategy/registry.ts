// Built-in strategies by name, and `--strategy` specs: `NAME` for everyone, `TEAM=NAME` or `ROLE=NAME`;
// NAME may be a plug-in path (loaded first by loadStrategies in ./load.ts) and may carry `:key=value,…`.
// The registry imports no bot: it is given the built-in ones (registerBuiltIns) by the entry point of
// each process or thread that reads specs, from the list in strategies/index.ts.
import { basename, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from '../errors.js';
import { isPluginPath, pluginFileProblem } from '../plugins/importModule.js';
import { closest } from '../text.js';
import { sideOf, type RoleDef, type Side } from '../model/roles.js';
import type { CompiledSetup } from '../setup/compile.js';
import { ROLES } from '../rules/catalogue.js';
import { isAuditedStrategy, markAudited } from './audit.js';
import { isMixName, mixedStrategy, mixName, parseMix } from './mix.js';
import { DEFAULT_STRATEGY } from './default.js';
import type { Exploited, MixShare, Strategy, StrategyParamValue, TableKey } from './types.js';
import { commandProblem, execStrategy, isolatedStrategy } from '../protocol/strategy.js';
import { botSettings } from '../protocol/settings.js';

/** The built-in strategies by name, as the registry was given them: audited (./audit.ts), as are their variants with parameters. */
const BUILT_IN = new Map<string, Strategy>();

/** Gives the registry the built-in bots (strategies/index.ts); giving the same ones again changes nothing. */
export function registerBuiltIns(strategies: readonly Strategy[]): void {
  for (const s of strategies) {
    const known = BUILT_IN.get(s.name);
    if (known === undefined) BUILT_IN.set(s.name, markAudited(s));
    else if (known !== s) throw new Error(`two built-in strategies are named ${s.name}`);
  }
}

/** The built-in strategies by name; an error if the registry was not given them, which an entry point must do first. */
export function builtInStrategies(): ReadonlyMap<string, Strategy> {
  if (BUILT_IN.size === 0) throw new Error('no built-in strategies: the entry point gives them to the registry first (registerBuiltIns, strategies/index.ts)');
  return BUILT_IN;
}

export { DEFAULT_STRATEGY };

/** Plug-ins loaded so far, by absolute path (filled by loadStrategies). */
const PLUGINS = new Map<string, Strategy>();

export { isPluginPath };

export function pluginKey(name: string): string {
  return resolve(name);
}

export function registerPlugin(name: string, strategy: Strategy): void {
  PLUGINS.set(pluginKey(name), strategy);
}

export function loadedPlugin(name: string): Strategy | undefined {
  return PLUGINS.get(pluginKey(name));
}

/** The folder this package's own plug-ins are in (strategies/), from src/ or dist/src/. */
const SHIPPED = (() => {
  const up = fileURLToPath(new URL('../..', import.meta.url));
  return join(basename(up) === 'dist' ? dirname(up) : up, 'strategies') + sep;
})();

/** Whether a plug-in path plays isolated, in a process of its own: --isolate, or tournament's default for plug-ins not shipped with mafia-sim. */
export function isIsolatedPlugin(name: string): boolean {
  const mode = botSettings().isolate;
  return isPluginPath(name) && !isExecName(name) && (mode === 'all' || (mode === 'foreign' && !pluginKey(name).startsWith(SHIPPED)));
}

export function isIsolatedSpec(spec: string): boolean {
  return isIsolatedPlugin(splitSpec(spec).name);
}

/** Whether a name is `exec:CMD`, a bot in another process (docs/protocol.md). */
export function isExecName(name: string): boolean {
  return name.startsWith('exec:');
}

/**
 * Whether a `--strategy` spec names a plug-in file or a protocol bot (code that is not audited:
 * src/strategy/audit.ts); their games play on a worker thread (src/runner/parallel.ts, isolate).
 */
export function isPluginSpec(spec: string): boolean {
  const { name } = splitSpec(spec);
  return isPluginPath(name) || isExecName(name);
}

/** What a spec's error names: the flag as the user typed it (`--strategy town=x`, or a tournament's `--strategies a,b`). */
export type SpecLabel = (spec: string) => string;

export const strategyFlag: SpecLabel = (spec) => `--strategy ${spec}`;

/** One `--strategy` spec taken apart: `[WHO=]NAME[:key=value,…]`. */
export interface SpecParts {
  readonly who: string | null;
  readonly name: string;
  readonly params: ReadonlyArray<readonly [string, string]>;
}

export function splitSpec(spec: string, label: SpecLabel = strategyFlag): SpecParts {
  const eq = spec.indexOf('=');
  const colon = spec.indexOf(':');
  const hasWho = eq >= 0 && (colon < 0 || eq < colon);
  const who = hasWho ? spec.slice(0, eq).trim().toLowerCase() : null;
  const rest = hasWho ? spec.slice(eq + 1) : spec;
  // `exec:CMD`: everything after the colon is the command line, commas, colons and `=` included.
  const exec = /^\s*exec:/.exec(rest);
  if (exec) {
    const command = rest.slice(exec[0].length).trim();
    if (command === '') throw new UserError(`${label(spec)}: exec: needs a command, e.g. exec:"python3 bots/my_bot.py"`);
    return { who, name: `exec:${command}`, params: [] };
  }
  // `mix:SPEC@W|…`: the parts are specs of their own (src/strategy/mix.ts).
  if (/^\s*mix:/.test(rest)) return { who, name: rest.trim(), params: [] };
  const c = rest.indexOf(':');
  const name = (c < 0 ? rest : rest.slice(0, c)).trim();
  const params: [string, string][] = [];
  if (c >= 0) {
    for (const pair of rest.slice(c + 1).split(',')) {
      if (pair.trim() === '') continue;
      const e = pair.indexOf('=');
      if (e <= 0) throw new UserError(`${label(spec)}: parameter "${pair.trim()}" should be key=value`);
      params.push([pair.slice(0, e).trim(), pair.slice(e + 1).trim()]);
    }
  }
  if (name === '') throw new UserError(`${label(spec)}: no strategy name`);
  return { who, name, params };
}

function parseParam(strategy: Strategy, key: string, raw: string, spec: string, label: SpecLabel): StrategyParamValue {
  const declared = strategy.params ?? [];
  const p = declared.find((x) => x.key === key);
  if (!p) {
    const known = declared.map((x) => x.key);
    const list = known.length > 0 ? `; its parameters: ${known.join(', ')}` : ' (it takes no parameters)';
    throw new UserError(`${label(spec)}: unknown parameter "${key}" for strategy ${strategy.name}${closest(key, known)}${list}`);
  }
  const bad = (why: string) => new UserError(`${label(spec)}: parameter ${key}=${raw}: ${why}`);
  switch (typeof p.default) {
    case 'number': {
      const x = raw === '' ? NaN : Number(raw);
      if (!Number.isFinite(x)) throw bad('expected a number');
      if (p.min !== undefined && x < p.min) throw bad(`must be at least ${p.min}`);
      if (p.max !== undefined && x > p.max) throw bad(`must be at most ${p.max}`);
      return x;
    }
    case 'boolean':
      if (['true', 'yes', '1'].includes(raw)) return true;
      if (['false', 'no', '0'].includes(raw)) return false;
      throw bad('expected true or false');
    default:
      if (p.values && !p.values.includes(raw)) throw bad(`expected one of ${p.values.join(', ')}`);
      return raw;
  }
}

/** Every declared parameter's value in a spec: the default unless the spec sets it (validated). */
export function specValues(spec: string, label: SpecLabel = strategyFlag): { strategy: Strategy; values: Record<string, StrategyParamValue> } {
  const { name, params } = splitSpec(spec, label);
  const strategy = strategyNamed(name, spec, label);
  const values: Record<string, StrategyParamValue> = {};
  for (const p of strategy.params ?? []) values[p.key] = p.default;
  for (const [key, raw] of params) values[key] = parseParam(strategy, key, raw, spec, label);
  return { strategy, values };
}

/** Applies `key=value` parameters to a strategy, validating each against its declared params. */
export function withParams(strategy: Strategy, params: SpecParts['params'], spec: string, label: SpecLabel = strategyFlag): Strategy {
  if (params.length === 0) return strategy;
  const values: Record<string, StrategyParamValue> = {};
  for (const p of strategy.params ?? []) values[p.key] = p.default;
  for (const [key, raw] of params) values[key] = parseParam(strategy, key, raw, spec, label);
  if (!strategy.withParams) throw new UserError(`${label(spec)}: strategy ${strategy.name} takes no parameters`);
  const variant = strategy.withParams(values);
  MADE_FROM.set(variant, { base: MADE_FROM.get(strategy)?.base ?? strategy, params: [...(MADE_FROM.get(strategy)?.params ?? []), ...params] });
  return isAuditedStrategy(strategy) ? markAudited(variant) : variant;
}

/** A variant made by withParams: the strategy it was made from and the parameters its spec set. */
const MADE_FROM = new WeakMap<Strategy, { readonly base: Strategy; readonly params: SpecParts['params'] }>();

/** A setup as a strategy sees its table: a compiled setup, or a report's summary of one. */
export type SetupLike = Pick<CompiledSetup, 'name' | 'source'> & {
  readonly rules?: string | { readonly id: string };
  readonly players?: number;
  readonly deck?: readonly { readonly team?: string }[];
  /** A report's summary: seats per role id. */
  readonly roles?: Readonly<Record<string, number>>;
};

export function tableKey(setup: SetupLike): TableKey {
  const rules = typeof setup.rules === 'string' ? setup.rules : (setup.rules?.id ?? '');
  const key = { name: setup.name, source: setup.source, rules, players: setup.players ?? setup.deck?.length ?? 0 };
  const mafia = mafiaSeats(setup);
  return mafia === undefined ? key : { ...key, mafia };
}

/** The seats of the mafia team: from the deck, else from a summary's role counts by the catalogue (unknown where a role is a plug-in's). */
function mafiaSeats(setup: SetupLike): number | undefined {
  if (setup.deck !== undefined) return setup.deck.filter((r) => r.team === 'mafia').length;
  if (setup.roles === undefined) return undefined;
  let mafia = 0;
  for (const [id, seats] of Object.entries(setup.roles)) {
    const role = ROLES.get(id);
    if (role === undefined) return undefined;
    if (role.team === 'mafia') mafia += seats;
  }
  return mafia;
}

/** The registry's own strategy a spec's strategy was made from, with the spec's parameters; null for any other (tuned=false too). */
function ownBase(strategy: Strategy): { base: Strategy; params: SpecParts['params'] } | null {
  const made = MADE_FROM.get(strategy) ?? { base: strategy, params: [] };
  // Only the registry's own strategies and their variants: a copy that wraps one (a test's checker, a
  // plug-in spread from smart) would lose its wrapping if it were rebuilt from the base.
  if (builtInStrategies().get(made.base.name) !== made.base) return null;
  if (made.params.some(([k, v]) => k === 'tuned' && ['false', 'no', '0'].includes(v))) return null;
  return made;
}

/**
 * The profiles a spec plays for `team` at this table by default (Strategy.defaultMix: an
 * equilibrium's mix), the spec's own parameters set on each; null where there is none.
 */
function defaultParts(strategy: Strategy, setup: SetupLike, team: Side): MixShare[] | null {
  const made = ownBase(strategy);
  const mix = made === null ? null : (made.base.defaultMix?.(tableKey(setup), team) ?? null);
  if (made === null || mix === null || mix.parts.length === 0) return null;
  return mix.parts.map((p) => ({ spec: setParams(p.spec, made.params), weight: p.weight }));
}

/** Where a spec's default mix at this table comes from, in words (null: it plays no default mix there). */
export function defaultMixSource(spec: string, setup: SetupLike, team: Side): string | null {
  const made = ownBase(strategyFromSpec(spec));
  return made === null ? null : (made.base.defaultMix?.(tableKey(setup), team)?.source ?? null);
}

/**
 * The other side's best one-change gain against what a spec plays at this table by default, as
 * measured (DefaultMix.exploitedBy); null where nothing was measured against exactly that play (a
 * spec that sets parameters of its own plays other profiles).
 */
export function defaultMixExploited(spec: string, setup: SetupLike, team: Side): Exploited | null {
  const made = ownBase(strategyFromSpec(spec));
  if (made === null || made.params.length > 0) return null;
  return made.base.defaultMix?.(tableKey(setup), team)?.exploitedBy ?? null;
}

/** `spec` with `params` set on it (a key it has takes the new value, in place; others are added); not validated. */
export function specWithParams(spec: string, params: SpecParts['params']): string {
  const { name, params: own } = splitSpec(spec);
  const out = own.map(([k, v]) => [k, v] as [string, string]);
  for (const [k, v] of params) {
    const at = out.findIndex(([key]) => key === k);
    if (at >= 0) out[at][1] = v;
    else out.push([k, v]);
  }
  return out.length === 0 ? name : `${name}:${out.map(([k, v]) => `${k}=${v}`).join(',')}`;
}

function setParams(spec: string, params: SpecParts['params']): string {
  return params.length === 0 ? spec : specWithParams(spec, params);
}

/** A mix's parts as one spec: a single part as itself. */
function partsSpec(parts: readonly MixShare[]): string {
  return parts.length === 1 ? parts[0].spec : mixName(parts);
}

/** The parameters a spec would set for `team` on this setup: its own, and tuned defaults beneath them. */
function tunedPairs(strategy: Strategy, setup: Pick<CompiledSetup, 'name' | 'source'>, team: Side): { base: Strategy; params: SpecParts['params'] } | null {
  const made = ownBase(strategy);
  if (made === null) return null;
  const tuned = setup.source === 'built-in' ? made.base.tunedValues?.(setup.name, team) : null;
  if (tuned == null) return null;
  const given = new Set(made.params.map(([k]) => k));
  const extra = Object.entries(tuned).filter(([k]) => !given.has(k)).map(([k, v]) => [k, String(v)] as const);
  return extra.length === 0 ? null : { base: made.base, params: [...extra, ...made.params] };
}

const ON_SETUP = new WeakMap<Strategy, Map<string, Strategy>>();

/**
 * The strategy as it plays `team`'s seats on this setup: on a built-in setup with tuned defaults for
 * it (Strategy.tunedValues: smart's strategies/smart/tuned.json), those values for every parameter its
 * spec did not set; a setup file never has any. Made once per strategy, table and team.
 */
export function onSetup(strategy: Strategy, setup: SetupLike, team: Side): Strategy {
  // Keyed by everything that picks the default (name, source, rules, size, mafia seats): two tables of
  // one name but different decks (a `weights` family's) play different defaults.
  const t = tableKey(setup);
  const key = `${t.source}\u0000${t.name}\u0000${t.rules}\u0000${t.players}\u0000${t.mafia ?? ''}\u0000${team}`;
  let byKey = ON_SETUP.get(strategy);
  const known = byKey?.get(key);
  if (known !== undefined) return known;
  // A mix's parts play as written: they are complete specs (an equilibrium's profiles).
  const parts = MIXES.has(strategy) ? null : defaultParts(strategy, setup, team);
  let variant: Strategy;
  if (parts !== null) variant = strategyFromSpec(partsSpec(parts));
  else {
    const t = MIXES.has(strategy) ? null : tunedPairs(strategy, setup, team);
    variant = t === null ? strategy : withParams(t.base, t.params, `${t.base.name}:${t.params.map(([k, v]) => `${k}=${v}`).join(',')}`);
  }
  if (byKey === undefined) ON_SETUP.set(strategy, (byKey = new Map()));
  byKey.set(key, variant);
  return variant;
}

/**
 * A side's spec with the setup's tuned defaults written out (`smart` on ukrainian → `smart:k=v,…`): a
 * spec that says everything it plays, for `exploit` and `tune` to vary and report.
 */
export function resolvedSpec(spec: string, setup: SetupLike, team: Side, mixes = true): string {
  const { name, params } = splitSpec(spec);
  const strategy = strategyNamed(name, spec, strategyFlag);
  const own = withParams(strategy, params, spec);
  // (mixes=false: the tuned point beneath the default mix, where an equilibrium's search starts)
  const parts = mixes ? defaultParts(own, setup, team) : null;
  if (parts !== null) return partsSpec(parts);
  const t = tunedPairs(own, setup, team);
  if (t === null) return spec.trim();
  return `${name}:${t.params.map(([k, v]) => `${k}=${v}`).join(',')}`;
}

export interface StrategyAssignment {
  readonly everyone: Strategy;
  readonly byTeam: ReadonlyMap<string, Strategy>;
  readonly byRole: ReadonlyMap<string, Strategy>;
  /** The specs as given, for the report and the replay command. */
  readonly specs: readonly string[];
}

/** The strategy a spec's name and parameters give: an isolated plug-in takes its parameters in its own process (it declares them there). */
function namedWithParams(name: string, params: SpecParts['params'], spec: string, label: SpecLabel): Strategy {
  if (isIsolatedPlugin(name)) {
    const problem = pluginFileProblem(pluginKey(name), name);
    if (problem !== null) throw new UserError(`${label(spec)}: ${problem}`);
    return isolatedStrategy(pluginKey(name), name, params.map(([k, v]) => `${k}=${v}`).join(','));
  }
  return withParams(strategyNamed(name, spec, label), params, spec, label);
}

/** The mixes made so far, with their parts' strategies (onSetup rebuilds a mix from them). */
const MIXES = new WeakMap<Strategy, { readonly parts: ReturnType<typeof parseMix>; readonly components: readonly Strategy[] }>();

/** A mix is audited code when every part is. */
function audited(mix: Strategy, components: readonly Strategy[]): Strategy {
  return components.every(isAuditedStrategy) ? markAudited(mix) : mix;
}

function mixNamed(name: string, spec: string, label: SpecLabel): Strategy {
  const parts = parseMix(name, label(spec));
  const components = parts.map((p) => strategyFromSpec(p.spec, () => `${label(spec)}: mix part ${p.spec}`));
  const mix = audited(mixedStrategy(name, parts, components), components);
  MIXES.set(mix, { parts, components });
  return mix;
}

function strategyNamed(name: string, spec: string, label: SpecLabel): Strategy {
  if (isMixName(name)) return mixNamed(name, spec, label);
  if (isExecName(name)) {
    const command = name.slice('exec:'.length);
    const problem = commandProblem(command);
    if (problem !== null) throw new UserError(`${label(spec)}: ${problem}`);
    return execStrategy(command);
  }
  if (isPluginPath(name)) {
    const p = loadedPlugin(name);
    if (p) return p;
    // Plug-ins are imported asynchronously by loadStrategies (src/strategy/load.ts) before any job is built.
    throw new UserError(`${label(spec)}: plug-in ${name} was not loaded (load it with loadStrategies first)`);
  }
  const builtIn = builtInStrategies();
  const s = builtIn.get(name);
  if (s) return s;
  throw new UserError(`${label(spec)}: unknown strategy "${name}"${closest(name, [...builtIn.keys()])}; known: ${[...builtIn.keys()].join(', ')}, or a plug-in file path`);
}

/** The strategy a spec names, with its parameters applied (no team or role part). */
export function strategyFromSpec(spec: string, label: SpecLabel = strategyFlag): Strategy {
  const { name, params } = splitSpec(spec, label);
  return namedWithParams(name, params, spec, label);
}

/** Parses `--strategy` specs. Plug-in paths must have been loaded (loadStrategies) beforehand. */
export function parseStrategies(specs: readonly string[], label: SpecLabel = strategyFlag): StrategyAssignment {
  // (the default is looked up only if no spec names everyone's: a plug-in's own process needs no built-in bot)
  let everyone: Strategy | null = null;
  const byTeam = new Map<string, Strategy>();
  const byRole = new Map<string, Strategy>();
  for (const spec of specs) {
    const { who, name, params } = splitSpec(spec, label);
    const strategy = namedWithParams(name, params, spec, label);
    if (who === null) everyone = strategy;
    else if (who === 'town' || who === 'mafia') byTeam.set(who, strategy);
    else if (ROLES.has(who)) byRole.set(who, strategy);
    else {
      const known = ['town', 'mafia', ...ROLES.keys()];
      throw new UserError(`${label(spec)}: "${who}" is neither a team (town, mafia) nor a role${closest(who, known)}`);
    }
  }
  return { everyone: everyone ?? builtInStrategies().get(DEFAULT_STRATEGY)!, byTeam, byRole, specs };
}

export function strategyFor(a: StrategyAssignment, role: RoleDef): Strategy {
  return a.byRole.get(role.id) ?? a.byTeam.get(sideOf(role.team)) ?? a.everyone;
}

/**
 * The spec that plays a role, as a label without its `WHO=` part (`smart:fakeClaim=1`): the last spec
 * naming the role, else its side (a neutral role: the town), else everyone's, else the default (smart) — the order strategyFor follows.
 */
export function strategyLabelFor(a: StrategyAssignment, role: RoleDef): string {
  let byRole: string | null = null;
  let byTeam: string | null = null;
  let everyone: string | null = null;
  for (const spec of a.specs) {
    const { who } = splitSpec(spec);
    const rest = who === null ? spec.trim() : spec.slice(spec.indexOf('=') + 1).trim();
    if (who === null) everyone = rest;
    else if (who === role.id) byRole = rest;
    else if (who === sideOf(role.team)) byTeam = rest; // a neutral seat plays the town's side
  }
  return byRole ?? byTeam ?? everyone ?? DEFAULT_STRATEGY;
}
