// `--html FILE` and `--csv FILE`: the report written as a page and as a table, each through a temp file
// renamed into place (src/cli/gamesOut.ts), so a file is whole or not there. The targets are checked
// before anything is played; `-` writes to stdout, which then holds nothing else (the tables go to
// stderr), and only one output may claim stdout.
import { UserError } from '../errors.js';
import { reportCsv, reportHtml, type ReportKinds } from '../report/kinds.js';
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
  return {
    stdoutTaken: claims.some((k) => k !== 'gamesOut'),
    commit(kind, data) {
      if (opened.html) {
        opened.html.write(reportHtml(kind, data));
        opened.html.commit();
      }
      if (opened.csv) {
        opened.csv.write(reportCsv(kind, data));
        opened.csv.commit();
      }
    },
    abort() {
      opened.html?.abort();
      opened.csv?.abort();
    },
  };
}
