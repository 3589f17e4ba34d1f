// The `ukrainian` rule set (RULES.md section U): options and roles as data; one game's state, owned
// here (nominees, votes, discipline, the night); the day in ./day.ts, the night in ../night.ts.
import type { Game } from '../../engine/game.js';
import type { Winner } from '../../model/events.js';
import type { RoleDef } from '../../model/roles.js';
import type { KnownCheck, TableFacts } from '../../views/view.js';
import type { RuleSet, Rules, RulesGame } from '../ruleSet.js';
import type { Options } from '../options.js';
import { overlay } from '../catalogue.js';
import { Discipline } from '../discipline.js';
import { introduceTeams } from '../intro.js';
import { arrangeSteps, Night, teamKillSeats, type NightRules } from '../night.js';
import { SeatList, seatArray } from '../../engine/seatArrays.js';
import { configureUkrainian, NIGHT_STEPS, UKRAINIAN_OPTIONS, type UkrainianConfig } from './config.js';
import { runUkrainianDay } from './day.js';

/** U1 and the club roles whose mechanics work at a Ukrainian table (docs/club.md: mixed setups). */
const UKRAINIAN_ROLES = overlay(['don', 'mafia', 'courtesan', 'commissar', 'doctor', 'maniac', 'citizen', 'townie', 'sportsman', 'lucky'], {});

export const ukrainian: RuleSet = {
  id: 'ukrainian',
  name: 'Ukrainian',
  description: '12 seats: Don, 2 Mafia, Courtesan vs Commissar, Doctor, Maniac, 5 Citizens; freezes, heals, the note, the draw',
  options: UKRAINIAN_OPTIONS,
  roles: UKRAINIAN_ROLES,
  defaultScoring: { win: 1, draw: 0.5, stalemate: 0.5 }, // U13
  validateDeck(deck) {
    if (!deck.some((r) => r.team === 'mafia')) return 'needs at least one black role (don, mafia or courtesan)';
    if (!deck.some((r) => r.team === 'town')) return 'needs at least one red role';
    return null;
  },
  configure(o: Options, { deck }): Rules {
    const config = configureUkrainian(o);
    const order = arrangeSteps(NIGHT_STEPS, config.nightOrder, deck.flatMap((r) => (r.night ? [r.night] : [])));
    return { firstPhase: config.start, series: 1, begin: (g) => new UkrainianGame(g, config, order) };
  },
};

/** One Ukrainian game: its state, its night's team kill, its win conditions. */
export class UkrainianGame implements RulesGame, NightRules, TableFacts {
  readonly facts: TableFacts = this;
  readonly consecutive: 'target' | 'any';
  readonly night: Night;
  readonly discipline: Discipline;
  /** Today's nominees in nomination order (U3.1), and per seat whether nominated. */
  todaysNominees: number[] = [];
  readonly nominated: number[];
  /** The vote count per seat (U3.3). */
  readonly votes: number[];
  readonly open = new SeatList();
  readonly ballot = new SeatList();
  /** The team kill (U6): its members, the Courtesan who shoots when they are gone (U5.4), the black team who sees it. */
  private readonly killers: readonly number[];
  private readonly lastResort: readonly number[];
  private readonly blackTeam: readonly number[];
  /** U11.2, U11.3: the Maniac's and the Doctor's seats. */
  private readonly maniacs: readonly number[];
  private readonly healers: readonly number[];

  constructor(
    readonly g: Game,
    readonly config: UkrainianConfig,
    order: readonly string[],
  ) {
    introduceTeams(g); // U2: the black team learn each other and who the Don is
    this.consecutive = config.consecutive;
    this.night = new Night(g, this, order);
    this.discipline = new Discipline(g, config);
    this.nominated = seatArray(g.n);
    this.votes = seatArray(g.n);
    const { members, lastResort, seeing } = teamKillSeats(g.roles);
    this.killers = members;
    this.lastResort = lastResort;
    this.blackTeam = seeing;
    this.maniacs = seatsWith(g.roles, (r) => r.night?.decision === 'maniacKill');
    this.healers = seatsWith(g.roles, (r) => r.night?.decision === 'heal');
  }

