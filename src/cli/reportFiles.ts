// `--html FILE` and `--csv FILE`: the report written as a page and as a table, each through a temp file
// renamed into place (src/cli/gamesOut.ts), so a file is whole or not there. The targets are checked
// before anything is played; `-` writes to stdout, which then holds nothing else (the tables go to
// stderr), and only one output may claim stdout.
import { UserError } from '../errors.js';
import { reportCsv, reportHtml, reportOutputsOfJson, type ReportKinds } from '../report/kinds.js';
import { gamesOutIsStdout, openOutputFile, type GamesOut } from './gamesOut.js';
import type { TextSink } from './output.js';

export interface ReportFileFlags {
  html?: string;
  csv?: string;
  gamesOut?: string;
}

export interface ReportFiles {
  /** Whether one of the files is stdout: the text report then goes to stderr. */
  readonly stdoutTaken: boolean;
  /** Writes the report to every file and puts each in place. */
  commit<K extends keyof ReportKinds>(kind: K, data: ReportKinds[K]): void;
  /**
   * The same from exactly what the command's `--json` prints: how a command with no entry in
   * REPORT_KINDS (sweep, compare, …) gets its page and CSV (src/report/kinds.ts `reportOutputsOfJson`).
   * `command`: what plays the report again (src/report/reproduce.ts `invocation`), if the report cannot tell.
   * `csv`: the command's own CSV, when it has one (sweep: one row a point), instead of the generic one.
   */
  commitJson(kind: string, json: string, command?: string | null, csv?: string): void;
  /** Drops what is not yet in place (a no-op after commit). */
  abort(): void;
}

export function openReportFiles(flags: ReportFileFlags, stdout: TextSink): ReportFiles {
  const claims = (['gamesOut', 'html', 'csv'] as const).filter((k) => flags[k] !== undefined && gamesOutIsStdout(flags[k]!));
  if (claims.length > 1) {
    const name = (k: string) => (k === 'gamesOut' ? '--games-out' : `--${k}`);
    throw new UserError(`${claims.map((k) => `${name(k)} ${flags[k]}`).join(' and ')}: only one output can go to stdout; write the others to files`);
  }
  const opened: { html?: GamesOut; csv?: GamesOut } = {};
  try {
    if (flags.html !== undefined) opened.html = openOutputFile('--html', flags.html, stdout, 'report.html');
    if (flags.csv !== undefined) opened.csv = openOutputFile('--csv', flags.csv, stdout, 'report.csv');
  } catch (e) {
    opened.html?.abort();
    throw e;
  }
  // Both are written to their temp files before either is renamed into place: a failed write (a full
  // disk) leaves neither; the report is made (and may throw) before anything is written.
  const put = (html: () => string, csv: () => string) => {
    const texts = { html: opened.html ? html() : '', csv: opened.csv ? csv() : '' };
    opened.html?.write(texts.html);
    opened.csv?.write(texts.csv);
    opened.html?.flush();
    opened.csv?.flush();
    opened.html?.commit();
    opened.csv?.commit();
  };
  return {
    stdoutTaken: claims.some((k) => k !== 'gamesOut'),
    commit(kind, data) {
      put(() => reportHtml(kind, data), () => reportCsv(kind, data));
    },
    commitJson(kind, json, command = null, csv) {
      if (!opened.html && !opened.csv) return;
      const both = reportOutputsOfJson(kind, json, command);
      put(() => both.html, () => csv ?? both.csv);
    },
    abort() {
      opened.html?.abort();
      opened.csv?.abort();
    },
  };
}
