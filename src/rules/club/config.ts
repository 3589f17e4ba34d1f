// Club options (every [choice] of section C), the night steps, and the configuration the handlers read.
import { CLUB_DISCIPLINE_OPTIONS, disciplineConfig, type DisciplineConfig } from '../discipline.js';
import { choice, steps, type OptionSpec, type Options } from '../options.js';

/** C5: the night steps in their default order; a role acts at its own step (a sister or brother at theirs, C2). */
export const CLUB_NIGHT_STEPS: readonly string[] = [
  'marilyn', 'marilyn-sister', 'judge', 'oligarch', 'oligarch-brother', 'policeman', 'doctor', 'mafia', 'killer', 'maniac', 'sportsman',
];

/** The immunity kinds a club setup may deal (C16). */
export const IMMUNITY_KINDS = ['newbie', 'killed-first-day', 'friend'] as const;
export type ImmunityKind = (typeof IMMUNITY_KINDS)[number];
/** C16.1: public, and active on Day 1 and Night 1. C16.2: `friend` is hidden. */
export const PUBLIC_IMMUNITIES: readonly ImmunityKind[] = ['newbie', 'killed-first-day'];

export const CLUB_OPTIONS: readonly OptionSpec[] = [
  { key: 'start', clause: 'C3', kind: 'enum', values: ['day', 'night'], default: 'day',
    description: 'the first phase after the introduction night' },
  { key: 'nightOrder', clause: 'C5', kind: 'order', values: CLUB_NIGHT_STEPS, default: CLUB_NIGHT_STEPS,
    description: 'the order in which the night roles act: the steps named take the places they hold, in the order given' },
  { key: 'jailShields', clause: 'C10.3', kind: 'bool', default: false,
    description: 'a jailed player can be neither killed at night nor voted against' },
  { key: 'minMafiaShare', clause: 'C2', kind: 'number', min: 0, max: 1, default: 0.3,
    description: 'the least share of mafia-team seats a club deck must have' },
  { key: 'series', clause: 'C16.1', kind: 'int', min: 1, max: 1000, default: 1,
    description: 'games per evening at the same table (run --series K): killed-first-day carries over, points per seat are summed' },
  ...CLUB_DISCIPLINE_OPTIONS,
];

export interface ClubConfig extends DisciplineConfig {
  readonly start: 'day' | 'night';
  /** The night order the `nightOrder` option gives (its moves applied to the default). */
  readonly nightOrder: readonly string[];
  readonly jailShields: boolean;
  readonly minMafiaShare: number;
  readonly series: number;
}

export function configureClub(o: Options): ClubConfig {
  return {
    start: choice(o.start, ['day', 'night']),
    nightOrder: steps(o.nightOrder),
    jailShields: o.jailShields === true,
    minMafiaShare: Number(o.minMafiaShare),
    series: Number(o.series),
    ...disciplineConfig(o),
  };
}
