// Who shot at a seat tonight: each killer sets its bit in the seat's `targeted` mask, and at dawn the
// mask says how a player who dies was killed (the per-role "how they die" table reads it).
import type { EliminationCause } from '../model/events.js';

/** U6, C8, V3: the mafia's kill. */
export const BY_MAFIA = 1;
/** U7, C15. */
export const BY_MANIAC = 2;
/** U5.4: the Courtesan's shot once the Don and the Mafia are dead. */
export const BY_COURTESAN = 4;
/** C9: the Mafia Killer's own shot. */
export const BY_KILLER = 8;
/** The first of the bits for role plug-ins' own kill kinds (Night numbers them as they first occur in a game). */
export const BY_OTHER = 16;
/** The most kinds of its own a game may use (bits 16 … 2^29). */
export const MAX_OTHER_KINDS = 26;

/** The cause of a night death from its mask: the one killer, or `several` when more than one shot hit. */
export function nightDeathCause(mask: number): EliminationCause {
  switch (mask) {
    case BY_MAFIA: return 'mafia';
    case BY_MANIAC: return 'maniac';
    case BY_COURTESAN: return 'courtesan';
    case BY_KILLER: return 'killer';
    default: return 'several';
  }
}
