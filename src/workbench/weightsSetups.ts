// The setups `mafia-sim weights` fits: a family's tables generated at random (sizes and role counts
// varied), or the setups the user lists. Setup i of seed S is drawn from its own stream (weights/S/i),
// so it does not depend on how many come before it; each plays from a run seed of its own (the fit
// wants independent counts, not common random numbers).
//
// A generated setup is the family's table at a size drawn from --players, then 0–3 edits, each one of:
//   plain:   a seat of a special role becomes its team's plain role (role-values' "as is")
//   special: a plain seat becomes a special role of its team
//   add:     one more seat of a role;   drop: one seat fewer
// A special role never has more seats than the family's tables give it at any size in the range, so the
// tables stay tables of the family (one Policeman, up to two Lucky); the plain roles have any count.
import { UserError } from '../errors.js';
import { ROLES } from '../rules/catalogue.js';
import { sideOf } from '../model/roles.js';
import { createRng, type Rng } from '../rng.js';
import { loadSetup } from '../setup/load.js';
import type { CompiledSetup } from '../setup/compile.js';
import { armSpecs, sidesFromSpecs } from '../exploit/variants.js';
import { armProblem, type ArmSpec } from './arms.js';
import { plainRoles } from './roleValues.js';

/** A family: the built-in setup its tables are dealt from, and its sizes. */
export interface Family {
  readonly name: string;
  readonly base: string;
  readonly players: readonly [number, number];
}

export const FAMILIES: readonly Family[] = [
  { name: 'club', base: 'club-12', players: [8, 20] },
  { name: 'ukrainian', base: 'ukrainian', players: [9, 16] },
  { name: 'vanilla', base: 'vanilla', players: [5, 13] },
];

export interface WeightsSetup {
  readonly index: number;
  /** How tables name it: `club-14 −judge +citizen`, or the listed setup as given. */
  readonly label: string;
  readonly spec: ArmSpec;
  /** Its run seed: game K plays from (seed, K). */
  readonly seed: string;
  readonly players: number;
  /** Its rule set. */
  readonly rules: string;
  /** Role id → seats. */
  readonly counts: Readonly<Record<string, number>>;
}

export interface GeneratePlan {
  readonly family: Family;
  readonly players: readonly [number, number];
  readonly count: number;
  readonly seed: string;
  readonly options: readonly string[];
  readonly strategies: readonly string[];
}

const countsOf = (s: CompiledSetup): Record<string, number> => Object.fromEntries(s.roleCounts);
const seatsOf = (counts: Readonly<Record<string, number>>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** The family's table at `players` seats (the user's options applied). */
function baseTable(plan: GeneratePlan, players: number): CompiledSetup {
  return loadSetup(plan.family.base, [...plan.options, `players=${players}`]);
}

/** The most seats each role has in the family's tables over the range: the cap of a special role. */
export function roleCaps(plan: GeneratePlan): Map<string, number> {
  const caps = new Map<string, number>();
  for (let n = plan.players[0]; n <= plan.players[1]; n++) {
    let table: CompiledSetup;
    try {
      table = baseTable(plan, n);
    } catch (e) {
      if (e instanceof UserError) continue;
      throw e;
    }
    for (const [id, k] of table.roleCounts) caps.set(id, Math.max(caps.get(id) ?? 0, k));
  }
  if (caps.size === 0) throw new UserError(`--players ${plan.players.join('..')}: no table of the ${plan.family.name} family has that many seats`);
  return caps;
}

/** One draw of setup i's roles: the table at a random size and 0–3 edits (see the file's opening). */
function drawCounts(rng: Rng, plan: GeneratePlan, caps: ReadonlyMap<string, number>, plain: Readonly<Record<'town' | 'mafia', string>>): { players: number; counts: Record<string, number> } | null {
  const players = plan.players[0] + rng.int(plan.players[1] - plan.players[0] + 1);
  let counts: Record<string, number>;
  try {
    counts = countsOf(baseTable(plan, players));
  } catch (e) {
    if (e instanceof UserError) return null;
    throw e;
  }
  const isPlain = (id: string) => id === plain.town || id === plain.mafia;
  const team = (id: string) => sideOf(ROLES.get(id)?.team ?? 'town');
  const pool = [...new Set([...caps.keys(), plain.town, plain.mafia])].sort();
  const room = (id: string) => isPlain(id) || (counts[id] ?? 0) < (caps.get(id) ?? 0);
  const present = () => Object.keys(counts).filter((id) => counts[id] > 0).sort();
  const move = (id: string, by: number) => (counts[id] = (counts[id] ?? 0) + by);
  const edits = rng.int(4);
  for (let e = 0; e < edits; e++) {
    const kind = rng.pick(['plain', 'plain', 'special', 'add', 'drop'] as const);
    if (kind === 'plain') {
      const specials = present().filter((id) => !isPlain(id));
      if (specials.length === 0) continue;
      const id = rng.pick(specials);
      move(id, -1);
      move(plain[team(id)], 1);
    } else if (kind === 'special') {
      const plains = present().filter(isPlain);
      if (plains.length === 0) continue;
      const from = rng.pick(plains);
      const to = pool.filter((id) => !isPlain(id) && team(id) === team(from) && room(id));
      if (to.length === 0) continue;
      move(from, -1);
      move(rng.pick(to), 1);
    } else if (kind === 'add') {
      move(rng.pick(pool.filter(room)), 1);
    } else if (seatsOf(counts) > 4) move(rng.pick(present()), -1);
  }
  for (const id of Object.keys(counts)) if (counts[id] === 0) delete counts[id];
  return { players, counts };
}

