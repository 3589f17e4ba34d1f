// Town: vote for the first player named today. A player's reasoning: "the first name on the table is
// there for a reason, and a town that splits its votes lets the mafia decide; pile onto the first
// nominee." In Ukrainian games the first nominee (U3.1); the club has no nominations, so there it is
// the first player accused in a speech today. Everything else is the default's play.
import { onDefault } from '../../src/index.js';
import { recordOf } from './lib/record.js';

/** The side that plays the trick: `npm run one-tricks` plays it there against the default. */
export const side = 'town';

export default onDefault('first-nominee', 'the default town, but it votes for the first player named today', {
  decide: (inner, view, request, rng) => {
    const own = inner.decide(view, request, rng);
    if (request.kind !== 'vote' && request.kind !== 'revote') return own;
    const r = recordOf(inner, view);
    const first = view.rules === 'ukrainian' ? view.nominees()[0] : r.accusations.find((a) => a.day === r.day && view.isAlive(a.seat))?.seat;
    return first !== undefined && request.options.includes(first) ? first : own;
  },
});
