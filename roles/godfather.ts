// A worked example of a role plug-in with a trigger: the Godfather. Mafia team, he takes part in the
// mafia's night kill like a Mafia; what makes him a Godfather is what an investigator sees when he is
// checked: red, as a town player. The trigger `onChecked` decides that colour at each check (here
// always red; it is handed the check — who checks, their role, the night — and the seat's own state,
// so a role may look different to different checkers or as the game goes). For a colour that never
// changes, `color: 'red'` says the same; a Miller, town who looks black, is `onChecked: () => 'black'`.
// A setup names it by path, relative to the setup file (roles/ukrainian-godfather.yaml):
//
//   rules: ukrainian
//   roles: { don: 1, mafia: 1, courtesan: 1, commissar: 1, doctor: 1, maniac: 1, citizen: 5, ./godfather.ts: 1 }
//
// Outside this repository, import the types from the package: import type { RolePlugin } from 'mafia-sim';
import type { CheckOn, Color, RolePlugin } from '../src/index.js';

const godfather: RolePlugin = {
  id: 'godfather',
  name: 'Godfather',
  team: 'mafia',
  description: 'Mafia: takes part in the night kill; looks red (town) to every check.',
  // His part in the mafia's kill: he proposes, as a Mafia does (the Don decides).
  teamKill: 'joins',
  // On being checked (U9.1, C12): the colour the investigator learns.
  onChecked(_check: CheckOn): Color {
    return 'red';
  },
};

export default godfather;
