// Role plug-ins: a setup file may name a role by the path of a module that exports it (`roles:
// { ./bodyguard.ts: 1 }`, the path relative to the setup file). Importing is asynchronous, so every
// entry point awaits loadRolePlugins(setup) once before it loads the setup; after that the synchronous
// setup loader finds the loaded roles by path (the same two steps as strategy plug-ins), and the file
// as this step parsed it (readDataFile). A role is
// checked field by field here and rebuilt with the catalogue's defaults (docs/extending.md).
import { dirname, resolve } from 'node:path';
import { PluginError, UserError } from '../errors.js';
import { INTENTS, SCRIPT_SETTINGS, SPEECH_KINDS, YES_NO_KINDS } from '../model/decisions.js';
import { isNeutralTeam, TARGET_RULES, WIN_CONDITIONS, type NightAbility, type NightEffects, type RoleDef, type RoleState, type Team, type Uses, type WinCondition } from '../model/roles.js';
import { WINNERS } from '../model/events.js';
import { findExport, importModule, isPluginPath } from '../plugins/importModule.js';
import { ability, role } from '../rules/catalogue.js';
import { textProblem } from '../text.js';
import { builtinSetup } from './builtin.js';
import { pluginEffects } from './pluginEffects.js';
import { readDataFile } from './dataFile.js';

const LOADED = new Map<string, RoleDef>();

/** A `roles` key that names a plug-in file rather than a role id. */
export const isRolePluginKey = isPluginPath;

/** Where a setup file's role plug-in key points. */
export function rolePluginPath(setupFile: string, key: string): string {
  return resolve(dirname(setupFile), key);
}

/** The loaded plug-in role a setup file names, or undefined if loadRolePlugins has not imported it. */
export function loadedRole(setupFile: string, key: string): RoleDef | undefined {
  return LOADED.get(rolePluginPath(setupFile, key));
}

/** Every role plug-in loaded in this process (a scenario's deal and script may name their ids and decisions). */
export function loadedRoles(): Iterable<RoleDef> {
  return LOADED.values();
}

/** Imports the role plug-ins of a scenario file's setup (its `setup:` is relative to the scenario file). */
export async function loadScenarioRolePlugins(scenarioFile: string): Promise<void> {
  let data: unknown;
  try {
    data = readDataFile(scenarioFile, 'scenario');
  } catch {
    return; // readScenario reports it
  }
  const setup = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).setup : undefined;
  if (typeof setup === 'string' && !builtinSetup(setup)) await loadRolePlugins(resolve(dirname(scenarioFile), setup));
}

/**
 * Imports the role plug-ins a setup file names (once per path per process). A built-in setup, or a
 * file that cannot be read or names none, is left to the setup loader and its errors.
 */
export async function loadRolePlugins(setupArg: string): Promise<void> {
  if (builtinSetup(setupArg)) return;
  let data: unknown;
  try {
    data = readDataFile(setupArg, 'setup');
  } catch {
    return; // the setup loader reports it, with the same message
  }
  const roles = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).roles : undefined;
  if (typeof roles !== 'object' || roles === null) return;
  for (const key of Object.keys(roles)) {
    if (!isRolePluginKey(key)) continue;
    await loadRolePlugin(rolePluginPath(setupArg, key), key, `${setupArg}: roles.${key}`);
  }
}

/**
 * Imports one role plug-in by its absolute path (once per process) and returns it; errors name `field`
 * (`FILE: roles.KEY`, or the flag that gave it: `fuzz --role FILE`).
 */
export async function loadRolePlugin(file: string, key: string, field: string): Promise<RoleDef> {
  const loaded = LOADED.get(file);
  if (loaded) return loaded;
  const mod = await importModule(file, key);
  if ('problem' in mod) throw new UserError(`${field}: ${mod.problem}`);
  // A role is an object with an id or a team; a CommonJS module's wrapper (a .ts file outside an ES
  // module package) is an object too, with the role one `default` further in (findExport looks there).
  const isRole = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && ('id' in x || 'team' in x);
  const raw = findExport(mod.exports, ['default', 'role'], isRole);
  if (!raw) throw new UserError(`${field}: ${key} must export a role (default export or \`role\`): an object with id, name, team and description`);
  const role = checkedRole(raw, field, key);
  LOADED.set(file, role);
  return role;
}

