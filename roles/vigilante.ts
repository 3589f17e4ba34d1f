// A worked example of a role plug-in with per-game state: the Vigilante. Town, red to investigators;
// he has one bullet a game, and any night he likes he may fire it at a player. The bullet is kept in
// the role's state: the engine gives each Vigilante seat its own copy of `state` at the start of every
// game, so a spent bullet never carries over into the next game (a module-level variable would: see
// docs/extending.md, "What a plug-in must not do"). A setup names it by path, relative to the setup
// file (roles/ukrainian-vigilante.yaml):
//
//   rules: ukrainian
//   roles: { don: 1, mafia: 2, courtesan: 1, commissar: 1, doctor: 1, maniac: 1, citizen: 4, ./vigilante.ts: 1 }
//
// Outside this repository, import the types from the package: import type { RolePlugin } from 'mafia-sim';
import type { NightEffects, RolePlugin } from '../src/index.js';

/** The Vigilante's per-game state: bullets left. */
interface Gun {
  bullets: number;
}

const vigilante: RolePlugin<Gun> = {
  id: 'vigilante',
  name: 'Vigilante',
  team: 'town',
  description: 'Town: has one bullet a game; any night he may shoot a player with it.',
  // Bots that reason about roles (smart) read this: night deaths are not all the mafia's.
  traits: { killer: true },
  // The initial state of each Vigilante seat, copied afresh for every game.
  state: { bullets: 1 },
  night: {
    // A step of his own, last in the night (no `after`): the kills all land at dawn anyway.
    step: 'vigilante',
    decision: 'vigilanteShot',
    intent: 'attack',
    targets: 'others',
    // A shot: public first-day immunities (C16.1) keep seats out of his targets at a club table.
    shot: true,
    act(night: NightEffects, actor: number, target: number, gun: Gun) {
      if (gun.bullets === 0) return; // spent: the pick does nothing
      gun.bullets--;
      night.attack(target, actor, 'killer');
    },
  },
};

export default vigilante;
