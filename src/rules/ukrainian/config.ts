// Ukrainian options (every [choice] of section U) and the per-game state the handlers share.
import type { Color } from '../../engine/events.js';
import { DISCIPLINE_OPTIONS, disciplineConfig, type DisciplineConfig } from '../discipline.js';
import type { OptionSpec, Options } from '../options.js';
import { RunTracker } from '../runTracker.js';
import type { RoleDef } from '../roles.js';
import { seatArray } from '../../engine/seatArrays.js';

export const NIGHT_STEPS = ['courtesan', 'doctor', 'mafia', 'maniac', 'commissar'] as const;
export type NightStep = (typeof NIGHT_STEPS)[number];

export const UKRAINIAN_OPTIONS: readonly OptionSpec[] = [
  { key: 'start', clause: 'U2', kind: 'enum', values: ['day', 'night'], default: 'day',
    description: 'the first phase after the introduction night' },
  { key: 'firstDaySingleNominee', clause: 'U3.2', kind: 'enum', values: ['skip', 'leaves'], default: 'skip',
    description: 'day 1 with exactly one nominee: no vote (skip), or the nominee leaves' },
  { key: 'tie', clause: 'U3.4', kind: 'enum', values: ['revote-then-all', 'revote-then-none', 'random', 'none'],
    default: 'revote-then-all', description: 'what a tied vote does' },
  { key: 'nightOrder', clause: 'U4', kind: 'order', values: NIGHT_STEPS, default: NIGHT_STEPS,
    description: 'the order in which the night roles act' },
  { key: 'consecutive', clause: 'U5.2', kind: 'enum', values: ['target', 'any'], default: 'target',
    description: 'courtesan and doctor: no same target (target) or no action at all (any) more than 2 nights in a row' },
  { key: 'killSuccessor', clause: 'U6.2', kind: 'enum', values: ['lowest-seat', 'highest-seat'], default: 'lowest-seat',
    description: 'with the Don dead, which living mafia member decides the kill' },
  ...DISCIPLINE_OPTIONS,
];

export interface UkrainianConfig extends DisciplineConfig {
  readonly start: 'day' | 'night';
  readonly firstDaySingleNominee: 'skip' | 'leaves';
  readonly tie: 'revote-then-all' | 'revote-then-none' | 'random' | 'none';
  readonly nightOrder: readonly NightStep[];
  readonly consecutive: 'target' | 'any';
  readonly killSuccessor: 'lowest-seat' | 'highest-seat';
}

export function configureUkrainian(o: Options): UkrainianConfig {
  return {
    start: o.start as UkrainianConfig['start'],
    firstDaySingleNominee: o.firstDaySingleNominee as UkrainianConfig['firstDaySingleNominee'],
    tie: o.tie as UkrainianConfig['tie'],
    nightOrder: o.nightOrder as readonly NightStep[],
    consecutive: o.consecutive as UkrainianConfig['consecutive'],
    killSuccessor: o.killSuccessor as UkrainianConfig['killSuccessor'],
    ...disciplineConfig(o),
  };
}

export interface PendingNote {
  readonly seat: number;
  readonly target: number;
  readonly result: Color;
}

export class UkrainianState {
  /** U5.2 / U8: runs of consecutive nights per acting seat. */
  readonly runs: RunTracker;
  /** U9.2: commissars who have spent their note. */
  readonly noteSpent: number[];
  /** U9.2: the note left tonight, if any. */
  noteTonight: PendingNote | null = null;
  /** U9.2: the note to read out at the start of the next day. */
  noteToAnnounce: PendingNote | null = null;
  /** Scratch for the day: who is nominated (U3.1) and the vote count per seat (U3.3). */
  readonly nominated: number[];
  readonly votes: number[];

  /** Seats by what their role does (fixed for the game), in seat order. */
  readonly freezers: readonly number[];
  readonly healers: readonly number[];
  readonly checkers: readonly number[];
  readonly maniacs: readonly number[];
  readonly killers: readonly number[];
  /** The black team that knows itself (U2): sees the kill proposals (U6.1). */
  readonly blackTeam: readonly number[];

  constructor(roles: readonly RoleDef[]) {
    const n = roles.length - 1;
    const freezers: number[] = [];
    const healers: number[] = [];
    const checkers: number[] = [];
    const maniacs: number[] = [];
    const killers: number[] = [];
    const blackTeam: number[] = [];
    for (let s = 1; s <= n; s++) {
      const r = roles[s];
      if (r.ability === 'freeze') freezers.push(s);
      else if (r.ability === 'heal') healers.push(s);
      else if (r.ability === 'check') checkers.push(s);
      else if (r.ability === 'maniacKill') maniacs.push(s);
      if (r.mafiaKiller === true) killers.push(s);
      if (r.team === 'mafia' && r.knowsTeam === true) blackTeam.push(s);
    }
    this.freezers = freezers;
    this.healers = healers;
    this.checkers = checkers;
    this.maniacs = maniacs;
    this.killers = killers;
    this.blackTeam = blackTeam;
    this.runs = new RunTracker(n);
    this.noteSpent = seatArray(n);
    this.nominated = seatArray(n);
    this.votes = seatArray(n);
  }
}
