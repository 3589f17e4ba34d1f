// `mafia-sim weights`: an additive weight per role fitted across many setups of a family, with its
// held-out error (src/cli/weights.ts); `--predict SETUP` a setup's balance from a fit (src/cli/weightsPredict.ts).
import type { Command } from 'commander';
import { UserError } from '../../errors.js';
import { isStreamName, openOutputFile } from '../gamesOut.js';
import { colours, once, terminalWidth } from '../common.js';
import { fitOf } from '../../workbench/weightsFit.js';
import { predictCommand, renderPrediction } from '../weightsPredict.js';
import { WEIGHTS_COUNT, WEIGHTS_GAMES, WEIGHTS_HOLDOUT, WEIGHTS_MISSES, weightsCommand, weightsMode, type WeightsFlags } from '../weights.js';
import { renderWeights } from '../weightsText.js';
import type { Cli } from './context.js';
import { benchRunOptions } from './flags.js';

export function registerWeights(program: Command, cli: Cli): void {
  const cmd = program
    .command('weights')
    .description("each role's weight on town win, fitted across many setups of a family (logit scale, so weights add), with the error on setups held out; --predict a setup's balance from a fit")
    .option('--family <name>', 'generate the setups: club, ukrainian or vanilla tables, sizes and role counts varied', once('--family'))
    .option('--setups <a,b,…>', 'fit these setups (built-in names or files) instead of generated ones', once('--setups'))
    .option('--count <n>', `setups to generate with --family (default ${WEIGHTS_COUNT})`, once('--count'))
    .option('--players <a..b>', "seats of the generated tables (default the family's range: club 8..20)", once('--players'))
    .option('--holdout <share>', `share of the setups held out of the fit to measure its error (default ${WEIGHTS_HOLDOUT})`, once('--holdout'))
    .option('--misses <n>', `held-out setups the model misses most to list (default ${WEIGHTS_MISSES})`, once('--misses'))
    .option('--save <file>', 'also write the fit (weights, covariance, held-out error) as JSON, for --predict --fit FILE', once('--save'))
    .option('--predict <setup>', "a setup's predicted town win from a fit, at once (with --option, its overrides)", once('--predict'))
    .option('--fit <file>', 'with --predict: the fit to read (default: the one shipped for the setup\'s rules)', once('--fit'))
    .option('--measure', 'with --predict: also play the setup (--games, default 10000) and show the measured town win beside');
  benchRunOptions(cmd, String(WEIGHTS_GAMES), 'setup', 'run seed: the setups drawn, the held-out split, and each setup\'s own run seed come from it')
    .addHelpText('after', `
Plays every setup (each from a run seed of its own) with the default strategy as run plays it (or
--strategy), then fits logit P(town win) = intercept + Σ weight × seats of the role on the setups not
held out, by Newton's method; 95% intervals from the information matrix (scaled by the dispersion).
Prints each role's weight, its worth instead of a plain seat of its team (as role-values measures it)
on the logit scale and in town win points at the family's table (club-12), the error on the held-out
setups and the setups the model misses most. docs/weights.md.

Examples:
  mafia-sim weights --family club
  mafia-sim weights --family club --count 80 --games 1000 --save club-fit.json --html weights.html
  mafia-sim weights --setups club-10,club-12,club-14,club-16,club-18 --games 4000
  mafia-sim weights --predict club-14 --option roles.judge=0
  mafia-sim weights --predict club-12 --fit club-fit.json --measure`)
    .action((flags: WeightsFlags) =>
      cli.withFiles(flags, async (files) => {
        if (weightsMode(flags) === 'predict') {
          if (flags.html !== undefined || flags.csv !== undefined) throw new UserError(`${flags.html !== undefined ? `--html ${flags.html}` : `--csv ${flags.csv}`}: not with --predict (a prediction is a line; --json prints it as data)`);
          const r = await predictCommand(flags);
          cli.printReport(files, flags.json === true ? JSON.stringify(r, null, 2) : (s) => renderPrediction(r, colours(s, cli.colour), terminalWidth(s)));
          if (r.measured?.partial) cli.code = 130;
          return;
        }
        if (flags.save !== undefined && isStreamName(flags.save)) throw new UserError(`--save ${flags.save}: write the fit to a file (--json prints the report on stdout)`);
        const save = flags.save === undefined ? null : openOutputFile('--save', flags.save, cli.io.stdout, 'fit.json');
        try {
          const report = await weightsCommand(flags);
          save?.write(JSON.stringify(fitOf(report), null, 2) + '\n');
          files.commit('weights', report);
          save?.commit();
          const body = JSON.stringify(report, null, 2);
          cli.printReport(files, flags.json === true ? body : (s) => renderWeights(report, colours(s, cli.colour), terminalWidth(s)));
          if (report.partial) cli.code = 130;
        } finally {
          save?.abort();
        }
      }),
    );
}
