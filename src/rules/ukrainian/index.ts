// The `ukrainian` rule set (RULES.md section U): options and roles as data, day and night handlers.
import type { Game } from '../../engine/game.js';
import type { Winner } from '../../engine/events.js';
import type { RuleSet } from '../types.js';
import { introduceTeams } from '../intro.js';
import { configureUkrainian, UKRAINIAN_OPTIONS, UkrainianState, type UkrainianConfig } from './config.js';
import { runUkrainianDay } from './day.js';
import { runUkrainianNight } from './night.js';

export const ukrainian: RuleSet = {
  id: 'ukrainian',
  name: 'Ukrainian',
  description: '12 seats: Don, 2 Mafia, Courtesan vs Commissar, Doctor, Maniac, 5 Citizens; freezes, heals, the note, the draw',
  options: UKRAINIAN_OPTIONS,
  roles: ['don', 'mafia', 'courtesan', 'commissar', 'doctor', 'maniac', 'citizen', 'townie', 'sportsman', 'lucky'], // the last two: club guests
  defaultScoring: { win: 1, draw: 0.5, stalemate: 0.5 }, // U13
  validateDeck(deck) {
    if (!deck.some((r) => r === 'don' || r === 'mafia' || r === 'courtesan')) return 'needs at least one black role (don, mafia or courtesan)';
    if (!deck.some((r) => !['don', 'mafia', 'courtesan'].includes(r))) return 'needs at least one red role';
    return null;
  },
  configure: configureUkrainian,
  firstPhase: (g) => (g.cfg as UkrainianConfig).start,
  introduce(g) {
    g.ruleState = new UkrainianState(g.roles);
    introduceTeams(g); // U2: the black team learn each other and who the Don is
  },
  runDay: runUkrainianDay,
  runNight: runUkrainianNight,
  winner: ukrainianWinner,
};

/** U11, in order: red wins, the maniac draw, black wins (unless the Doctor and the Maniac both live). */
function ukrainianWinner(g: Game): Winner | null {
  const black = g.teamAlive.mafia;
  if (black === 0) return 'town'; // U11.1
  const state = g.ruleState as UkrainianState;
  const maniacAlive = g.anyAlive(state.maniacs);
  if (g.livingCount === 2 && black === 1 && maniacAlive) return 'draw'; // U11.2
  if (black >= g.teamAlive.town) {
    const doctorAlive = g.anyAlive(state.healers);
    if (!(doctorAlive && maniacAlive)) return 'mafia'; // U11.3
  }
  return null;
}
