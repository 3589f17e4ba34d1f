// What merge trusts of a shard beyond its checksum (issue 32): a checksum a forger can recompute proves
// nothing, so a run report read back must also agree with itself and with its setup — every relation
// the games themselves keep, checked without playing one:
//   - its setup is one mafia-sim compiles (the rule set's roles, options and scoring, a built-in's
//     parameters), its seed and strategies are of the form the command line gives;
//   - its rows are its setup's: one per role in the setup's order, each of its rule set's team, the two
//     teams, one per seat;
//   - its range is its games (games + failedGames = end − first, interrupted or not: a run stops
//     between chunks), its failed and illegal games lie in it in order, each failure's replay names
//     its own seed and game;
//   - its lengths are days 0 to maxDays with exactly the stalemates at maxDays (G6); its deaths' days
//     lie between 1 and the longest game's length + 1;
//   - its seats add up to its teams and outcomes (each seat's wins are its team's wins, its survivals
//     the team's survivors) and no seat ends more games than were played; its points are what its
//     outcomes give when only outcomes score, never less;
//   - its outcomes over time are its outcomes, lengths and deaths, day by day and phase by phase;
//   - behaviour metrics count each side's seats, evenings count the evenings its range ends;
//   - every derived number (shares, intervals, means, rates) is what its counts give — the report is
//     assembled again from its own tallies and must come out the same, byte for byte.
// The first disagreement is named, field and values. What it cannot catch: a forger who keeps every
// one of these relations (two seats' wins traded, shares and all; a whole shard relabelled as another
// range) — only replaying the games would tell.
import { SCORING_EVENT_IDS } from '../engine/scoring.js';
import { UserError } from '../errors.js';
import { WINNERS } from '../model/events.js';
import { ROLES } from '../rules/catalogue.js';
import { parseOptionValue } from '../rules/options.js';
import { RULE_SETS } from '../rules/registry.js';
import { compileSetup, MAX_PLAYERS, MAX_POINTS, optionSpecs } from '../setup/compile.js';
import { BUILTIN_SETUPS, type BuiltinSetup } from '../setup/builtin.js';
import { METRIC_RATIOS } from '../stats/metrics.js';
import { KEPT_ILLEGAL_EXAMPLES } from '../stats/tally.js';
import { assembleReport, tallyFromReport, type GroupRow, type Report } from './report.js';

export function consistencyProblem(r: Report): string | null {
  return (
    identityProblem(r) ??
    setupProblem(r) ??
    rowsProblem(r) ??
    rangeProblem(r) ??
    lengthProblem(r) ??
    seatsProblem(r) ??
    groupsProblem(r) ??
    timingCountsProblem(r) ??
    metricsProblem(r) ??
    eveningsProblem(r) ??
    reassemblyProblem(r)
  );
}

const show = (v: unknown) => {
  const t = v === undefined ? '(missing)' : JSON.stringify(v);
  return t.length > 60 ? `${t.slice(0, 60)}…` : t;
};
const total = (h: ReadonlyArray<readonly [number, number]>) => h.reduce((n, [, c]) => n + c, 0);
const weighted = (h: ReadonlyArray<readonly [number, number]>) => h.reduce((n, [v, c]) => n + v * c, 0);
/** Sums of points (0.5s, 0.3s) are not exact in binary: equal within a relative 1e-9. */
const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
const oneLine = (s: unknown, most: number) => typeof s === 'string' && s.length > 0 && s.length <= most && !/[\u0000-\u001f\u007f]/.test(s);

/** The seed as `--seed` gives it (a canonical whole number), strategies as `--strategy` texts. */
function identityProblem(r: Report): string | null {
  if (!/^\d{1,15}$/.test(r.seed) || String(Number(r.seed)) !== r.seed) return `seed: ${show(r.seed)} is not a seed mafia-sim gives (a whole number of at most 15 digits)`;
  if (r.strategies.length === 0) return 'strategies: empty (a run names at least one, ["random"] or ["smart"] by default)';
  for (const [i, s] of r.strategies.entries()) if (!oneLine(s, 4096)) return `strategies[${i}]: ${show(s)} is not a --strategy spec (one line of text)`;
  return null;
}

