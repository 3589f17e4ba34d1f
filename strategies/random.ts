// `random`: every decision uniformly random among the legal options; night actions (but a bail) aim
// uniformly at living players outside the actor's known team; nominations always name someone; bails
// and the yes/no questions are uniform over the options.
import type { Player, Strategy } from '../src/strategy/types.js';

/**
 * A night action's options outside the actor's known team, gathered in one pass: one array for every
 * decision of the thread (a decision never outlives its call), so deciding allocates nothing.
 */
const outside: number[] = [];

const player: Player = {
  decide(view, request, rng) {
    const { options, intent } = request;
    if (options.length === 0) return null;
    // A night action is aimed outside the known team; a bail (release) is not an attack on anyone.
    if (intent !== null && intent !== 'release') {
      let count = 0;
      for (let i = 0; i < options.length; i++) {
        const s = options[i];
        if (view.isKnownAlly(s)) continue;
        if (count < outside.length) outside[count] = s;
        else outside.push(s);
        count++;
      }
      if (count === 0) return request.canPass ? null : rng.pick(options);
      return outside[rng.int(count)];
    }
    return rng.pick(options);
  },
};

export const random: Strategy = {
  name: 'random',
  description: 'uniformly random legal decisions; night actions aim outside the known team; no statements',
  createPlayer: () => player,
};