const ID = /^[a-z][a-z0-9-]{0,39}$/;
/** A decision kind: camelCase, as the built-in kinds are (`maniacKill`, `killerShot`); `-` is allowed too. */
const DECISION_ID = /^[a-z][A-Za-z0-9-]{0,39}$/;

/**
 * The ability's decision kind: a word of letters and digits starting with a lower-case letter, in
 * camelCase like the built-in kinds (`vigilanteShot`, `guard`). It is a key in scenario scripts, next
 * to the speech kinds and settings, so it may not be one of those; nor a yes/no question's kind (its
 * answers are seats). A built-in seat kind (`check`, `heal`) may be reused: bots then answer it as theirs.
 */
function decisionId(v: unknown, fail: (problem: string) => never): string {
  const rule = 'a decision kind is one camelCase word, as the built-in ones are (maniacKill, killerShot): letters and digits (- allowed), starting with a lower-case letter, at most 40';
  if (typeof v !== 'string' || !DECISION_ID.test(v)) return fail(`${rule}; got ${JSON.stringify(v)}`);
  const taken: readonly string[] = [...SPEECH_KINDS, ...SCRIPT_SETTINGS, ...YES_NO_KINDS];
  if (taken.includes(v)) return fail(`"${v}" is a scenario script's speech kind, setting or yes/no question; name the decision otherwise`);
  return v;
}

const ROLE_FIELDS = ['id', 'name', 'team', 'win', 'description', 'color', 'knowsTeam', 'teamKill', 'night', 'nightImmune', 'luck', 'cancelsExecution', 'traits', 'secondNameOf', 'state', 'onChecked', 'voteWeight', 'onVotedOut', 'onDeath'];
/** Names a neutral team may not take: the outcomes a game ends in, the colours, and the word for all of them. */
const RESERVED_TEAMS = [...WINNERS.filter((w) => w !== 'town' && w !== 'mafia'), 'red', 'black', 'neutral'];

/**
 * `team` and `win`: a built-in team (town, mafia) and no win condition of its own (the rule set's win
 * check decides), or a neutral team (a lower-case id of its own) and its win condition (WIN_CONDITIONS).
 */
function checkedTeam(r: Record<string, unknown>, fail: (name: string, problem: string) => never): { team: Team; win: WinCondition | null } {
  const neutral = 'or a neutral team of its own: another lower-case id (letters, digits, -), with a `win` condition';
  const team = r.team;
  if (team === undefined) return fail('team', `missing: "town", "mafia", ${neutral}`);
  if (typeof team !== 'string' || !ID.test(team) || RESERVED_TEAMS.includes(team)) return fail('team', `must be one of "town", "mafia", got ${JSON.stringify(team)} (${neutral}; not an outcome or a colour)`);
  const wins = WIN_CONDITIONS.map((w) => JSON.stringify(w)).join(', ');
  if (!isNeutralTeam(team)) {
    if (r.win !== undefined) return fail('win', `a ${team} role wins with its team by the rule set's win check; only a neutral team has a win condition of its own (got ${JSON.stringify(r.win)})`);
    return { team, win: null };
  }
  if (r.win === undefined) return fail('win', `missing: the neutral team "${team}" needs a win condition: one of ${wins}`);
  if (!(WIN_CONDITIONS as readonly unknown[]).includes(r.win)) return fail('win', `must be one of ${wins}, got ${JSON.stringify(r.win)}`);
  if (r.teamKill !== undefined && r.teamKill !== null) return fail('teamKill', `only the mafia's roles take part in its night kill; the neutral team "${team}" has none (got ${JSON.stringify(r.teamKill)})`);
  if (r.knowsTeam === true) return fail('knowsTeam', `a neutral team does not meet at night 0 (groups that know each other are not supported yet); leave it out`);
  return { team, win: r.win as WinCondition };
}
const ABILITY_FIELDS = ['step', 'after', 'decision', 'intent', 'targets', 'shot', 'limited', 'note', 'uses', 'act'];
/** The most picks a night an ability may declare (each is a question to its bot). */
const MAX_PER_NIGHT = 10;