/**
 * The setup is one mafia-sim compiles: a known rule set; a built-in setup (or its size variant: club-25
 * is club-12 with players=25) with that setup's parameters; options and scoring of the rule set, each
 * value as compiling gives it; roles of the rule set (a setup file may add plug-in roles, with ids of
 * their own). Without plug-ins the setup is compiled again, deck check and all, and must come out the
 * same. Its role counts are not made again from its name: `roles.ID=N` overrides, and role-values'
 * arms, change them without a trace in the report.
 */
function setupProblem(r: Report): string | null {
  const s = r.setup;
  if (s.players > MAX_PLAYERS) return `setup.players: ${s.players}; a table has at most ${MAX_PLAYERS}`;
  if (!oneLine(s.name, 200)) return `setup.name: ${show(s.name)} is not a setup's name`;
  if (!oneLine(s.source, 4096)) return `setup.source: ${show(s.source)} is not "built-in" or a file path`;
  const rules = RULE_SETS.get(s.rules);
  if (!rules) return `setup.rules: ${show(s.rules)} is no rule set (${[...RULE_SETS.keys()].join(', ')})`;
  let builtin: BuiltinSetup | undefined;
  if (s.source === 'built-in') {
    builtin = BUILTIN_SETUPS.find((b) => (b.nameFor?.(s.params) ?? b.name) === s.name);
    if (!builtin) return `setup: ${JSON.stringify(s.name)} is marked built-in but is no built-in setup`;
    if (builtin.rules.id !== s.rules) return `setup.rules: ${JSON.stringify(s.rules)}, but ${s.name} plays ${builtin.rules.id} rules`;
    const keys = builtin.params.map((p) => p.key);
    for (const k of Object.keys(s.params)) if (!keys.includes(k)) return `setup.params.${k}: not a parameter of ${s.name} (${keys.join(', ')})`;
    for (const p of builtin.params) {
      const parsed = parseOptionValue(p, s.params[p.key]);
      if ('error' in parsed || JSON.stringify(parsed.value) !== JSON.stringify(s.params[p.key])) return `setup.params.${p.key}: ${show(s.params[p.key])}: ${'error' in parsed ? parsed.error : 'not as the setup gives it'}`;
    }
  } else if (Object.keys(s.params).length > 0) return `setup.params: ${show(s.params)}; a setup file has none`;
  const specs = optionSpecs(rules);
  for (const k of Object.keys(s.options)) if (!specs.some((o) => o.key === k)) return `setup.options.${k}: not an option of the ${rules.id} rule set`;
  for (const o of specs) {
    const v = s.options[o.key];
    const parsed = v === undefined ? { error: 'missing' } : parseOptionValue(o, v);
    if ('error' in parsed || JSON.stringify(parsed.value) !== JSON.stringify(v)) return `setup.options.${o.key}: ${show(v)}: ${'error' in parsed ? parsed.error : 'not as compiling gives it'}`;
  }
  for (const [k, v] of Object.entries(s.scoring)) {
    if (!SCORING_EVENT_IDS.has(k)) return `setup.scoring.${k}: not a scoring event`;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > MAX_POINTS) return `setup.scoring.${k}: ${show(v)}; points are a number from 0 to ${MAX_POINTS}`;
  }
  for (const k of Object.keys(rules.defaultScoring)) if (s.scoring[k] === undefined) return `setup.scoring.${k}: missing (the ${rules.id} rule set scores it)`;
  for (const [id, n] of Object.entries(s.roles)) {
    if (!Number.isInteger(n) || n < 1) return `setup.roles.${id}: ${show(n)}; a role listed holds at least one seat`;
    if (rules.roles.has(id)) continue;
    if (builtin) return `setup.roles.${id}: not a role of the ${s.rules} rule set`;
    if (ROLES.has(id)) return `setup.roles.${id}: a built-in role the ${s.rules} rule set does not have`;
    if (!/^[a-z][a-z0-9-]{0,39}$/.test(id)) return `setup.roles.${id}: not a role id`;
  }
  if (Object.keys(s.roles).some((id) => !rules.roles.has(id))) return null; // plug-in roles: their definitions are not here
  try {
    const again = compileSetup({ name: s.name, source: s.source, rules, roles: s.roles, options: s.options, scoring: s.scoring, params: s.params });
    const order = again.roleCounts.map(([id]) => id);
    if (JSON.stringify(order) !== JSON.stringify(Object.keys(s.roles))) return `setup.roles: in the order ${Object.keys(s.roles).join(', ')}, not the rule set's ${order.join(', ')}`;
    if (JSON.stringify(again.scoring) !== JSON.stringify(s.scoring)) return `setup.scoring: ${show(s.scoring)}, not as compiling gives it (${show(again.scoring)})`;
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    return `setup: ${e.message}`;
  }
  return null;
}

