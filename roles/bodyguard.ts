// A worked example of a role plug-in: the Bodyguard. Each night he guards one other player; if his
// charge is attacked that night, the Bodyguard takes the hit and dies in the charge's place (a
// Doctor's protection of the charge comes first: then nobody dies). Town, red to investigators.
// A setup names it by path, relative to the setup file:
//
//   rules: ukrainian
//   roles: { don: 1, mafia: 2, courtesan: 1, commissar: 1, doctor: 1, maniac: 1, citizen: 4, ../roles/bodyguard.ts: 1 }
//
// docs/extending.md walks through it line by line. Outside this repository, import the types from the
// package instead: import type { RolePlugin } from 'mafia-sim';
import type { NightEffects, RolePlugin } from '../src/index.js';

const bodyguard: RolePlugin = {
  id: 'bodyguard',
  name: 'Bodyguard',
  team: 'town',
  description: 'Town: guards another player each night; if the charge is attacked, the Bodyguard dies instead.',
  // Bots that reason about roles (smart) read this: he shields a player, as a Doctor does.
  traits: { protector: true },
  night: {
    // A step of his own, right after the Doctor's (where the rule set has one), so the Doctor's heal
    // is known when the guard is set; an ordered `nightOrder` option leaves it there.
    step: 'bodyguard',
    after: 'doctor',
    // What he is asked; `intent` tells bots that do not know the kind what it does (random, smart).
    decision: 'guard',
    intent: 'protect',
    targets: 'others',
    // The one handler: record the effect; the night resolves it at dawn for every rule family.
    act(night: NightEffects, actor: number, target: number) {
      night.guard(target, actor);
    },
  },
};

export default bodyguard;
