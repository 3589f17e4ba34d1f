// A worked example of a role plug-in that weighs more at the vote: the Mayor. Town, red to
// investigators, with no night action; his ballot in a day's vote counts twice (`voteWeight: 2`), in
// every round (the vote, a revote, the Ukrainian "all tied leave" question: U3.3, U3.4; the club's
// vote, C4.1). His weight is his role's, as secret as the role: the table sees one vote from his seat
// like any other, and only the count shows it. A weight that changes as the game goes is a hook
// instead: `voteWeight(vote, state) { return state.revealed ? 2 : 1; }`.
// A setup names it by path, relative to the setup file (roles/ukrainian-mayor.yaml):
//
//   rules: ukrainian
//   roles: { don: 1, mafia: 2, courtesan: 1, commissar: 1, doctor: 1, maniac: 1, citizen: 4, ./mayor.ts: 1 }
//
// Outside this repository, import the types from the package: import type { RolePlugin } from 'mafia-sim';
import type { RolePlugin } from '../src/index.js';

const mayor: RolePlugin = {
  id: 'mayor',
  name: 'Mayor',
  team: 'town',
  description: "Town: no night action; the Mayor's ballot counts as two votes in every day's vote.",
  voteWeight: 2,
};

export default mayor;
