// `mafia-sim equilibrium`: a setup's value at an equilibrium of smart's strategy space (src/cli/equilibrium.ts).
import type { Command } from 'commander';
import { colours, once, terminalWidth } from '../common.js';
import { EQ_CLIMB, EQ_EPSILON, EQ_FINAL_GAMES, EQ_FIRST_GAMES, EQ_ITERATIONS, EQ_MATRIX_GAMES, equilibriumCommand, renderEquilibrium } from '../equilibrium.js';
import type { Cli } from './context.js';
import { halvingOptions, searchRunOptions, searchStartOptions } from './flags.js';

export function registerEquilibrium(program: Command, cli: Cli): void {
  const cmd = searchStartOptions(
    program.command('equilibrium').description("a setup's value at an equilibrium of smart's strategy space: populations of town and mafia profiles, their matrix game solved, best responses added until neither side gains"),
    'the profiles the populations start from, as for run (repeatable; default smart at its tuned point, not the mix it plays): TEAM= specs give each side its own',
  );
  halvingOptions(cmd, "a best response's move", EQ_FINAL_GAMES, EQ_FIRST_GAMES)
    .option('--matrix-games <n>', `games per town × mafia cell of the matrix (default ${EQ_MATRIX_GAMES})`, once('--matrix-games'))
    .option('--epsilon <points>', `a best response must gain more than this many points to join (default ${EQ_EPSILON})`, once('--epsilon'))
    .option('--climb <n>', `the most one-change steps of a best response (default ${EQ_CLIMB}, at most 8)`, once('--climb'))
    .option('--iterations <n>', `the most iterations (default ${EQ_ITERATIONS})`, once('--iterations'))
    .option('--hold <keys>', 'parameters no best response moves, comma-separated: each stays as --strategy starts it (repeatable)', (v: string, prev: string[] = []) => [...prev, v]);
  searchRunOptions(cmd, 'iteration', 'up to the number of CPUs')
    .addHelpText('after', `
The double oracle: each side keeps a population of profiles (smart's parameters as --strategy specs),
starting from --strategy. Every town profile plays every mafia profile on the same seeds; the zero-sum
game of the town's win rate is solved exactly for a mix per side. Then each side seeks a best response
to the other's mix (tune's successive halving over every one-parameter move and every deviation of the
library, climbing up to --climb steps, confirmed on fresh games); one that gains more than --epsilon
points joins its population. It stops when neither does (converged). It prints the mixes, the town's
win rate with the mixes against each other on fresh games, and the certificate: each side's best gain
against the final mix. A mix plays as --strategy 'town=mix:SPEC@W|SPEC@W'. docs/strategies.md.

Examples:
  mafia-sim equilibrium --setup ukrainian --state ukrainian.eq.json
  mafia-sim equilibrium --setup club-12 --games 2000 --matrix-games 2000 --json
  mafia-sim equilibrium --setup ukrainian --hold reader --games 2000 --matrix-games 2000`)
    .action(async (flags) => {
      const report = await equilibriumCommand(flags);
      cli.out(flags.json === true ? JSON.stringify(report, null, 2) : renderEquilibrium(report, colours(process.stdout, cli.colour), terminalWidth(process.stdout)));
      if (report.partial) cli.code = 130;
    });
}
