// The page of `mafia-sim balance`, from its JSON: the setup, the knob, the target and what each side
// plays; town win against the knob over the final round with the target's line (and 50%'s) and a mark
// where the play changes; every round's values; the final round's table; the best value, its
// neighbours and the command that plays it alone: the text report's tables.
import { formatRate } from '../text.js';
import { isObject, isRate, type RateLike } from '../shapes.js';
import type { PlayedSides } from '../sides.js';
import { dataTable, esc, facts, figure, numbers, section } from './markup.js';
import { seriesLegend, tunesSection } from './arms.js';
import { playChanges, strategiesHtml } from './summary.js';
import { bands, HALF, type Ref, type Series } from './svg.js';

interface Point {
  readonly value: string;
  readonly players: number;
  readonly games: number;
  readonly town: RateLike;
  readonly mafia: RateLike;
  readonly draw: RateLike;
  readonly sides?: PlayedSides;
}

interface Knob {
  readonly key: string;
  readonly kind: string;
  readonly what: string;
  readonly low?: number;
  readonly high?: number;
  readonly values?: readonly string[];
  readonly current: string;
}

export interface BalanceLike {
  readonly seed: string;
  readonly partial: boolean;
  readonly design: { readonly setup: string; readonly options: readonly string[]; readonly strategies: readonly string[]; readonly knob: Knob; readonly target: number; readonly games: number };
  readonly rounds: ReadonlyArray<{ readonly games: number; readonly points: readonly Point[] }>;
  readonly best: Point | null;
  readonly neighbours: readonly Point[];
  readonly check?: string | null;
}

const count = (x: number) => x.toLocaleString('en-US');
const pct = (x: number) => `${Number((100 * x).toFixed(1))}%`;
const signed = (x: number) => {
  const shown = Math.abs(100 * x).toFixed(1);
  return `${Number(shown) === 0 ? '±' : x > 0 ? '+' : '−'}${shown} points`;
};

export function isBalance(x: unknown): x is BalanceLike {
  return isObject(x) && isObject(x.design) && isObject(x.design.knob) && typeof x.design.target === 'number' && Array.isArray(x.rounds) && Array.isArray(x.neighbours) && x.neighbours.every((p) => isObject(p) && isRate(p.town));
}

function setupSection(r: BalanceLike): string {
  const k = r.design.knob;
  const searched = k.kind === 'enum' || k.low === undefined ? (k.values ?? []).join(', ') : `${k.low}..${k.high}`;
  const arms = r.neighbours.map((p) => ({ label: `${k.key}=${p.value}`, sides: p.sides }));
  const plays = strategiesHtml(arms, 'value');
  return section('setup', 'Setup and strategies', '', facts([
    ['setup', `${r.design.setup}${r.design.options.length > 0 ? ` ${r.design.options.join(' ')}` : ''}`],
    ['knob', `${k.key}: ${k.what}, now ${k.current}; searched ${searched}`],
    ['target', `town win ${pct(r.design.target)}`],
    ['run', `seed ${r.seed}; ${r.rounds.length} round${r.rounds.length === 1 ? '' : 's'} on the same game seeds, the last with ${count(r.design.games)} games per value`],
  ]) + (plays ? `<h3>Strategies</h3>${plays}` : ''));
}

