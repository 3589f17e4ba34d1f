// Club options (every [choice] of section C), the night steps, and the per-game state the handlers share.
import type { Game } from '../../engine/game.js';
import { DISCIPLINE_OPTIONS, disciplineConfig, type DisciplineConfig } from '../discipline.js';
import type { OptionSpec, Options } from '../options.js';
import { seatArray } from '../../engine/seatArrays.js';

/** C5: the night steps in their default order; a role acts at its own step (see ROLE_STEP). */
export const CLUB_NIGHT_STEPS = [
  'marilyn', 'marilyn-sister', 'judge', 'oligarch', 'oligarch-brother', 'policeman', 'doctor', 'mafia', 'killer', 'maniac', 'sportsman',
] as const;
export type ClubNightStep = (typeof CLUB_NIGHT_STEPS)[number];

/**
 * C5: the step each night role acts at. A sister or brother has a step of their own (C2). Guests from
 * the Ukrainian family: the Courtesan blocks at Marilyn's step, the Commissar checks at the
 * Policeman's. The mafia-team joint kill is the `mafia` step (every mafia-team member takes part).
 */
export const ROLE_STEP: Readonly<Record<string, ClubNightStep>> = {
  marilyn: 'marilyn',
  courtesan: 'marilyn',
  'marilyn-sister': 'marilyn-sister',
  judge: 'judge',
  oligarch: 'oligarch',
  'oligarch-brother': 'oligarch-brother',
  policeman: 'policeman',
  commissar: 'policeman',
  doctor: 'doctor',
  killer: 'killer',
  maniac: 'maniac',
  sportsman: 'sportsman',
};

/** The immunity kinds a club setup may deal (C16). */
export const IMMUNITY_KINDS = ['newbie', 'killed-first-day', 'friend'] as const;
export type ImmunityKind = (typeof IMMUNITY_KINDS)[number];
/** C16.1: public, and active on Day 1 and Night 1. C16.2: `friend` is hidden. */
export const PUBLIC_IMMUNITIES: readonly ImmunityKind[] = ['newbie', 'killed-first-day'];

export const CLUB_OPTIONS: readonly OptionSpec[] = [
  { key: 'start', clause: 'C3', kind: 'enum', values: ['day', 'night'], default: 'day',
    description: 'the first phase after the introduction night' },
  { key: 'nightOrder', clause: 'C5', kind: 'order', values: CLUB_NIGHT_STEPS, default: CLUB_NIGHT_STEPS,
    description: 'the order in which the night roles act (a sister or brother has a step of their own)' },
  { key: 'jailShields', clause: 'C10.3', kind: 'bool', default: false,
    description: 'a jailed player can be neither killed at night nor voted against' },
  { key: 'minMafiaShare', clause: 'C2', kind: 'number', min: 0, max: 1, default: 0.3,
    description: 'the least share of mafia-team seats a club deck must have' },
  { key: 'series', clause: 'C16.1', kind: 'int', min: 1, max: 1000, default: 1,
    description: 'games per evening at the same table (run --series K): killed-first-day carries over, points per seat are summed' },
  ...DISCIPLINE_OPTIONS,
];

export interface ClubConfig extends DisciplineConfig {
  readonly start: 'day' | 'night';
  readonly nightOrder: readonly ClubNightStep[];
  readonly jailShields: boolean;
  readonly minMafiaShare: number;
}

export function configureClub(o: Options): ClubConfig {
  return {
    start: o.start as ClubConfig['start'],
    nightOrder: o.nightOrder as readonly ClubNightStep[],
    jailShields: o.jailShields as boolean,
    minMafiaShare: o.minMafiaShare as number,
    ...disciplineConfig(o),
  };
}


/** The per-game state of a club game. Per-seat arrays are indexed by seat (index 0 unused). */
export class ClubState {
  /** Seats acting at each night step (fixed for the game), in seat order. */
  readonly stepSeats: Readonly<Record<ClubNightStep, readonly number[]>>;
  /** Every mafia-team seat (C1): they propose the joint kill (C8) and see the proposals. */
  readonly mafiaTeam: readonly number[];
  /** Lawyers and Lawyer's brothers (C4.3). */
  readonly lawyers: readonly number[];
  /** Tonight (cleared each night): blocked seats (C6); target → jailing Judge (C10.1); Oligarch → bail pick (C11); Sportsman → target (C13). */
  readonly blocked: number[];
  readonly jailOrder: number[];
  readonly bailOrder: number[];
  readonly duelTarget: number[];
  /** Dawn scratch: 0 = lives, else how the seat dies tonight. */
  readonly dying: number[];
  /** The joint kill's participants tonight (C17.4); `participantCount` of them are valid. */
  readonly participants: number[];
  participantCount = 0;
  /** The day's votes per seat (C4.2), and whether today's condemned came out of a shoot-out. */
  readonly votes: number[];
  shootout = false;
  /** Once per game: Lucky's luck (C14), each Lawyer's cancellation (C4.3). */
  readonly luckSpent: number[];
  readonly cancelUsed: number[];
  /** C16: 1 = holds a public first-day immunity (newbie, killed-first-day); 1 = holds an unspent `friend`. */
  readonly publicImmunity: number[];
  readonly friend: number[];

  constructor(g: Game) {
    const n = g.n;
    const steps = {} as Record<ClubNightStep, number[]>;
    for (const step of CLUB_NIGHT_STEPS) steps[step] = [];
    const mafiaTeam: number[] = [];
    const lawyers: number[] = [];
    for (let s = 1; s <= n; s++) {
      const r = g.roles[s];
      const step = ROLE_STEP[r.id];
      if (step !== undefined) steps[step].push(s);
      if (r.team === 'mafia') mafiaTeam.push(s);
      if (r.ability === 'cancelExecution') lawyers.push(s);
    }
    this.stepSeats = steps;
    this.mafiaTeam = mafiaTeam;
    this.lawyers = lawyers;
    this.blocked = seatArray(n);
    this.jailOrder = seatArray(n);
    this.bailOrder = seatArray(n);
    this.duelTarget = seatArray(n);
    this.dying = seatArray(n);
    this.participants = seatArray(n);
    this.votes = seatArray(n);
    this.luckSpent = seatArray(n);
    this.cancelUsed = seatArray(n);
    this.publicImmunity = seatArray(n);
    this.friend = seatArray(n);
  }
}

/** C16.1: public immunities hold on Day 1 and Night 1 only. */
export function firstDayOrNight(g: Game): boolean {
  return g.phase === 'day' ? g.day === 1 : g.night === 1;
}

/** C10: whether a seat sits in jail (the field is set up by the club's introduction). */
export function isJailed(g: Game, seat: number): boolean {
  return g.jailed![seat] !== 0;
}