/**
 * One row per role of the setup, in its order, each of its team (a role plug-in's: town, mafia or a
 * neutral team's id); the two teams, then the neutral teams in the order their roles come; one row per seat.
 */
function rowsProblem(r: Report): string | null {
  const rules = RULE_SETS.get(r.setup.rules)!;
  const ids = Object.keys(r.setup.roles);
  if (JSON.stringify(r.roles.map((x) => x.group)) !== JSON.stringify(ids)) return `roles: rows ${r.roles.map((x) => x.group).join(', ') || '(none)'}, not the setup's roles ${ids.join(', ')}`;
  for (const [i, x] of r.roles.entries()) {
    const team = rules.roles.get(x.group)?.team;
    if (team !== undefined ? x.team !== team : !/^[a-z][a-z0-9-]{0,39}$/.test(x.team)) return `roles[${i}] (${x.group}).team: ${show(x.team)}, not ${team ?? 'town, mafia or a neutral team'}`;
    if (x.perGame !== r.setup.roles[x.group]) return `roles[${i}] (${x.group}).perGame: ${x.perGame}, not the setup's ${r.setup.roles[x.group]}`;
  }
  const teams = [...new Set(['town', 'mafia', ...r.roles.map((x) => x.team)])];
  if (JSON.stringify(r.teams.map((x) => [x.group, x.team])) !== JSON.stringify(teams.map((t) => [t, t]))) return `teams: rows ${r.teams.map((x) => x.group).join(', ')}, not ${teams.join(', ')}`;
  const neutral = teams.slice(2);
  if (JSON.stringify((r.neutralWins ?? []).map((x) => x.team)) !== JSON.stringify(neutral)) return `neutralWins: teams ${(r.neutralWins ?? []).map((x) => x.team).join(', ') || '(none)'}, not the neutral teams ${neutral.join(', ') || '(none)'}`;
  for (const [i, s] of r.seats.entries()) if (s.seat !== i + 1) return `seats[${i}].seat: ${s.seat}, not ${i + 1}`;
  return null;
}

/** Failed games and illegal answers listed lie in the range, in order; a failure's replay plays that game. */
function rangeProblem(r: Report): string | null {
  const { first, end } = r.range;
  let last = -1;
  for (const [i, f] of r.failures.entries()) {
    if (f.game < first || f.game >= end) return `failures: game ${f.game} lies outside the report's range ${first}–${end - 1}`;
    if (f.game <= last) return `failures[${i}].game: ${f.game}, after game ${last} (they are listed once each, in order)`;
    if (!f.replay.startsWith('mafia-sim replay ') || !f.replay.includes(` --seed ${r.seed} --game ${f.game}`)) return `failures[${i}].replay: ${show(f.replay)} does not replay game ${f.game} of seed ${r.seed}`;
    last = f.game;
  }
  const examples = r.illegalExamples ?? [];
  if (r.illegalExamples !== undefined && examples.length === 0) return 'illegalExamples: empty (the field is left out when there are none)';
  if (examples.length > KEPT_ILLEGAL_EXAMPLES) return `illegalExamples: ${examples.length} listed; a report keeps at most ${KEPT_ILLEGAL_EXAMPLES}`;
  if (examples.length > r.illegalDecisions) return `illegalExamples: ${examples.length} listed, but illegalDecisions is ${r.illegalDecisions}`;
  last = -1;
  for (const [i, x] of examples.entries()) {
    if (x.game < first || x.game >= end || x.game <= last) return `illegalExamples[${i}].game: ${x.game}, not a game of the range ${first}–${end - 1} after ${last}`;
    last = x.game;
  }
  return null;
}

