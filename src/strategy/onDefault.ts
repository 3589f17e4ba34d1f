// Plug-ins that build on the default (issue 29, item 5): `defaultPlayer(view, game)` is the player `run`
// makes for that seat when no --strategy names it — smart at the table's equilibrium mix, the game's
// profile drawn as the engine draws it — and `onDefault` makes a whole strategy of "the default, with
// one thing changed" in a few lines (docs/strategies.md, "Building on the default"). Both read the table
// from the seat's view, so they work in-process and isolated alike.
import type { Side } from '../model/roles.js';
import type { PlayerView } from '../views/view.js';
import { DEFAULT_STRATEGY } from './default.js';
import { builtInStrategies, onSetup } from './registry.js';
import type { Decision, DecisionRequest, GameTag, Player, SpeechKind, Strategy, TableKey } from './types.js';
import type { Statement } from '../model/events.js';
import type { Rng } from '../rng.js';

/** The table as a seat sees it: its rule set, size and mafia seats (the setup's name is not shown to a seat). */
function tableOfView(view: PlayerView): TableKey {
  let mafia = 0;
  for (const r of view.tableRoles) if (r.team === 'mafia') mafia += r.seats;
  return { name: '', source: 'a seat', rules: view.rules, players: view.players, mafia };
}

/** The player the default strategy makes for this seat, in this game. */
export function defaultPlayer(view: PlayerView, game?: GameTag): Player {
  const strategy = onSetup(builtInStrategies().get(DEFAULT_STRATEGY)!, tableOfView(view), view.team as Side);
  return strategy.createPlayer(view.seat, game);
}

/** What a one-trick change replaces of the default player: any of its answers, seeing the default's. */
export interface Change {
  decide?(inner: Player, view: PlayerView, request: DecisionRequest, rng: Rng): Decision | undefined;
  speak?(inner: Player, view: PlayerView, kind: SpeechKind, rng: Rng): readonly Statement[] | undefined;
}

/**
 * A strategy that plays the default at every seat but for `change`: each of its answers is the
 * change's where it gives one, else the default player's. The default player is made at the seat's
 * first decision or speech, from its view.
 */
export function onDefault(name: string, description: string, change: Change): Strategy {
  return {
    name,
    description,
    usesHistory: true,
    createPlayer(_seat: number, game?: GameTag): Player {
      let inner: Player | null = null;
      const base = (view: PlayerView) => (inner ??= defaultPlayer(view, game));
      return {
        decide: (view, request, rng) => (change.decide ? change.decide(base(view), view, request, rng) : base(view).decide(view, request, rng)),
        speak: (view, kind, rng) => {
          const p = base(view);
          return change.speak ? change.speak(p, view, kind, rng) : p.speak?.(view, kind, rng);
        },
      };
    },
  };
}
