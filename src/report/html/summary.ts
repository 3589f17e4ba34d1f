// What every page opens with, in words rather than the JSON's keys: the setup (its name, rules, seats
// and roles, its options), what each side plays (an equilibrium's mix as its profiles and their
// weights) and where that comes from, and, over a command's arms, which arms play what and where the
// play changes. run, tournament and every workbench page take their summary from here.
import { describeValue } from '../../rules/options.js';
import type { SetupSummary } from '../report.js';
import { describeSides, type PlayedSide, type PlayedSides } from '../sides.js';
import { dataTable, esc, numbers } from './markup.js';
import { exploitabilityOf, exploitWords, type Exploitability } from '../exploitability.js';
import type { Rate } from '../rate.js';
import type { Change } from './svg.js';

const count = (x: number) => x.toLocaleString('en-US');

/** `boss mafia×3 doctor`: a setup's roles with their counts. */
export const rolesLine = (roles: Readonly<Record<string, number>>) => Object.entries(roles).map(([id, k]) => (k > 1 ? `${id}×${k}` : id)).join(' ');

/** The setup's name and source, rules, and seats with their roles (as `run`'s page has them). */
export function setupFacts(s: SetupSummary): [string, string][] {
  return [
    ['setup', `${s.name} (${s.source})`],
    ['rules', s.rules],
    ['players', `${s.players}: ${rolesLine(s.roles)}`],
  ];
}

/** The setup's rule options, folded away as a table. */
export function optionsTable(s: Pick<SetupSummary, 'options'>): string {
  const rows = Object.entries(s.options).map(([k, v]) => [k, describeValue(v)]);
  return numbers(dataTable(['option', 'value'], rows, { numeric: [], name: 'options' }), `Rule options (${rows.length})`);
}

/** `mix:a@0.25|b@0.75` as its profiles with their weights; any other spec as itself. */
export function profiles(plays: string): { spec: string; weight: number | null }[] {
  if (!plays.startsWith('mix:')) return [{ spec: plays, weight: null }];
  return plays.slice(4).split('|').map((p) => {
    const at = p.lastIndexOf('@');
    const w = at > 0 ? Number(p.slice(at + 1)) : NaN;
    return Number.isFinite(w) ? { spec: p.slice(0, at), weight: w } : { spec: p, weight: null };
  });
}

/** A spec that may break after its commas on a narrow screen. */
const wrapSpec = (spec: string) => esc(spec).replace(/,/g, ',<wbr>');

/** One side's play as HTML: each profile of a mix on its own line with its weight, then where it comes from. */
function sideHtml(s: PlayedSide): string {
  const list = profiles(s.plays);
  const shown = list.length === 1 && list[0].weight === null
    ? `<code>${wrapSpec(list[0].spec)}</code>`
    : `a mix of ${list.length} profiles:<ul class="profiles">${list.map((p) => `<li><code>${wrapSpec(p.spec)}</code>${p.weight === null ? '' : ` <span class="about">${(100 * p.weight).toFixed(1)}%</span>`}</li>`).join('')}</ul>`;
  return `${shown}${s.source ? `<div class="about">${esc(s.source)}</div>` : ''}`;
}

