// Town: the investigator never says what he is or what he found, not even in his last word; he checks,
// accuses and votes as the default does. A player's reasoning: "a revealed commissar is dead by the
// next night, and the mafia's liar answers him the same day; a hidden one keeps checking." Only the
// speeches of a seat whose role investigates change (the Ukrainian note, U9.2, is left as it is).
import { onDefault } from '../../src/index.js';

/** The side that plays the trick: `npm run one-tricks` plays it there against the default. */
export const side = 'town';

export default onDefault('silent-commissar', "the default town, but the investigator never claims his role or reports his checks", {
  speak: (inner, view, kind, rng) => {
    const own = inner.speak?.(view, kind, rng);
    if (view.roleInfo(view.role)?.traits.investigator !== true) return own;
    return own?.filter((s) => s.type !== 'claim' && s.type !== 'check');
  },
});
