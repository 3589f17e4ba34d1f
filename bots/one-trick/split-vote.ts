// Mafia: the team never puts all its votes on one seat. A player's reasoning: "a bloc that votes as
// one draws a line between its members for anyone who reads the votes; split us, and no line shows."
// The living members in seat order take turns: the first, third, … vote as the default does, the
// second, fourth, … for the default's choice among the other non-allies.
import { onDefault } from '../../src/index.js';

/** The side that plays the trick: `npm run one-tricks` plays it there against the default. */
export const side = 'mafia';

export default onDefault('split-vote', 'the default mafia, but every other member votes for someone other than the team', {
  decide: (inner, view, request, rng) => {
    const own = inner.decide(view, request, rng);
    if ((request.kind !== 'vote' && request.kind !== 'revote') || own === null || own === undefined) return own;
    const members = view.knownAllies().filter((s) => view.isAlive(s)).sort((a, b) => a - b);
    if (members.indexOf(view.seat) % 2 === 0) return own;
    const others = request.options.filter((s) => s !== own && !view.isKnownAlly(s));
    return others.length === 0 ? own : inner.decide(view, { ...request, options: others }, rng);
  },
});
