// Mafia: a member who has been accused accuses his latest living accuser back (one who accused him or
// reported him black), instead of whoever the default would accuse; claims and "check" reports stay
// as the default makes them. A player's reasoning: "attack is the best defence: whoever points at me,
// I point back, and the town sees a quarrel, not a case."
import type { Statement } from '../../src/index.js';
import { onDefault } from '../../src/index.js';
import { recordOf } from './lib/record.js';

/** The side that plays the trick: `npm run one-tricks` plays it there against the default. */
export const side = 'mafia';

export default onDefault('counter-accuse', 'the default mafia, but a member accuses back whoever accused him', {
  speak: (inner, view, kind, rng) => {
    const own = inner.speak?.(view, kind, rng);
    const accuser = recordOf(inner, view).blames.filter((a) => a.seat === view.seat && view.isAlive(a.by) && !view.isKnownAlly(a.by)).at(-1)?.by;
    if (accuser === undefined) return own;
    return [...(own ?? []).filter((s) => s.type !== 'accuse'), { type: 'accuse', seat: accuser } satisfies Statement];
  },
});
