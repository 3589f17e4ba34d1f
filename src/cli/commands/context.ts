// What every command's action shares: the program's two streams, whether to colour, and the exit code
// the program returns. main makes one per call and hands it to each command as it registers it.
import { checksummed } from '../../report/integrity.js';
import { invocation } from '../../report/reproduce.js';
import { printable } from '../../text.js';
import type { Io } from '../output.js';
import { openReportFiles, type ReportFileFlags, type ReportFiles } from '../reportFiles.js';

/** A report a workbench command prints: partial when interrupted; arms whose failed games exit 1. */
export interface BenchReport {
  readonly partial: boolean;
  readonly arms?: ReadonlyArray<{ run: { failedGames: number } }>;
}

export class Cli {
  /** Colour unless --no-color; set again from the parsed flags before an action runs. */
  colour: boolean;
  /** The exit code the program returns when the action ends without an error. */
  code = 0;

  constructor(
    readonly io: Io,
    /** The arguments after `mafia-sim`: a workbench page records them as the command that made it. */
    readonly argv: readonly string[],
  ) {
    this.colour = !argv.includes('--no-color');
  }

  /** Text on stdout, ending in a newline. */
  readonly out = (text: string): void => {
    this.io.stdout.write(text.endsWith('\n') ? text : text + '\n');
  };

  /** One line on stderr. Messages echo what the user gave (paths, values): never a raw control character. */
  readonly say = (line: string): void => {
    this.io.stderr.write(`${printable(line)}\n`);
  };

  /** The report's text (or JSON) on stdout, or on stderr when a --html or --csv page has taken stdout. */
  readonly printReport = (files: ReportFiles, text: string | ((stream: NodeJS.WriteStream) => string)): void => {
    const stream = files.stdoutTaken ? process.stderr : process.stdout;
    const shown = typeof text === 'string' ? text : text(stream);
    if (files.stdoutTaken) this.io.stderr.write(shown.endsWith('\n') ? shown : shown + '\n');
    else this.out(shown);
  };

  /** A workbench report: its page and CSV (from its JSON; `csv` overrides the CSV), then its text or JSON. */
  readonly benchDone = (
    files: ReportFiles,
    kind: string,
    report: BenchReport,
    warning: string | null,
    text: (stream: NodeJS.WriteStream) => string,
    json: boolean,
    csv?: () => string,
  ): void => {
    if (warning !== null) this.say(warning);
    const body = JSON.stringify(checksummed(report), null, 2);
    // The page says what made it: the command line, less the flags that only say where outputs go.
    files.commitJson(kind, body, invocation(this.argv), csv?.());
    this.printReport(files, json ? body : text);
    if (report.partial) this.code = 130;
    else if (report.arms?.some((a) => a.run.failedGames > 0)) this.code = 1;
  };

  /** A search's report (exploit, tune): its page and CSV from its JSON, which names its own command, then its text or JSON. */
  readonly searchDone = (files: ReportFiles, kind: string, report: { readonly command: string | null; readonly partial: boolean }, text: (stream: NodeJS.WriteStream) => string, json: boolean): void => {
    const body = JSON.stringify(report, null, 2);
    files.commitJson(kind, body, report.command);
    this.printReport(files, json ? body : text);
    if (report.partial) this.code = 130;
  };

  /** Opens a command's --html/--csv (and --games-out) targets before it plays, and drops them if it fails. */
  readonly withFiles = async (flags: ReportFileFlags, run: (files: ReportFiles) => Promise<void> | void): Promise<void> => {
    const files = openReportFiles(flags, this.io.stdout);
    try {
      await run(files);
    } finally {
      files.abort();
    }
  };
}
