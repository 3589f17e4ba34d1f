// Issue 31: every command's text report fits the terminal's width, as `run`'s does. Each command plays
// a few games (in-process, one thread), then its report is rendered at 60, 80 and 120 columns, in
// colour (colour codes take no columns), and no line may be wider. The exception is a command to copy
// (a line that is only `mafia-sim …`, or `replay: mafia-sim …`): it is never wrapped, as in `run`.
// Every help text is held to the same: its paragraphs wrap, its examples are commands to copy.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Chalk } from 'chalk';
import { beforeAll, describe, expect, it } from 'vitest';
import { balanceCommand, renderBalance } from '../src/cli/balance.js';
import { renderLikelihoods } from '../src/cli/commands/likelihoods.js';
import { equilibriumCommand, renderEquilibrium } from '../src/cli/equilibrium.js';
import { measureLikelihoods } from '../src/equilibrium/likelihoods.js';
import { jobFromSpec } from '../src/runner/job.js';
import { compareCommand, renderCompare } from '../src/cli/compare.js';
import { exploitCommand, renderExploit } from '../src/cli/exploit.js';
import { fuzzCommand, renderFuzz } from '../src/cli/fuzz.js';
import { renderRoleValues, roleValuesCommand } from '../src/cli/roleValues.js';
import { replayGame } from '../src/cli/replay.js';
import { runCommand } from '../src/cli/run.js';
import { scenarioCommand } from '../src/cli/scenario.js';
import { renderSweep, sweepCommand } from '../src/cli/sweep.js';
import { renderTournament, tournamentCommand } from '../src/cli/tournament.js';
import { renderTune, tuneCommand } from '../src/cli/tune.js';
import { weightsCommand } from '../src/cli/weights.js';
import { predictCommand, renderPrediction } from '../src/cli/weightsPredict.js';
import { renderWeights } from '../src/cli/weightsText.js';
import { displayWidth } from '../src/report/fit.js';
import { renderReport } from '../src/report/text.js';
import { ROOT } from './helpers/cli.js';

const colour = new Chalk({ level: 1 });
const WIDTHS = [60, 80, 120];
const bench = { option: [] as string[], strategy: [] as string[], seed: '1', workers: '1', progress: false };

