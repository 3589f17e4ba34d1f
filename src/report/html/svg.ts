// The charts of the HTML report, drawn as inline SVG by hand: five kinds of chart are all it needs, a
// chart library would be heavier than the whole report and could not be inlined as simply. Every mark
// carries its number (`data-value`) so that a test, or a reader's script, can check what it shows;
// colours come from the page's CSS classes, so light and dark mode restyle every chart.
import { esc } from './markup.js';

export interface Interval {
  readonly value: number;
  readonly low?: number | null;
  readonly high?: number | null;
}

export interface BarItem extends Interval {
  readonly label: string;
  /** The number as printed beside the bar (`37.4% (36.5–38.3%)`). */
  readonly text: string;
  /** A CSS class for the bar's colour (`town`, `mafia`, …); the accent colour otherwise. */
  readonly tone?: string;
}

const FONT = 16;
/**
 * A wide character's width at FONT, to size label columns without measuring text: Chromium's sans on
 * Debian draws `temperature=100` at 9.6 a character (the browser test checks no text leaves its chart).
 */
const CHAR = 10;
/** The same at the axes' 13px. */
const AXIS_CHAR = 8;
const WIDTH = 480;

const n = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2));
const labelRoom = (labels: readonly string[], least = 48, most = 190) => Math.min(most, Math.max(least, Math.ceil(Math.max(0, ...labels.map((l) => l.length)) * CHAR) + 12));
/** A label cut to `room` pixels (the whole label stays in the mark's <title>). */
const fit = (label: string, room: number) => {
  const most = Math.max(3, Math.floor((room - 8) / CHAR));
  return label.length <= most ? label : `${label.slice(0, most - 1)}…`;
};

/** A reference line across a chart (50%, a target): drawn dashed, named at its end. */
export interface Ref {
  readonly value: number;
  readonly label: string;
}

/** An axis's title (its unit): every chart has one or two, `text.axis-title` (the browser test checks). */
function axisTitle(x: number, y: number, text: string, rotate = false, width = Infinity): string {
  // Centred under its axis, but kept inside the chart when it is longer than the axis.
  const half = (text.length * AXIS_CHAR) / 2;
  if (!rotate) x = Math.max(half + 2, Math.min(width - half - 2, x));
  const turn = rotate ? ` transform="rotate(-90 ${n(x)} ${n(y)})"` : '';
  return `<text class="axis axis-title" x="${n(x)}" y="${n(y)}" text-anchor="middle"${turn}>${esc(text)}</text>`;
}

/**
 * A row's label at `x` (right-aligned) around `y`: on one line when it fits `room`, else on two smaller
 * lines broken at the space nearest its middle (`smart:fakeClaim=1 / smart:fakeClaim=1`), cut only when
 * even a half does not fit (the whole label stays in the row's <title>).
 */
function rowLabel(label: string, x: number, y: number, room: number): string {
  if (label.length * CHAR + 8 <= room) return `<text class="label" x="${n(x)}" y="${n(y + 5)}" text-anchor="end">${esc(label)}</text>`;
  const spaces = [...label.matchAll(/ /g)].map((m) => m.index!);
  const at = spaces.sort((a, b) => Math.abs(a - label.length / 2) - Math.abs(b - label.length / 2))[0];
  if (at === undefined) return `<text class="label" x="${n(x)}" y="${n(y + 5)}" text-anchor="end">${esc(fit(label, room))}</text>`;
  const most = Math.max(3, Math.floor((room - 8) / AXIS_CHAR));
  const cut = (s: string) => (s.length <= most ? s : `${s.slice(0, most - 1)}…`);
  const [a, b] = [label.slice(0, at), label.slice(at + 1)].map(cut);
  return `<text class="label small" x="${n(x)}" text-anchor="end"><tspan x="${n(x)}" y="${n(y - 2)}">${esc(a)}</tspan><tspan x="${n(x)}" y="${n(y + 12)}">${esc(b)}</tspan></text>`;
}

