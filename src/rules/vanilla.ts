// The `vanilla` calibration rule set (RULES.md section V): mafia vs townies, a kill and a vote.
import type { Game } from '../engine/game.js';
import type { Winner } from '../engine/events.js';
import type { RuleSet } from './types.js';
import type { Options } from './options.js';
import { introduceTeams } from './intro.js';
import { leaders, removeByDay } from './dayTools.js';
import { without } from '../engine/seatArrays.js';

interface VanillaConfig {
  readonly start: 'day' | 'night';
  readonly tie: 'random' | 'none';
  readonly win: 'parity' | 'elimination';
}

export const vanilla: RuleSet = {
  id: 'vanilla',
  name: 'Vanilla',
  description: 'Calibration rules: M mafia kill at night, everybody votes by day',
  options: [
    { key: 'start', clause: 'V2', kind: 'enum', values: ['day', 'night'], default: 'day', description: 'the first phase' },
    { key: 'tie', clause: 'V4', kind: 'enum', values: ['random', 'none'], default: 'random',
      description: 'a tied vote: a random one of the tied leaves, or nobody' },
    { key: 'win', clause: 'V5', kind: 'enum', values: ['parity', 'elimination'], default: 'parity',
      description: 'mafia win at parity (mafia ≥ town) or when no town is left' },
  ],
  roles: ['mafia', 'townie'],
  defaultScoring: { win: 1, draw: 0.5, stalemate: 0.5 },
  validateDeck(deck) {
    if (!deck.includes('mafia')) return 'needs at least one mafia';
    if (!deck.includes('townie')) return 'needs at least one townie';
    return null;
  },
  configure: (o: Options): VanillaConfig => ({
    start: o.start as VanillaConfig['start'],
    tie: o.tie as VanillaConfig['tie'],
    win: o.win as VanillaConfig['win'],
  }),
  firstPhase: (g) => (g.cfg as VanillaConfig).start,
  introduce: introduceTeams, // V2: mafia know each other
  runDay: vanillaDay,
  runNight: vanillaNight,
  winner(g: Game): Winner | null {
    const { town, mafia } = g.teamAlive;
    if (mafia === 0) return 'town'; // V5
    const win = (g.cfg as VanillaConfig).win;
    if (win === 'parity' ? mafia >= town : town === 0) return 'mafia';
    return null;
  },
};

/** V3: the mafia kill one living non-mafia player; the lowest living mafia seat speaks for the team. */
function vanillaNight(g: Game): void {
  const mafia = g.livingWith((r) => r.team === 'mafia');
  const options = g.livingWith((r) => r.team !== 'mafia');
  const decider = mafia[0];
  if (decider !== undefined && options.length > 0) {
    const target = g.ask(decider, 'mafiaKill', options, false, null) ?? g.rng.pick(options); // default: a random legal kill
    g.log?.push({ t: 'action', kind: 'mafiaKill', seat: decider, target, to: mafia });
    g.eliminate(target, 'mafia');
    g.log?.push({ t: 'died', seat: target, role: g.revealedRole(target) });
  }
  g.endStep();
}

/** G4: speeches in seat order; V4: every living player votes for another living player; most votes leaves. */
function vanillaDay(g: Game): void {
  const living = g.living();
  for (const seat of living) {
    const statements = g.speak(seat, 'speech'); // G4, G8: relayed, never checked
    g.log?.push({ t: 'speech', seat, statements });
  }
  const votes = new Int32Array(g.n + 1);
  for (const voter of living) {
    const options = without(living, voter);
    if (options.length === 0) continue;
    const target = g.ask(voter, 'vote', options, false, null) ?? g.rng.pick(options); // V4 default: a random legal vote
    votes[target]++;
    g.log?.push({ t: 'vote', seat: voter, target, round: 1 });
  }
  const top = leaders(living, votes);
  if (top.length > 1) {
    g.log?.push({ t: 'tie', seats: [...top], round: 1 }); // a copy: the views freeze the record's arrays
    if ((g.cfg as VanillaConfig).tie === 'none') {
      g.log?.push({ t: 'noElimination', reason: 'tie' });
      return;
    }
  }
  removeByDay(g, [top.length > 1 ? g.rng.pick(top) : top[0]], 'vote');
}