/** `club-14 −judge +citizen`: the table's name and how its counts differ from the family's table at that size. */
function labelOf(name: string, counts: Readonly<Record<string, number>>, base: Readonly<Record<string, number>>): string {
  const ids = [...new Set([...Object.keys(base), ...Object.keys(counts)])].sort();
  const diff = ids.flatMap((id) => {
    const d = (counts[id] ?? 0) - (base[id] ?? 0);
    if (d === 0) return [];
    return [`${d > 0 ? '+' : '−'}${Math.abs(d) > 1 ? Math.abs(d) : ''}${id}`];
  });
  return [name, ...diff].join(' ');
}

/**
 * The sides every generated table plays: the --strategy specs as the base table plays them, written
 * out (nothing given: smart at the base's equilibrium mix or tuned point). Left to each table, the
 * default would change with its size (an equilibrium solved at 12 seats is carried only as far as
 * the posterior reads), and the weights would fit a mixture of plays instead of the roles.
 */
function basePlay(plan: GeneratePlan): string[] {
  return armSpecs(sidesFromSpecs(plan.strategies, loadSetup(plan.family.base, plan.options)));
}

/** Setup i of the plan: drawn again from its stream while the rules refuse the table. */
export async function generatedSetup(plan: GeneratePlan, index: number, caps: ReadonlyMap<string, number>): Promise<WeightsSetup> {
  const rng = createRng(`weights/${plan.seed}/${index}`);
  const seed = String(rng.int(1_000_000_000));
  const { plain } = plainRoles(loadSetup(plan.family.base, plan.options).rules);
  for (let tries = 0; tries < 200; tries++) {
    const drawn = drawCounts(rng, plan, caps, plain);
    if (drawn === null) continue;
    // Every table is the base setup with its role counts changed, and plays as the base table does.
    const base = countsOf(loadSetup(plan.family.base, plan.options));
    const changed = [...new Set([...Object.keys(base), ...Object.keys(drawn.counts)])].sort().filter((id) => (base[id] ?? 0) !== (drawn.counts[id] ?? 0));
    const overrides = [...plan.options, ...changed.map((id) => `roles.${id}=${drawn.counts[id] ?? 0}`)];
    const spec: ArmSpec = { label: '', setupArg: plan.family.base, overrides, strategies: basePlay(plan) };
    if ((await armProblem(spec, seed)) !== null) continue;
    const setup = loadSetup(spec.setupArg, spec.overrides);
    const counts = countsOf(setup);
    const label = labelOf(setup.name, counts, base);
    return { index, label, spec: { ...spec, label }, seed, players: seatsOf(counts), rules: setup.rules.id, counts };
  }
  throw new UserError(`weights: no table of the ${plan.family.name} family the rules accept in 200 draws for setup ${index + 1} (--players ${plan.players.join('..')}, --option ${plan.options.join(' ') || '(none)'})`);
}

export async function generatedSetups(plan: GeneratePlan): Promise<WeightsSetup[]> {
  const caps = roleCaps(plan);
  const out: WeightsSetup[] = [];
  for (let i = 0; i < plan.count; i++) out.push(await generatedSetup(plan, i, caps));
  return out;
}

/** The setups the user listed (`--setups a,b,c`), each with the --option overrides; a bad one stops here. */
export async function listedSetups(names: readonly string[], seed: string, options: readonly string[], strategies: readonly string[]): Promise<WeightsSetup[]> {
  const out: WeightsSetup[] = [];
  for (const [index, name] of names.entries()) {
    const runSeed = String(createRng(`weights/${seed}/${index}`).int(1_000_000_000));
    const spec: ArmSpec = { label: name, setupArg: name, overrides: [...options], strategies: [...strategies] };
    const why = await armProblem(spec, runSeed);
    if (why !== null) throw new UserError(`--setups ${name}: ${why}`);
    const setup = loadSetup(name, options);
    const counts = countsOf(setup);
    out.push({ index, label: name, spec, seed: runSeed, players: seatsOf(counts), rules: setup.rules.id, counts });
  }
  return out;
}