/** G6: a game lasts 0 to maxDays days, and exactly the stalemates reach maxDays. */
function lengthProblem(r: Report): string | null {
  const maxDays = r.setup.options.maxDays as number;
  for (const [days] of r.length.histogram) if (!Number.isInteger(days) || days < 0 || days > maxDays) return `length.histogram: a game of ${days} days; games last 0 to maxDays (${maxDays}) days`;
  const capped = r.length.histogram.find(([days]) => days === maxDays)?.[1] ?? 0;
  if (capped !== r.outcomes.stalemate) return `length.histogram: ${capped} games reach maxDays (${maxDays}), but outcomes.stalemate is ${r.outcomes.stalemate} (exactly the stalemates do)`;
  return null;
}

function seatsProblem(r: Report): string | null {
  const perGame = (team: string) => r.teams.find((t) => t.team === team)?.perGame ?? 0;
  const neutral = r.neutralWins ?? [];
  const neutralSeatWins = neutral.reduce((n, x) => n + x.seatWins, 0);
  const wins = r.outcomes.town * perGame('town') + r.outcomes.mafia * perGame('mafia') + neutralSeatWins;
  const seatWins = r.seats.reduce((n, s) => n + s.win.count, 0);
  const also = neutral.length > 0 ? ` + the neutral teams' ${neutralSeatWins}` : '';
  if (seatWins !== wins) return `seats: win counts sum to ${seatWins}, but the outcomes give ${wins} seat wins (town ${r.outcomes.town} × ${perGame('town')} + mafia ${r.outcomes.mafia} × ${perGame('mafia')}${also})`;
  for (const x of neutral) {
    const seats = perGame(x.team);
    if (seats === 0) return `neutralWins: ${x.team} is not a team of the report`;
    if (x.win.count > r.games || x.seatWins < x.win.count || x.seatWins > x.win.count * seats) return `neutralWins (${x.team}): ${x.win.count} games and ${x.seatWins} seat wins do not fit ${r.games} games of ${seats} seats`;
  }
  const seatSurvivals = r.seats.reduce((n, s) => n + s.survival.count, 0);
  const teamSurvivals = r.teams.reduce((n, t) => n + t.survival.count, 0);
  if (seatSurvivals !== teamSurvivals) return `seats: survival counts sum to ${seatSurvivals}, but the teams' to ${teamSurvivals}`;
  const decided = neutral.length > 0 ? r.games : r.outcomes.town + r.outcomes.mafia;
  for (const s of r.seats) {
    if (s.win.count > decided) return `seats[${s.seat - 1}].win.count: ${s.win.count}, more than the ${decided} games a team won`;
    // A seat leaves a game at most once: alive at the end, out on day 1 and killed in night 1 exclude each other.
    const ends = s.survival.count + s.outDay1.count + s.killedNight1.count;
    if (ends > r.games) return `seats[${s.seat - 1}]: survival ${s.survival.count} + outDay1 ${s.outDay1.count} + killedNight1 ${s.killedNight1.count} is ${ends}, more than the ${r.games} games`;
  }
  return null;
}

const died = (x: GroupRow) => Object.values(x.deaths).reduce<number>((n, k) => n + (k ?? 0), 0);

/**
 * Per role and team: survivors per game are 0 to perGame; deaths fall on days 1 to the longest game's
 * length + 1 (a night's death counts on the next day); the points counted seat by seat and game by game
 * are the same total, none below 0; and a game's outcome scores every seat it names (U13, C18), so the
 * points are at least what the outcomes give — exactly that when nothing else scores.
 */
