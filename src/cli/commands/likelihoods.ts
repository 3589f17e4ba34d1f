// `mafia-sim likelihoods`: how likely each public act is for each hidden class, measured from play
// (src/equilibrium/likelihoods.ts): the numbers the reasoning reader (smart:reader=posterior) reads by.
import type { Command } from 'commander';
import { measureLikelihoods } from '../../equilibrium/likelihoods.js';
import type { LikelihoodEntry } from '../../../strategies/smart/likelihoods.js';
import { jobFromSpec } from '../../runner/job.js';
import { setupSummary } from '../../report/report.js';
import { line, setupArgs } from '../../report/reproduce.js';
import { UNLIMITED, wrapWords } from '../../report/fit.js';
import { collect, once, parseCount, parseSeed, terminalWidth } from '../common.js';
import { interruptible } from '../interrupt.js';
import { withProgress } from '../progress.js';
import type { Cli } from './context.js';
import { progressOption, setupOption } from './flags.js';

interface LikelihoodsFlags {
  setup: string;
  option: string[];
  strategy: string[];
  seed: string;
  games: string;
  json?: boolean;
  progress?: boolean;
}

export function registerLikelihoods(program: Command, cli: Cli): void {
  const cmd = setupOption(program.command('likelihoods').description('how likely each public act is for a black player, the investigator and another red, measured from play'))
    .option('-o, --option <key=value>', 'a rule option or setup parameter (repeatable)', collect, [])
    .option('--strategy <spec>', 'the profiles played, as for run (repeatable; default: what the setup plays)', collect, [])
    .option('-n, --games <n>', 'games to read', once('--games'), '20000')
    .option('--seed <n>', 'run seed: game K plays from (seed, K)', once('--seed'), '1')
    .option('--json', "print the entry as JSON, as smart's likelihoods.json keeps it (strategies/smart/)");
  progressOption(cmd)
    .addHelpText('after', `
Plays the games in one thread, reads each finished game's public acts (votes, nominations,
accusations, vouches; investigator claims and the days let pass without one; check reports; night
deaths) with the roles known, and counts how often each class of player made each act. The reasoning
reader (--strategy town=smart:reader=posterior) multiplies these numbers to weigh every possible
mafia team; \`npm run likelihoods\` keeps one entry per built-in setup in strategies/smart/likelihoods.json.
docs/strategies.md, "The reasoning reader".

Examples:
  mafia-sim likelihoods --setup ukrainian --games 20000
  mafia-sim likelihoods --setup ukrainian --strategy town=smart:reader=posterior --json`)
    .action(async (flags: LikelihoodsFlags) => {
      const games = parseCount('--games', flags.games, 1);
      const seed = parseSeed(flags.seed);
      const job = await jobFromSpec({ setupArg: flags.setup, overrides: flags.option, strategies: flags.strategy, seed });
      const command = line(['likelihoods', ...setupArgs(setupSummary(job.setup)), ...flags.strategy.flatMap((s) => ['--strategy', s]), '--games', String(games), '--seed', seed]);
      const result = await interruptible((signal) => withProgress(flags.progress !== false, (onProgress) => measureLikelihoods({ job, games, command, signal, onProgress })));
      cli.out(flags.json === true ? JSON.stringify(result.entry, null, 2) : renderLikelihoods(result.entry, flags.setup, terminalWidth(process.stdout)));
      if (result.partial) cli.code = 130;
    });
}

function percent(log: number): string {
  const p = 100 * Math.exp(log);
  return (p >= 10 ? p.toFixed(1) : p.toFixed(2)).padStart(7) + '%';
}

/** The entry as a reader reads it: lifts as factors, chances as percentages; its prose wrapped to `width` (the rows fit 60 columns). */
export function renderLikelihoods(e: LikelihoodEntry, setup: string, width = UNLIMITED): string {
  const prose = (text: string) => wrapWords(text, width);
  const out: string[] = [...prose(`Likelihoods of the public acts: ${setup} (${e.players} players), ${e.games.toLocaleString('en-US')} games`), ''];
  out.push(...prose('A pick among the options, against a uniform one (×: how much more often)'), `  ${'act'.padEnd(10)}${['red→red', 'red→black', 'black→red', 'black→black'].map((h) => h.padStart(12)).join('')}`);
  // The acts by their context (strategies/smart/acts.ts PAIR_KEYS), each under a heading of its own, so a row stays 60 columns.
  const BEFORE = ' before any claim';
  const pairs = Object.entries(e.pair);
  for (const [heading, before] of [['after the first claim', false], ['before any claim', true]] as const) {
    const rows = pairs.filter(([k]) => k.endsWith(BEFORE) === before);
    if (rows.length === 0) continue;
    out.push(`  ${heading}:`);
    for (const [k, v] of rows) out.push(`  ${(before ? k.slice(0, -BEFORE.length) : k).padEnd(10)}${v.map((x) => ('×' + Math.exp(x).toFixed(2)).padStart(12)).join('')}`);
  }
  out.push('', ...prose("A seat's own acts and fates: chance for a black, the investigator, other red"));
  for (const [k, v] of Object.entries(e.seat)) out.push(`  ${k.padEnd(27)}${v.map(percent).join('  ')}`);
  out.push('', ...prose('Check reports, given whom they name: the chance for each class as above'));
  for (const [k, v] of Object.entries(e.report)) out.push(`  ${k.padEnd(27)}${v.map(percent).join('  ')}`);
  out.push('', 'Reproduce:', `  ${e.command}`);
  return out.join('\n');
}
