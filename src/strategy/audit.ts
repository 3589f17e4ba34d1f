// Which players run audited code: the built-in strategies of this repository (strategies/), reviewed to
// only read the event record, never write to it — nor to the nominee list a view lends them, nor to a
// list of statements once said, both of which the engine then hands over without a copy. A test plays
// them against a record frozen throughout and copies made of everything (test/view-read-events.test.ts).
// The record is frozen lazily (src/views/sharedRecord.ts): an event is frozen before it reaches the view of a
// player that is not audited, so no plug-in can rewrite what another bot reads (G7), while games of
// built-in bots skip the cost of freezing.
// This is protection against mistakes, not a sandbox: code in the same process can always reach
// further (replace Object.freeze itself), so a plug-in is trusted not to try.
import type { GameTag, Player, Strategy } from './types.js';

const strategies = new WeakSet<Strategy>();
/** Marks an audited player: a key only this module holds (a property read, cheaper than a WeakSet lookup per seat). */
const AUDITED = Symbol('audited');

/** Marks a built-in strategy (and, through withParams, its variants) as audited: for src/strategy/registry.ts. */
export function markAudited(strategy: Strategy): Strategy {
  strategies.add(strategy);
  return strategy;
}

export function isAuditedStrategy(strategy: Strategy): boolean {
  return strategies.has(strategy);
}

/** A seat's player from its strategy; the players of an audited strategy are audited. */
export function newPlayer(strategy: Strategy, seat: number, game?: GameTag): Player {
  const p = strategy.createPlayer(seat, game);
  if (strategies.has(strategy)) (p as { [AUDITED]?: true })[AUDITED] = true;
  return p;
}

export function isAuditedPlayer(player: Player): boolean {
  return (player as { [AUDITED]?: true })[AUDITED] === true;
}
