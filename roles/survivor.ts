// A worked example of a neutral role that wins alongside the table: the Survivor. He is of neither
// team; he wins if he is alive when the game ends (`win: 'survives'`), whoever else wins — the town,
// the mafia, or nobody (a draw, the day cap) — and loses if he dies. He is red to investigators, has
// no night action, and is played by the town side's strategy. The report lists his wins next to the
// outcome (docs/rules-decisions.md, "Neutral teams"). A setup names it by path, relative to the setup
// file (roles/ukrainian-survivor.yaml):
//
//   rules: ukrainian
//   roles: { don: 1, mafia: 2, courtesan: 1, commissar: 1, doctor: 1, maniac: 1, citizen: 4, ./survivor.ts: 1 }
//
// Outside this repository, import the types from the package: import type { RolePlugin } from 'mafia-sim';
import type { RolePlugin } from '../src/index.js';

const survivor: RolePlugin = {
  id: 'survivor',
  name: 'Survivor',
  // A neutral team of his own: the report's team rows and neutral wins list it as `survivor`.
  team: 'survivor',
  // His win condition: alive at the end of the game, whatever its result.
  win: 'survives',
  description: 'Neutral: wins if he is alive when the game ends, alongside whoever wins; loses if he dies.',
};

export default survivor;
