// What merge trusts of a shard beyond its checksum (issue 32): a checksum a forger can recompute proves
// nothing, so a run report read back must also agree with itself and with its setup. Every derived
// number (shares, intervals, means, rates) must be what its counts give — the report is assembled
// again from its own tallies and must come out the same, byte for byte; the seats must add up to the
// teams (each seat's wins are its team's wins, its survivals the team's survivors); every failed game
// listed lies inside the report's range; and a built-in setup must play its own rule set's roles. The first disagreement is named, field and values.
import { MAX_PLAYERS } from '../setup/compile.js';
import { builtinSetup } from '../setup/builtin.js';
import { assembleReport, tallyFromReport, type Report } from './report.js';

export function consistencyProblem(r: Report): string | null {
  const { first, end } = r.range;
  for (const f of r.failures) {
    if (f.game < first || f.game >= end) return `failures: game ${f.game} lies outside the report's range ${first}–${end - 1}`;
  }
  for (const [i, s] of r.seats.entries()) if (s.seat !== i + 1) return `seats[${i}].seat: ${s.seat}, not ${i + 1}`;
  const perGame = (team: string) => r.teams.find((t) => t.team === team)?.perGame ?? 0;
  const wins = r.outcomes.town * perGame('town') + r.outcomes.mafia * perGame('mafia');
  const seatWins = r.seats.reduce((n, s) => n + s.win.count, 0);
  if (seatWins !== wins) return `seats: win counts sum to ${seatWins}, but the outcomes give ${wins} seat wins (town ${r.outcomes.town} × ${perGame('town')} + mafia ${r.outcomes.mafia} × ${perGame('mafia')})`;
  const seatSurvivals = r.seats.reduce((n, s) => n + s.survival.count, 0);
  const teamSurvivals = r.teams.reduce((n, t) => n + t.survival.count, 0);
  if (seatSurvivals !== teamSurvivals) return `seats: survival counts sum to ${seatSurvivals}, but the teams' to ${teamSurvivals}`;
  const setup = setupProblem(r);
  if (setup) return setup;
  const { checksum: _, ...body } = r as Report & { checksum?: string };
  const again = assembleReport({ format: r.format, setup: r.setup, seed: r.seed, strategies: r.strategies }, tallyFromReport(r), { first, end, partial: r.partial });
  const where = firstDifference(again, body, '');
  return where === null ? null : `${where.path}: ${where.have} is not what the report's own counts give (${where.want})`;
}

/**
 * A built-in setup's rule set is the one its name plays, and its table holds only roles of that rule
 * set, at most MAX_PLAYERS seats. (Its role counts are not made again from its name: `roles.ID=N`
 * overrides, and role-values' arms, change them without a trace in the report.)
 */
function setupProblem(r: Report): string | null {
  const s = r.setup;
  if (s.players > MAX_PLAYERS) return `setup.players: ${s.players}; a table has at most ${MAX_PLAYERS}`;
  if (s.source !== 'built-in') return null;
  const builtin = builtinSetup(s.name);
  if (!builtin) return `setup: ${JSON.stringify(s.name)} is marked built-in but is no built-in setup`;
  if (builtin.rules.id !== s.rules) return `setup.rules: ${JSON.stringify(s.rules)}, but ${s.name} plays ${builtin.rules.id} rules`;
  for (const id of Object.keys(s.roles)) if (!builtin.rules.roles.has(id)) return `setup.roles.${id}: not a role of the ${s.rules} rule set`;
  return null;
}

function firstDifference(want: unknown, have: unknown, path: string): { path: string; want: string; have: string } | null {
  if (JSON.stringify(want) === JSON.stringify(have)) return null;
  if (typeof want === 'object' && want !== null && typeof have === 'object' && have !== null && Array.isArray(want) === Array.isArray(have)) {
    const keys = new Set([...Object.keys(want), ...Object.keys(have)]);
    for (const k of keys) {
      const d = firstDifference((want as Record<string, unknown>)[k], (have as Record<string, unknown>)[k], Array.isArray(want) ? `${path}[${k}]` : path === '' ? k : `${path}.${k}`);
      if (d) return d;
    }
  }
  const show = (v: unknown) => {
    const t = v === undefined ? '(missing)' : JSON.stringify(v);
    return t.length > 60 ? `${t.slice(0, 60)}…` : t;
  };
  return { path: path || '(top)', want: show(want), have: show(have) };
}
