// `mafia-sim play`: a person takes a seat against bots, answering at the prompt (src/cli/play.ts).
import type { Command } from 'commander';
import { collect, colours, once, terminalWidth } from '../common.js';
import { playGameCommand } from '../play.js';
import type { Cli } from './context.js';
import { setupOption } from './flags.js';

export function registerPlay(program: Command, cli: Cli): void {
  setupOption(program.command('play').description('take a seat yourself in a seeded game against bots, answering at the prompt'))
    .option('-o, --option <key=value>', 'override a rule option or setup parameter (repeatable; rules: docs/rules.md)', collect, [])
    .option('--strategy <spec>', "the other seats' bots, as for run: NAME, TEAM=NAME or ROLE=NAME (repeatable; default smart, tuned on built-in setups; random for random play)", collect, [])
    .option('--seed <n>', 'the game is game 0 of this seed (default: a new seed, drawn now and printed)', once('--seed'))
    .option('--seat <n>', 'your seat (default: drawn from the seed)', once('--seat'))
    .option('--answers <list>', 'your answers so far, comma-separated (as the command printed at the end lists them); then the prompt', once('--answers'))
    .addHelpText('after', `
Each turn shows what your seat knows and the choices: type a seat number, 0 to pass, or a menu
number (speeches: claim, report a check, accuse, vouch, done). At the end every role is revealed, with
the commands that play the same game again (play … --answers …) and narrate it (replay … --seat
--answers …). Reads plain lines from stdin, so answers may be piped. Exit 1 if the input ends first,
130 on Ctrl-C, each with the command that goes on. docs/cli.md.

Examples:
  mafia-sim play
  mafia-sim play --setup vanilla --option players=7 --seat 3 --seed 5 --strategy smart
  mafia-sim play --seed 5 --seat 3 --answers accuse:1,done,2`)
    .action(async (flags) => {
      const input = { input: process.stdin, inputIsTerminal: process.stdin.isTTY === true };
      cli.code = await playGameCommand(flags, { ...cli.io, ...input }, colours(process.stdout, cli.colour), terminalWidth(process.stdout));
    });
}
