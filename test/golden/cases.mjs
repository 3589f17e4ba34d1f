// The golden cases: outputs checked into test/golden/ and diffed by test/golden.test.ts, so "the same
// games" is checked by the suite, not by hand (as OpenSpiel keeps its playthroughs). `npm run golden`
// writes them anew; review the diff, and say in the commit why the games changed.

/** Whole `run --json` reports of a few seeded runs at odd game counts. */
export const REPORTS = [
  { file: 'ukrainian-random-101.json', args: ['run', '--setup', 'ukrainian', '--strategy', 'random', '--games', '101', '--seed', '1', '--json'] },
  { file: 'club-12-smart-77.json', args: ['run', '--setup', 'club-12', '--strategy', 'smart', '--games', '77', '--seed', '2', '--json'] },
  { file: 'vanilla-9-2-51.json', args: ['run', '--setup', 'vanilla', '--option', 'players=9', '--option', 'mafia=2', '--strategy', 'random', '--games', '51', '--seed', '3', '--json'] },
];

/**
 * Whole games: the narrated replay (test/golden/playthroughs/NAME.txt) and the game's record with its
 * every event (NAME.json), for each built-in setup family and strategy, two games each; plus a mixed
 * table and a club evening.
 */
export const PLAYTHROUGHS = [];
const tables = [
  ['ukrainian', 'ukrainian', []],
  ['club-8', 'club-8', []],
  ['club-12', 'club-12', []],
  ['club-20', 'club-20', []],
  ['vanilla-9-2', 'vanilla', ['--option', 'players=9', '--option', 'mafia=2']],
  ['mixed-sportsman', 'test/fixtures/club/mixed-ukrainian-sportsman.yaml', []],
];
for (const [name, setup, options] of tables) {
  for (const strategy of ['random', 'smart']) {
    for (const game of [0, 1]) {
      PLAYTHROUGHS.push({ name: `${name}-${strategy}-${game}`, flags: { setup, option: options.filter((_, i) => i % 2 === 1), strategy: [strategy], seed: '5', game: String(game) } });
    }
  }
}
PLAYTHROUGHS.push({ name: 'club-10-evening-smart-5', flags: { setup: 'club-10', option: ['series=3'], strategy: ['smart'], seed: '5', game: '5' } });
