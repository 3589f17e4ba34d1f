// Town: vote for the player whom the latest night victim had accused last (the latest victim whose
// suspect still lives). A player's reasoning: "the mafia shoot whoever is on to them, so the dead man's
// suspect is the likeliest black." It nominates him too where nobody has; with no such suspect among
// the options, the default plays.
import { onDefault } from '../../src/index.js';
import { recordOf } from './lib/record.js';

/** The side that plays the trick: `npm run one-tricks` plays it there against the default. */
export const side = 'town';

export default onDefault('trust-the-dead', "the default town, but it votes for the seat the latest night victim had accused", {
  decide: (inner, view, request, rng) => {
    const own = inner.decide(view, request, rng);
    if (request.kind !== 'vote' && request.kind !== 'revote' && request.kind !== 'nominate') return own;
    const suspect = recordOf(inner, view).nightVictims.filter((v) => v.suspect !== 0 && view.isAlive(v.suspect) && v.suspect !== view.seat).at(-1)?.suspect;
    // A nomination's options leave out those already nominated: he is nominated once, by the first to speak.
    return suspect !== undefined && request.options.includes(suspect) ? suspect : own;
  },
});