  // ---- TableFacts -----------------------------------------------------------------------------------

  isJailed(): boolean {
    return false;
  }

  fouls(seat: number): number {
    return this.discipline.fouls[seat];
  }

  checksBy(seat: number): readonly KnownCheck[] {
    return this.night.checks.filter((c) => c.by === seat);
  }

  nominees(): readonly number[] {
    return this.todaysNominees;
  }

  // ---- NightRules ----------------------------------------------------------------------------------

  shootable(): boolean {
    return true;
  }

  /**
   * U6: each living mafia member proposes a target, seen by the black team; the Don's choice is final
   * (U6.1); with the Don dead, the successor decides (U6.2). Any living player may be the target;
   * nobody is a miss. U5.4: with no mafia member alive, the Courtesan shoots instead.
   */
  teamKill(night: Night): void {
    const g = this.g;
    const killers = g.livingOf(this.killers);
    const list = g.optionList; // any living player (the same options for every member's question)
    list.clear();
    for (let s = 1; s <= g.n; s++) if (g.alive[s] === 1) list.add(s);
    const options = list.done();
    const black = g.log ? g.livingOf(this.blackTeam) : this.blackTeam; // who sees it, for the record
    if (killers.length === 0) {
      const courtesan = g.livingOf(this.lastResort)[0];
      if (courtesan === undefined) return;
      const target = g.ask(courtesan, 'courtesanShot', options, true, null, 'attack');
      g.log?.push({ t: 'action', kind: 'courtesanShot', seat: courtesan, target, to: black });
      if (target !== null) night.attack(target, courtesan, 'courtesan');
      return;
    }
    const don = killers.find((s) => g.roles[s].teamKill === 'decides');
    const decider = don ?? (this.config.killSuccessor === 'lowest-seat' ? killers[0] : killers[killers.length - 1]);
    for (const seat of killers) {
      if (seat === decider) continue;
      const target = g.ask(seat, 'propose', options, true, null, 'attack');
      g.log?.push({ t: 'propose', seat, target, to: black });
    }
    const target = g.ask(decider, 'mafiaKill', options, true, null, 'attack');
    g.log?.push({ t: 'action', kind: 'mafiaKill', seat: decider, target, to: black });
    if (target !== null) night.attack(target, decider, 'mafia');
  }

  // ---- RulesGame -------------------------------------------------------------------------------------

  runDay(): void {
    runUkrainianDay(this);
  }

  runNight(): void {
    if (this.discipline.nightNoise(NOTHING)) return; // U12.4, before anyone acts
    this.night.run();
  }

  /**
   * U11, in order: red wins, the maniac draw, black wins (unless the Doctor and the Maniac both live).
   * A neutral seat (docs/rules-decisions.md, "Neutral teams") counts with the red against black (it is
   * a living player black must outnumber), but red does not need it gone; with neither team left, the
   * game is a draw.
   */
  winner(): Winner | null {
    const g = this.g;
    const black = g.teamAlive.mafia;
    const red = g.teamAlive.town + g.teamAlive.neutral;
    if (black === 0) return g.teamAlive.town === 0 ? 'draw' : 'town'; // U11.1
    const maniacAlive = g.anyAlive(this.maniacs);
    if (g.livingCount === 2 && black === 1 && maniacAlive) return 'draw'; // U11.2
    if (red === 0) return 'mafia'; // U11.3, under either reading
    // U11.3: `parity` reads the listed ratios as examples of black >= red; `listed` keeps to 2:2 and 1:1.
    const wins = this.config.blackWin === 'parity' ? black >= red : (black === 2 && red === 2) || (black === 1 && red === 1);
    if (wins && !(maniacAlive && g.anyAlive(this.healers))) return 'mafia';
    return null;
  }

  apply(seat: number, _setting: 'fouls', value: number): void {
    this.discipline.setFouls(seat, value);
  }
}

const NOTHING = (): void => {};

function seatsWith(roles: readonly RoleDef[], pred: (r: RoleDef) => boolean): number[] {
  const out: number[] = [];
  for (let s = 1; s < roles.length; s++) if (pred(roles[s])) out.push(s);
  return out;
}
