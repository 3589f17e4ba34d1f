// What each side of a workbench arm actually plays, for the header: the --strategy spec as given, the
// spec as it plays on the arm's setup (a built-in setup's tuned defaults written out: registry
// resolvedSpec, the function the games themselves go through) and where its parameters come from —
// strategies/smart/tuned.json's entry for the setup, the strategy's own defaults, or a tune at this point.
import type { Side } from '../model/roles.js';
import type { CompiledSetup } from '../setup/compile.js';
import { DEFAULT_STRATEGY, defaultMixExploited, defaultMixSource, resolvedSpec, specValues, splitSpec, type SetupLike } from '../strategy/registry.js';
import type { Exploited } from '../strategy/types.js';
import { UserError } from '../errors.js';
import { loadSetup } from '../setup/load.js';

export interface PlayedSide {
  /** The spec the side's seats are given (the default, `smart`, when no --strategy names them). */
  readonly spec: string;
  /** What it plays on this setup, every tuned default written out. */
  readonly plays: string;
  /** The tuned.json entry whose values it plays (the setup's name), or null. */
  readonly tuned: string | null;
  /** It plays the setup's equilibrium mix (strategies/smart/equilibria.json, its own or carried over). */
  readonly mixed: boolean;
  /** Re-tuned at this point (--tune): `plays` is the tune's result, started from `spec`. */
  readonly retuned: boolean;
  /** Where its parameters come from, in words ('' for a strategy without parameters). */
  readonly source: string;
  /** The other side's best one-change gain against this play, where it was measured: its equilibrium's table as it ships. */
  readonly exploitedBy: Exploited | null;
}

export interface PlayedSides {
  readonly town: PlayedSide;
  readonly mafia: PlayedSide;
  /** ROLE= specs, played as given. */
  readonly roles: readonly string[];
}

const TEAMS: readonly Side[] = ['town', 'mafia'];

/** The spec a team's seats get from --strategy specs as `run` reads them: TEAM= over a bare NAME over the default. */
function teamSpec(strategies: readonly string[], team: Side): string {
  let everyone = DEFAULT_STRATEGY;
  let own: string | null = null;
  for (const s of strategies) {
    const { who } = splitSpec(s);
    const rest = who === null ? s.trim() : s.slice(s.indexOf('=') + 1).trim();
    if (who === null) everyone = rest;
    else if (who === team) own = rest;
  }
  return own ?? everyone;
}

/** The sides an arm's specs play on its setup (plug-ins loaded first: the arm's job is built). */
export function playedSides(strategies: readonly string[], setup: SetupLike): PlayedSides {
  let asIs: boolean | undefined;
  const shipped = () => (asIs ??= asShipped(setup));
  const side = (team: Side): PlayedSide => {
    const spec = teamSpec(strategies, team);
    const plays = resolvedSpec(spec, setup, team);
    const mix = plays === spec ? null : defaultMixSource(spec, setup, team);
    const tuned = plays === spec || mix !== null ? null : setup.name;
    const exploitedBy = mix === null || !shipped() ? null : defaultMixExploited(spec, setup, team);
    return { spec, plays, tuned, mixed: mix !== null, retuned: false, source: mix ?? sourceOf(spec, tuned, setup), exploitedBy };
  };
  if (strategies.length === 0) {
    const byDefault = (s: PlayedSide): PlayedSide => ({ ...s, source: s.source === '' ? 'the default' : `the default; ${s.source}` });
    return { town: byDefault(side('town')), mafia: byDefault(side('mafia')), roles: [] };
  }
  const roles = strategies.filter((s) => {
    const { who } = splitSpec(s);
    return who !== null && !TEAMS.includes(who as Side);
  });
  return { town: side('town'), mafia: side('mafia'), roles };
}

/**
 * Whether a table is a built-in setup exactly as it ships — no --option, no roles.ID=N (role-values'
 * arms): the table `exploit` measured an equilibrium's mix at (`npm run exploitability` passes none).
 * The mix itself plays on at a changed table, but what exploit found there says nothing of it.
 */
function asShipped(setup: SetupLike): boolean {
  if (setup.source !== 'built-in') return false;
  const table = tableOf(setup);
  if (table === null) return false;
  let shipped: CompiledSetup;
  try {
    shipped = loadSetup(setup.name, []);
  } catch (e) {
    if (e instanceof UserError) return false;
    throw e;
  }
  return JSON.stringify(table) === JSON.stringify(tableOf(shipped));
}

