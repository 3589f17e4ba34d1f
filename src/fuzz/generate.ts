// The random cases `mafia-sim fuzz` (and test/invariants) play: a rule set, a table (a role mix drawn
// from the rule set's whole catalogue, so mixed families, plus role plug-ins), random option values,
// club immunities and evenings (series), and a strategy assignment (random, smart with random
// parameters, the user's own specs). Case i of seed S is drawn from its own stream (S, i), so it does
// not depend on how many cases came before it, nor on the clock.
import { stringify } from 'yaml';
import { UserError } from '../errors.js';
import type { RoleDef } from '../model/roles.js';
import type { OptionSpec, OptionValue } from '../rules/options.js';
import { RULE_SETS } from '../rules/registry.js';
import type { RuleSet } from '../rules/ruleSet.js';
import { createRng, type Rng } from '../rng.js';
import type { Job } from '../runner/job.js';
import { compileSetup, optionSpecs, type CompiledSetup } from '../setup/compile.js';
import { builtInStrategies, parseStrategies } from '../strategy/registry.js';
import type { StrategyParam } from '../strategy/types.js';

/** One generated case: a setup (as the data of a setup file), its strategies, its seed, its games. */
export interface FuzzCase {
  readonly index: number;
  readonly rules: string;
  /** Role id (or a role plug-in's absolute path) → count. */
  readonly roles: Readonly<Record<string, number>>;
  /** Only the options that differ from the defaults' source (the file's `options`). */
  readonly options: Readonly<Record<string, OptionValue>>;
  /** C16: kind → a count of random seats or a list of seats (club only). */
  readonly immunities: Readonly<Record<string, number | readonly number[]>>;
  /** `--strategy` specs, in order. */
  readonly strategies: readonly string[];
  /** The job's run seed: game K plays from (seed, K). */
  readonly seed: string;
}

export interface GenerateContext {
  /** Role plug-ins that may join a table: absolute path → its loaded role. */
  readonly plugins: ReadonlyMap<string, RoleDef>;
  /** The user's `--strategy` specs (plug-ins loaded), mixed into the assignments. */
  readonly userStrategies: readonly string[];
}

/** A value the option accepts, drawn at random (kept small where a large one only slows the run). */
export function randomValue(o: OptionSpec, rng: Rng): OptionValue {
  switch (o.kind) {
    case 'bool':
      return rng.chance(0.5);
    case 'enum':
      return rng.pick(o.values!);
    case 'order':
      return rng.shuffle([...o.values!]);
    case 'int': {
      const lo = o.min ?? 0;
      const hi = Math.min(o.max ?? lo + 10, lo + 12);
      return lo + rng.int(hi - lo + 1);
    }
    case 'number': {
      const lo = o.min ?? 0;
      const hi = Math.min(o.max ?? lo + 1, lo + 0.4);
      return Math.round((lo + rng.next() * (hi - lo)) * 100) / 100;
    }
  }
}

/** A random value of a strategy parameter, near its default where the bounds are wide. */
function randomParam(p: StrategyParam, rng: Rng): string {
  const d = p.default;
  if (typeof d === 'boolean') return String(rng.chance(0.5));
  if (typeof d === 'string') return p.values ? rng.pick(p.values) : d;
  const lo = Math.max(p.min ?? d - 5, d - 5);
  const hi = Math.min(p.max ?? d + 5, d + 5);
  if (Number.isInteger(d) && Number.isInteger(lo) && Number.isInteger(hi) && hi - lo > 1) return String(lo + rng.int(hi - lo + 1));
  return String(Math.round((lo + rng.next() * (hi - lo)) * 100) / 100);
}

/** `smart` with a random subset of its parameters set at random. */
function smartSpec(rng: Rng): string {
  const params = (builtInStrategies().get('smart')!.params ?? []).filter(() => rng.chance(0.4));
  return params.length === 0 ? 'smart' : `smart:${params.map((p) => `${p.key}=${randomParam(p, rng)}`).join(',')}`;
}

