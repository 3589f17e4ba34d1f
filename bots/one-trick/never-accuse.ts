// Mafia: the team never accuses anyone; it still claims, reports "checks" and vouches as the default
// does. A player's reasoning: "an accusation without evidence is how the mafia show themselves; let the
// town accuse each other and vote with the crowd."
import { onDefault } from '../../src/index.js';

/** The side that plays the trick: `npm run one-tricks` plays it there against the default. */
export const side = 'mafia';

export default onDefault('never-accuse', 'the default mafia, but it never accuses anyone', {
  speak: (inner, view, kind, rng) => inner.speak?.(view, kind, rng)?.filter((s) => s.type !== 'accuse'),
});
