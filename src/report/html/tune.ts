// The page of `mafia-sim tune`, from its JSON: the setup, where the tune starts and where it ends, and
// how it ran; every round's best move with its gain on fresh games as bars around zero (the moves taken
// marked), the tuned parameters, the town win there with the 50% line, and the certificate (each side's
// best move left) around zero: the text report's tables, each under its chart.
import type { SetupSummary } from '../report.js';
import { formatDifference, formatP, formatRate } from '../text.js';
import { isObject } from '../shapes.js';
import type { PlayedSide } from '../sides.js';
import { dataTable, esc, facts, figure, numbers, section } from './markup.js';
import { optionsTable, setupFacts, sidesHtml } from './summary.js';
import { differenceBars, HALF, intervalBars } from './svg.js';

type Gain = { readonly diff: number; readonly low: number; readonly high: number; readonly p: number; readonly games?: number };
type Specs = { readonly town: string; readonly mafia: string; readonly roles: readonly string[] };

export interface TuneLike {
  readonly setup: SetupSummary;
  readonly seed: string;
  readonly start: Specs;
  readonly params: readonly string[] | null;
  readonly firstGames: number;
  readonly finalGames: number;
  readonly rounds: number;
  readonly budget: number | null;
  readonly stopped: 'converged' | 'rounds' | 'budget' | 'interrupted';
  readonly partial: boolean;
  readonly played: number;
  readonly result: Specs;
  readonly changed: Readonly<Record<'town' | 'mafia', Readonly<Record<string, unknown>>>>;
  readonly townWin: { readonly share: number; readonly low: number; readonly high: number; readonly games: number } | null;
  readonly certificate: Readonly<Record<'town' | 'mafia', { readonly move: string; readonly gain: Gain; readonly round: number } | null>>;
  readonly history: ReadonlyArray<{ readonly round: number; readonly side: 'town' | 'mafia'; readonly from: string; readonly moves: number; readonly best: string | null; readonly screen: Gain | null; readonly confirm: Gain | null; readonly accepted: boolean; readonly games: number }>;
}

const SIDES = ['town', 'mafia'] as const;
const count = (x: number) => x.toLocaleString('en-US');

export function isTune(x: unknown): x is TuneLike {
  return isObject(x) && isObject(x.setup) && isObject(x.start) && isObject(x.result) && isObject(x.certificate) && Array.isArray(x.history) && typeof x.stopped === 'string';
}

/** Why the tune stopped, as the text report says it. */
export function stoppedWords(r: Pick<TuneLike, 'stopped' | 'rounds' | 'budget'>): string {
  return {
    converged: 'converged: neither side has a move that gains significantly',
    rounds: `stopped at the round limit (${r.rounds}) before converging`,
    budget: `stopped at the game budget (${r.budget === null ? '?' : count(r.budget)}) before converging`,
    interrupted: 'interrupted',
  }[r.stopped];
}

/** A spec as summary.ts's sides list draws it: the spec, its profiles when it is a mix. */
const played = (plays: string, source: string): PlayedSide => ({ spec: plays, plays, tuned: null, mixed: plays.startsWith('mix:'), retuned: false, source, exploitedBy: null });
const sides = (s: Specs, source: string) => sidesHtml({ town: played(s.town, source), mafia: played(s.mafia, source), roles: s.roles });

function setupSection(r: TuneLike): string {
  const run = `seed ${r.seed}; moves screened on ${count(r.firstGames)} games, halved up to ${count(r.finalGames)}, confirmed on ${count(r.finalGames)} fresh games; at most ${r.rounds} rounds${r.budget === null ? '' : `, no round started after ${count(r.budget)} games`}`;
  return section('setup', 'Setup and strategies', '', facts([
    ...setupFacts(r.setup),
    ['parameters', r.params === null ? 'every parameter that applies to the table' : r.params.join(', ')],
    ['run', run],
    ['played', `${count(r.played)} games in ${r.history.length} round${r.history.length === 1 ? '' : 's'}, every arm counted`],
    ['result', stoppedWords(r)],
  ]) + `<h3>Where it starts</h3>${sides(r.start, '')}<h3>Where it ends</h3>${sides(r.result, '')}` + optionsTable(r.setup));
}

/** A gain in the side's win in percentage points, with its interval (and its games when it has them). */
const gainText = (g: Gain) => `${formatDifference(g)} points`;

