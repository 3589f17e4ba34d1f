// A report's JSON carries a checksum of its body, and a report read back (by `merge`) is checked field
// by field: its shape, and that its counts agree with each other. An edited or truncated shard is
// refused rather than merged into numbers nobody ran.
import { createHash } from 'node:crypto';
import { ELIMINATION_CAUSES, WINNERS } from '../model/events.js';
import { REPORT_FORMAT, type Report } from './report.js';
import { METRIC_RATIOS } from '../stats/metrics.js';

/** The report as `--json` prints it: the body, then `checksum`, the SHA-256 of the compact body. */
export function reportJson(report: Report): string {
  return JSON.stringify({ ...report, checksum: checksumOf(report) }, null, 2);
}

/** Any report body with its `checksum` added last (the workbench's reports, and the run reports they embed). */
export function checksummed<T extends object>(body: T): T & { readonly checksum: string } {
  return { ...body, checksum: checksumOf(body) };
}

/** Whether a report read back carries the checksum of its body (what `merge` requires of every kind). */
export function checksumMatches(r: Record<string, unknown>): boolean {
  return checksumProblem(r) === null;
}

function checksumOf(body: object): string {
  return `sha256:${createHash('sha256').update(JSON.stringify(body)).digest('hex')}`;
}

/** What is wrong with a report read back, or null. Checks every field merging reads, then the counts. */
export function reportProblem(r: unknown): string | null {
  return shapeProblem(r) ?? checksumProblem(r as Record<string, unknown>) ?? countsProblem(r as Report);
}

const obj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const count = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const hist = (v: unknown) => Array.isArray(v) && v.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'number' && Number.isFinite(p[0]) && count(p[1]));
const rate = (v: unknown) => obj(v) && count(v.count);

