// Town: never nominate or vote for a player who claims to investigate. A player's reasoning: "one of
// the claimants is our commissar, and a day vote that takes the wrong one hands the mafia the game;
// let the night and the checks sort the claimants out." The default chooses among the other options.
import { onDefault } from '../../src/index.js';
import { livingClaimants, recordOf } from './lib/record.js';

/** The side that plays the trick: `npm run one-tricks` plays it there against the default. */
export const side = 'town';

export default onDefault('never-vote-claimant', 'the default town, but it never nominates or votes for an investigator claimant', {
  decide: (inner, view, request, rng) => {
    if (request.kind !== 'vote' && request.kind !== 'revote' && request.kind !== 'nominate') return inner.decide(view, request, rng);
    const claimants = livingClaimants(recordOf(inner, view), view);
    const options = request.options.filter((s) => !claimants.includes(s));
    // With nobody else to vote for, a vote must still be cast (U3.3, C4.1): the default's own.
    if (options.length === 0 && !request.canPass) return inner.decide(view, request, rng);
    return inner.decide(view, { ...request, options }, rng);
  },
});