/** Both sides (once when they play the same), then the ROLE= specs, as a definition list. */
export function sidesHtml(s: PlayedSides): string {
  const same = s.town.plays === s.mafia.plays && s.town.source === s.mafia.source;
  const rows: [string, string][] = same ? [['both sides', sideHtml(s.town)]] : [['town', sideHtml(s.town)], ['mafia', sideHtml(s.mafia)]];
  for (const r of s.roles) rows.push(['role', `<code>${esc(r)}</code>`]);
  return `<dl class="facts">${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${v}</dd>`).join('')}</dl>`;
}

/**
 * What exploit found against the play, in the text report's words, and the command that measured it
 * ('' where no record applies: the page then says nothing of it, as the text does).
 */
export function exploitHtml(e: Exploitability | null | undefined, town: Pick<Rate, 'share' | 'low' | 'high'>, label = ''): string {
  if (e === null || e === undefined) return '';
  const said = `${label === '' ? '' : `${label}: `}${exploitWords(e, town)}`;
  return `<p class="exploit${e.holds ? '' : ' exploited'}">${esc(said)}</p><p class="about">Measured by <code>${esc(e.command)}</code>.</p>`;
}

interface ArmSides {
  readonly label: string;
  readonly sides?: PlayedSides;
}

/**
 * Labels in few words: `players = 8, 9, 10` when they all set the same key, else as they are. A run
 * of the labels of every arm is `every arm`.
 */
export function labelsLine(labels: readonly string[], total: number, what = 'arm'): string {
  if (labels.length === total && total > 1) return `every ${what}`;
  const kv = labels.map((l) => /^([\w.]+)=(\S+)$/.exec(l));
  if (kv.every((m) => m !== null) && new Set(kv.map((m) => m![1])).size === 1) return `${kv[0]![1]} = ${kv.map((m) => m![2]).join(', ')}`;
  return labels.join(', ');
}

/** The arms grouped by what they play, in the order each play first appears. */
export function playGroups(arms: readonly ArmSides[]): { sides: PlayedSides; labels: string[] }[] {
  const groups = new Map<string, { sides: PlayedSides; labels: string[] }>();
  for (const a of arms) {
    if (!a.sides) continue;
    const k = describeSides(a.sides);
    if (!groups.has(k)) groups.set(k, { sides: a.sides, labels: [] });
    groups.get(k)!.labels.push(a.label);
  }
  return [...groups.values()];
}

/**
 * Where the play changes along the arms: before each arm that plays otherwise than the one before it,
 * or the same profiles where exploit measured them in one and not the other (a point at the
 * equilibrium's own table among points carried over, or at a changed table).
 */
export function playChanges(arms: readonly ArmSides[]): Change[] {
  const out: Change[] = [];
  const measured = (s: PlayedSides) => exploitabilityOf(s) !== null;
  for (let i = 1; i < arms.length; i++) {
    const [a, b] = [arms[i - 1].sides, arms[i].sides];
    if (!a || !b) continue;
    const record = measured(a) === measured(b) ? '' : measured(b) ? ' (measured by exploit)' : ' (no exploit record)';
    if (describeSides(a) !== describeSides(b) || record !== '') out.push({ index: i, label: `the play changes at ${arms[i].label}: ${describeSides(b)}${record}` });
  }
  return out;
}

/** What the arms play: one list when they all play the same, else one per group with the arms it covers. */
export function strategiesHtml(arms: readonly ArmSides[], what = 'arm'): string {
  const groups = playGroups(arms);
  if (groups.length === 0) return '';
  if (groups.length === 1) return sidesHtml(groups[0].sides);
  return groups.map((g) => `<div class="plays" data-arms="${esc(g.labels.join(' '))}"><h3>At ${esc(labelsLine(g.labels, arms.length, what))}</h3>${sidesHtml(g.sides)}</div>`).join('');
}

/** `300 games per point × 13 points, seed 1 (games 0–299), the same game seeds in every point`. */
export function runFacts(r: { games?: number; seed?: string | number; range?: { first: number; end: number } }, arms: number, what = 'arm'): string {
  const games = typeof r.games === 'number' ? `${count(r.games)} games per ${what} × ${arms} ${what}s` : `${arms} ${what}s`;
  const range = r.range && r.range.end > r.range.first ? ` (games ${count(r.range.first)}–${count(r.range.end - 1)})` : '';
  return `${games}, seed ${r.seed ?? '?'}${range}, the same game seeds in every ${what}`;
}

/** A JSON key as words: `meanDays` → `mean days`, `design.setup` → `setup`. */
export function words(key: string): string {
  return key.replace(/^(design|best|setup)\./, (m) => (m === 'best.' ? 'best ' : '')).replace(/\./g, ' ').replace(/([a-z])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`);
}

/** Keys of a report that say nothing to a reader (its format number, its checksum, that it is whole). */
export const PLUMBING = new Set(['kind', 'format', 'checksum', 'partial', 'range.first', 'range.end']);