function roundsSection(r: TuneLike): string {
  const label = (h: TuneLike['history'][number]) => `${h.round + 1}. ${h.side} ${h.best}${h.accepted ? ' (taken)' : ''}`;
  const moved = r.history.filter((h) => h.confirm !== null);
  const chart = moved.length === 0 ? '' : figure(differenceBars(moved.map((h) => ({ label: label(h), value: h.confirm!.diff, low: h.confirm!.low, high: h.confirm!.high, text: formatDifference(h.confirm!), tone: h.accepted ? h.side : 'draw' })), {
    chart: 'rounds',
    title: "Each round's best move: its gain in the side's win on fresh games, in percentage points, with 95% intervals",
    xTitle: "the side's win, the move minus the play before it, percentage points",
  }), 'Coloured: the move was taken (its whole interval right of the zero line); grey: it was not. A round with no move has no bar.');
  const table = dataTable(
    ['round', 'side', 'from', 'moves', 'best move', 'screened (points)', 'confirmed (points)', 'fresh games', 'p', 'taken', 'games'],
    r.history.map((h) => [String(h.round + 1), h.side, h.from, String(h.moves), h.best ?? 'no move', h.screen === null ? '' : formatDifference(h.screen), h.confirm === null ? '' : formatDifference(h.confirm), h.confirm?.games === undefined ? '' : count(h.confirm.games), h.confirm === null ? '' : formatP(h.confirm.p), h.accepted ? 'taken' : '', count(h.games)]),
    { numeric: [0, 3, 5, 6, 7, 8, 10], name: 'rounds' },
  );
  return section('rounds', 'Rounds', "Rounds alternate sides, the town first. Each plays the side's one-parameter moves against its current play on the same seeds (successive halving), and confirms the survivor on fresh games: it is taken when its gain's 95% interval is above zero.", chart + (chart === '' ? table : numbers(table)));
}

const paramsText = (o: Readonly<Record<string, unknown>>) => Object.entries(o).map(([k, v]) => `${k}=${String(v)}`).join(', ') || '(the defaults)';

function tunedSection(r: TuneLike): string {
  const table = dataTable(['side', 'parameters changed', 'plays'], SIDES.map((s) => [s, paramsText(r.changed[s]), r.result[s]]), { numeric: [], name: 'tuned' });
  const spec = `--strategy town=${r.result.town} --strategy mafia=${r.result.mafia}`;
  return section('tuned', 'Tuned parameters', 'Per side, the parameters that differ from the strategy’s defaults, and its play as --strategy specs.', `${table}<div class="command"><code id="as-strategy">${esc(spec)}</code><button type="button" data-copy="as-strategy" hidden>copy</button></div>`);
}

function townWinSection(r: TuneLike): string {
  const w = r.townWin;
  if (w === null) return section('town-win', 'Town win at the tuned parameters', '', '<p>No games.</p>');
  const text = formatRate(w);
  const chart = intervalBars([{ label: 'town win', value: w.share, low: w.low, high: w.high, text, tone: 'town' }], { chart: 'town-win', title: 'Town win at the tuned parameters, with its 95% interval', xTitle: 'town win, % of games', refs: [HALF] });
  return section('town-win', 'Town win at the tuned parameters', `${text} over ${count(w.games)} games (the last round’s games of the tuned play against itself); dashed, 50%.`, figure(chart, 'Wilson 95% interval.'));
}

function certificateSection(r: TuneLike): string {
  const list = SIDES.map((s) => [s, r.certificate[s]] as const);
  const withMove = list.filter((x): x is readonly [(typeof SIDES)[number], NonNullable<(typeof x)[1]>] => x[1] !== null);
  const chart = withMove.length === 0 ? '' : figure(differenceBars(withMove.map(([s, x]) => ({ label: `${s} ${x.move}`, value: x.gain.diff, low: x.gain.low, high: x.gain.high, text: formatDifference(x.gain), tone: x.gain.low > 0 ? s : 'draw' })), {
    chart: 'certificate',
    title: "The certificate: each side's best one-parameter move left, its gain in that side's win on fresh games, in percentage points",
    xTitle: "the side's win, the move minus the tuned play, percentage points",
  }), 'Coloured: a move that gains significantly (its whole interval right of the zero line); grey: across or left of it, no significant gain.');
  const table = dataTable(['side', 'best move left', 'gain (points)', 'fresh games', 'p', 'round'], list.map(([s, x]) => (x === null ? [s, 'no move', '', '', '', ''] : [s, x.move, gainText(x.gain), x.gain.games === undefined ? '' : count(x.gain.games), formatP(x.gain.p), String(x.round + 1)])), { numeric: [2, 3, 4, 5], name: 'certificate' });
  return section('certificate', 'Exploitability certificate', 'The best one-parameter move left per side at the tuned play, and its gain on fresh games (95% interval).', chart + (chart === '' ? table : numbers(table)));
}

export function tuneTitle(r: TuneLike): { title: string; subtitle: string; warning: string | null } {
  const rounds = `${r.history.length} round${r.history.length === 1 ? '' : 's'}`;
  return {
    title: `mafia-sim tune: ${r.setup.name}`,
    subtitle: `${r.setup.rules} rules, ${r.setup.players} players; ${r.partial ? 'interrupted' : r.stopped === 'converged' ? 'converged' : `stopped at the ${r.stopped === 'budget' ? 'game budget' : 'round limit'}`} after ${rounds}, ${count(r.played)} games; seed ${r.seed}`,
    warning: !r.partial
      ? null
      : r.played === 0
        ? 'PARTIAL: the tune was interrupted before any game finished: no games finished, so there is nothing to report.'
        : `PARTIAL: the tune was interrupted; this covers the ${rounds} that finished (${count(r.played)} games). The same command with the same --state continues.`,
  };
}

export function tuneSections(r: TuneLike): string[] {
  if (r.partial && r.played === 0) return [setupSection(r), section('none', 'No games finished', 'Interrupted before any game finished.', '')];
  return [setupSection(r), roundsSection(r), tunedSection(r), townWinSection(r), certificateSection(r)];
}
