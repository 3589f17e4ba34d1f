// The golden cases: commands whose whole output is checked into test/golden/ and diffed by
// test/golden.test.ts. `npm run golden` writes them anew; review the diff before committing it.
export const REPORTS = [
  { file: 'ukrainian-random-101.json', args: ['run', '--setup', 'ukrainian', '--games', '101', '--seed', '1', '--json'] },
  { file: 'club-12-smart-77.json', args: ['run', '--setup', 'club-12', '--strategy', 'smart', '--games', '77', '--seed', '2', '--json'] },
  { file: 'vanilla-9-2-51.json', args: ['run', '--setup', 'vanilla', '--option', 'players=9', '--option', 'mafia=2', '--games', '51', '--seed', '3', '--json'] },
];