function finalSection(r: BalanceLike): string {
  const k = r.design.knob;
  const t = r.design.target;
  const series: Series[] = [{ key: 'town', label: 'town win', tone: 'town', points: r.neighbours.map((p) => ({ value: p.town.share, low: p.town.low, high: p.town.high, text: formatRate(p.town) })) }];
  const refs: Ref[] = [{ value: t, label: `target ${pct(t)}` }, ...(Math.abs(t - 0.5) > 1e-9 ? [HALF] : [])];
  const changes = playChanges(r.neighbours.map((p) => ({ label: `${k.key}=${p.value}`, sides: p.sides })));
  const chart = bands(r.neighbours.map((p) => p.value), series, { chart: 'balance', title: `Town win % against ${k.key}, with 95% interval bands and the target`, xTitle: k.key, yTitle: 'town win, % of games', refs, changes, min: 0, max: 1 }) + seriesLegend(series);
  const best = r.best?.value;
  const table = dataTable([k.key, 'players', 'town win (95% interval)', `from ${pct(t)}`, 'mafia win', 'draw'], r.neighbours.map((p) => [p.value === best ? `${p.value} (best)` : p.value, String(p.players), formatRate(p.town), signed(p.town.share - t), formatRate(p.mafia), formatRate(p.draw)]), { name: 'final' });
  const n = r.neighbours[0] ? count(r.neighbours[0].games) : '0';
  return section('final', r.partial ? 'Last round with games' : 'Final round', `${n} games per value; town win with its Wilson 95% interval.`, figure(chart, `Dashed: the target${refs.length > 1 ? ' and 50%' : ''}.${changes.length > 0 ? ' ◆: the play changes.' : ''}`) + table);
}

function roundsSection(r: BalanceLike): string {
  const k = r.design.knob;
  const tables = r.rounds.map((round, i) => {
    const played = round.points[0]?.games ?? 0;
    const games = played < round.games ? `interrupted: ${count(played)} of ${count(round.games)} games each` : `${count(round.games)} games each`;
    return `<h3>Round ${i + 1} <span class="about">(${esc(games)})</span></h3>` + dataTable([k.key, 'town win (95% interval)'], round.points.map((p) => [p.value, formatRate(p.town)]), { name: `round-${i + 1}` });
  });
  return section('rounds', 'Rounds', 'Each round’s values and their town win, every value on the same game seeds.', numbers(tables.join(''), `The ${r.rounds.length} round(s)`));
}

function bestSection(r: BalanceLike): string {
  if (r.best === null) return '';
  const k = r.design.knob;
  const b = r.best;
  const t = r.design.target;
  const i = r.neighbours.findIndex((p) => p.value === b.value);
  const near = [r.neighbours[i - 1], r.neighbours[i + 1]].filter((p) => p !== undefined);
  const lines = [`${k.key}=${b.value}: town win ${formatRate(b.town)}, ${(100 * Math.abs(b.town.share - t)).toFixed(1)} points from the target`];
  if (near.length > 0) lines.push(`neighbours: ${near.map((p) => `${k.key}=${p.value} → ${formatRate(p.town)}`).join(', ')}`);
  if (b.town.low > t || b.town.high < t) lines.push(`no value tried reaches ${pct(t)} within its interval${k.kind === 'int' || k.kind === 'enum' ? ': the knob moves town win in steps (see the neighbours)' : ''}`);
  const check = r.check ? `<p>The same figures, alone:</p><div class="command"><code id="check">${esc(r.check)}</code><button type="button" data-copy="check" hidden>copy</button></div>` : '';
  return section('best', `Best: ${k.key}=${b.value}`, '', `<ul>${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>${check}`);
}

export function balanceTitle(r: BalanceLike): { title: string; subtitle: string; warning: string | null } {
  const k = r.design.knob;
  return {
    title: `mafia-sim balance: ${r.design.setup}${r.design.options.length > 0 ? ` ${r.design.options.join(' ')}` : ''}, ${k.key} for town win ${pct(r.design.target)}`,
    subtitle: `${r.best ? `best ${k.key}=${r.best.value}: town win ${formatRate(r.best.town)}; ` : ''}${r.rounds.length} round(s), ${count(r.design.games)} games per value in the last; seed ${r.seed}`,
    warning: r.partial ? 'PARTIAL: the search was interrupted; the best so far is from the games that finished.' : null,
  };
}

export function balanceSections(r: BalanceLike): string[] {
  const tunes = tunesSection(r.neighbours.map((p) => ({ label: `${r.design.knob.key}=${p.value}`, tune: (p as { tune?: unknown }).tune })));
  return [setupSection(r), ...(r.neighbours.length > 0 ? [finalSection(r)] : []), tunes, bestSection(r), roundsSection(r)].filter((s) => s !== '');
}
