// Fits text output into a terminal's width: a table keeps all its columns when they fit, drops the
// ones marked optional (histograms, sparklines) when that is enough, then splits into tables of a few
// columns each (the key columns repeated), and only as a last resort prints each row as a record.
// Prose lines wrap at the boundaries their caller gives (an option, a word), never inside one.
import Table from 'cli-table3';
import type { ChalkInstance } from 'chalk';

export interface Column {
  readonly head: string;
  readonly cells: readonly string[];
  /** Repeated in every part when the table is split: what the rows are (role, seat, strategy). */
  readonly key?: boolean;
  /** Left out when the table does not fit: a picture of numbers shown elsewhere (a histogram). */
  readonly optional?: boolean;
  /** Where a cell may break onto more lines when even a table of the keys and this column is too wide (` · `). */
  readonly wrap?: string;
  /** A bar column: its cells drawn for the room there is (at most `room` characters). */
  readonly fill?: (room: number) => readonly string[];
}

/** No width limit: the natural layout. */
export const UNLIMITED = Infinity;

/** Bar columns are drawn this long when there is room, and dropped below the least. */
const FILL_MOST = 30;
const FILL_LEAST = 8;

const ANSI = /\x1b\[[0-9;]*m/g;

/** Columns a line takes on a terminal: its characters less colour codes. */
export function displayWidth(text: string): number {
  let n = 0;
  for (const _ of text.replace(ANSI, '')) n++;
  return n;
}

const widest = (text: string) => Math.max(0, ...text.split('\n').map(displayWidth));

/** A table in the house style: bold head, no rules between rows (unless `rules`: rows of several lines). */
export function table(head: string[], c: ChalkInstance, rules = false): Table.Table {
  const chars = rules ? {} : { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };
  return new Table({ head: head.map((h) => c.bold(h)), style: { head: [], border: [] }, chars });
}

function draw(columns: readonly Column[], c: ChalkInstance, fill = FILL_MOST): string {
  const cells = columns.map((x) => (x.fill ? x.fill(fill) : x.cells));
  // A row of several lines needs a rule under it, or it reads as several rows.
  const t = table(columns.map((x) => x.head), c, cells.some((col) => col.some((x) => x.includes('\n'))));
  const rows = Math.max(0, ...cells.map((x) => x.length));
  for (let i = 0; i < rows; i++) t.push(cells.map((x) => x[i] ?? ''));
  return t.toString();
}

/** The table, laid out to be at most `width` columns wide (see the file's opening line). */
export function fitTable(columns: readonly Column[], width: number, c: ChalkInstance): string {
  const whole = draw(columns, c);
  if (widest(whole) <= width) return whole;
  // A bar column shrinks to the room left by the others before anything is dropped.
  const fill = columns.find((x) => x.fill);
  if (fill) {
    const room = width - widest(draw(columns.filter((x) => x !== fill), c)) - 3;
    if (room >= FILL_LEAST) return draw(columns, c, Math.min(FILL_MOST, room));
  }
  const kept = columns.filter((x) => !x.optional && !x.fill);
  const one = draw(kept, c);
  if (widest(one) <= width) return one;
  return split(kept, width, c) ?? split(stackKeys(kept), width, c) ?? records(kept, width, c);
}

/** The key columns as one, each cell a line per key (`town` over `mafia`): narrower, rows of two lines. */
function stackKeys(columns: readonly Column[]): Column[] {
  const keys = columns.filter((x) => x.key);
  if (keys.length < 2) return [...columns];
  const rows = Math.max(0, ...keys.map((x) => x.cells.length));
  const stacked: Column = { head: keys.map((x) => x.head).join(' /\n'), key: true, cells: Array.from({ length: rows }, (_, i) => keys.map((x) => x.cells[i] ?? '').join('\n')) };
  return [stacked, ...columns.filter((x) => !x.key)];
}

/** Tables of as many columns as fit, each led by the key columns; null when one column cannot fit. */
function split(columns: readonly Column[], width: number, c: ChalkInstance): string | null {
  const keys = columns.filter((x) => x.key);
  const rest = columns.filter((x) => !x.key);
  if (rest.length === 0) return null;
  const parts: string[] = [];
  let group: Column[] = [];
  for (const col of rest) {
    const tried = draw([...keys, ...group, col], c);
    if (widest(tried) <= width) {
      group.push(col);
      continue;
    }
    if (group.length > 0) parts.push(draw([...keys, ...group], c));
    group = [col];
    if (widest(draw([...keys, col], c)) <= width) continue;
    const wrapped = wrapColumn(col, width - widest(draw(keys, c)) - 3);
    if (!wrapped || widest(draw([...keys, wrapped], c)) > width) return null;
    group = [wrapped];
  }
  parts.push(draw([...keys, ...group], c));
  return parts.join('\n');
}

/** The column with its cells broken at `wrap` into lines of at most `room` characters; null if it cannot be. */
function wrapColumn(col: Column, room: number): Column | null {
  if (col.wrap === undefined || room < displayWidth(col.head)) return null;
  const sep = col.wrap;
  const cells = col.cells.map((cell) => {
    const lines = wrapItems('', cell.split(sep), room - displayWidth(sep.trimEnd()), sep, '');
    return lines.map((l, i) => (i < lines.length - 1 ? l + sep.trimEnd() : l)).join('\n');
  });
  return cells.every((x) => widest(x) <= room) ? { ...col, cells } : null;
}

/** Each row as a block: its key cells, then `head  value` lines, values wrapped to the width. */
function records(columns: readonly Column[], width: number, c: ChalkInstance): string {
  const keys = columns.filter((x) => x.key);
  const rest = columns.filter((x) => !x.key);
  const rows = Math.max(0, ...columns.map((x) => x.cells.length));
  const label = Math.min(Math.max(...rest.map((x) => displayWidth(x.head))) + 2, Math.floor(width / 2));
  const out: string[] = [];
  for (let i = 0; i < rows; i++) {
    const title = keys.map((x) => x.cells[i] ?? '').join(' ');
    out.push(...hardWrap(c.bold(title), width));
    for (const col of rest) {
      const head = `  ${col.head}`;
      const pad = ' '.repeat(Math.max(1, label + 2 - displayWidth(head)));
      const lines = wrapItems(head + pad, (col.cells[i] ?? '').split(' '), width, ' ');
      for (const l of lines) out.push(...hardWrap(l, width));
    }
  }
  return out.join('\n');
}

/** Cuts a line that is still too long (a single word wider than the terminal) at the width. */
function hardWrap(line: string, width: number): string[] {
  if (displayWidth(line) <= width || !Number.isFinite(width)) return [line];
  const plain = [...line.replace(ANSI, '')];
  const out: string[] = [];
  for (let i = 0; i < plain.length; i += width) out.push(plain.slice(i, i + width).join(''));
  return out;
}

/**
 * `label` then the items joined by `gap`, wrapped at item boundaries so that no line is wider than
 * `width`; continuation lines are indented to the label. An item wider than a line gets a line of its own.
 */
export function wrapItems(label: string, items: readonly string[], width: number, gap = '  ', indent = ' '.repeat(displayWidth(label))): string[] {
  const lines: string[] = [];
  const room = width - displayWidth(indent);
  let line = label;
  let empty = true;
  for (const whole of items) {
    if (whole === '') continue;
    // An item wider than a line (an order of eleven roles, a list of choices a|b|c) breaks after its
    // commas or bars, never inside a word.
    const pieces = displayWidth(whole) > room && /[,|]/.test(whole) ? whole.split(/(?<=[,|])/) : [whole];
    pieces.forEach((item, j) => {
      const next = empty ? line + item : line + (j === 0 ? gap : '') + item;
      if (empty || displayWidth(next) <= width) {
        line = next;
        empty = false;
      } else {
        lines.push(line);
        line = indent + item;
      }
    });
  }
  lines.push(line);
  return lines;
}

/** A sentence wrapped at its spaces, continuation lines indented by `indent`. */
export function wrapWords(text: string, width: number, indent = ''): string[] {
  return wrapItems('', text.split(' '), width, ' ', indent);
}

/**
 * `label` then `text` wrapped at its spaces, continuation lines indented to the label (or `indent`):
 * a header line (`Setup   club-12 …`) or an indented list line. The label's own spaces are kept.
 */
export function labelled(label: string, text: string, width: number, indent?: string): string[] {
  return wrapItems(label, text.split(' '), width, ' ', indent);
}

/** A bold title and the sentence after it (`rest` starts with its own separator: ' (…)' or ': …'), wrapped. */
export function titled(title: string, rest: string, width: number): string[] {
  return wrapItems(title + (rest.startsWith(' ') ? ' ' : ''), rest.trimStart().split(' '), width, ' ', '');
}

/**
 * The header: a bold label and its value a line, the values wrapped at their spaces to `width` (a value
 * given as a list wraps between its items, joined by three spaces), continuation lines indented.
 */
export function header(c: ChalkInstance, lines: ReadonlyArray<readonly [string, string | readonly string[]]>, width = UNLIMITED): string[] {
  const w = Math.max(...lines.map(([k]) => k.length));
  return lines.flatMap(([k, v]) => {
    const label = `${c.bold(k.padEnd(w))}  `;
    return typeof v === 'string' ? labelled(label, v, width) : wrapItems(label, v, width, '   ');
  });
}
