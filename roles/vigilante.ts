// A worked example of a role plug-in with limited uses: the Vigilante. Town, red to investigators; he
// has one bullet a game, and any night he likes he may fire it at a player. The engine counts his
// uses (`uses: { perGame: 1 }`) per seat and per game: once he has fired, he is no longer asked, and
// the next game starts with his bullet back (a module-level "has shot" variable would not: see
// docs/extending.md, "What a plug-in must not do"). A setup names it by path, relative to the setup
// file (roles/ukrainian-vigilante.yaml):
//
//   rules: ukrainian
//   roles: { don: 1, mafia: 2, courtesan: 1, commissar: 1, doctor: 1, maniac: 1, citizen: 4, ./vigilante.ts: 1 }
//
// Outside this repository, import the types from the package: import type { RolePlugin } from 'mafia-sim';
import type { NightEffects, RolePlugin } from '../src/index.js';

const vigilante: RolePlugin = {
  id: 'vigilante',
  name: 'Vigilante',
  team: 'town',
  description: 'Town: has one bullet a game; any night he may shoot a player with it.',
  // Bots that reason about roles (smart) read this: night deaths are not all the mafia's.
  traits: { killer: true },
  night: {
    // A step of his own, last in the night (no `after`): the kills all land at dawn anyway.
    step: 'vigilante',
    decision: 'vigilanteShot',
    intent: 'attack',
    targets: 'others',
    // A shot: public first-day immunities (C16.1) keep seats out of his targets at a club table.
    shot: true,
    // One pick a game: a pass keeps the bullet; once fired, he is not asked again (bots see
    // view.usesLeft()).
    uses: { perGame: 1 },
    // His kill's kind is left out, so it is his role id: a death by his bullet shows as `vigilante`
    // in every report (a kind of its own could be named: night.attack(target, actor, 'shot')).
    act(night: NightEffects, actor: number, target: number) {
      night.attack(target, actor);
    },
  },
};

export default vigilante;
