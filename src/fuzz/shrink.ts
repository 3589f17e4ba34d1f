// Shrinking a failed fuzz case: greedy steps, each kept only while the case still fails the same check
// (problemKey): a distinct role removed, a strategy spec dropped or its parameters back to the defaults,
// an option back to its default, an immunity dropped, one seat fewer; and the earliest game of the case
// that fails. Deterministic: a fixed budget of attempts, never the clock.
import { UserError } from '../errors.js';
import { RULE_SETS } from '../rules/registry.js';
import { splitSpec } from '../strategy/registry.js';
import { problemKey } from '../scenario/checks.js';
import { GAMES_PER_CASE, playChecked, type Failure } from './fuzz.js';
import { caseJob, type FuzzCase, type GenerateContext } from './generate.js';

/** Candidate cases tried at most, per failure. */
export const SHRINK_ATTEMPTS = 150;

export interface CaseSize {
  readonly seats: number;
  readonly roles: number;
  readonly options: number;
  readonly immunities: number;
  readonly strategies: number;
}

export function caseSize(c: FuzzCase): CaseSize {
  return {
    seats: Object.values(c.roles).reduce((a, b) => a + b, 0),
    roles: Object.values(c.roles).filter((n) => n > 0).length,
    options: Object.keys(c.options).length,
    immunities: Object.keys(c.immunities).length,
    strategies: c.strategies.length,
  };
}

export interface Shrunk {
  readonly case: FuzzCase;
  readonly game: number;
  /** Steps kept, and candidates tried. */
  readonly steps: number;
  readonly attempts: number;
}

function without<T>(m: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const out = { ...m };
  delete out[key];
  return out;
}

/** The smaller cases to try next, the biggest steps first. */
function candidates(c: FuzzCase, ctx: GenerateContext): FuzzCase[] {
  const out: FuzzCase[] = [];
  const rules = RULE_SETS.get(c.rules)!;
  for (const key of Object.keys(c.roles)) out.push({ ...c, roles: without(c.roles, key) });
  // A role's seats given to its team's plain role (citizen or townie; mafia): one distinct role fewer.
  for (const [key, n] of Object.entries(c.roles)) {
    const team = (ctx.plugins.get(key) ?? rules.roles.get(key))?.team;
    const plain = team === 'mafia' ? 'mafia' : ['citizen', 'townie'].find((id) => rules.roles.has(id));
    if (plain === undefined || plain === key) continue;
    const roles = without(c.roles, key);
    roles[plain] = (roles[plain] ?? 0) + n;
    out.push({ ...c, roles });
  }
  c.strategies.forEach((spec, i) => {
    out.push({ ...c, strategies: c.strategies.filter((_, j) => j !== i) });
    const { who, name, params } = splitSpec(spec);
    if (params.length > 0) out.push({ ...c, strategies: c.strategies.map((s, j) => (j === i ? (who === null ? name : `${who}=${name}`) : s)) });
  });
  for (const key of Object.keys(c.options)) out.push({ ...c, options: without(c.options, key) });
  for (const key of Object.keys(c.immunities)) out.push({ ...c, immunities: without(c.immunities, key) });
  for (const [key, n] of Object.entries(c.roles)) if (n > 1) out.push({ ...c, roles: { ...c.roles, [key]: n - 1 } });
  return out;
}

/**
 * The earliest game among the first `limit` of the case that fails with `key`, or null (also when the
 * case is no longer a valid setup).
 */
function firstFailing(c: FuzzCase, ctx: GenerateContext, key: string, limit: number): number | null {
  let job;
  try {
    job = caseJob(c, ctx, 'shrink.yaml');
  } catch (e) {
    if (e instanceof UserError) return null;
    throw e;
  }
  for (let k = 0; k < limit; k++) {
    const p = playChecked(job, k, key.startsWith('G10'));
    if (p !== null) return problemKey(p) === key ? k : null;
  }
  return null;
}

export function shrink(f: Failure, ctx: GenerateContext, attempts = SHRINK_ATTEMPTS): Shrunk {
  const key = problemKey(f.problem);
  const limit = Math.max(GAMES_PER_CASE, f.game + 1);
  let best = f.case;
  let game = f.game;
  let steps = 0;
  let tried = 0;
  let progress = true;
  while (progress && tried < attempts) {
    progress = false;
    for (const next of candidates(best, ctx)) {
      if (tried >= attempts) break;
      tried++;
      const k = firstFailing(next, ctx, key, limit);
      if (k !== null) {
        best = next;
        game = k;
        steps++;
        progress = true;
        break;
      }
    }
  }
  return { case: best, game, steps, attempts: tried };
}
