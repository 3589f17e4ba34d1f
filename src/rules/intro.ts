// Night 0 (G2, U2, V2, C3): the members of a team that knows itself learn each other; nobody acts.
import type { Game } from '../engine/game.js';

export function introduceTeams(g: Game): void {
  if (g.log === null) return; // what the members learn is the record's: without one, nobody reads it
  g.log.push({ t: 'deal', roles: g.roles.slice(1).map((r) => r.id), to: [] });
  const members: number[] = [];
  for (let s = 1; s <= g.n; s++) if (g.alive[s] === 1 && g.roles[s].knowsTeam && g.roles[s].team === 'mafia') members.push(s);
  if (members.length > 0) g.log.push({ t: 'team', seats: members, key: g.teamKey(), to: members });
}