function svg(chart: string, title: string, width: number, height: number, body: string): string {
  // Never drawn much larger than its own size: the text stays near the page's.
  return `<svg class="chart" data-chart="${esc(chart)}" viewBox="0 0 ${width} ${n(height)}" style="max-width:${Math.round(1.3 * width)}px" role="img" aria-label="${esc(title)}" font-size="${FONT}"><title>${esc(title)}</title>${body}</svg>`;
}

function whisker(x1: number, x2: number, y: number, cap: number): string {
  return `<path class="whisker" d="M${n(x1)} ${n(y)}H${n(x2)}M${n(x1)} ${n(y - cap)}V${n(y + cap)}M${n(x2)} ${n(y - cap)}V${n(y + cap)}"/>`;
}

function vwhisker(x: number, y1: number, y2: number, cap: number): string {
  return `<path class="whisker" d="M${n(x)} ${n(y1)}V${n(y2)}M${n(x - cap)} ${n(y1)}H${n(x + cap)}M${n(x - cap)} ${n(y2)}H${n(x + cap)}"/>`;
}

/** The smallest of 1, 2, 2.5, 5 × 10^k at or above x. */
export function niceCeiling(x: number): number {
  if (!(x > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= x * (1 - 1e-12)) return m * p;
  return 10 * p;
}

/**
 * Horizontal bars from 0 with their 95% interval as whiskers, one row per item. The axis runs over
 * [min, max]: [0, 1] for shares, or around 0 for differences (bars then go left or right of a zero line).
 */
export function intervalBars(items: readonly BarItem[], o: { chart: string; title: string; xTitle: string; min?: number; max?: number; tick?: (v: number) => string; refs?: readonly Ref[]; changes?: readonly Change[] }): string {
  const row = 30;
  const textRoom = Math.min(240, Math.max(...items.map((x) => x.text.length)) * CHAR + 12);
  // Labels are never cut short: a long one (`policeman → citizen`) widens the chart (the plot keeps at
  // least 150), a longer one takes two lines.
  const label = labelRoom(items.map((x) => x.label), 48, 210);
  const width = Math.max(WIDTH, label + textRoom + 150);
  const x0 = label;
  const plot = width - label - textRoom;
  const lo = o.min ?? 0;
  const hi = o.max ?? 1;
  const X = (v: number) => x0 + ((Math.min(hi, Math.max(lo, v)) - lo) / (hi - lo || 1)) * plot;
  const top = o.refs && o.refs.length > 0 ? 20 : 6;
  const axisY = top + items.length * row;
  const ticks = [lo, lo + (hi - lo) / 2, hi];
  const tick = o.tick ?? ((v: number) => `${n(100 * v)}%`);
  let body = ticks.map((t) => `<line class="grid" x1="${n(X(t))}" x2="${n(X(t))}" y1="${top}" y2="${n(axisY)}"/><text class="axis" x="${n(X(t))}" y="${n(axisY + 16)}" text-anchor="middle">${esc(tick(t))}</text>`).join('');
  if (lo < 0) body += `<line class="zero" x1="${n(X(0))}" x2="${n(X(0))}" y1="${top}" y2="${n(axisY)}"/>`;
  for (const r of o.refs ?? []) body += `<line class="ref" data-value="${r.value}" x1="${n(X(r.value))}" x2="${n(X(r.value))}" y1="${top - 4}" y2="${n(axisY)}"/><text class="ref-label small" x="${n(X(r.value))}" y="${top - 7}" text-anchor="middle">${esc(r.label)}</text>`;
  // A change before row i: a dotted line across between it and the row above, ◆ at its left end.
  for (const c of o.changes ?? []) {
    const y = top + c.index * row;
    body += `<g class="change" data-index="${c.index}"><title>${esc(c.label)}</title><line class="change" x1="4" x2="${n(x0 + plot)}" y1="${n(y)}" y2="${n(y)}"/><text class="ref-label small" x="4" y="${n(y + row / 2 + 5)}">◆</text></g>`;
  }
  items.forEach((x, i) => {
    const y = top + i * row;
    // A bar runs from the zero line (or the axis start, when 0 is not on it) to the value.
    const base = X(lo < 0 ? 0 : lo);
    const start = Math.min(base, X(x.value));
    const w = Math.abs(X(x.value) - base);
    body += `<g class="item" data-key="${esc(x.label)}"><title>${esc(`${x.label}: ${x.text}`)}</title>`;
    body += rowLabel(x.label, x0 - 8, y + row / 2, label);
    body += `<rect class="bar ${esc(x.tone ?? 'accent')}" data-value="${x.value}" x="${n(start)}" y="${n(y + 6)}" width="${n(Math.max(0.5, w))}" height="${row - 12}"/>`;
    if (x.low != null && x.high != null) body += whisker(X(x.low), X(x.high), y + row / 2, 6).replace('class="whisker"', `class="whisker" data-low="${x.low}" data-high="${x.high}"`);
    body += `<text class="value" x="${n(x0 + plot + 8)}" y="${n(y + row / 2 + 5)}">${esc(x.text)}</text></g>`;
  });
  body += axisTitle(x0 + plot / 2, axisY + 36, o.xTitle, false, width);
  return svg(o.chart, o.title, width, axisY + 44, body);
}

export interface Column {
  readonly label: string;
  readonly count: number;
  readonly share: number;
}

/** Vertical bars, one per value (a histogram of game lengths or of points); labels thinned to fit. */
export function columns(bins: readonly Column[], o: { chart: string; title: string; width?: number; height?: number; xTitle: string }): string {
  const width = o.width ?? WIDTH;
  const height = o.height ?? 190;
  const left = 8;
  const plotW = width - 2 * left;
  const top = 20;
  const bottom = 42;
  const plotH = height - top - bottom;
  const most = Math.max(1e-12, ...bins.map((b) => b.share));
  const step = plotW / Math.max(1, bins.length);
  const every = Math.max(1, Math.ceil((Math.max(...bins.map((b) => b.label.length), 1) * CHAR + 6) / step));
  let body = `<line class="grid" x1="${left}" x2="${n(left + plotW)}" y1="${n(top + plotH)}" y2="${n(top + plotH)}"/>`;
  bins.forEach((b, i) => {
    const h = (b.share / most) * plotH;
    const x = left + i * step;
    const pad = Math.min(3, step * 0.15);
    body += `<g class="item" data-key="${esc(b.label)}"><title>${esc(`${b.label}: ${b.count.toLocaleString('en-US')} (${(100 * b.share).toFixed(1)}%)`)}</title>`;
    body += `<rect class="bar accent" data-value="${b.share}" data-count="${b.count}" x="${n(x + pad)}" y="${n(top + plotH - h)}" width="${n(Math.max(0.5, step - 2 * pad))}" height="${n(Math.max(h, b.count > 0 ? 0.5 : 0))}"/>`;
    if (i % every === 0) body += `<text class="axis" x="${n(x + step / 2)}" y="${n(top + plotH + 16)}" text-anchor="middle">${esc(b.label)}</text>`;
    if (bins.length <= 16 && step > 34) body += `<text class="value small" x="${n(x + step / 2)}" y="${n(top + plotH - h - 5)}" text-anchor="middle">${(100 * b.share).toFixed(1)}%</text>`;
    body += '</g>';
  });
  body += axisTitle(width / 2, height - 6, o.xTitle);
  return svg(o.chart, o.title, width, height, body);
}

export interface StackPart {
  readonly key: string;
  readonly count: number;
}

/** The keys the page's style sheet colours (page.ts); any other (a role plug-in's kill kind) is drawn grey. */
const STYLED_KEYS = new Set(['survived', 'vote', 'shootout', 'fouls', 'mafia', 'maniac', 'courtesan', 'killer', 'sportsman', 'several']);
const otherStyle = (key: string, prop: 'fill' | 'background') => (STYLED_KEYS.has(key) ? '' : ` style="${prop}:#8c8c8c"`);

/** 100% bars, one per row: each part a share of the row's total (survived, then each cause of death). */
export function stackedBars(rows: readonly { label: string; total: number; parts: readonly StackPart[] }[], o: { chart: string; title: string; xTitle: string }): string {
  const row = 28;
  const label = labelRoom(rows.map((r) => r.label), 48, 260);
  const width = Math.max(WIDTH, label + 300);
  const plot = width - label - 10;
  const top = 4;
  let body = '';
  rows.forEach((r, i) => {
    const y = top + i * row;
    body += `<g class="item" data-key="${esc(r.label)}"><text class="label" x="${n(label - 8)}" y="${n(y + row / 2 + 5)}" text-anchor="end">${esc(r.label)}</text>`;
    let x = label;
    for (const p of r.parts) {
      if (p.count === 0) continue;
      const share = r.total === 0 ? 0 : p.count / r.total;
      const w = share * plot;
      body += `<rect class="seg c-${esc(p.key)}"${otherStyle(p.key, 'fill')} data-key="${esc(p.key)}" data-value="${share}" data-count="${p.count}" x="${n(x)}" y="${n(y + 5)}" width="${n(w)}" height="${row - 10}"><title>${esc(`${r.label}, ${p.key}: ${(100 * share).toFixed(1)}% (${p.count.toLocaleString('en-US')} of ${r.total.toLocaleString('en-US')})`)}</title></rect>`;
      if (w > 44) body += `<text class="seg-text" x="${n(x + w / 2)}" y="${n(y + row / 2 + 5)}" text-anchor="middle">${Math.round(100 * share)}%</text>`;
      x += w;
    }
    body += '</g>';
  });
  const axisY = top + rows.length * row + 2;
  for (const t of [0, 0.5, 1]) body += `<text class="axis" x="${n(label + t * plot)}" y="${n(axisY + 14)}" text-anchor="${t === 0 ? 'start' : t === 1 ? 'end' : 'middle'}">${100 * t}%</text>`;
  body += axisTitle(label + plot / 2, axisY + 32, o.xTitle);
  return svg(o.chart, o.title, width, axisY + 40, body);
}

/** The legend of a stacked bar chart (HTML, so that it wraps on a phone). */
export function legend(keys: readonly { key: string; label: string }[]): string {
  return `<ul class="legend">${keys.map((k) => `<li><span class="swatch c-${esc(k.key)}"${otherStyle(k.key, 'background')}></span>${esc(k.label)}</li>`).join('')}</ul>`;
}

export interface Dot extends Interval {
  readonly label: string;
  readonly text: string;
}

/** Dots with vertical whiskers along a row of categories (seats); the axis from 0 to a round ceiling. */
export function dots(points: readonly Dot[], o: { chart: string; title: string; xTitle: string; yTitle: string; tone?: string; height?: number }): string {
  const height = o.height ?? 186;
  const left = 64;
  const right = 10;
  const top = 12;
  const bottom = 40;
  const plotW = WIDTH - left - right;
  const plotH = height - top - bottom;
  const ceiling = Math.min(1, niceCeiling(Math.max(0.01, ...points.map((p) => p.high ?? p.value))));
  const Y = (v: number) => top + plotH - (Math.min(ceiling, Math.max(0, v)) / ceiling) * plotH;
  const step = plotW / Math.max(1, points.length);
  const every = Math.max(1, Math.ceil(22 / step));
  let body = '';
  for (const t of [0, ceiling / 2, ceiling]) {
    body += `<line class="grid" x1="${left}" x2="${n(left + plotW)}" y1="${n(Y(t))}" y2="${n(Y(t))}"/><text class="axis" x="${left - 6}" y="${n(Y(t) + 5)}" text-anchor="end">${n(100 * t)}%</text>`;
  }
  points.forEach((p, i) => {
    const x = left + (i + 0.5) * step;
    body += `<g class="item" data-key="${esc(p.label)}"><title>${esc(`${p.label}: ${p.text}`)}</title>`;
    if (p.low != null && p.high != null) body += vwhisker(x, Y(p.high), Y(p.low), Math.min(5, step / 4)).replace('class="whisker"', `class="whisker" data-low="${p.low}" data-high="${p.high}"`);
    body += `<circle class="dot ${esc(o.tone ?? 'accent')}" data-value="${p.value}" cx="${n(x)}" cy="${n(Y(p.value))}" r="${n(Math.min(4.5, step / 3))}"/>`;
    if (i % every === 0) body += `<text class="axis" x="${n(x)}" y="${n(top + plotH + 18)}" text-anchor="middle">${esc(p.label)}</text>`;
    body += '</g>';
  });
  body += axisTitle(left + plotW / 2, height - 4, o.xTitle) + axisTitle(14, top + plotH / 2, o.yTitle, true);
  return svg(o.chart, o.title, WIDTH, height, body);
}

export interface HeatCell {
  /** 0–1: how strongly the cell is coloured. */
  readonly t: number;
  readonly value: number;
  /** The cell's text, one line each. */
  readonly lines: readonly string[];
}

/** A matrix of coloured cells: rows × columns (town strategy × mafia strategy). */
export function heatMap(rows: readonly string[], cols: readonly string[], cell: (r: number, c: number) => HeatCell, o: { chart: string; title: string; rowTitle: string; colTitle: string }): string {
  const label = Math.max(labelRoom(rows, 60, 170), Math.ceil((o.rowTitle.length + 2) * AXIS_CHAR) + 12);
  const cw = Math.max(70, Math.min(170, (WIDTH - label) / Math.max(1, cols.length)));
  const ch = 46;
  const top = 44;
  const width = label + cw * cols.length;
  let body = `<text class="axis axis-title" x="${n(label + (cw * cols.length) / 2)}" y="14" text-anchor="middle">${esc(o.colTitle)} →</text>`;
  body += `<text class="axis axis-title" x="${n(label - 8)}" y="${top - 8}" text-anchor="end">${esc(o.rowTitle)} ↓</text>`;
  cols.forEach((c, j) => (body += `<text class="label" x="${n(label + j * cw + cw / 2)}" y="${top - 8}" text-anchor="middle"><title>${esc(c)}</title>${esc(fit(c, cw))}</text>`));
  rows.forEach((r, i) => {
    const y = top + i * ch;
    body += `<text class="label" x="${n(label - 8)}" y="${n(y + ch / 2 + 5)}" text-anchor="end"><title>${esc(r)}</title>${esc(fit(r, label))}</text>`;
    cols.forEach((c, j) => {
      const x = label + j * cw;
      const v = cell(i, j);
      const t = Math.max(0, Math.min(1, v.t));
      body += `<g class="item" data-key="${esc(`${r} × ${c}`)}"><rect class="heat" data-value="${v.value}" x="${n(x + 1)}" y="${n(y + 1)}" width="${n(cw - 2)}" height="${ch - 2}" style="fill-opacity:${(0.12 + 0.78 * t).toFixed(3)}"><title>${esc(`${o.rowTitle} ${r}, ${o.colTitle} ${c}: ${v.lines.join(' ')}`)}</title></rect>`;
      const cls = t > 0.55 ? 'heat-text strong' : 'heat-text';
      v.lines.forEach((line, k) => {
        const dy = (k - (v.lines.length - 1) / 2) * 16;
        body += `<text class="${cls}${k > 0 ? ' small' : ''}" x="${n(x + cw / 2)}" y="${n(y + ch / 2 + 5 + dy)}" text-anchor="middle">${esc(line)}</text>`;
      });
      body += '</g>';
    });
  });
  return svg(o.chart, o.title, width, top + rows.length * ch + 4, body);
}

export interface BandPoint extends Interval {
  /** The number as the tooltip shows it (`37.4% (36.5–38.3%)`). */
  readonly text: string;
}

export interface Series {
  /** What the line is (`town`); `data-key` of its marks. */
  readonly key: string;
  readonly label: string;
  /** A CSS class for its colour (`town`, `mafia`, …). */
  readonly tone?: string;
  /** One point per x, in order; null where the series has no value. */
  readonly points: readonly (BandPoint | null)[];
}

/** A round step for an axis spanning `span`: 1, 2, 2.5 or 5 × 10^k, about four steps in all. */
function axisStep(span: number): number {
  return niceCeiling(Math.max(1e-9, span) / 4);
}

/** Where the play changes along a sweep: before point `index` (a strategy profile that differs from the point before). */
export interface Change {
  readonly index: number;
  readonly label: string;
}

/**
 * Lines over ordered values (a sweep's settings) with each point's 95% interval as a shaded band, one
 * line per series; dashed reference lines (50%, a balance's target) named at their right end; dotted
 * vertical marks where the play changes. The y axis spans the data (and the references) in round
 * steps, within [0, 1] for shares unless `min`/`max` say otherwise.
 */
export function bands(xs: readonly string[], series: readonly Series[], o: { chart: string; title: string; xTitle: string; yTitle: string; min?: number; max?: number; refs?: readonly Ref[]; changes?: readonly Change[]; tick?: (v: number) => string }): string {
  const height = 240;
  const left = 66;
  const refs = o.refs ?? [];
  const right = refs.length > 0 ? 12 + Math.max(...refs.map((r) => r.label.length)) * 7 : 12;
  const changes = o.changes ?? [];
  const top = changes.length > 0 ? 26 : 12;
  const bottom = 44;
  const plotW = WIDTH - left - right;
  const plotH = height - top - bottom;
  const values = series.flatMap((s) => s.points.flatMap((p) => (p ? [p.value, p.low ?? p.value, p.high ?? p.value] : []))).concat(refs.map((r) => r.value));
  const dataLo = Math.min(...values, Infinity);
  const dataHi = Math.max(...values, -Infinity);
  const step = axisStep(Number.isFinite(dataHi - dataLo) ? dataHi - dataLo : 1);
  const lo = o.min ?? Math.max(0, Math.floor((Number.isFinite(dataLo) ? dataLo : 0) / step - 1e-9) * step);
  let hi = o.max ?? Math.min(1, Math.ceil((Number.isFinite(dataHi) ? dataHi : 1) / step + 1e-9) * step);
  if (!(hi > lo)) hi = lo + step;
  const X = (i: number) => left + (xs.length <= 1 ? plotW / 2 : (i / (xs.length - 1)) * plotW);
  const Y = (v: number) => top + plotH - ((Math.min(hi, Math.max(lo, v)) - lo) / (hi - lo)) * plotH;
  const tick = o.tick ?? ((v: number) => `${Number((100 * v).toFixed(2))}%`);
  let body = '';
  for (let t = lo, k = 0; t <= hi + step * 1e-6 && k < 50; t = lo + ++k * step) {
    body += `<line class="grid" x1="${left}" x2="${n(left + plotW)}" y1="${n(Y(t))}" y2="${n(Y(t))}" data-tick="${t}"/><text class="axis" x="${left - 6}" y="${n(Y(t) + 5)}" text-anchor="end">${esc(tick(t))}</text>`;
  }
  const every = Math.max(1, Math.ceil((Math.max(1, ...xs.map((x) => x.length)) * CHAR + 8) / (plotW / Math.max(1, xs.length - 1 || 1))));
  xs.forEach((x, i) => {
    if (i % every === 0 || i === xs.length - 1) body += `<text class="axis" x="${n(X(i))}" y="${n(top + plotH + 18)}" text-anchor="middle">${esc(x)}</text>`;
  });
  body += axisTitle(left + plotW / 2, height - 6, o.xTitle) + axisTitle(14, top + plotH / 2, o.yTitle, true);
  for (const r of refs) body += `<line class="ref" x1="${left}" x2="${n(left + plotW)}" y1="${n(Y(r.value))}" y2="${n(Y(r.value))}" data-value="${r.value}"/><text class="ref-label small" x="${n(left + plotW + 4)}" y="${n(Y(r.value) + 4)}">${esc(r.label)}</text>`;
  // A change before point i is drawn halfway between it and the point before.
  for (const c of changes) {
    const x = c.index > 0 ? (X(c.index - 1) + X(c.index)) / 2 : X(c.index);
    body += `<g class="change" data-index="${c.index}"><title>${esc(c.label)}</title><line class="change" x1="${n(x)}" x2="${n(x)}" y1="${top - 4}" y2="${n(top + plotH)}"/><text class="ref-label small" x="${n(x)}" y="${top - 8}" text-anchor="middle">◆</text></g>`;
  }
  for (const s of series) {
    const tone = esc(s.tone ?? 'accent');
    const at = s.points.map((p, i) => [p, i] as const).filter((x): x is readonly [BandPoint, number] => x[0] !== null);
    const withBand = at.filter(([p]) => p.low != null && p.high != null);
    body += `<g class="series" data-key="${esc(s.key)}">`;
    if (withBand.length > 1) {
      const upper = withBand.map(([p, i]) => `${n(X(i))} ${n(Y(p.high!))}`);
      const lower = withBand.map(([p, i]) => `${n(X(i))} ${n(Y(p.low!))}`).reverse();
      body += `<path class="band ${tone}" d="M${upper.join('L')}L${lower.join('L')}Z"/>`;
    }
    if (at.length > 1) body += `<path class="line ${tone}" d="M${at.map(([p, i]) => `${n(X(i))} ${n(Y(p.value))}`).join('L')}"/>`;
    for (const [p, i] of at) {
      body += `<g class="item" data-key="${esc(`${s.key} ${xs[i]}`)}"><title>${esc(`${s.label}, ${xs[i]}: ${p.text}`)}</title>`;
      if (p.low != null && p.high != null) body += vwhisker(X(i), Y(p.high), Y(p.low), 0).replace('class="whisker"', `class="whisker faint" data-low="${p.low}" data-high="${p.high}"`);
      body += `<circle class="dot ${tone}" data-value="${p.value}" cx="${n(X(i))}" cy="${n(Y(p.value))}" r="3.5"/></g>`;
    }
    body += '</g>';
  }
  return svg(o.chart, o.title, WIDTH, height, body);
}

/** The 50% line of a chart of shares (town win against even). */
export const HALF: Ref = { value: 0.5, label: '50%' };

/** A signed difference of shares in percentage points, as the axis of a difference chart writes it. */
export const pointsTick = (reach: number) => (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : '±'}${Math.abs(100 * v).toFixed(reach < 0.01 ? 2 : reach < 0.05 ? 1 : 0)}`;

/**
 * Differences of shares (paired, or from an exact value) as bars left or right of a zero line, the axis
 * symmetric (at least ±`least`) and in percentage points, its title saying so.
 */
export function differenceBars(items: readonly BarItem[], o: { chart: string; title: string; xTitle?: string; least?: number }): string {
  const reach = niceCeiling(Math.max(o.least ?? 0.01, ...items.map((x) => Math.max(Math.abs(x.low ?? x.value), Math.abs(x.high ?? x.value)))));
  return intervalBars(items, { chart: o.chart, title: o.title, xTitle: o.xTitle ?? 'difference in town win, percentage points', min: -reach, max: reach, tick: pointsTick(reach) });
}
