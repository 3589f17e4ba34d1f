// Mafia: the night kill goes to the loudest accuser: the living player who has accused members of the
// team, or reported them black, most often this game (the lower seat on a tie). A player's
// reasoning: "silence him before he convinces the table." The default never shoots the team's
// accusers, since a night kill makes the town believe them; this bot does. Nobody accused: the
// default's kill.
import { onDefault } from '../../src/index.js';
import { recordOf } from './lib/record.js';

/** The side that plays the trick: `npm run one-tricks` plays it there against the default. */
export const side = 'mafia';

export default onDefault('kill-accuser', 'the default mafia, but the night kill goes to the loudest accuser of the team', {
  decide: (inner, view, request, rng) => {
    const own = inner.decide(view, request, rng);
    if (request.kind !== 'propose' && request.kind !== 'mafiaKill') return own;
    const count = new Map<number, number>();
    for (const a of recordOf(inner, view).blames) {
      if (view.isKnownAlly(a.seat) && !view.isKnownAlly(a.by) && request.options.includes(a.by)) count.set(a.by, (count.get(a.by) ?? 0) + 1);
    }
    let loudest: number | undefined;
    for (const [seat, n] of count) if (loudest === undefined || n > count.get(loudest)! || (n === count.get(loudest)! && seat < loudest)) loudest = seat;
    return loudest ?? own;
  },
});
