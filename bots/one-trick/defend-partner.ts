// Mafia: a member vouches for the partner under fire: the living partner nominated today, else the one
// accused most today (not himself). A player's reasoning: "a partner under fire needs a voice; a
// vouch from someone the town thinks red may save him." The vouch is added to the default's speech,
// and the speech no longer accuses that partner.
import type { Statement } from '../../src/index.js';
import { onDefault } from '../../src/index.js';
import { recordOf } from './lib/record.js';

/** The side that plays the trick: `npm run one-tricks` plays it there against the default. */
export const side = 'mafia';

export default onDefault('defend-partner', 'the default mafia, but a member vouches for the partner under fire', {
  speak: (inner, view, kind, rng) => {
    const own = inner.speak?.(view, kind, rng) ?? [];
    const partner = (s: number) => s !== view.seat && view.isKnownAlly(s) && view.isAlive(s);
    const r = recordOf(inner, view);
    const accused = new Map<number, number>();
    for (const a of r.accusations) if (a.day === r.day && partner(a.seat)) accused.set(a.seat, (accused.get(a.seat) ?? 0) + 1);
    let most: number | undefined;
    for (const [seat, n] of accused) if (most === undefined || n > accused.get(most)!) most = seat;
    const underFire = view.nominees().find(partner) ?? most;
    if (underFire === undefined) return own;
    const rest = own.filter((s) => !((s.type === 'accuse' || s.type === 'vouch') && s.seat === underFire));
    return [...rest, { type: 'vouch', seat: underFire } satisfies Statement];
  },
});