function shapeProblem(r: unknown): string | null {
  if (!obj(r)) return 'not a JSON object';
  if (r.format !== REPORT_FORMAT) return `format is ${JSON.stringify(r.format)} (this mafia-sim reads format ${REPORT_FORMAT})`;
  const setup = r.setup;
  if (!obj(setup) || !obj(setup.roles) || !obj(setup.options) || !obj(setup.params) || !obj(setup.scoring) || !count(setup.players)) return 'setup: missing or incomplete';
  if (typeof r.seed !== 'string') return 'seed: missing';
  if (!Array.isArray(r.strategies) || !r.strategies.every((s) => typeof s === 'string')) return 'strategies: missing';
  const range = r.range;
  if (!obj(range) || !count(range.first) || !count(range.end) || range.end < range.first) return 'range: missing or invalid';
  if (typeof r.partial !== 'boolean') return 'partial: missing';
  for (const k of ['games', 'illegalDecisions', 'failedGames'] as const) if (!count(r[k])) return `${k}: missing`;
  if (!obj(r.outcomes) || !WINNERS.every((w) => count((r.outcomes as Record<string, unknown>)[w]))) return 'outcomes: missing';
  if (!obj(r.length) || !hist(r.length.histogram)) return 'length.histogram: missing';
  for (const key of ['roles', 'teams'] as const) {
    const rows = r[key];
    if (!Array.isArray(rows)) return `${key}: missing`;
    for (const [i, x] of rows.entries()) {
      const at = `${key}[${i}]`;
      if (!obj(x) || typeof x.group !== 'string' || typeof x.team !== 'string' || !count(x.perGame) || !count(x.seats)) return `${at}: missing or invalid`;
      if (!rate(x.survival)) return `${at}.survival: missing`;
      // A cause is a built-in one or a role plug-in's kill kind (a role id: lower case, digits and -).
      if (!obj(x.deaths) || !Object.entries(x.deaths).every(([c, n]) => ((ELIMINATION_CAUSES as readonly string[]).includes(c) || /^[a-z][a-z0-9-]{0,39}$/.test(c)) && count(n))) return `${at}.deaths: invalid`;
      if (!count(x.deathDays)) return `${at}.deathDays: missing`;
      if (!obj(x.points) || !hist(x.points.histogram)) return `${at}.points.histogram: missing`;
      if (!obj(x.perGameCounts) || !hist(x.perGameCounts.survivors) || !hist(x.perGameCounts.points)) return `${at}.perGameCounts: missing`;
    }
  }
  if (!Array.isArray(r.seats) || !r.seats.every((x) => obj(x) && rate(x.survival) && rate(x.win) && rate(x.outDay1) && rate(x.killedNight1))) return 'seats: missing or invalid';
  if (!Array.isArray(r.failures) || !r.failures.every((f) => obj(f) && count(f.game) && typeof f.error === 'string' && typeof f.replay === 'string')) return 'failures: missing or invalid';
  if (r.illegalExamples !== undefined && !(Array.isArray(r.illegalExamples) && r.illegalExamples.every((x) => obj(x) && count(x.game) && typeof x.what === 'string'))) return 'illegalExamples: invalid';
  if (r.precision !== undefined && !(obj(r.precision) && typeof r.precision.target === 'number' && typeof r.precision.halfWidth === 'number' && typeof r.precision.reached === 'boolean')) return 'precision: invalid';
  if (r.evenings !== undefined && !(obj(r.evenings) && count(r.evenings.count) && Array.isArray(r.evenings.seats) && r.evenings.seats.every((x) => obj(x) && hist(x.histogram)))) return 'evenings: invalid';
  if (r.metrics !== undefined) {
    if (!Array.isArray(r.metrics)) return 'metrics: not a list';
    for (const [i, x] of r.metrics.entries()) {
      const at = `metrics[${i}]`;
      if (!obj(x) || (x.side !== 'town' && x.side !== 'mafia') || typeof x.strategy !== 'string' || !count(x.seatGames) || !count(x.illegalDecisions)) return `${at}: missing or invalid`;
      for (const k of METRIC_RATIOS) {
        const m = x[k];
        if (!obj(m) || !['count', 'of', 'games', 'xx', 'xn', 'nn'].every((f) => count(m[f])) || (m.count as number) > (m.of as number)) return `${at}.${k}: missing or invalid`;
      }
      if (!obj(x.claimDay) || !hist(x.claimDay.histogram)) return `${at}.claimDay.histogram: missing`;
    }
  }
  if (r.neutralWins !== undefined) {
    const teams = new Set(Array.isArray(r.teams) ? r.teams.map((t: unknown) => (obj(t) ? t.group : null)) : []);
    if (!Array.isArray(r.neutralWins) || r.neutralWins.length === 0) return 'neutralWins: not a list of neutral teams (the field is left out when there are none)';
    for (const [i, x] of r.neutralWins.entries()) {
      if (!obj(x) || typeof x.team !== 'string' || !teams.has(x.team) || x.team === 'town' || x.team === 'mafia' || !rate(x.win) || !count(x.seatWins)) return `neutralWins[${i}]: missing or invalid`;
    }
  }
  const sides = sidesShapeProblem(r.sides);
  if (sides) return sides;
  const teamRows = Array.isArray(r.teams) ? r.teams.length : 2;
  const timing = timingShapeProblem(r.timing, Array.isArray(r.roles) ? r.roles.length + teamRows : 0);
  if (timing) return timing;
  if (typeof r.checksum !== 'string') return 'checksum: missing';
  return null;
}

/** What each side played (src/report/sides.ts PlayedSides), as the text and the page read it; null or absent is fine. */
function sidesShapeProblem(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (!obj(v) || !Array.isArray(v.roles) || !v.roles.every((x) => typeof x === 'string')) return 'sides: invalid';
  for (const team of ['town', 'mafia'] as const) {
    const s = v[team];
    const gain = (e: unknown) => e === null || (obj(e) && typeof e.move === 'string' && typeof e.command === 'string' && count(e.games) && ['gain', 'low', 'high'].every((k) => typeof e[k] === 'number'));
    if (!obj(s) || !['spec', 'plays', 'source'].every((k) => typeof s[k] === 'string') || !(s.tuned === null || typeof s.tuned === 'string') || typeof s.mixed !== 'boolean' || typeof s.retuned !== 'boolean' || !gain(s.exploitedBy)) return `sides.${team}: missing or invalid`;
  }
  return null;
}

