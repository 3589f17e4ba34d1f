// The arms of the designer's workbench (sweep, compare, balance, role-values): each arm is a job as the
// command line would say it — a setup, option overrides and strategy specs — and every arm of a command
// plays the same game seeds. A *setting* changes an arm; one grammar serves `--vary KEY=VALUES`,
// `--left/--right/--side N:KEY=VALUE` and `balance --knob KEY`:
//
//   KEY = a rule option or setup parameter   tie=random, players=15, mafiaShare=0.35
//       | roles.ID                           roles.citizen=3 (a role's count)
//       | WHO.NAME.PARAM                     town.smart.revealDay=2 (a strategy parameter; WHO = a team,
//                                            a role, or `all`)
//       | strategy                           strategy=town=smart (one more --strategy spec)
import { UserError } from '../errors.js';
import { jobFromSpec, type Job, type JobSpec } from '../runner/job.js';
import { ROLES } from '../rules/catalogue.js';
import { loadStrategies } from '../strategy/load.js';
import { splitSpec } from '../strategy/registry.js';

/** An arm as the command line would give it to `run`. */
export interface ArmSpec {
  /** How the arm is named in tables: its settings (or its setup, when arms differ in setup). */
  readonly label: string;
  readonly setupArg: string;
  readonly overrides: readonly string[];
  readonly strategies: readonly string[];
}

/** A setting taken apart. */
export type Setting =
  | { readonly kind: 'option'; readonly key: string; readonly value: string }
  | { readonly kind: 'strategyParam'; readonly who: string | null; readonly name: string; readonly param: string; readonly value: string }
  | { readonly kind: 'strategy'; readonly value: string };

const TEAMS = ['town', 'mafia'];

/** Whether KEY names a strategy parameter (WHO.NAME.PARAM) rather than an option. */
function strategyKey(key: string): { who: string | null; name: string; param: string } | null {
  const parts = key.split('.');
  if (parts.length !== 3) return null;
  const [who, name, param] = parts.map((p) => p.trim());
  if (who !== 'all' && !TEAMS.includes(who) && !ROLES.has(who)) return null;
  return { who: who === 'all' ? null : who, name, param };
}

export function setting(key: string, value: string): Setting {
  const k = key.trim();
  if (k === 'strategy') return { kind: 'strategy', value };
  const s = strategyKey(k);
  if (s) return { kind: 'strategyParam', ...s, value };
  return { kind: 'option', key: k, value };
}

/** `KEY=VALUE`, split at the first `=`; `flag` names the option in the error. */
export function parseSetting(raw: string, flag: string): Setting {
  const eq = raw.indexOf('=');
  if (eq <= 0) throw new UserError(`${flag} ${raw}: expected KEY=VALUE (an option, roles.ID, WHO.NAME.PARAM or strategy)`);
  return setting(raw.slice(0, eq), raw.slice(eq + 1).trim());
}

/** The setting as it reads in a label: `tie=random`, `town.smart.revealDay=2`. */
export function describeSetting(s: Setting): string {
  if (s.kind === 'option') return `${s.key}=${s.value}`;
  if (s.kind === 'strategy') return `strategy=${s.value}`;
  return `${s.who ?? 'all'}.${s.name}.${s.param}=${s.value}`;
}

/**
 * An arm with a setting applied. An option is one more `--option` (a later one wins); a strategy
 * parameter is added to the spec for the same player group and strategy if there is one
 * (`town=smart:fakeClaim=0.5` + `town.smart.revealDay=2` → `town=smart:fakeClaim=0.5,revealDay=2`),
 * else it is a new spec `town=smart:revealDay=2`.
 */
export function applySetting(arm: Omit<ArmSpec, 'label'>, s: Setting): Omit<ArmSpec, 'label'> {
  if (s.kind === 'option') return { ...arm, overrides: [...arm.overrides.filter((o) => optionKey(o) !== s.key), `${s.key}=${s.value}`] };
  if (s.kind === 'strategy') return { ...arm, strategies: [...arm.strategies, s.value] };
  const strategies = [...arm.strategies];
  const at = strategies.findIndex((spec) => {
    const parts = splitSpec(spec);
    return parts.who === s.who && parts.name === s.name;
  });
  if (at < 0) strategies.push(`${s.who === null ? '' : `${s.who}=`}${s.name}:${s.param}=${s.value}`);
  else {
    const parts = splitSpec(strategies[at]);
    const params = [...parts.params.filter(([k]) => k !== s.param), [s.param, s.value] as const];
    strategies[at] = `${parts.who === null ? '' : `${parts.who}=`}${parts.name}:${params.map(([k, v]) => `${k}=${v}`).join(',')}`;
  }
  return { ...arm, strategies };
}

function optionKey(override: string): string {
  return override.slice(0, Math.max(0, override.indexOf('='))).trim();
}

/** The arm's job spec for a run seed. */
export function armJobSpec(arm: ArmSpec, seed: string): JobSpec {
  return { setupArg: arm.setupArg, overrides: [...arm.overrides], strategies: [...arm.strategies], seed };
}

/**
 * Builds every arm's job in the main thread (the workers rebuild them from the same specs), so that a
 * bad value stops the command before any game with one line naming the flag it came from:
 * `--vary players=2..5: players=2: setup club-12: …`.
 */
export async function armJobs(arms: readonly ArmSpec[], seed: string, origin: (arm: ArmSpec, i: number) => string): Promise<Job[]> {
  const jobs: Job[] = [];
  for (const [i, arm] of arms.entries()) {
    try {
      await loadStrategies(arm.strategies);
      jobs.push(await jobFromSpec(armJobSpec(arm, seed)));
    } catch (e) {
      if (e instanceof UserError) throw new UserError(`${origin(arm, i)}: ${e.message}`);
      throw e;
    }
  }
  return jobs;
}

/** Whether an arm can be built at all (a knob value out of range, a second Boss…): its error, or null. */
export async function armProblem(arm: ArmSpec, seed: string): Promise<string | null> {
  try {
    await loadStrategies(arm.strategies);
    await jobFromSpec(armJobSpec(arm, seed));
    return null;
  } catch (e) {
    if (e instanceof UserError) return e.message;
    throw e;
  }
}

/** The `run` command that plays one arm alone on the same seeds (docs, and to check a point by hand). */
export function runCommandOf(arm: ArmSpec, seed: string, games: number): string {
  const q = (s: string) => (/^[\w./:=,@+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  const parts = ['mafia-sim', 'run', '--setup', q(arm.setupArg)];
  for (const o of arm.overrides) parts.push('--option', q(o));
  for (const s of arm.strategies) parts.push('--strategy', q(s));
  parts.push('--seed', seed, '--games', String(games));
  return parts.join(' ');
}
