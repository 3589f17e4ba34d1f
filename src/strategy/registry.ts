// Built-in strategies by name, and `--strategy` specs: `NAME` for everyone, `TEAM=NAME` or `ROLE=NAME`.
import { random } from '../../strategies/random.js';
import { UserError } from '../errors.js';
import { closest } from '../text.js';
import { ROLES, type RoleDef } from '../rules/roles.js';
import type { Strategy } from './types.js';

export const STRATEGIES: ReadonlyMap<string, Strategy> = new Map([[random.name, random]]);

export interface StrategyAssignment {
  readonly everyone: Strategy;
  readonly byTeam: ReadonlyMap<string, Strategy>;
  readonly byRole: ReadonlyMap<string, Strategy>;
  /** The specs as given, for the report and the replay command. */
  readonly specs: readonly string[];
}

function strategyNamed(name: string, spec: string): Strategy {
  const s = STRATEGIES.get(name);
  if (s) return s;
  throw new UserError(`--strategy ${spec}: unknown strategy "${name}"${closest(name, [...STRATEGIES.keys()])}; known: ${[...STRATEGIES.keys()].join(', ')}`);
}

export function parseStrategies(specs: readonly string[]): StrategyAssignment {
  let everyone = random;
  const byTeam = new Map<string, Strategy>();
  const byRole = new Map<string, Strategy>();
  for (const spec of specs) {
    const eq = spec.indexOf('=');
    if (eq < 0) {
      everyone = strategyNamed(spec.trim(), spec);
      continue;
    }
    const who = spec.slice(0, eq).trim().toLowerCase();
    const strategy = strategyNamed(spec.slice(eq + 1).trim(), spec);
    if (who === 'town' || who === 'mafia') byTeam.set(who, strategy);
    else if (ROLES.has(who)) byRole.set(who, strategy);
    else {
      const known = ['town', 'mafia', ...ROLES.keys()];
      throw new UserError(`--strategy ${spec}: "${who}" is neither a team (town, mafia) nor a role${closest(who, known)}`);
    }
  }
  return { everyone, byTeam, byRole, specs };
}

export function strategyFor(a: StrategyAssignment, role: RoleDef): Strategy {
  return a.byRole.get(role.id) ?? a.byTeam.get(role.team) ?? a.everyone;
}
