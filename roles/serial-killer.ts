// A worked example of a neutral role whose win ends the game: the Serial Killer. He is of neither
// team; each night he may kill one player, and he wins if he is the last one standing with at most
// one other (`win: 'lastStanding'`). While he lives, no team wins: the town must find him as well as
// the mafia, and the mafia cannot win by numbers alone. When he is last standing, the game ends, a draw
// between the teams, which he wins (as the Ukrainian Maniac's U11.2 draw ends a game that neither team
// won: docs/rules-decisions.md, "Neutral teams"). He is red to investigators and is played by the town
// side's strategy. A setup names it by path, relative to the setup file (roles/ukrainian-serial-killer.yaml):
//
//   rules: ukrainian
//   roles: { don: 1, mafia: 2, courtesan: 1, commissar: 1, doctor: 1, maniac: 1, citizen: 4, ./serial-killer.ts: 1 }
//
// Outside this repository, import the types from the package: import type { RolePlugin } from 'mafia-sim';
import type { NightEffects, RolePlugin } from '../src/index.js';

const serialKiller: RolePlugin = {
  id: 'serial-killer',
  name: 'Serial Killer',
  // A neutral team of his own; his win condition ends the game when it holds.
  team: 'serial-killer',
  win: 'lastStanding',
  description: 'Neutral: kills a player each night; wins, ending the game, when he lives with at most one other player. No team wins while he lives.',
  // Bots that reason about roles (smart) read this: night deaths are not all the mafia's.
  traits: { killer: true },
  night: {
    // A step of his own, last in the night (no `after`): the kills all land at dawn anyway.
    step: 'serial-killer',
    decision: 'serialKill',
    intent: 'attack',
    targets: 'others',
    shot: true,
    // His kill's kind is left out, so it is his role id: reports list his victims as `serial-killer`.
    act(night: NightEffects, actor: number, target: number) {
      night.attack(target, actor);
    },
  },
};

export default serialKiller;
