// The report kinds and what each becomes: its JSON (what `--json` prints), its CSV rows and its HTML
// page. A new command's report is one entry here (docs/reports.md, "Adding a report kind").
import type { CalibrationReport } from '../calibration/calibrate.js';
import type { TournamentReport } from '../tournament/tournament.js';
import { csvText, type CsvRow } from './csv.js';
import { calibrationRows, runRows, tournamentRows } from './csvRows.js';
import { genericSections, jsonTitle } from './html/json.js';
import { armsSections } from './html/arms.js';
import { balanceSections, balanceTitle, isBalance } from './html/balance.js';
import { exploitSections, isExploit } from './html/exploit.js';
import { roleValuesSections } from './html/roleValues.js';
import { isTune, tuneSections, tuneTitle } from './html/tune.js';
import { armsRows, genericRows } from './jsonRows.js';
import { isArmsReport, type ArmsReportLike } from './shapes.js';
import { calibrationSections, calibrationTitle } from './html/calibration.js';
import { page } from './html/page.js';
import { runSections, runTitle } from './html/run.js';
import { tournamentSections, tournamentTitle } from './html/tournament.js';
import { weightsSections } from './html/weights.js';
import { weightsReproduction, weightsRows, weightsTitle, type WeightsReport } from './weights.js';
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
  weights: WeightsReport;
}

export const REPORT_KINDS: { readonly [K in keyof ReportKinds]: ReportKind<ReportKinds[K]> } = {
  run: { json: reportJson, csv: runRows, title: runTitle, sections: runSections, reproduce: runReproduction },
  tournament: { json: (t) => JSON.stringify(t, null, 2), csv: tournamentRows, title: tournamentTitle, sections: tournamentSections, reproduce: tournamentReproduction },
  calibration: { json: (r) => JSON.stringify(r, null, 2), csv: calibrationRows, title: calibrationTitle, sections: calibrationSections, reproduce: calibrationReproduction },
  weights: { json: (r) => JSON.stringify(r, null, 2), csv: weightsRows, title: weightsTitle, sections: weightsSections, reproduce: weightsReproduction },
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
  return pageOf(kind, k, data, k.json(data));
}

function pageOf<T>(kind: string, k: Omit<ReportKind<T>, 'json'>, data: T, json: string): string {
  const { title, subtitle, warning } = k.title(data);
  const { command, note } = k.reproduce(data);
  return page({ kind, title, subtitle, warning, command, note, json, sections: k.sections(data) });
}

const isKnown = (kind: string): kind is keyof ReportKinds => Object.hasOwn(REPORT_KINDS, kind);

/**
 * How a report known only by its JSON is drawn: by its kind's entry when it has one, as a report of
 * arms (sweep, compare, role-values: `arms` of label, games and outcome rates), or as any report.
 * `command` is what plays it again (src/report/reproduce.ts `invocation`), when the caller knows it.
 */
function kindOfJson(kind: string, data: unknown, command: string | null): Omit<ReportKind<unknown>, 'json'> {
  if (isKnown(kind)) return REPORT_KINDS[kind] as unknown as ReportKind<unknown>;
  const reproduce = (): Reproduction => ({ command, note: command === null ? 'This report does not record the command that made it.' : null });
  const title = (d: unknown) => jsonTitle(kind, d);
  if (isArmsReport(data)) return { csv: (d) => armsRows(d as ArmsReportLike), title, sections: (d) => (kind === 'role-values' ? roleValuesSections : armsSections)(d as ArmsReportLike), reproduce };
  // balance, exploit and tune have pages of their own, drawn from their JSON's shape; any other, the generic one.
  if (kind === 'balance' && isBalance(data)) return { csv: genericRows, title: (d) => balanceTitle(d as Parameters<typeof balanceTitle>[0]), sections: (d) => balanceSections(d as Parameters<typeof balanceSections>[0]), reproduce };
  if (kind === 'exploit' && isExploit(data)) return { csv: genericRows, title, sections: (d) => exploitSections(d as Parameters<typeof exploitSections>[0]), reproduce };
  if (kind === 'tune' && isTune(data)) return { csv: genericRows, title: (d) => tuneTitle(d as Parameters<typeof tuneTitle>[0]), sections: (d) => tuneSections(d as Parameters<typeof tuneSections>[0]), reproduce };
  return { csv: genericRows, title, sections: genericSections, reproduce };
}

/**
 * The HTML page and the CSV of a command's report from exactly what its `--json` prints: what a command
 * with no entry in REPORT_KINDS (sweep, compare, balance, role-values, exploit, tune) calls to get
 * `--html` and `--csv` (docs/reports.md). The page embeds `json` as it is.
 */
export function reportOutputsOfJson(kind: string, json: string, command: string | null = null): { html: string; csv: string } {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (e) {
    throw new Error(`the ${kind} report is not JSON: ${(e as Error).message}`);
  }
  const k = kindOfJson(kind, data, command);
  return { html: pageOf(kind, k, data, json), csv: csvText(k.csv(data)) };
}
