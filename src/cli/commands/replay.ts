// `mafia-sim replay`: one game of a run played again and narrated (src/cli/replay.ts).
import type { Command } from 'commander';
import { colours, once, terminalWidth } from '../common.js';
import { replayGame } from '../replay.js';
import type { Cli } from './context.js';
import { botOptions, jobOptions } from './flags.js';

export function registerReplay(program: Command, cli: Cli): void {
  botOptions(jobOptions(program.command('replay').description('replay game K of a run and narrate it')))
    .requiredOption('-g, --game <k>', 'game index within the run (0-based)', once('--game'))
    .option('--json', "print the game's record (as a --games-out line)")
    .option('--check', 'check engine invariants after every phase, as run --check does, and that the game plays the same twice (G10); exit 1 if not')
    .option('--seat <n>', 'with --answers: a game of mafia-sim play, the person at this seat (game 0)', once('--seat'))
    .option('--answers <list>', "with --seat: that person's answers, as play printed them", once('--answers'))
    .addHelpText('after', `
The narration cites rule clauses by ID (U5.3, C10.1): docs/rules.md.

Examples:
  mafia-sim replay --seed 1 --game 42
  mafia-sim replay --setup vanilla --option players=9 --seed 3 --game 0 --json`)
    .action((flags) => {
      const { record, text } = replayGame(flags, colours(process.stdout, cli.colour), terminalWidth(process.stdout));
      cli.out(flags.json ? JSON.stringify(record) : text);
    });
}
