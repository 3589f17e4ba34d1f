// `mafia-sim role-values`: each role's worth to the town, paired against a plain seat (src/cli/roleValues.ts).
import type { Command } from 'commander';
import { colours, terminalWidth } from '../common.js';
import { renderRoleValues, roleValuesCommand } from '../roleValues.js';
import type { Cli } from './context.js';
import { benchOptions, shardOption } from './flags.js';

export function registerRoleValues(program: Command, cli: Cli): void {
  shardOption(benchOptions(program.command('role-values').description("each role's worth to the town: the paired change in town win when it stands instead of a plain seat"), '10000'))
    .addHelpText('after', `
For each role that is not its team's plain role (citizen or townie; mafia): the table against the table
with one of its seats made plain ("as is"), and the table plus the role against the table plus a plain
seat of its team ("one more"), each pair on the same game seeds. Club tables have no plain citizen: the
club rules' guest role citizen (no action) is the yardstick. docs/balancing.md.

Examples:
  mafia-sim role-values --setup club-12
  mafia-sim role-values --setup ukrainian --games 40000 --json`)
    .action((flags) =>
      cli.withFiles(flags, async (files) => {
        const { report, warning } = await roleValuesCommand(flags);
        cli.benchDone(files, 'role-values', report, warning, (s) => renderRoleValues(report, colours(s, cli.colour), terminalWidth(s)), flags.json === true);
      }),
    );
}
