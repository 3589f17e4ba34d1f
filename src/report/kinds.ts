// The report kinds and what each becomes: its JSON (what `--json` prints), its CSV rows and its HTML
// page. A new command's report is one entry here (docs/reports.md, "Adding a report kind").
import type { CalibrationReport } from '../calibration/calibrate.js';
import type { TournamentReport } from '../tournament/tournament.js';
import { csvText, type CsvRow } from './csv.js';
import { calibrationRows, runRows, tournamentRows } from './csvRows.js';
import { calibrationSections, calibrationTitle } from './html/calibration.js';
import { page } from './html/page.js';
import { runSections, runTitle } from './html/run.js';
import { tournamentSections, tournamentTitle } from './html/tournament.js';
import { reportJson } from './integrity.js';
import type { Report } from './report.js';
import { calibrationReproduction, runReproduction, tournamentReproduction, type Reproduction } from './reproduce.js';

export interface ReportKind<T> {
  /** Exactly what the command's `--json` prints. */
  readonly json: (data: T) => string;
  readonly csv: (data: T) => CsvRow[];
  /** The HTML page's title, the line under it and a warning (an interrupted run), or null. */
  readonly title: (data: T) => { title: string; subtitle: string; warning: string | null };
  /** The page's sections, in order (src/report/html/markup.ts `section`). */
  readonly sections: (data: T) => string[];
  readonly reproduce: (data: T) => Reproduction;
}

/** Each kind's data. */
export interface ReportKinds {
  run: Report;
  tournament: TournamentReport;
  calibration: CalibrationReport;
}

export const REPORT_KINDS: { readonly [K in keyof ReportKinds]: ReportKind<ReportKinds[K]> } = {
  run: { json: reportJson, csv: runRows, title: runTitle, sections: runSections, reproduce: runReproduction },
  tournament: { json: (t) => JSON.stringify(t, null, 2), csv: tournamentRows, title: tournamentTitle, sections: tournamentSections, reproduce: tournamentReproduction },
  calibration: { json: (r) => JSON.stringify(r, null, 2), csv: calibrationRows, title: calibrationTitle, sections: calibrationSections, reproduce: calibrationReproduction },
};

export function reportJsonOf<K extends keyof ReportKinds>(kind: K, data: ReportKinds[K]): string {
  return (REPORT_KINDS[kind] as ReportKind<ReportKinds[K]>).json(data);
}

export function reportCsv<K extends keyof ReportKinds>(kind: K, data: ReportKinds[K]): string {
  return csvText((REPORT_KINDS[kind] as ReportKind<ReportKinds[K]>).csv(data));
}

/** The self-contained HTML page of a report: its charts, its tables, and its JSON inside. */
export function reportHtml<K extends keyof ReportKinds>(kind: K, data: ReportKinds[K]): string {
  const k = REPORT_KINDS[kind] as ReportKind<ReportKinds[K]>;
  const { title, subtitle, warning } = k.title(data);
  const { command, note } = k.reproduce(data);
  return page({ kind, title, subtitle, warning, command, note, json: k.json(data), sections: k.sections(data) });
}
