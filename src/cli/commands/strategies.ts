// `mafia-sim strategies`: every strategy with its description and parameters (src/cli/strategies.ts).
import type { Command } from 'commander';
import { terminalWidth } from '../common.js';
import { collectStrategies, renderStrategies } from '../strategies.js';
import type { Cli } from './context.js';

export function registerStrategies(program: Command, cli: Cli): void {
  program.command('strategies').description('list every strategy with its description and parameters')
    .option('--json', 'print the list as JSON')
    .addHelpText('after', '\nExamples:\n  mafia-sim strategies\n  mafia-sim run --strategy town=smart:revealBlacks=2 --strategy mafia=smart:fakeClaim=0.5')
    .action((flags) => {
      const list = collectStrategies();
      cli.out(flags.json ? JSON.stringify(list, null, 2) : renderStrategies(list, terminalWidth(process.stdout)));
    });
}