/**
 * `uses`: `unlimited` (or absent), or `{ perGame?, perNight? }` of whole numbers; null when it sets no
 * limit beyond one pick a night (the built-in roles' way, which the night runs without counting).
 */
function checkedUses(v: unknown, fail: (problem: string) => never): Uses | null {
  const form = `"unlimited" or { perGame: N, perNight: M } (either may be left out: no limit a game, one pick a night)`;
  if (v === undefined || v === 'unlimited') return null;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(`must be ${form}, got ${JSON.stringify(v)}`);
  const u = v as Record<string, unknown>;
  for (const k of Object.keys(u)) if (k !== 'perGame' && k !== 'perNight') fail(`unknown field ${k}; uses are ${form}`);
  const whole = (name: string, max: number): number | undefined => {
    const x = u[name];
    if (x === undefined) return undefined;
    return typeof x === 'number' && Number.isInteger(x) && x >= 1 && x <= max ? x : fail(`${name} must be a whole number from 1 to ${max}, got ${JSON.stringify(x)}`);
  };
  const perGame = whole('perGame', 1000) ?? null;
  const perNight = whole('perNight', MAX_PER_NIGHT) ?? 1;
  return perGame === null && perNight === 1 ? null : Object.freeze({ perGame, perNight });
}

/** The plug-in's role, every field checked (one error line naming it) and the rest defaulted. */
function checkedRole(r: Record<string, unknown>, field: string, key: string): RoleDef {
  const fail = (name: string, problem: string): never => {
    throw new UserError(`${field}: ${name}: ${problem}`);
  };
  const text = (name: string, optional = false): string | undefined => {
    const v = r[name];
    if (v === undefined && optional) return undefined;
    const problem = textProblem(v);
    return problem ? fail(name, problem) : (v as string);
  };
  const oneOf = <T extends string | null>(name: string, v: unknown, values: readonly T[]): T | undefined => {
    if (v === undefined) return undefined;
    return values.includes(v as T) ? (v as T) : fail(name, `must be one of ${values.map((x) => JSON.stringify(x)).join(', ')}, got ${JSON.stringify(v)}`);
  };
  const flag = (name: string, v: unknown): boolean | undefined => (v === undefined || typeof v === 'boolean' ? v : fail(name, `must be true or false, got ${JSON.stringify(v)}`));

  for (const k of Object.keys(r)) if (!ROLE_FIELDS.includes(k)) fail(k, `unknown field; a role has: ${ROLE_FIELDS.join(', ')}`);
  const id = typeof r.id === 'string' && ID.test(r.id) ? r.id : fail('id', `must be a lower-case id (letters, digits, -), got ${JSON.stringify(r.id)}`);
  const { team, win } = checkedTeam(r, fail);
  let traits: Partial<RoleDef['traits']> | undefined;
  if (r.traits !== undefined) {
    if (typeof r.traits !== 'object' || r.traits === null) fail('traits', 'must be a mapping of investigator, protector, killer to true or false');
    const t = r.traits as Record<string, unknown>;
    for (const k of Object.keys(t)) if (!['investigator', 'protector', 'killer'].includes(k)) fail(`traits.${k}`, 'unknown trait (investigator, protector, killer)');
    traits = { investigator: flag('traits.investigator', t.investigator) ?? false, protector: flag('traits.protector', t.protector) ?? false, killer: flag('traits.killer', t.killer) ?? false };
  }
  const night = r.night === undefined || r.night === null ? null : checkedAbility(r.night, (name, problem) => fail(`night.${name}`, problem), key);
  return role({
    id,
    name: text('name')!,
    team,
    win,
    description: text('description')!,
    color: oneOf('color', r.color, ['black', 'red'] as const),
    knowsTeam: flag('knowsTeam', r.knowsTeam),
    teamKill: oneOf('teamKill', r.teamKill, ['decides', 'joins', 'lastResort', null] as const),
    nightImmune: flag('nightImmune', r.nightImmune),
    luck: flag('luck', r.luck),
    cancelsExecution: flag('cancelsExecution', r.cancelsExecution),
    traits: traits as RoleDef['traits'] | undefined,
    night,
    state: r.state === undefined ? undefined : checkedState(r.state, (problem) => fail('state', problem)),
    onChecked: r.onChecked === undefined ? undefined : checkedOnChecked(r.onChecked, key, (problem) => fail('onChecked', problem)),
    voteWeight: r.voteWeight === undefined ? undefined : checkedVoteWeight(r.voteWeight, key, (problem) => fail('voteWeight', problem)),
    onVotedOut: r.onVotedOut === undefined ? undefined : checkedOnVotedOut(r.onVotedOut, key, (problem) => fail('onVotedOut', problem)),
    onDeath: r.onDeath === undefined ? undefined : guardedHook<RoleDef['onDeath'] & object>(r.onDeath, key, 'onDeath', (problem) => fail('onDeath', problem)),
  });
}

