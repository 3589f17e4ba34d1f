// Night 0 (G2, U2, V2, C3): the members of a team that knows itself learn each other; nobody acts.
import type { Game } from '../engine/game.js';

export function introduceTeams(g: Game): void {
  g.log?.push({ t: 'deal', roles: g.roles.slice(1).map((r) => r.id), to: [] });
  const members = g.livingWith((r) => r.knowsTeam === true && r.team === 'mafia');
  if (members.length > 0) g.log?.push({ t: 'team', seats: members, to: members });
}
