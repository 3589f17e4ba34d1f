// The HTML report of a tournament: the town win matrix and the mean game length as heat maps, and
// every pairing against the first on the same games (the paired difference with its interval).
import type { Pairing, TournamentReport } from '../../tournament/tournament.js';
import { pairingName } from '../csvRows.js';
import { formatDifference, formatP, formatRate } from '../text.js';
import { dataTable, facts, figure, numbers, section } from './markup.js';
import { optionsTable, setupFacts } from './summary.js';
import { differenceBars, heatMap } from './svg.js';

const count = (x: number) => x.toLocaleString('en-US');

function cellOf(t: TournamentReport, town: string, mafia: string): Pairing {
  return t.pairings.find((p) => p.town === town && p.mafia === mafia)!;
}

function matrices(t: TournamentReport): string {
  const s = t.strategies;
  const wins = heatMap(s, s, (i, j) => {
    const p = cellOf(t, s[i], s[j]);
    const [share, interval] = formatRate(p.townWin).split(' ');
    return { t: p.townWin.share, value: p.townWin.share, lines: [share, interval] };
  }, { chart: 'town-win', title: 'Town win % by town strategy (rows) and mafia strategy (columns)', rowTitle: 'town', colTitle: 'mafia' });
  // Shaded from the shortest pairing to the longest: the differences are what a reader looks for.
  const shortest = Math.min(...t.pairings.map((p) => p.meanDays));
  const longest = Math.max(...t.pairings.map((p) => p.meanDays));
  const days = heatMap(s, s, (i, j) => {
    const p = cellOf(t, s[i], s[j]);
    return { t: longest > shortest ? (p.meanDays - shortest) / (longest - shortest) : 0.5, value: p.meanDays, lines: [p.meanDays.toFixed(2)] };
  }, { chart: 'mean-days', title: 'Mean game length in days by pairing', rowTitle: 'town', colTitle: 'mafia' });
  const table = dataTable(['town ↓ mafia →', ...s], s.map((town) => [town, ...s.map((m) => formatRate(cellOf(t, town, m).townWin))]), { name: 'town-win' });
  const daysTable = dataTable(['town ↓ mafia →', ...s], s.map((town) => [town, ...s.map((m) => cellOf(t, town, m).meanDays.toFixed(2))]), { name: 'mean-days' });
  return section('matrix', 'Town win %', `Each cell: the town’s win share over ${count(t.games)} games with its Wilson 95% interval; darker is higher.`, figure(wins, 'Rows: the town’s strategy; columns: the mafia’s.') + numbers(table))
    + section('length', 'Mean game length', 'Days per game, by pairing; from the shortest (lightest) to the longest (darkest).', figure(days, 'Rows: the town’s strategy; columns: the mafia’s.') + numbers(daysTable));
}

function comparison(t: TournamentReport): string {
  if (t.pairings.length < 2) return '';
  const first = t.pairings[0];
  const rest = t.pairings.slice(1);
  const chart = differenceBars(rest.map((p) => ({ label: `${p.town} / ${p.mafia}`, value: p.vsFirst!.diff, low: p.vsFirst!.low, high: p.vsFirst!.high, text: formatDifference(p.vsFirst!), tone: p.vsFirst!.diff >= 0 ? 'town' : 'mafia' })), {
    chart: 'vs-first',
    title: `Town win minus town=${first.town} mafia=${first.mafia}'s, in percentage points, with 95% intervals`,
  });
  const table = dataTable(['town', 'mafia', 'town win', 'difference (points)', 'McNemar', 'games'], rest.map((p) => [p.town, p.mafia, formatRate(p.townWin), formatDifference(p.vsFirst!), formatP(p.vsFirst!.p), count(p.vsFirst!.games)]), { numeric: [2, 3, 4, 5], name: 'vs-first' });
  return section('vs-first', `Compared with ${pairingName(first)}`, 'Each pairing against the first on the same games: the paired difference in town wins (Newcombe’s 95% interval) and McNemar’s exact p.', figure(chart, 'Labels: town strategy / mafia strategy. Right of the line: the town wins more often than in the first pairing.') + numbers(table));
}

function setup(t: TournamentReport): string {
  return section('setup', 'Setup', '', facts([
    ...setupFacts(t.setup),
    ['strategies', t.strategies.join('  ')],
    ['seed', t.seed],
    ['games', `${count(t.games)} per pairing, the same game seeds in every pairing`],
  ]) + optionsTable(t.setup));
}

export function tournamentSections(t: TournamentReport): string[] {
  return [setup(t), matrices(t), comparison(t)].filter((s) => s !== '');
}

export function tournamentTitle(t: TournamentReport): { title: string; subtitle: string; warning: string | null } {
  return {
    title: `mafia-sim tournament: ${t.setup.name}, ${t.strategies.length} strategies`,
    subtitle: `${t.setup.rules} rules, ${t.setup.players} players; ${count(t.games)} games per pairing; seed ${t.seed}`,
    warning: t.partial ? 'PARTIAL: the tournament was interrupted; these are the games that finished.' : null,
  };
}
