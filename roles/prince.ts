// A worked example of a role plug-in with a trigger on being voted out: the Prince (Ultimate
// Werewolf's). Town, red to investigators, no night action. The first time a day's vote would remove
// him, he stays in the game and nobody leaves in his place (G4, U3.5); the second time he goes like
// anyone. What he has spent is his own per-game state (`state`), which the engine copies for each
// seat and game, so every game starts with his reprieve unspent.
// A setup names it by path, relative to the setup file (roles/ukrainian-prince.yaml):
//
//   rules: ukrainian
//   roles: { don: 1, mafia: 2, courtesan: 1, commissar: 1, doctor: 1, maniac: 1, citizen: 4, ./prince.ts: 1 }
//
// Outside this repository, import the types from the package: import type { RolePlugin } from 'mafia-sim';
import type { RolePlugin, VotedOut } from '../src/index.js';

const prince: RolePlugin<{ spared: boolean }> = {
  id: 'prince',
  name: 'Prince',
  team: 'town',
  description: 'Town: no night action; the first time the day votes him out he stays in the game.',
  state: { spared: false },
  // As a day's vote is about to remove him: 'survives' keeps him in; nothing lets the removal go on.
  onVotedOut(_out: VotedOut, mine) {
    if (mine.spared) return;
    mine.spared = true;
    return 'survives';
  },
};

export default prince;