/**
 * A hook's wrong answer, for its error line. A Promise (an async hook) is named as one, and its
 * rejection handled: one nobody handles would end the thread, not just the game.
 */
function answered(v: unknown): string {
  if (isThenable(v)) {
    Promise.resolve(v).catch(() => {});
    return 'a Promise (hooks are synchronous: no async, no await)';
  }
  return JSON.stringify(v) ?? String(v);
}

function isThenable(v: unknown): boolean {
  return typeof (v as { then?: unknown } | null)?.then === 'function';
}

/** The most votes one ballot may count for (a weight is a whole number of votes). */
const MAX_VOTE_WEIGHT = 10;

function isWeight(w: unknown): w is number {
  return typeof w === 'number' && Number.isInteger(w) && w >= 0 && w <= MAX_VOTE_WEIGHT;
}

/**
 * A plug-in hook, guarded: a throw fails the game, naming the plug-in and the hook (a PluginError,
 * reported with the replay command), not the run.
 */
function guardedHook<F extends (...args: never[]) => unknown>(raw: unknown, key: string, name: string, fail: (problem: string) => never, form = 'a function'): F {
  if (typeof raw !== 'function') return fail(`must be ${form}, got ${JSON.stringify(raw) ?? typeof raw}`);
  const hook = raw as F;
  return ((...args: Parameters<F>) => {
    let result: unknown;
    try {
      result = hook(...args);
    } catch (e) {
      if (e instanceof PluginError) throw e;
      throw new PluginError(`role plug-in ${key} threw in ${name}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
    if (isThenable(result)) throw new PluginError(`role plug-in ${key}: ${name} returned ${answered(result)}`);
    return result as ReturnType<F>;
  }) as F;
}

/** `voteWeight`: a whole number of votes from 0 to 10, or a hook that answers one (another answer fails the game, named). */
function checkedVoteWeight(raw: unknown, key: string, fail: (problem: string) => never): RoleDef['voteWeight'] {
  if (typeof raw === 'number') return isWeight(raw) ? raw : fail(`must be a whole number of votes from 0 to ${MAX_VOTE_WEIGHT}, or a function (vote, state) that returns one; got ${raw}`);
  type Hook = Exclude<RoleDef['voteWeight'], number>;
  const hook = guardedHook<Hook>(raw, key, 'voteWeight', fail, `a whole number of votes from 0 to ${MAX_VOTE_WEIGHT}, or a function (vote, state) that returns one`);
  return (vote, state) => {
    const w = hook(vote, state);
    if (!isWeight(w)) throw new PluginError(`role plug-in ${key}: voteWeight returned ${answered(w)}, not a whole number from 0 to ${MAX_VOTE_WEIGHT}`);
    return w;
  };
}

/** `onVotedOut`: a hook that answers 'survives' (the seat stays) or nothing; another answer fails the game, named. */
function checkedOnVotedOut(raw: unknown, key: string, fail: (problem: string) => never): NonNullable<RoleDef['onVotedOut']> {
  const hook = guardedHook<NonNullable<RoleDef['onVotedOut']>>(raw, key, 'onVotedOut', fail, 'a function (out, state) that returns "survives" or nothing');
  return (out, state) => {
    const answer: unknown = hook(out, state);
    if (answer !== undefined && answer !== 'survives') throw new PluginError(`role plug-in ${key}: onVotedOut returned ${answered(answer)}, not "survives" or nothing`);
    return answer;
  };
}

/** The trigger on being checked, guarded: it must answer a colour; a throw or another answer fails the game, naming the plug-in. */
function checkedOnChecked(raw: unknown, key: string, fail: (problem: string) => never): NonNullable<RoleDef['onChecked']> {
  const hook = guardedHook<NonNullable<RoleDef['onChecked']>>(raw, key, 'onChecked', fail, 'a function (check, state) that returns the colour the investigator sees, "red" or "black"');
  return (check, state) => {
    const seen: unknown = hook(check, state);
    if (seen !== 'red' && seen !== 'black') throw new PluginError(`role plug-in ${key}: onChecked returned ${answered(seen)}, not "red" or "black"`);
    return seen;
  };
}

/**
 * The role's initial state, as the engine will copy it for each seat of each game: a mapping of plain
 * data (structuredClone copies it), taken and frozen now, so that the plug-in's own object is not read
 * again (what it later does to that object changes no game).
 */
function checkedState(raw: unknown, fail: (problem: string) => never): RoleState {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail(`must be a mapping of plain data (the initial per-game state), got ${JSON.stringify(raw)}`);
  let copy: RoleState;
  try {
    copy = structuredClone(raw as RoleState);
  } catch (e) {
    return fail(`must be plain data (numbers, strings, booleans, arrays, mappings; no functions): ${e instanceof Error ? e.message : String(e)}`);
  }
  return deepFreeze(copy);
}

function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of x instanceof Map ? x.values() : x instanceof Set ? x.values() : Object.values(x)) deepFreeze(v);
  }
  return x;
}

function checkedAbility(raw: unknown, fail: (name: string, problem: string) => never, key: string): NightAbility {
  if (typeof raw !== 'object' || raw === null) return fail('(night)', 'must be a mapping: step, decision, intent, act');
  const a = raw as Record<string, unknown>;
  for (const k of Object.keys(a)) if (!ABILITY_FIELDS.includes(k)) fail(k, `unknown field; a night ability has: ${ABILITY_FIELDS.join(', ')}`);
  const id = (name: string, optional: boolean): string | null => {
    const v = a[name];
    if ((v === undefined || v === null) && optional) return null;
    return typeof v === 'string' && ID.test(v) ? v : fail(name, `must be a lower-case id (letters, digits, -), got ${JSON.stringify(v)}`);
  };
  const pick = <T extends string>(name: string, values: readonly T[], fallback?: T): T => {
    const v = a[name];
    if (v === undefined && fallback !== undefined) return fallback;
    return values.includes(v as T) ? (v as T) : fail(name, `must be one of ${values.join(', ')}, got ${JSON.stringify(v)}`);
  };
  const flag = (name: string): boolean => (a[name] === undefined ? false : typeof a[name] === 'boolean' ? (a[name] as boolean) : fail(name, `must be true or false, got ${JSON.stringify(a[name])}`));
  const step = id('step', false)!;
  const uses = checkedUses(a.uses, (problem) => fail('uses', problem));
  if (uses !== null && uses.perNight > 1 && a.limited === true) fail('uses', 'perNight above 1 and `limited` do not go together: the consecutive rule counts one pick a night');
  if (step === 'mafia') fail('step', '"mafia" is the team kill\'s step; give the ability a step of its own');
  const act = typeof a.act === 'function' ? (a.act as NightAbility['act']) : fail('act', 'must be a function (night, actor, target) that records the effect');
  const guarded = (night: NightEffects, actor: number, target: number, state: RoleState): void => {
    try {
      const result: unknown = act(pluginEffects(night, key), actor, target, state);
      if (isThenable(result)) throw new PluginError(`role plug-in ${key}: act returned ${answered(result)}`);
    } catch (e) {
      if (e instanceof PluginError) throw e; // an effect refused at the boundary (pluginEffects.ts) says so itself
      throw new PluginError(`role plug-in ${key} threw in act: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
  };
  return ability(step, decisionId(a.decision, (problem) => fail('decision', problem)), pick('intent', INTENTS), guarded, {
    after: id('after', true),
    targets: pick('targets', TARGET_RULES, 'others'),
    shot: flag('shot'),
    limited: flag('limited'),
    note: flag('note'),
    uses,
  });
}
