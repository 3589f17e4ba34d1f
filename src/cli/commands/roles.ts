// `mafia-sim roles`: every role with a one-line description (src/cli/catalogue.ts).
import type { Command } from 'commander';
import { collectRoles, renderRoles } from '../catalogue.js';
import { terminalWidth } from '../common.js';
import type { Cli } from './context.js';

export function registerRoles(program: Command, cli: Cli): void {
  program.command('roles').description('list every role with a one-line description')
    .option('--json', 'print the list as JSON (the data the text is drawn from)')
    .addHelpText('after', '\nExamples:\n  mafia-sim roles\n  mafia-sim roles --json')
    .action((flags) => {
      const roles = collectRoles();
      cli.out(flags.json ? JSON.stringify(roles, null, 2) : renderRoles(roles, terminalWidth(process.stdout)));
    });
}
