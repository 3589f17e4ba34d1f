// `--csv`: every table of a report as one tidy long CSV, the same eight columns for every command, so
// that pandas, R and spreadsheets read it as it is (docs/reports.md lists the tables). A report kind
// gives its rows (src/report/csvRows.ts); this file only writes them.

/** The columns, in order: which table, the row's subject, which number, the number, its interval, its count and trials. */
export const CSV_COLUMNS = ['table', 'group', 'key', 'value', 'low', 'high', 'count', 'n'] as const;

export interface CsvRow {
  /** The table the row belongs to: `outcome`, `seat`, `role_deaths`, `pairing`, … */
  readonly table: string;
  /** What the row is about: an outcome, a role, a seat, a pairing, a cell ('' for the whole run). */
  readonly group?: string | number;
  /** Which number of it: a measure (`survival`, `mean`), a cause of death, a histogram's value. */
  readonly key?: string | number;
  readonly value?: number | null;
  /** The value's 95% interval, when it has one. */
  readonly low?: number | null;
  readonly high?: number | null;
  /** The count the value is a share of `n` of (wins, deaths, games in a bucket). */
  readonly count?: number | null;
  readonly n?: number | null;
}

/** A rate `{ count, share, low, high }` over `n` trials as a row. */
export function rateRow(table: string, group: string | number, key: string | number, rate: { readonly count?: number; readonly share: number; readonly low: number; readonly high: number }, n: number): CsvRow {
  return { table, group, key, value: rate.share, low: rate.low, high: rate.high, count: rate.count ?? null, n };
}

/** A `[value, count]` histogram as one row per value: its share of `n` and its count. */
export function histogramRows(table: string, group: string | number, histogram: ReadonlyArray<readonly [number, number]>, n: number): CsvRow[] {
  return histogram.map(([v, k]) => ({ table, group, key: v, value: n === 0 ? 0 : k / n, count: k, n }));
}

/** Numbers as JavaScript prints them (the shortest text that reads back as the same double); null as empty. */
function field(v: string | number | null | undefined): string {
  if (v === undefined || v === null) return '';
  const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : v > 0 ? 'inf' : v < 0 ? '-inf' : 'nan') : v;
  // RFC 4180: a field with a comma, a quote, a line break or edge spaces is quoted, its quotes doubled.
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as CSV text: a header line, then one line per row, each ending in a line feed. */
export function csvText(rows: readonly CsvRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of rows) lines.push(CSV_COLUMNS.map((c) => field(r[c])).join(','));
  return lines.join('\n') + '\n';
}