function groupsProblem(r: Report): string | null {
  const longest = r.length.histogram.reduce((m, [days]) => Math.max(m, days), 0);
  const sc = r.setup.scoring;
  const onlyOutcomes = Object.entries(sc).every(([k, v]) => v === 0 || k === 'win' || k === 'draw' || k === 'stalemate');
  for (const key of ['roles', 'teams'] as const) {
    for (const [i, x] of r[key].entries()) {
      const at = `${key}[${i}] (${x.group})`;
      for (const [n] of x.perGameCounts.survivors) if (!Number.isInteger(n) || n < 0 || n > x.perGame) return `${at}.perGameCounts.survivors: ${n} survivors in a game, of ${x.perGame} seats`;
      const d = died(x);
      if (x.deathDays < d || x.deathDays > d * (longest + 1)) return `${at}.deathDays: ${x.deathDays} for ${d} deaths; each falls on a day from 1 to ${longest + 1}`;
      if (x.points.histogram.some(([p]) => !(p >= 0))) return `${at}.points.histogram: a seat with ${x.points.histogram.find(([p]) => !(p >= 0))![0]} points; points are never below 0`;
      const seatPoints = weighted(x.points.histogram);
      const gamePoints = weighted(x.perGameCounts.points);
      if (!near(seatPoints, gamePoints)) return `${at}: its seats' points sum to ${seatPoints}, its games' to ${gamePoints}`;
      // A neutral seat scores its own win, or the table's draw or stalemate: not a share the outcomes give.
      if (x.team !== 'town' && x.team !== 'mafia') continue;
      const won = r.outcomes[x.team];
      const due = x.perGame * ((sc.win ?? 0) * won + (sc.draw ?? 0) * r.outcomes.draw + (sc.stalemate ?? 0) * r.outcomes.stalemate);
      if (onlyOutcomes ? !near(seatPoints, due) : seatPoints < due && !near(seatPoints, due)) {
        return `${at}.points: sum to ${seatPoints}, but its outcomes score ${due} (${x.perGame} seats × win ${sc.win ?? 0} × ${won} + draw ${sc.draw ?? 0} × ${r.outcomes.draw} + stalemate ${sc.stalemate ?? 0} × ${r.outcomes.stalemate})${onlyOutcomes ? ' and nothing else scores' : ', the least they can be'}`;
      }
    }
  }
  return null;
}

/**
 * `run --metrics`: each side's rows count its seats (every seat is in one row every game); each ratio's
 * per-game sums keep x ≤ n (count ≤ Σx² ≤ Σxn ≤ Σn²), on no more games than were played; every seat is
 * asked once a game whether it made an illegal answer, and once whether it claimed (an investigator's
 * claim, or another's fake one); each investigator's claim has its day.
 */
function metricsProblem(r: Report): string | null {
  if (r.metrics === undefined) return null;
  for (const side of ['town', 'mafia'] as const) {
    const seats = r.teams.find((t) => t.group === side)!.seats;
    const rows = r.metrics.filter((m) => m.side === side).reduce((n, m) => n + m.seatGames, 0);
    if (rows !== seats) return `metrics: the ${side} rows count ${rows} seat-games, but the ${side} team has ${seats}`;
  }
  for (const [i, m] of r.metrics.entries()) {
    const at = `metrics[${i}] (${m.side} ${m.strategy})`;
    for (const k of METRIC_RATIOS) {
      const x = m[k];
      if (!(x.count <= x.xx && x.xx <= x.xn && x.xn <= x.nn && x.of <= x.nn && x.games <= x.of && x.games <= r.games)) return `${at}.${k}: its sums (count ${x.count}, of ${x.of}, games ${x.games}, xx ${x.xx}, xn ${x.xn}, nn ${x.nn}) are no game's`;
    }
    if (m.illegal.of !== m.seatGames) return `${at}.illegal.of: ${m.illegal.of}, not its ${m.seatGames} seat-games`;
    if (m.investigatorsClaimed.of + m.fakeClaims.of !== m.seatGames) return `${at}: investigatorsClaimed.of ${m.investigatorsClaimed.of} + fakeClaims.of ${m.fakeClaims.of} is not its ${m.seatGames} seat-games`;
    if (total(m.claimDay.histogram) !== m.investigatorsClaimed.count) return `${at}.claimDay.histogram: counts ${total(m.claimDay.histogram)} claims, not investigatorsClaimed.count (${m.investigatorsClaimed.count})`;
  }
  return null;
}

/** C16.1: evenings of `series` K games; one is counted for each evening whose last game is in the range and finished. */
function eveningsProblem(r: Report): string | null {
  const series = typeof r.setup.options.series === 'number' ? r.setup.options.series : 1;
  const { first, end } = r.range;
  const ends = series > 1 ? Math.floor(end / series) - Math.floor(first / series) : 0;
  const count = r.evenings?.count ?? 0;
  if (r.evenings !== undefined && (count === 0 || series <= 1)) return `evenings: present, but ${series <= 1 ? 'the setup plays no series' : 'no evening is counted'}`;
  if (count > ends || count < ends - r.failedGames) return `evenings.count: ${count}, but the range ${first}–${end - 1} ends ${ends} evenings of ${series} games${r.failedGames > 0 ? ` (${r.failedGames} games failed)` : ''}`;
  if (r.evenings !== undefined) {
    if (r.evenings.seats.length !== r.setup.players) return `evenings.seats: ${r.evenings.seats.length} rows, not setup.players (${r.setup.players})`;
    for (const [i, x] of r.evenings.seats.entries()) if (total(x.histogram) !== count) return `evenings.seats[${i}].histogram: counts ${total(x.histogram)} evenings, not ${count}`;
  }
  return null;
}

