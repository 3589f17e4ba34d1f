// Scoring events the engine emits; a setup's scoring table gives each its points (U13, C17).

export interface ScoringEventSpec {
  readonly id: string;
  readonly description: string;
}

export const SCORING_EVENTS: readonly ScoringEventSpec[] = [
  { id: 'win', description: 'each player of the winning team, at the end' },
  { id: 'draw', description: 'every player, when the game is a draw' },
  { id: 'stalemate', description: 'every player, when the game hits the day cap (G6)' },
  { id: 'surviveDay', description: 'each living player at the end of each day' },
  { id: 'surviveNight', description: 'each living player at the end of each night' },
  { id: 'townVoteOnMafia', description: 'a town player, for each day vote cast on a mafia-team player (C17.2)' },
  { id: 'mafiaVoteOnTown', description: 'a mafia-team player, for each day vote cast on a town player (C17.2)' },
  { id: 'lawyerSavesTown', description: "a Lawyer whose cancellation saves a town player (C17.3)" },
  { id: 'jointShotAtTown', description: 'each mafia member taking part in a joint shot at a town player, the Killer aside (C17.4)' },
  { id: 'killerShotAtTown', description: "the Killer, for their own shot at a town player (C17.4)" },
];

export const SCORING_EVENT_IDS: ReadonlySet<string> = new Set(SCORING_EVENTS.map((e) => e.id));

export type ScoringEvent =
  | 'win' | 'draw' | 'stalemate' | 'surviveDay' | 'surviveNight'
  | 'townVoteOnMafia' | 'mafiaVoteOnTown' | 'lawyerSavesTown' | 'jointShotAtTown' | 'killerShotAtTown';

/** Points per event, every event present (0 when the table gives none). */
export type PointsTable = Readonly<Record<ScoringEvent, number>>;

/**
 * A scoring table with every event, in one order: read by name at every phase and vote, where a
 * lookup keyed by a varying name, or one that misses, takes V8's slow path (docs/performance.md).
 */
export function pointsTable(scoring: Readonly<Record<string, number>>): PointsTable {
  const table = {} as Record<ScoringEvent, number>;
  for (const e of SCORING_EVENTS) table[e.id as ScoringEvent] = scoring[e.id] ?? 0;
  return Object.freeze(table);
}