function randomStrategies(rng: Rng, user: readonly string[]): string[] {
  const pick = () => rng.pick(['random', 'smart', smartSpec(rng)]);
  const specs: string[] = [];
  specs.push(pick());
  if (rng.chance(0.4)) specs.push(`town=${pick()}`);
  if (rng.chance(0.4)) specs.push(`mafia=${pick()}`);
  for (const s of user) if (rng.chance(0.7)) specs.push(s);
  return specs;
}

/** A case's draw: one attempt (the rule set may refuse the mix). */
function draw(rng: Rng, index: number, rules: RuleSet, ctx: GenerateContext): FuzzCase {
  const runSeed = String(rng.int(1_000_000_000));
  const roles: Record<string, number> = {};
  const seats = 4 + rng.int(13);
  const ids = [...rules.roles.keys()];
  for (let i = 0; i < seats; i++) {
    const role = rng.pick(ids);
    roles[role] = (roles[role] ?? 0) + 1;
  }
  for (const path of ctx.plugins.keys()) if (rng.chance(0.5)) roles[path] = 1 + rng.int(2);
  const options: Record<string, OptionValue> = {};
  for (const o of optionSpecs(rules)) {
    if (o.key === 'series') {
      if (rng.chance(0.15)) options.series = 2 + rng.int(2);
    } else if (rng.chance(0.3)) options[o.key] = randomValue(o, rng);
  }
  const immunities: Record<string, number | number[]> = {};
  const total = Object.values(roles).reduce((a, b) => a + b, 0);
  for (const kind of rules.immunities ?? []) {
    if (!rng.chance(0.25)) continue;
    if (rng.chance(0.5)) immunities[kind] = rng.int(3);
    else immunities[kind] = [...new Set([1 + rng.int(total), 1 + rng.int(total)])].sort((a, b) => a - b);
  }
  return { index, rules: rules.id, roles, options, immunities, strategies: randomStrategies(rng, ctx.userStrategies), seed: runSeed };
}

/** The data of the case's setup file. */
export function setupData(c: FuzzCase): Record<string, unknown> {
  const data: Record<string, unknown> = { name: `fuzz-${c.index}`, rules: c.rules, roles: { ...c.roles } };
  if (Object.keys(c.options).length > 0) data.options = { ...c.options };
  if (Object.keys(c.immunities).length > 0) data.immunities = { ...c.immunities };
  return data;
}

export function setupYaml(c: FuzzCase): string {
  return stringify(setupData(c));
}

/** Compiles the case's setup as its file would be (a refused mix: UserError). */
export function compileCase(c: FuzzCase, ctx: GenerateContext, source = `fuzz-${c.index}`): CompiledSetup {
  const rules = RULE_SETS.get(c.rules)!;
  const plugins = new Map<string, RoleDef>();
  for (const key of Object.keys(c.roles)) {
    const role = ctx.plugins.get(key);
    if (role) plugins.set(key, role);
  }
  return compileSetup({ name: `fuzz-${c.index}`, source, rules, roles: c.roles, plugins, options: c.options, scoring: {}, immunities: c.immunities, params: {} });
}

/** The case as a job; `setupArg` is the file the replay command names. */
export function caseJob(c: FuzzCase, ctx: GenerateContext, setupArg: string): Job {
  return { setupArg, overrides: [], setup: compileCase(c, ctx, setupArg), strategies: parseStrategies(c.strategies), seed: c.seed };
}

/**
 * Case `index` of run seed `seed`: drawn again (from the same stream) while the rule set refuses the
 * mix; `refused` counts the refused draws (the validation is exercised too).
 */
export function generateCase(seed: string, index: number, ctx: GenerateContext): { case: FuzzCase; refused: number } {
  const rng = createRng(`fuzz/${seed}/${index}`);
  // The rule set is drawn once: redrawing it with the mix would favour the rule sets that refuse least.
  const rules = rng.pick([...RULE_SETS.values()]);
  for (let refused = 0; refused < 1000; refused++) {
    const c = draw(rng, index, rules, ctx);
    try {
      compileCase(c, ctx);
      parseStrategies(c.strategies);
      return { case: c, refused };
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
    }
  }
  throw new Error(`fuzz case ${index}: no valid setup in 1000 draws`);
}
