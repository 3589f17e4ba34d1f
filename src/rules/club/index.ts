// The `club` rule set (RULES.md section C): options and roles as data, day and night handlers, the win.
import type { Winner } from '../../engine/events.js';
import type { Game } from '../../engine/game.js';
import { introduceTeams } from '../intro.js';
import { ROLES } from '../roles.js';
import type { RuleSet } from '../types.js';
import { CLUB_OPTIONS, ClubState, configureClub, IMMUNITY_KINDS, type ClubConfig } from './config.js';
import { runClubDay } from './day.js';
import { dealImmunities } from './immunity.js';
import { checkClubInvariants } from './invariants.js';
import { runClubNight } from './night.js';
import { seatArray } from '../../engine/seatArrays.js';

/** The club family, then the guests whose mechanics work at a club table (see docs/club.md). */
export const CLUB_ROLES: readonly string[] = [
  'boss', 'mafia', 'killer',
  'policeman', 'doctor', 'marilyn', 'judge', 'sportsman', 'lucky', 'lawyer', 'oligarch', 'maniac',
  'marilyn-sister', 'lawyer-brother', 'oligarch-brother',
  'citizen', 'townie', 'courtesan', 'commissar', 'don',
];

export const CLUB_SCORING: Readonly<Record<string, number>> = {
  surviveDay: 1, // C17.1
  surviveNight: 1,
  townVoteOnMafia: 5, // C17.2
  mafiaVoteOnTown: 2,
  lawyerSavesTown: 12, // C17.3
  jointShotAtTown: 2, // C17.4
  killerShotAtTown: 2,
  // C17.5: the lost "6 points" and "12 points" lists have no rows; a setup may add its own.
};

export const club: RuleSet = {
  id: 'club',
  name: 'Club',
  description: 'Russian club network: every seat a role, ≥30% mafia team, jail, bail, shoot-outs, immunities and points',
  options: CLUB_OPTIONS,
  roles: CLUB_ROLES,
  defaultScoring: CLUB_SCORING,
  immunities: IMMUNITY_KINDS,
  validateDeck(deck, options) {
    const mafia = deck.filter((id) => ROLES.get(id)?.team === 'mafia').length;
    if (mafia === 0) return 'a club table needs at least one mafia-team role (boss, mafia, killer; C1)';
    if (mafia === deck.length) return 'a club table needs at least one town role (C1)';
    const share = options.minMafiaShare as number;
    if (mafia < share * deck.length - 1e-9) {
      return `${mafia} mafia-team seats of ${deck.length} is under the ${Math.round(share * 100)}% a club table needs (C2; option minMafiaShare)`;
    }
    const deciders = deck.filter((id) => ROLES.get(id)?.killDecider === true);
    if (deciders.length > 1) {
      return `${deciders.join(' and ')} would both settle a split joint kill (C8): a club table has at most one Boss (or Don)`;
    }
    return null;
  },
  configure: configureClub,
  firstPhase: (g) => (g.cfg as ClubConfig).start, // C3
  introduce(g) {
    const st = new ClubState(g);
    g.ruleState = st;
    g.jailed = seatArray(g.n);
    introduceTeams(g); // C3: the mafia team learn each other; nobody acts
    dealImmunities(g, st); // C16
  },
  runDay: runClubDay,
  runNight: runClubNight,
  winner: clubWinner,
  checkInvariants: checkClubInvariants,
};

/** C18: a team wins when the other has nobody alive (the jailed count as alive); both at once: draw. No parity. */
function clubWinner(g: Game): Winner | null {
  const { town, mafia } = g.teamAlive;
  if (mafia === 0) return town === 0 ? 'draw' : 'town';
  if (town === 0) return 'mafia';
  return null;
}
