// The game's event record: what happened, and who may see it (G7). `to` absent = public. The
// vocabulary every layer shares (engine, rules, views, strategies, reports); it imports nothing.

export type Color = 'black' | 'red';

/** A structured statement of a speech or last word (G8). The engine never checks its truth. */
export type Statement =
  | { type: 'claim'; role: string }
  | { type: 'check'; seat: number; result: Color }
  | { type: 'accuse'; seat: number }
  | { type: 'vouch'; seat: number };

/**
 * How a player left the game: by the day's vote or shoot-out, by fouls, or killed at night by the
 * mafia, the Maniac, the Courtesan's shot, the Killer, a Sportsman's duel, or by more than one of them.
 */
export const ELIMINATION_CAUSES = ['vote', 'shootout', 'fouls', 'mafia', 'maniac', 'courtesan', 'killer', 'sportsman', 'several'] as const;
export type BuiltinCause = (typeof ELIMINATION_CAUSES)[number];
/**
 * A built-in cause, or the kind of a role plug-in's kill (its role id unless it names one: a
 * Vigilante's kill is `vigilante`), which reports list under that name (docs/extending.md).
 */
export type EliminationCause = BuiltinCause | (string & {});

/** Whether a cause is one of the built-in ones. */
export function isBuiltinCause(cause: string): cause is BuiltinCause {
  return (ELIMINATION_CAUSES as readonly string[]).includes(cause);
}

/** The causes a table of deaths holds, in report order: the built-in ones in theirs, then the plug-ins' by name. */
export function causesOf(deaths: Readonly<Record<string, number | undefined>>): string[] {
  const builtin = ELIMINATION_CAUSES.filter((c) => deaths[c] !== undefined);
  const other = Object.keys(deaths).filter((c) => !isBuiltinCause(c)).sort();
  return other.length === 0 ? builtin : [...builtin, ...other];
}

export type GameEvent = { to?: readonly number[] } & (
  | { t: 'deal'; roles: readonly string[] }
  /** `key`: the random word the team agree on at the meeting (a shared order for their joint choices); absent in hand-made records. */
  | { t: 'team'; seats: readonly number[]; key?: number }
  | { t: 'phase'; phase: 'day' | 'night'; n: number }
  // `again`: a tied player's second speech (U3.4); `defence`: a nominee's defence (U3.6).
  | { t: 'speech'; seat: number; statements: readonly Statement[]; again?: boolean; defence?: boolean }
  | { t: 'skipSpeech'; seat: number }
  | { t: 'nominate'; seat: number; target: number }
  | { t: 'vote'; seat: number; target: number; round: number }
  | { t: 'voteAll'; seat: number; yes: boolean }
  | { t: 'tie'; seats: readonly number[]; round: number }
  | { t: 'noElimination'; reason: string }
  | { t: 'eliminated'; seat: number; cause: EliminationCause; role?: string }
  | { t: 'lastWord'; seat: number; statements: readonly Statement[] }
  | { t: 'action'; kind: string; seat: number; target: number | null }
  | { t: 'propose'; seat: number; target: number | null }
  | { t: 'frozen'; seat: number }
  | { t: 'blocked'; seat: number }
  | { t: 'check'; seat: number; target: number; result: Color }
  | { t: 'note'; seat: number; target: number; result: Color }
  | { t: 'noteAnnounced'; seat: number; target: number; result: Color }
  | { t: 'saved'; seat: number; by: string }
  | { t: 'died'; seat: number; role?: string }
  | { t: 'noDeaths' }
  | { t: 'foul'; seat: number; value: number; total: number }
  | { t: 'effect'; seat: number; what: string }
  /** `neutral`: the seats of neutral teams that won alongside the result (RoleDef.win), in the order they won; absent when none. */
  | { t: 'outcome'; winner: Winner; day: number; neutral?: readonly number[] }
  // Club (section C):
  | { t: 'jointKill'; target: number | null; how: 'unanimous' | 'boss' | 'split' | 'nobody able' }
  | { t: 'shootout'; seats: readonly number[]; executed: number }
  | { t: 'cancelled'; seat: number; condemned: number }
  | { t: 'jailed'; seat: number; reason: 'judge' | 'bail' }
  | { t: 'yield'; seat: number; target: number }
  | { t: 'released'; seat: number; reason: 'judge died' | 'bail' }
  | { t: 'immunity'; seat: number; kind: string; fired: boolean }
  | { t: 'luck'; seat: number }
  | { t: 'duel'; seat: number; target: number; hit: boolean }
);

export type Winner = 'town' | 'mafia' | 'draw' | 'stalemate';
export const WINNERS: readonly Winner[] = ['town', 'mafia', 'draw', 'stalemate'];

export interface Elimination {
  readonly seat: number;
  readonly cause: EliminationCause;
  readonly phase: 'day' | 'night';
  /** The phase's number: day n or night n. */
  readonly n: number;
  /** The day of the elimination: the day it happened on, or for a night death the day that dawn begins. */
  readonly day: number;
}
