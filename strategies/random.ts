// `random`: every decision uniformly random among the legal options; night actions (but a bail) aim
// uniformly at living players outside the actor's known team; nominations always name someone; bails
// and the yes/no questions are uniform over the options.
import type { Player, Strategy } from '../src/strategy/types.js';

const player: Player = {
  decide(view, request, rng) {
    const { options, intent } = request;
    if (options.length === 0) return null;
    // A night action is aimed outside the known team; a bail (release) is not an attack on anyone.
    if (intent !== null && intent !== 'release') {
      let outside = 0;
      for (const s of options) if (!view.isKnownAlly(s)) outside++;
      if (outside === 0) return request.canPass ? null : rng.pick(options);
      let k = rng.int(outside);
      for (const s of options) if (!view.isKnownAlly(s) && k-- === 0) return s;
    }
    return rng.pick(options);
  },
};

export const random: Strategy = {
  name: 'random',
  description: 'uniformly random legal decisions; night actions aim outside the known team; no statements',
  createPlayer: () => player,
};
