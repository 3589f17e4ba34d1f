// The `vanilla` calibration rule set (RULES.md section V): mafia vs townies, a kill and a vote.
import type { Game } from '../engine/game.js';
import type { Winner } from '../model/events.js';
import type { RoleDef } from '../model/roles.js';
import type { RuleSet, Rules, RulesGame } from './ruleSet.js';
import type { Options } from './options.js';
import { overlay } from './catalogue.js';
import { introduceTeams } from './intro.js';
import { without } from '../engine/seatArrays.js';
import { leaders, removeByDay } from './dayTools.js';
import { Night, type NightRules } from './night.js';
import { NO_FACTS } from '../views/view.js';

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
  roles: overlay(['mafia', 'townie'], {}),
  defaultScoring: { win: 1, draw: 0.5, stalemate: 0.5 },
  validateDeck(deck) {
    if (!deck.some((r) => r.id === 'mafia')) return 'needs at least one mafia';
    if (!deck.some((r) => r.id === 'townie')) return 'needs at least one townie';
    return null;
  },
  configure(o: Options): Rules {
    const config: VanillaConfig = {
      start: o.start === 'night' ? 'night' : 'day',
      tie: o.tie === 'none' ? 'none' : 'random',
      win: o.win === 'elimination' ? 'elimination' : 'parity',
    };
    return { firstPhase: config.start, series: 1, begin: (g) => new VanillaGame(g, config) };
  },
};

class VanillaGame implements RulesGame, NightRules {
  readonly facts = NO_FACTS;
  readonly consecutive = 'target';
  private readonly night: Night;
  private readonly mafia: readonly number[];

  constructor(
    private readonly g: Game,
    private readonly config: VanillaConfig,
  ) {
    introduceTeams(g); // V2: mafia know each other
    this.mafia = seatsOf(g.roles, (r) => r.team === 'mafia');
    this.night = new Night(g, this, ['mafia']);
  }

  isJailed(): boolean {
    return false;
  }

  shootable(): boolean {
    return true;
  }

  /**
   * V5. A neutral seat counts against the mafia's parity (a living player it must match), not for the
   * town's win nor against the mafia's elimination win; with neither team left, the game is a draw.
   */
  winner(): Winner | null {
    const { town, mafia, neutral } = this.g.teamAlive;
    if (mafia === 0) return town === 0 ? 'draw' : 'town'; // V5
    if (this.config.win === 'parity' ? mafia >= town + neutral : town === 0) return 'mafia';
    return null;
  }

  runNight(): void {
    this.night.run();
  }

  /** V3: the mafia kill one living non-mafia player; the lowest living mafia seat speaks for the team. */
  teamKill(night: Night): void {
    const g = this.g;
    const team = g.livingOf(this.mafia);
    const list = g.optionList;
    list.clear();
    for (let s = 1; s <= g.n; s++) if (g.alive[s] === 1 && g.roles[s].team !== 'mafia') list.add(s);
    const options = list.done();
    const decider = team[0];
    if (decider === undefined || options.length === 0) return;
    const target = g.ask(decider, 'mafiaKill', options, false, null, 'attack') ?? g.rng.pick(options); // default: a random legal kill
    g.log?.push({ t: 'action', kind: 'mafiaKill', seat: decider, target, to: team });
    night.attack(target, decider, 'mafia');
  }

  /** G4: speeches in seat order; V4: every living player votes for another living player; most votes leaves. */
  runDay(): void {
    const g = this.g;
    const living = g.living();
    for (const seat of living) {
      const statements = g.speak(seat, 'speech'); // G4, G8: relayed, never checked
      g.log?.push({ t: 'speech', seat, statements });
    }
    const votes = new Int32Array(g.n + 1);
    const weighed = g.hooked; // a plug-in's ballot may count for more (RoleDef.voteWeight)
    for (const voter of living) {
      const options = without(living, voter);
      if (options.length === 0) continue;
      const target = g.ask(voter, 'vote', options, false, null) ?? g.rng.pick(options); // V4 default: a random legal vote
      votes[target] += weighed ? g.voteWeight(voter) : 1;
      g.log?.push({ t: 'vote', seat: voter, target, round: 1 });
    }
    const top = leaders(living, votes);
    if (top.length > 1) {
      g.log?.push({ t: 'tie', seats: [...top], round: 1 }); // a copy: the views freeze the record's arrays
      if (this.config.tie === 'none') {
        g.log?.push({ t: 'noElimination', reason: 'tie' });
        return;
      }
    }
    removeByDay(g, [top.length > 1 ? g.rng.pick(top) : top[0]], 'vote');
  }
}

function seatsOf(roles: readonly RoleDef[], pred: (r: RoleDef) => boolean): number[] {
  const out: number[] = [];
  for (let s = 1; s < roles.length; s++) if (pred(roles[s])) out.push(s);
  return out;
}
