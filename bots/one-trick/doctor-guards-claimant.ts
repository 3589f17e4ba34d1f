// Town: the doctor heals the first living investigator claimant every night, trusted or not. A
// player's reasoning: "a claim puts a target on the claimant's back; if he is our commissar the heal
// saves the game, and if he is a liar the mafia will not shoot him anyway." The default doctor heals
// a claimant only when he trusts him; here any claim will do (the rule against a third night running
// on one seat, U8, still holds: then the default's choice).
import { onDefault } from '../../src/index.js';
import { livingClaimants, recordOf } from './lib/record.js';

/** The side that plays the trick: `npm run one-tricks` plays it there against the default. */
export const side = 'town';

export default onDefault('doctor-guards-claimant', 'the default town, but the doctor always heals the first living investigator claimant', {
  decide: (inner, view, request, rng) => {
    const own = inner.decide(view, request, rng);
    if (request.kind !== 'heal') return own;
    const claimant = livingClaimants(recordOf(inner, view), view).find((s) => request.options.includes(s));
    return claimant ?? own;
  },
});
