// Ukrainian options (every [choice] of section U) and the configuration the handlers read.
import { DISCIPLINE_OPTIONS, disciplineConfig, type DisciplineConfig } from '../discipline.js';
import { choice, steps, type OptionSpec, type Options } from '../options.js';

/** U4: the night steps in their default order (`mafia` is the team kill). */
export const NIGHT_STEPS: readonly string[] = ['courtesan', 'doctor', 'mafia', 'maniac', 'commissar'];

export const UKRAINIAN_OPTIONS: readonly OptionSpec[] = [
  { key: 'start', clause: 'U2', kind: 'enum', values: ['day', 'night'], default: 'day',
    description: 'the first phase after the introduction night' },
  { key: 'firstDaySingleNominee', clause: 'U3.2', kind: 'enum', values: ['skip', 'leaves'], default: 'skip',
    description: 'day 1 with exactly one nominee: no vote (skip), or the nominee leaves' },
  { key: 'tie', clause: 'U3.4', kind: 'enum', values: ['revote-then-all', 'revote-then-none', 'random', 'none'],
    default: 'revote-then-all', description: 'what a tied vote does' },
  { key: 'nightOrder', clause: 'U4', kind: 'order', values: NIGHT_STEPS, default: NIGHT_STEPS,
    description: 'the order in which the night roles act: the steps named take the places they hold, in the order given' },
  { key: 'consecutive', clause: 'U5.2', kind: 'enum', values: ['target', 'any'], default: 'target',
    description: 'courtesan and doctor: no same target (target) or no action at all (any) more than 2 nights in a row' },
  { key: 'killSuccessor', clause: 'U6.2', kind: 'enum', values: ['lowest-seat', 'highest-seat'], default: 'lowest-seat',
    description: 'with the Don dead, which living mafia member decides the kill' },
  { key: 'blackWin', clause: 'U11.3', kind: 'enum', values: ['parity', 'listed'], default: 'parity',
    description: 'black wins at black >= red (parity), or only at the ratios the text lists: 2:2, 1:1, no red left (listed)' },
  ...DISCIPLINE_OPTIONS,
];

export interface UkrainianConfig extends DisciplineConfig {
  readonly start: 'day' | 'night';
  readonly firstDaySingleNominee: 'skip' | 'leaves';
  readonly tie: 'revote-then-all' | 'revote-then-none' | 'random' | 'none';
  /** The night order the `nightOrder` option gives (its moves applied to the default). */
  readonly nightOrder: readonly string[];
  readonly consecutive: 'target' | 'any';
  readonly killSuccessor: 'lowest-seat' | 'highest-seat';
  readonly blackWin: 'parity' | 'listed';
}

export function configureUkrainian(o: Options): UkrainianConfig {
  return {
    start: choice(o.start, ['day', 'night']),
    firstDaySingleNominee: choice(o.firstDaySingleNominee, ['skip', 'leaves']),
    tie: choice(o.tie, ['revote-then-all', 'revote-then-none', 'random', 'none']),
    nightOrder: steps(o.nightOrder),
    consecutive: choice(o.consecutive, ['target', 'any']),
    killSuccessor: choice(o.killSuccessor, ['lowest-seat', 'highest-seat']),
    blackWin: choice(o.blackWin, ['parity', 'listed']),
    ...disciplineConfig(o),
  };
}
