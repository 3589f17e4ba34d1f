// The HTML report of a run (and of merged shards): outcomes, game length, roles (survival and how they
// die), seats, points per role and team, evenings; every chart with its numbers folded under it.
import { causesOf, WINNERS } from '../../model/events.js';
import { describeValue } from '../../rules/options.js';
import type { GroupRow, PointsSummary, Report } from '../report.js';
import { formatMean, formatRate, runExploit, runSides } from '../text.js';
import { dataTable, esc, facts, figure, numbers, section } from './markup.js';
import { columns, dots, HALF, intervalBars, legend, stackedBars, type Column } from './svg.js';
import { exploitHtml, optionsTable, setupFacts, sidesHtml } from './summary.js';
import { timingSection } from './timing.js';

const count = (x: number) => x.toLocaleString('en-US');
const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2));
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** The most bars a points histogram gets: more distinct values are grouped into equal ranges. */
const MOST_BINS = 24;

/** A `[value, count]` histogram as chart columns: one per value, or equal ranges when there are many. */
export function histogramColumns(h: ReadonlyArray<readonly [number, number]>, total: number): Column[] {
  const share = (k: number) => (total === 0 ? 0 : k / total);
  if (h.length <= MOST_BINS) return h.map(([v, k]) => ({ label: num(v), count: k, share: share(k) }));
  const lo = h[0][0];
  const hi = h[h.length - 1][0];
  const width = (hi - lo) / MOST_BINS;
  const bins = Array.from({ length: MOST_BINS }, (_, i) => ({ from: lo + i * width, count: 0 }));
  for (const [v, k] of h) bins[Math.min(MOST_BINS - 1, Math.floor((v - lo) / width))].count += k;
  return bins.map((b) => ({ label: num(Math.round(b.from * 100) / 100), count: b.count, share: share(b.count) }));
}

const groups = (r: Report): [string, GroupRow][] => [...r.roles.map((x): [string, GroupRow] => [x.group, x]), ...r.teams.map((x): [string, GroupRow] => [`team ${x.group}`, x])];

function setupSection(r: Report): string {
  const rows: [string, string][] = [
    ...setupFacts(r.setup),
    ['strategies', r.strategies.join(' ')],
    ['seed', r.seed],
    ['games', `${count(r.games)} (games ${r.range.first}–${r.range.end - 1})${r.failedGames > 0 ? `, ${count(r.failedGames)} failed` : ''}`],
  ];
  if (r.precision) rows.push(['precision', `town win ±${(100 * r.precision.halfWidth).toFixed(2)}% (asked for ±${(100 * r.precision.target).toFixed(2)}%${r.precision.reached ? '' : ', not reached'})`]);
  if (Object.keys(r.setup.params).length > 0) rows.push(['parameters', Object.entries(r.setup.params).map(([k, v]) => `${k}=${describeValue(v)}`).join('  ')]);
  rows.push(['scoring', Object.entries(r.setup.scoring).filter(([, v]) => v !== 0).map(([k, v]) => `${k}=${v}`).join('  ')]);
  rows.push(['illegal decisions', count(r.illegalDecisions)]);
  const sides = runSides(r);
  const exploit = r.games === 0 ? '' : exploitHtml(runExploit(r), r.outcomeRates.town);
  return section('setup', 'Setup', '', facts(rows) + (sides === null ? '' : `<h3>What each side plays</h3>${sidesHtml(sides)}`) + (exploit === '' ? '' : `<h3>Exploitability</h3>${exploit}`) + optionsTable(r.setup));
}

