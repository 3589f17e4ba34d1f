// `mafia-sim merge`: the --json reports of a run's (or a sweep's, …) shards combined into one.
import type { Command } from 'commander';
import { reportJson } from '../../report/integrity.js';
import { renderReport } from '../../report/text.js';
import { renderCompare } from '../compare.js';
import { colours, terminalWidth } from '../common.js';
import { mergeReports } from '../merge.js';
import { renderRoleValues } from '../roleValues.js';
import { renderSweep, sweepCsv } from '../sweep.js';
import type { Cli } from './context.js';
import { reportFileOptions } from './flags.js';

export function registerMerge(program: Command, cli: Cli): void {
  const cmd = program
    .command('merge')
    .description('combine --json reports of contiguous game ranges (shards) of one run, sweep, compare or role-values')
    .argument('<reports...>', 'JSON reports from `run --json` (or sweep, compare, role-values --json), any order')
    .option('--json', 'print the merged report as JSON (exactly what one run of all the games prints)');
  reportFileOptions(cmd, 'also write the merged report as a self-contained HTML page', "also write its tables as CSV: a run's tidy CSV, a sweep's one row a point (docs/reports.md)")
    .addHelpText('after', `
Examples:
  mafia-sim merge shard-*.json --json > report.json
  mafia-sim merge a.json b.json
  mafia-sim merge shard-*.json --html report.html`)
    .action((reports: string[], flags) =>
      cli.withFiles(flags, (files) => {
        const merged = mergeReports(reports);
        if (merged.kind === 'run') {
          const report = merged.report;
          files.commit('run', report);
          cli.printReport(files, flags.json ? reportJson(report) : (s) => renderReport(report, colours(s, cli.colour), terminalWidth(s)));
          if (report.failedGames > 0) cli.code = 1;
          return;
        }
        const text = (s: NodeJS.WriteStream) => {
          const c = colours(s, cli.colour);
          const w = terminalWidth(s);
          return merged.kind === 'sweep' ? renderSweep(merged.report, c, w) : merged.kind === 'compare' ? renderCompare(merged.report, c, w) : renderRoleValues(merged.report, c, w);
        };
        cli.benchDone(files, merged.kind, merged.report, null, text, flags.json === true, merged.kind === 'sweep' ? () => sweepCsv(merged.report) : undefined);
      }),
    );
}