/** Every derived number is what the report's own counts give: assembled again, it is the same. */
function reassemblyProblem(r: Report): string | null {
  const { checksum: _, ...body } = r as Report & { checksum?: string };
  const again = assembleReport({ format: r.format, setup: r.setup, seed: r.seed, strategies: r.strategies, ...(r.sides !== undefined ? { sides: r.sides } : {}) }, tallyFromReport(r), { first: r.range.first, end: r.range.end, partial: r.partial, ...(r.precision ? { precision: r.precision } : {}) });
  const where = firstDifference(again, body, '');
  return where === null ? null : `${where.path}: ${where.have} is not what the report's own counts give (${where.want})`;
}

/** Where two JSON values first differ (a path such as `seats[0].win.share`), or null. */
export function firstDifference(want: unknown, have: unknown, path: string): { path: string; want: string; have: string } | null {
  if (JSON.stringify(want) === JSON.stringify(have)) return null;
  if (typeof want === 'object' && want !== null && typeof have === 'object' && have !== null && Array.isArray(want) === Array.isArray(have)) {
    const keys = new Set([...Object.keys(want), ...Object.keys(have)]);
    for (const k of keys) {
      const d = firstDifference((want as Record<string, unknown>)[k], (have as Record<string, unknown>)[k], Array.isArray(want) ? `${path}[${k}]` : path === '' ? k : `${path}.${k}`);
      if (d) return d;
    }
  }
  return { path: path || '(top)', want: show(want), have: show(have) };
}

/**
 * The timing's counts agree with the rest: each outcome's games by day are its games and, over the
 * outcomes, the length histogram; each row's deaths by phase are its deaths; no list ends in a 0 (a
 * tally never writes one); a phase's squares lie between its deaths and what its deaths give at most.
 */
function timingCountsProblem(r: Report): string | null {
  const c = r.timing.counts;
  const byDay = new Map(r.length.histogram.map(([d, k]) => [d, k]));
  const days = Math.max(0, ...WINNERS.map((w) => c.decided[w].length));
  for (const w of WINNERS) {
    const list = c.decided[w];
    if (list.length > 0 && list[list.length - 1] === 0) return `timing.counts.decided.${w}: ends in 0`;
    const sum = list.reduce((n, k) => n + k, 0);
    if (sum !== r.outcomes[w]) return `timing.counts.decided.${w}: counts ${sum} games, not outcomes.${w} (${r.outcomes[w]})`;
  }
  for (let d = 0; d < days; d++) {
    const sum = WINNERS.reduce((n, w) => n + (c.decided[w][d] ?? 0), 0);
    if (sum !== (byDay.get(d) ?? 0)) return `timing.counts.decided: ${sum} games on day ${d}, not the length histogram's ${byDay.get(d) ?? 0}`;
  }
  const rows = [...r.roles, ...r.teams];
  for (const [i, x] of rows.entries()) {
    const at = `timing.counts (${i < r.roles.length ? x.group : `team ${x.group}`})`;
    const deaths = c.deaths[i];
    const squares = c.squares[i];
    if (deaths.length > 0 && deaths[deaths.length - 1] === 0) return `${at}.deaths: ends in 0`;
    if (squares.length !== deaths.length) return `${at}.squares: ${squares.length} phases, not the deaths' ${deaths.length}`;
    const died = deaths.reduce((n, k) => n + k, 0);
    if (died + x.survival.count !== x.seats) return `${at}.deaths: ${died} deaths, not seats − survivors (${x.seats - x.survival.count})`;
    for (let p = 0; p < deaths.length; p++) {
      if (squares[p] < deaths[p] || squares[p] > deaths[p] * (2 * x.perGame - 1)) return `${at}.squares[${p}]: ${squares[p]} for ${deaths[p]} deaths of ${x.perGame} seats a game`;
    }
  }
  return null;
}