function outcomesSection(r: Report): string {
  const chart = intervalBars(WINNERS.map((w) => ({ label: w, value: r.outcomeRates[w].share, low: r.outcomeRates[w].low, high: r.outcomeRates[w].high, text: formatRate(r.outcomeRates[w]), tone: w })), { chart: 'outcomes', title: 'Outcomes: share of games with its 95% interval', xTitle: 'share of games, %', refs: [HALF] });
  const table = dataTable(['outcome', 'games', 'share (95% interval)'], WINNERS.map((w) => [w, count(r.outcomeRates[w].count), formatRate(r.outcomeRates[w])]), { name: 'outcomes' });
  // A neutral team wins alongside the outcome (docs/rules-decisions.md, "Neutral teams"): a table of its own.
  const neutral = r.neutralWins
    ? numbers(dataTable(['neutral team', 'games won', 'share (95% interval)'], r.neutralWins.map((x) => [x.team, count(x.win.count), formatRate(x.win)]), { name: 'neutral-wins' }))
    : '';
  return section('outcomes', 'Outcomes', `Share of ${count(r.games)} games; whiskers are Wilson 95% intervals.`, figure(chart, 'Stalemate: the day cap (maxDays) was reached; draw: the rules ended it in a draw.') + numbers(table) + neutral);
}

function lengthSection(r: Report): string {
  const bins = r.length.histogram.map(([d, k]) => ({ label: String(d), count: k, share: r.games === 0 ? 0 : k / r.games }));
  const chart = columns(bins, { chart: 'length', title: 'Game length in days', xTitle: 'days (the last day begun)' });
  const table = dataTable(['days', 'games', 'share'], bins.map((b) => [b.label, count(b.count), pct(b.share)]), { name: 'length' });
  return section('length', 'Game length', `Mean ${r.length.mean.toFixed(2)} days.`, figure(chart, 'Games by the last day begun.') + numbers(table));
}

function rolesSection(r: Report): string {
  const g = groups(r);
  const survival = intervalBars(g.map(([label, x]) => ({ label, value: x.survival.share, low: x.survival.low, high: x.survival.high, text: formatRate(x.survival), tone: x.team })), { chart: 'role-survival', title: 'Survival by role and team, with 95% intervals', xTitle: 'alive at the end, % of seat-games' });
  const causes = causesOf(Object.assign({}, ...g.map(([, x]) => x.deaths))).filter((c) => g.some(([, x]) => (x.deaths[c] ?? 0) > 0));
  const stacks = stackedBars(g.map(([label, x]) => ({ label, total: x.seats, parts: [{ key: 'survived', count: x.survival.count }, ...causes.map((c) => ({ key: c, count: x.deaths[c] ?? 0 }))] })), { chart: 'role-deaths', title: 'How the players of each role leave: shares of seat-games by cause', xTitle: 'share of seat-games, %' });
  const keys = [{ key: 'survived', label: 'survived' }, ...causes.map((c) => ({ key: c, label: c }))];
  const table = dataTable(
    ['role', 'team', 'seats', 'survival (95% interval)', ...causes, 'mean day of a death'],
    g.map(([label, x]) => [label, x.team, String(x.perGame), formatRate(x.survival), ...causes.map((c) => pct(x.seats === 0 ? 0 : (x.deaths[c] ?? 0) / x.seats)), x.meanDeathDay === null ? '' : x.meanDeathDay.toFixed(1)]),
    { numeric: [2, 3, ...causes.map((_, i) => 4 + i), 4 + causes.length], name: 'roles' },
  );
  return section('roles', 'Roles', 'Survival of each role’s seats (the interval allows for the seats of one game living and dying together), and how they leave the game.',
    figure(survival, 'Survival: alive at the end of the game, of the seat-games.') + figure(stacks, 'Causes: vote (a day’s vote), shootout, fouls; at night mafia, maniac, courtesan, killer, sportsman, several (more than one shot).', legend(keys)) + numbers(table));
}

