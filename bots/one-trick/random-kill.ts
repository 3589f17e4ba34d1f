// Mafia: the night kill is a living non-member drawn at random. A player's reasoning: "a kill with a
// pattern can be read back to the killers; a random one tells the town nothing." Each member draws his
// own proposal from his own stream; the rules' decider (the Don, U6.1; the Boss, C8) settles it.
import { onDefault } from '../../src/index.js';

/** The side that plays the trick: `npm run one-tricks` plays it there against the default. */
export const side = 'mafia';

export default onDefault('random-kill', 'the default mafia, but the night kill is a random non-member', {
  decide: (inner, view, request, rng) => {
    const own = inner.decide(view, request, rng);
    if (request.kind !== 'propose' && request.kind !== 'mafiaKill') return own;
    const targets = request.options.filter((s) => !view.isKnownAlly(s));
    return targets.length === 0 ? own : rng.pick(targets);
  },
});
