// A worked example of a role plug-in that looks like what it is not: the Miller. Town, he wins with
// the town and has no night action, but every check on him shows black (U9.1, C12), as a mafia
// player's would: the town's investigator is misled by an honest man. What a check shows is the
// role's `color` (a colour that never changes), or its `onChecked` trigger for one that depends on
// who checks or on the game so far (roles/godfather.ts: mafia that looks red).
// A setup names it by path, relative to the setup file (roles/ukrainian-miller.yaml):
//
//   rules: ukrainian
//   roles: { don: 1, mafia: 2, courtesan: 1, commissar: 1, doctor: 1, maniac: 1, citizen: 4, ./miller.ts: 1 }
//
// Outside this repository, import the types from the package: import type { RolePlugin } from 'mafia-sim';
import type { RolePlugin } from '../src/index.js';

const miller: RolePlugin = {
  id: 'miller',
  name: 'Miller',
  team: 'town',
  description: 'Town: no night action; looks black (mafia) to every check.',
  // What an investigator's check shows, whatever his team (without it: red, as town).
  color: 'black',
};

export default miller;