/** The lines of `text` wider than `width`, less the commands to copy. */
function tooWide(text: string, width: number): string[] {
  return text.split('\n').filter((l) => displayWidth(l) > width && !/^\s*(replay: )?mafia-sim /.test(l.replace(/\x1b\[[0-9;]*m/g, '')));
}

const renders: Record<string, (width: number) => string> = {};

beforeAll(async () => {
  const run = await runCommand({ setup: 'ukrainian', option: [], strategy: [], seed: '1', games: '40', workers: '1', progress: false });
  renders.run = (w) => renderReport(run, colour, w);
  const sweep = (await sweepCommand({ ...bench, setup: 'club-12', games: '30', vary: ['players=8..10'] })).report;
  renders.sweep = (w) => renderSweep(sweep, colour, w);
  const grid = (await sweepCommand({ ...bench, setup: 'vanilla', games: '20', vary: ['players=7..9', 'maxDays=2,3,4,5,6,7,8,9,10,11'] })).report;
  renders['sweep (grid)'] = (w) => renderSweep(grid, colour, w);
  const compare = (await compareCommand(['ukrainian', 'ukrainian'], { ...bench, setup: 'ukrainian', games: '30', left: [], right: ['tie=random'], side: [] })).report;
  renders.compare = (w) => renderCompare(compare, colour, w);
  const values = (await roleValuesCommand({ ...bench, setup: 'ukrainian', games: '30' })).report;
  renders['role-values'] = (w) => renderRoleValues(values, colour, w);
  const balance = (await balanceCommand({ ...bench, setup: 'vanilla', option: ['players=9'], games: '30', knob: 'mafia' })).report;
  renders.balance = (w) => renderBalance(balance, colour, w);
  const exploit = await exploitCommand({ ...bench, setup: 'vanilla', option: ['players=9'], games: '30' });
  renders.exploit = (w) => renderExploit(exploit, colour, w);
  const tune = await tuneCommand({ ...bench, setup: 'vanilla', games: '40', first: '20', rounds: '2' });
  renders.tune = (w) => renderTune(tune, colour, w);
  const fuzz = await fuzzCommand({ seed: '1', games: '40', strategy: [], role: [], workers: '1', progress: false });
  renders.fuzz = (w) => renderFuzz(fuzz, colour, w);
  const equilibrium = await equilibriumCommand({ ...bench, setup: 'vanilla', games: '20', first: '10', matrixGames: '20', iterations: '1', climb: '1' });
  renders.equilibrium = (w) => renderEquilibrium(equilibrium, colour, w);
  const job = await jobFromSpec({ setupArg: 'ukrainian', overrides: [], strategies: [], seed: '1' });
  const likelihoods = await measureLikelihoods({ job, games: 20, command: 'mafia-sim likelihoods --setup ukrainian --games 20 --seed 1' });
  renders.likelihoods = (w) => renderLikelihoods(likelihoods.entry, 'ukrainian', w);
  renders.replay = (w) => replayGame({ setup: 'club-20', option: [], strategy: [], seed: '1', game: '2' }, colour, w).text;
  const scenario = new Map<number, string>();
  for (const w of [...WIDTHS, Infinity]) scenario.set(w, (await scenarioCommand(['test/scenarios/g1-seeded-deal-holds.yaml'], colour, true, w)).text);
  renders['scenario --verbose'] = (w) => scenario.get(w)!;
  const tournament = await tournamentCommand({ setup: 'ukrainian', option: [], strategies: ['random,smart'], games: '20', seed: '1', workers: '1', progress: false });
  renders.tournament = (w) => renderTournament(tournament, colour, w);
  const weights = await weightsCommand({ ...bench, family: 'club', count: '12', games: '20' });
  renders.weights = (w) => renderWeights(weights, colour, w);
  const predicted = await predictCommand({ ...bench, predict: 'club-14', measure: true, games: '20' });
  renders['weights --predict'] = (w) => renderPrediction(predicted, colour, w);
}, 600_000);

describe('every text report fits the terminal width (issue 31)', () => {
  for (const name of ['run', 'sweep', 'sweep (grid)', 'compare', 'role-values', 'balance', 'exploit', 'tune', 'equilibrium', 'likelihoods', 'fuzz', 'tournament', 'weights', 'weights --predict', 'replay', 'scenario --verbose']) {
    it(`${name} at ${WIDTHS.join(', ')} columns`, () => {
      for (const w of WIDTHS) expect(tooWide(renders[name](w), w), `${name} at ${w} columns`).toEqual([]);
      // The natural layout is wider than 60 somewhere (or the check above would prove nothing).
      expect(renders[name](Infinity).split('\n').some((l) => displayWidth(l) > 60)).toBe(true);
    });
  }
});

describe('every help text fits the terminal width (issue 31)', () => {
  const COMMANDS = ['', 'run', 'merge', 'replay', 'play', 'scenario', 'fuzz', 'setups', 'roles', 'strategies', 'tournament', 'sweep', 'compare', 'role-values', 'weights', 'balance', 'exploit', 'tune', 'equilibrium', 'likelihoods', 'calibrate'];
  it(`${COMMANDS.length} help texts at 60 and 80 columns, the examples (commands to copy) aside`, async () => {
    const { main } = (await import(pathToFileURL(join(ROOT, 'dist/src/cli/main.js')).href)) as { main: (argv: string[], io: unknown) => Promise<number> };
    const before = process.env.COLUMNS;
    try {
      for (const w of [60, 80]) {
        process.env.COLUMNS = String(w);
        for (const cmd of COMMANDS) {
          let text = '';
          const io = { stdout: { write: (s: string) => void (text += s) }, stderr: { write: (s: string) => void (text += s) } };
          expect(await main([...(cmd === '' ? [] : [cmd]), '--help'], io)).toBe(0);
          expect(text, cmd).toMatch(/Examples:/);
          expect(tooWide(text, w), `${cmd} --help at ${w} columns`).toEqual([]);
        }
      }
    } finally {
      if (before === undefined) delete process.env.COLUMNS;
      else process.env.COLUMNS = before;
    }
  });
});
