// `mafia-sim setups`: the built-in setups and every rule option (src/cli/catalogue.ts).
import type { Command } from 'commander';
import { collectSetups, renderSetups } from '../catalogue.js';
import { terminalWidth } from '../common.js';
import type { Cli } from './context.js';

export function registerSetups(program: Command, cli: Cli): void {
  program.command('setups').description('list the built-in setups and every rule option')
    .option('--json', 'print the list as JSON (the data the text is drawn from)')
    .addHelpText('after', '\nThe rules the options belong to (their clause IDs): docs/rules.md\n\nExamples:\n  mafia-sim setups\n  mafia-sim setups --json')
    .action((flags) => {
      const catalogue = collectSetups();
      cli.out(flags.json ? JSON.stringify(catalogue, null, 2) : renderSetups(catalogue, terminalWidth(process.stdout)));
    });
}
