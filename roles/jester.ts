// A worked example of a neutral role: the Jester. He is of neither team: he wins, alone, if the day
// votes him out (`win: 'votedOut'`), and loses if he is killed at night or is still alive at the end.
// His win does not end the game: the town and the mafia play on to their own result, and the report
// lists the Jester's wins next to it (docs/rules-decisions.md, "Neutral teams"). He is red to
// investigators (the colour of a team that is not the mafia), has no night action, and is played by
// the town side's strategy (`smart` plays him to be voted out: docs/extending.md). A setup names it
// by path, relative to the setup file (roles/ukrainian-jester.yaml):
//
//   rules: ukrainian
//   roles: { don: 1, mafia: 2, courtesan: 1, commissar: 1, doctor: 1, maniac: 1, citizen: 4, ./jester.ts: 1 }
//
// Outside this repository, import the types from the package: import type { RolePlugin } from 'mafia-sim';
import type { RolePlugin } from '../src/index.js';

const jester: RolePlugin = {
  id: 'jester',
  name: 'Jester',
  // A neutral team of his own: any lower-case id but town and mafia. Reports list it as a team.
  team: 'jester',
  // His win condition: the day's vote (or a club shoot-out) removes him. Fouls and night kills do not count.
  win: 'votedOut',
  description: 'Neutral: wins if the day votes him out (the game goes on without him); loses if he dies otherwise or lives to the end.',
};

export default jester;