/** The timing's counts (src/stats/timing.ts): a first phase, per outcome a count per day, per row (roles, town, mafia) two per phase. */
function timingShapeProblem(t: unknown, rows: number): string | null {
  if (!obj(t) || !obj(t.counts)) return 'timing: missing (a report of an earlier mafia-sim?)';
  const c = t.counts;
  const counts = (v: unknown) => Array.isArray(v) && v.every(count);
  if (c.firstPhase !== 'day' && c.firstPhase !== 'night') return 'timing.counts.firstPhase: not day or night';
  if (!obj(c.decided) || !WINNERS.every((w) => counts((c.decided as Record<string, unknown>)[w]))) return 'timing.counts.decided: missing or invalid';
  for (const k of ['deaths', 'squares'] as const) {
    const v = c[k];
    if (!Array.isArray(v) || v.length !== rows || !v.every(counts)) return `timing.counts.${k}: not ${rows} lists of counts (one per role and team)`;
  }
  return null;
}

function checksumProblem(r: Record<string, unknown>): string | null {
  const { checksum, ...body } = r;
  return checksum === checksumOf(body) ? null : 'checksum: does not match the report (was it edited?)';
}

const total = (h: ReadonlyArray<readonly [number, number]>) => h.reduce((n, [, c]) => n + c, 0);
const weighted = (h: ReadonlyArray<readonly [number, number]>) => h.reduce((n, [v, c]) => n + v * c, 0);

function countsProblem(r: Report): string | null {
  const sum = WINNERS.reduce((n, w) => n + r.outcomes[w], 0);
  if (sum !== r.games) return `outcomes: sum to ${sum}, not games (${r.games})`;
  if (total(r.length.histogram) !== r.games) return `length.histogram: counts ${total(r.length.histogram)} games, not ${r.games}`;
  const span = r.range.end - r.range.first;
  if (r.games + r.failedGames > span) return `games + failedGames (${r.games + r.failedGames}) exceed the range's ${span} games`;
  // A run stops between chunks, interrupted or not: its range is the games it played, partial or not.
  if (r.games + r.failedGames !== span) return `games + failedGames (${r.games + r.failedGames}) is not the range's ${span} games (a report's range holds exactly its games, partial or not)`;
  if (r.failures.length !== Math.min(r.failedGames, 20)) return `failures: lists ${r.failures.length} of failedGames ${r.failedGames}`;
  const roleSeats = Object.values(r.setup.roles).reduce((n, k) => n + k, 0);
  if (roleSeats !== r.setup.players) return `setup.roles: sum to ${roleSeats} seats, not setup.players (${r.setup.players})`;
  for (const key of ['roles', 'teams'] as const) {
    for (const [i, x] of r[key].entries()) {
      const at = `${key}[${i}] (${x.group})`;
      if (x.seats !== x.perGame * r.games) return `${at}.seats: ${x.seats}, not perGame × games (${x.perGame * r.games})`;
      if (total(x.points.histogram) !== x.seats) return `${at}.points.histogram: counts ${total(x.points.histogram)}, not seats (${x.seats})`;
      if (total(x.perGameCounts.survivors) !== r.games || total(x.perGameCounts.points) !== r.games) return `${at}.perGameCounts: do not count ${r.games} games`;
      if (weighted(x.perGameCounts.survivors) !== x.survival.count) return `${at}.survival.count: ${x.survival.count}, not the per-game survivors' sum`;
      const died = Object.values(x.deaths).reduce<number>((n, k) => n + (k ?? 0), 0);
      if (died + x.survival.count !== x.seats) return `${at}: deaths (${died}) and survivors (${x.survival.count}) do not add up to seats (${x.seats})`;
    }
  }
  for (const role of r.roles) if (r.setup.roles[role.group] !== role.perGame) return `roles (${role.group}).perGame: ${role.perGame}, not the setup's ${r.setup.roles[role.group]}`;
  if (r.seats.length !== r.setup.players) return `seats: ${r.seats.length} rows, not setup.players (${r.setup.players})`;
  for (const x of r.seats) {
    for (const k of ['survival', 'win', 'outDay1', 'killedNight1'] as const) if (x[k].count > r.games) return `seats[${x.seat}].${k}: ${x[k].count} of ${r.games} games`;
  }
  return null;
}