function seatsSection(r: Report): string {
  const measures = [
    ['survival', 'Survival', 'seat-survival'],
    ['win', 'Win (on the winning team)', 'seat-win'],
    ['outDay1', 'Out on day 1 (vote, shoot-out or fouls)', 'seat-out-day1'],
    ['killedNight1', 'Killed in night 1', 'seat-killed-night1'],
  ] as const;
  const charts = measures.map(([k, title, chart]) =>
    figure(dots(r.seats.map((x) => ({ label: String(x.seat), value: x[k].share, low: x[k].low, high: x[k].high, text: formatRate(x[k]) })), { chart, title: `${title} by seat, with 95% intervals`, xTitle: 'seat', yTitle: '% of games' }), `${title}, seat 1 to ${r.seats.length}.`),
  ).join('');
  const table = dataTable(['seat', 'survival', 'win', 'out on day 1', 'killed night 1'], r.seats.map((x) => [String(x.seat), formatRate(x.survival), formatRate(x.win), formatRate(x.outDay1), formatRate(x.killedNight1)]), { name: 'seats' });
  return section('seats', 'Seats', 'How each seat fares whatever its role (the speaking order, bots that coordinate by seat).', charts + numbers(table));
}

function pointsCharts(rows: readonly (readonly [string, PointsSummary])[], chart: string, xTitle = 'points in a game'): string {
  return `<div class="multiples">${rows
    .map(([label, x]) =>
      figure(
        columns(histogramColumns(x.histogram, x.n), { chart, title: `Points of ${label}`, xTitle, width: 300, height: 160 }),
        `${label}: mean ${formatMean(x)}, sd ${x.sd.toFixed(2)}, median ${num(x.median)}`,
      ).replace('<figure>', `<figure data-group="${esc(label)}">`),
    )
    .join('')}</div>`;
}

function pointsTable(head: string, rows: readonly (readonly [string, PointsSummary])[], name: string): string {
  return dataTable([head, 'mean (95% interval)', 'sd', 'p10', 'median', 'p90', 'max'], rows.map(([label, x]) => [label, formatMean(x), x.sd.toFixed(2), num(x.p10), num(x.median), num(x.p90), num(x.max)]), { name });
}

function pointsSection(r: Report): string {
  const rows = groups(r).map(([label, x]) => [label, x.points] as const);
  return section('points', 'Points per game', 'The distribution of a seat’s points at the end of a game, per role and team (the mean’s interval is taken over games).', pointsCharts(rows, 'points') + numbers(pointsTable('role / team', rows, 'points')));
}

function eveningsSection(r: Report): string {
  if (!r.evenings) return '';
  const rows = r.evenings.seats.map((x) => [x.group, x] as const);
  const size = describeValue(r.setup.options.series ?? 1);
  return section('evenings', `Evenings of ${size} games`, `Each seat’s points over a whole evening (C16.1), ${count(r.evenings.count)} complete evenings.`, pointsCharts(rows, 'evening-points', 'points in an evening') + numbers(pointsTable('seat', rows, 'evenings')));
}

function failuresSection(r: Report): string {
  if (r.failedGames === 0) return '';
  const list = r.failures.map((f) => `<li><code>${esc(f.replay)}</code> <span class="about">${esc(f.error)}</span></li>`).join('');
  const shown = r.failures.length < r.failedGames ? ` (the first ${r.failures.length} of ${count(r.failedGames)})` : '';
  return section('failures', 'Failed games', `${count(r.failedGames)} game(s) failed; each replays with its command${shown}.`, `<ul>${list}</ul>`);
}

export function runSections(r: Report): string[] {
  return [setupSection(r), outcomesSection(r), lengthSection(r), timingSection(r), rolesSection(r), seatsSection(r), pointsSection(r), eveningsSection(r), failuresSection(r)].filter((s) => s !== '');
}

export function runTitle(r: Report): { title: string; subtitle: string; warning: string | null } {
  return {
    title: `mafia-sim: ${r.setup.name}, ${count(r.games)} games`,
    subtitle: `${r.setup.rules} rules, ${r.setup.players} players; strategies ${r.strategies.join(' ')}; seed ${r.seed}`,
    warning: r.partial ? 'PARTIAL: the run was interrupted; these are the games that finished.' : null,
  };
}
