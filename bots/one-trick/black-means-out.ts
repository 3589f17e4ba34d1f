// Town: whoever a claimant reports black is nominated and voted out at once, even when another
// claimant contests the claim. A player's reasoning: "a check is the only hard evidence there is; if
// the claimant lies, the mafia lose a liar's credit tomorrow, and if he tells the truth, waiting a day
// gives the mafia a night." The newest black report of a living claimant about a living seat counts.
import { onDefault } from '../../src/index.js';
import { livingClaimants, recordOf } from './lib/record.js';

/** The side that plays the trick: `npm run one-tricks` plays it there against the default. */
export const side = 'town';

export default onDefault('black-means-out', 'the default town, but it votes out at once whoever a claimant reports black', {
  decide: (inner, view, request, rng) => {
    const own = inner.decide(view, request, rng);
    if (request.kind !== 'vote' && request.kind !== 'revote' && request.kind !== 'nominate') return own;
    const r = recordOf(inner, view);
    const claimants = livingClaimants(r, view);
    const black = r.reports.filter((x) => x.result === 'black' && claimants.includes(x.by) && view.isAlive(x.seat) && x.seat !== view.seat).at(-1)?.seat;
    if (black === undefined) return own;
    // A nomination's options leave out those already nominated: he is nominated once, by the first to speak.
    return request.options.includes(black) ? black : own;
  },
});