/** What makes a table the table it is: its roles, options, parameters and scoring (from a compiled setup or a report's summary). */
function tableOf(setup: SetupLike): unknown[] | null {
  const s = setup as Partial<CompiledSetup> & { readonly roles?: unknown; readonly options?: unknown; readonly params?: unknown; readonly scoring?: unknown };
  const roles = s.roleCounts !== undefined ? Object.fromEntries(s.roleCounts) : s.roles;
  if (roles === undefined || s.options === undefined || s.params === undefined || s.scoring === undefined) return null;
  return [roles, s.options, s.params, s.scoring];
}

/** Where a side's parameters come from, in words (worked out when the strategy is loaded: plug-ins too). */
function sourceOf(spec: string, tuned: string | null, setup: Pick<CompiledSetup, 'name' | 'source'>): string {
  if (tuned !== null) return `tuned defaults: strategies/smart/tuned.json "${tuned}"`;
  const { name, params } = splitSpec(spec);
  if ((specValues(spec).strategy.params ?? []).length === 0) return '';
  const own = `${name}'s own defaults${params.some(([k]) => k !== 'tuned') ? ' for the rest' : ''}`;
  if (params.some(([k, v]) => k === 'tuned' && ['false', 'no', '0'].includes(v))) return `${own}: tuned=false`;
  return setup.source === 'built-in' ? `${own}: no tuned.json entry for the setup` : `${own}: a setup file has no tuned parameters`;
}

/** The sides after a tune at the point, from the sides it started from. */
export function retunedSides(start: PlayedSides, result: { readonly town: string; readonly mafia: string }): PlayedSides {
  const retuned = (s: PlayedSide, plays: string): PlayedSide => ({ ...s, plays, retuned: true, source: `re-tuned at this point from ${s.spec}`, exploitedBy: null });
  return { ...start, town: retuned(start.town, result.town), mafia: retuned(start.mafia, result.mafia) };
}

/** One side in words: `smart:revealDay=1 (tuned defaults: strategies/smart/tuned.json "ukrainian")`. */
export function describeSide(s: PlayedSide): string {
  return s.source === '' ? s.plays : `${s.plays} (${s.source})`;
}

/** Both sides in words (once, when they play the same), then the ROLE= specs. */
export function describeSides(s: PlayedSides): string {
  return joinSides(describeSide(s.town), describeSide(s.mafia), s.roles);
}

function joinSides(town: string, mafia: string, roles: readonly string[]): string {
  return [...(town === mafia ? [`${town} for both sides`] : [`town ${town}`, `mafia ${mafia}`]), ...roles].join('; ');
}

/**
 * The header's line for a command's arms: one description when every arm plays the same; when the
 * arms differ only in the specs (a swept strategy parameter), the parameters' source once; else each
 * description with the arms that play it. Under --tune, that every point was re-tuned.
 */
export function sidesLine(arms: ReadonlyArray<{ readonly label: string; readonly sides?: PlayedSides }>): string {
  const known = arms.filter((a) => a.sides !== undefined).map((a) => ({ label: a.label, sides: a.sides! }));
  if (known.length === 0) return '';
  if (known.every((a) => a.sides.town.retuned)) {
    const from = [...new Set(known.map((a) => `town ${a.sides.town.spec}, mafia ${a.sides.mafia.spec}`))].join(' | ');
    return `re-tuned at each point (mafia-sim tune from ${from}; the parameters and certificate per point below)`;
  }
  const groups = new Map<string, string[]>();
  for (const a of known) {
    const d = describeSides(a.sides);
    if (!groups.has(d)) groups.set(d, []);
    groups.get(d)!.push(a.label);
  }
  if (groups.size === 1) return [...groups.keys()][0];
  const one = <T>(xs: readonly T[]) => new Set(xs).size === 1;
  const side = (team: Side) => {
    const all = known.map((a) => a.sides[team]);
    if (!one(all.map((x) => x.source))) return null;
    const plays = one(all.map((x) => x.plays)) ? all[0].plays : `${splitSpec(all[0].plays).name} as set at each point`;
    return all[0].source === '' ? plays : `${plays} (${all[0].source})`;
  };
  const [town, mafia] = [side('town'), side('mafia')];
  if (town !== null && mafia !== null && one(known.map((a) => a.sides.roles.join(' ')))) return joinSides(town, mafia, known[0].sides.roles);
  return [...groups].map(([d, labels]) => `${d} [at ${labels.join(', ')}]`).join(' | ');
}

/** Where an arm's parameters came from, in a word for a CSV cell: `re-tuned`, `tuned.json:NAME` or `own defaults`. */
export function sideSource(s: PlayedSides): string {
  if (s.town.retuned) return 're-tuned';
  const entries = [...new Set([s.town, s.mafia].flatMap((side) => (side.mixed ? ['equilibrium mix'] : side.tuned !== null ? [`tuned.json:${side.tuned}`] : [])))];
  return entries.length === 0 ? 'own defaults' : entries.join('+');
}
