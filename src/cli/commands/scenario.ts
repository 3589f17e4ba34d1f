// `mafia-sim scenario`: scripted games and their expectations (src/cli/scenario.ts).
import type { Command } from 'commander';
import { colours, terminalWidth } from '../common.js';
import { scenarioCommand } from '../scenario.js';
import type { Cli } from './context.js';

export function registerScenario(program: Command, cli: Cli): void {
  program
    .command('scenario')
    .description('run scripted games (YAML) and check their expectations; exit 1 on any failure')
    .argument('<files...>', 'scenario files')
    .option('-v, --verbose', 'narrate each scenario game')
    .addHelpText('after', `
The file format: docs/scenarios.md; a scenario's name starts with the clause IDs it checks (docs/rules.md).

Examples:
  mafia-sim scenario test/scenarios/*.yaml
  mafia-sim scenario my-case.yaml --verbose`)
    .action(async (files: string[], flags) => {
      const result = await scenarioCommand(files, colours(process.stdout, cli.colour), flags.verbose === true, terminalWidth(process.stdout));
      cli.out(result.text);
      if (result.failed > 0) cli.code = 1;
    });
}
