// The `club` rule set (RULES.md section C): options and roles as data; one game's state, owned here
// (the jail, the Lawyers' cancellations, immunities, votes, discipline, the night); the day in ./day.ts,
// the night in ../night.ts, the evenings (C16.1) in ./evening.ts.
import type { Game } from '../../engine/game.js';
import type { Winner } from '../../model/events.js';
import type { RoleDef } from '../../model/roles.js';
import type { KnownCheck, TableFacts } from '../../views/view.js';
import type { RuleSet, Rules, RulesGame } from '../ruleSet.js';
import type { Options } from '../options.js';
import { block, overlay } from '../catalogue.js';
import { Discipline } from '../discipline.js';
import { introduceTeams } from '../intro.js';
import { arrangeSteps, Night, teamKillSeats, type NightRules } from '../night.js';
import { SeatList, seatArray } from '../../engine/seatArrays.js';
import { CLUB_NIGHT_STEPS, CLUB_OPTIONS, configureClub, IMMUNITY_KINDS, type ClubConfig } from './config.js';
import { runClubDay } from './day.js';
import { carriedImmunities, EveningCarry } from './evening.js';
import { Immunities } from './immunity.js';
import { checkClubInvariants } from './invariants.js';

/**
 * The club family, then the guests whose mechanics work at a club table (docs/club.md): the
 * Courtesan blocks at Marilyn's step and joins the joint kill; the Commissar checks at the
 * Policeman's step and leaves no note; the club's Doctor does not heal himself, on any night.
 */
const CLUB_ROLES = overlay(
  [
    'boss', 'mafia', 'killer',
    'policeman', 'doctor', 'marilyn', 'judge', 'sportsman', 'lucky', 'lawyer', 'oligarch', 'maniac',
    'marilyn-sister', 'lawyer-brother', 'oligarch-brother',
    'citizen', 'townie', 'courtesan', 'commissar', 'don',
  ],
  {
    doctor: { night: { targets: 'others', limited: false } }, // C7
    courtesan: { teamKill: 'joins', night: { step: 'marilyn', decision: 'block', targets: 'others', limited: false, act: block } },
    commissar: { night: { step: 'policeman', note: false } },
  },
);

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
    const mafia = deck.filter((r) => r.team === 'mafia').length;
    if (mafia === 0) return 'a club table needs at least one mafia-team role (boss, mafia, killer; C1)';
    if (mafia === deck.length) return 'a club table needs at least one town role (C1)';
    const share = Number(options.minMafiaShare);
    if (mafia < share * deck.length - 1e-9) {
      return `${mafia} mafia-team seats of ${deck.length} is under the ${Math.round(share * 100)}% a club table needs (C2; option minMafiaShare)`;
    }
    const deciders = deck.filter((r) => r.teamKill === 'decides').map((r) => r.id);
    if (deciders.length > 1) {
      return `${deciders.join(' and ')} would both settle a split joint kill (C8): a club table has at most one Boss (or Don)`;
    }
    return null;
  },
  configure(o: Options, { deck, immunities }): Rules {
    const config = configureClub(o);
    const order = arrangeSteps(CLUB_NIGHT_STEPS, config.nightOrder, deck.flatMap((r) => (r.night ? [r.night] : [])));
    return {
      firstPhase: config.start, // C3
      series: config.series,
      begin: (g, carried) => new ClubGame(g, config, order, carriedImmunities(immunities, carried instanceof EveningCarry ? carried : null)),
    };
  },
};

/** One club game: its jail, cancellations, immunities, votes and discipline, its night's team kill, its win condition. */
export class ClubGame implements RulesGame, NightRules, TableFacts {
  readonly facts: TableFacts = this;
  readonly consecutive = 'target';
  readonly night: Night;
  readonly discipline: Discipline;
  readonly immunities: Immunities;
  /** C10: per seat, the Judge's seat who jailed it (0 = free); public. */
  readonly jailed: number[];
  /** Lawyers and Lawyer's brothers (C4.3), and each one's cancellation once used. */
  readonly lawyers: readonly number[];
  readonly cancelUsed: number[];
  /** The day's votes per seat (C4.2), and whether today's condemned came out of a shoot-out. */
  readonly votes: number[];
  readonly ballot = new SeatList();
  shootout = false;
  /** The mafia team (C1): they propose the joint kill (C8) and see the proposals. */
  private readonly mafiaTeam: readonly number[];
  private readonly seeing: readonly number[];
  /** The joint kill's participants tonight (C17.4). */
  private readonly participants: number[];
  /** C4.5: the players killed last night, in the order their deaths were announced: their last words open the day. */
  readonly lastWordsDue: number[] = [];

  constructor(
    readonly g: Game,
    readonly config: ClubConfig,
    order: readonly string[],
    immunities: Readonly<Record<string, readonly number[] | number>> | undefined,
  ) {
    introduceTeams(g); // C3: the mafia team learn each other; nobody acts
    this.jailed = seatArray(g.n);
    this.immunities = new Immunities(g, immunities); // C16
    this.night = new Night(g, this, order);
    this.discipline = new Discipline(g, config, 'technical-corpse'); // C19.1
    this.cancelUsed = seatArray(g.n);
    this.votes = seatArray(g.n);
    this.participants = [];
    const { members, seeing } = teamKillSeats(g.roles);
    this.mafiaTeam = members;
    this.seeing = seeing;
    this.lawyers = seatsWith(g.roles, (r) => r.cancelsExecution);
  }

  // ---- TableFacts -----------------------------------------------------------------------------------

  nominees(): readonly number[] {
    return [];
  }

  isJailed(seat: number): boolean {
    return this.jailed[seat] > 0;
  }

  fouls(seat: number): number {
    return this.discipline.fouls[seat];
  }

  checksBy(seat: number): readonly KnownCheck[] {
    return this.night.checks.filter((c) => c.by === seat);
  }

  // ---- NightRules ----------------------------------------------------------------------------------

  /** C16.1 (the public first-day immunities), C10.3 (`jailShields`). */
  shootable(seat: number): boolean {
    return !this.immunities.shielded(seat) && !(this.config.jailShields && this.jailed[seat] !== 0);
  }

  /**
   * C8: every able mafia-team member proposes a target (seen by the team). All agree: that is the kill;
   * otherwise the Boss's proposal if the Boss is able; otherwise no kill. C6: blocking one member stops
   * the kill only when nobody else is able. C17.4: each participant but the Killer scores for a shot at
   * a town player, even if the target survives.
   */
  teamKill(night: Night): void {
    const g = this.g;
    const team = this.mafiaTeam;
    if (team.length === 0) return;
    const seen = g.log ? g.livingOf(this.seeing) : this.seeing;
    let options: readonly number[] | null = null;
    const participants = this.participants;
    participants.length = 0;
    let first: number | null = null;
    let unanimous = true;
    let boss: number | null | undefined; // undefined: no able Boss
    for (const seat of team) {
      if (!night.able(seat)) continue;
      options ??= this.shotTargets();
      const target = options.length > 0 ? g.ask(seat, 'propose', options, true, null, 'attack') : null;
      g.log?.push({ t: 'propose', seat, target, to: seen });
      if (participants.length === 0) first = target;
      else if (target !== first) unanimous = false;
      if (boss === undefined && g.roles[seat].teamKill === 'decides') boss = target;
      participants.push(seat);
    }
    let target: number | null = null;
    let how: 'unanimous' | 'boss' | 'split' | 'nobody able';
    if (participants.length === 0) how = 'nobody able';
    else if (unanimous) {
      target = first;
      how = 'unanimous';
    } else if (boss !== undefined) {
      target = boss;
      how = 'boss';
    } else how = 'split';
    g.log?.push({ t: 'jointKill', target, how, to: seen });
    if (target === null) return;
    night.attack(target, participants[0], 'mafia');
    if (g.roles[target].team !== 'town') return;
    for (const p of participants) if (g.roles[p].night?.decision !== 'killerShot') night.award(p, 'jointShotAtTown');
  }

  /** Living seats a shot may pick tonight (C16.1, C10.3), in the game's option list. */
  private shotTargets(): readonly number[] {
    const g = this.g;
    const out = g.optionList;
    out.clear();
    for (let s = 1; s <= g.n; s++) if (g.alive[s] === 1 && this.shootable(s)) out.add(s);
    return out.done();
  }

  /** C16.2: one death, however many shots, a `friend` holder survives. */
  spares(seat: number): boolean {
    return this.immunities.friendSaves(seat);
  }

  /** Dawn, after the deaths: tonight's jailings (C10.1) and bails (C11), then everyone whose Judge is dead goes free (C10.2). */
  afterDeaths(night: Night): void {
    this.applyJailChanges(night);
    this.releaseOrphans();
  }

  /** C10.1 and C11 at dawn: tonight's jailings, then the bails (a town pick goes free; a mafia-team pick keeps the Oligarch company). */
  private applyJailChanges(night: Night): void {
    const g = this.g;
    const jailed = this.jailed;
    for (let s = 1; s <= g.n; s++) {
      const judge = night.jailOrder[s];
      if (judge === 0 || g.alive[s] !== 1 || jailed[s] !== 0 || g.alive[judge] !== 1) continue; // a Judge dead at dawn jails nobody (C10.2)
      jailed[s] = judge;
      g.log?.push({ t: 'jailed', seat: s, reason: 'judge' });
    }
    for (let o = 1; o <= g.n; o++) {
      const pick = night.bailOrder[o];
      if (pick === 0 || g.alive[pick] !== 1 || jailed[pick] === 0) continue;
      if (g.roles[pick].team !== 'mafia') {
        jailed[pick] = 0;
        g.log?.push({ t: 'released', seat: pick, reason: 'bail' });
      } else if (g.alive[o] === 1 && jailed[o] === 0) {
        jailed[o] = jailed[pick];
        g.log?.push({ t: 'jailed', seat: o, reason: 'bail' });
      }
    }
  }

  /** C10.2: when a Judge dies, everyone they jailed goes free (at once, after any elimination); the dead leave the jail. */
  readonly releaseOrphans = (): void => {
    const g = this.g;
    const jailed = this.jailed;
    for (let s = 1; s <= g.n; s++) {
      const judge = jailed[s];
      if (judge === 0) continue;
      if (g.alive[s] !== 1) {
        jailed[s] = 0;
        continue;
      }
      if (g.alive[judge] === 1) continue;
      jailed[s] = 0;
      g.log?.push({ t: 'released', seat: s, reason: 'judge died' });
    }
  };

  // ---- RulesGame -------------------------------------------------------------------------------------

  runDay(): void {
    runClubDay(this);
  }

  runNight(): void {
    // C19.1, before anyone acts: the voice at night makes a technical corpse; a removed Judge's prisoners go free (C10.2).
    if (this.discipline.nightNoise(this.releaseOrphans)) return;
    const deaths = this.g.eliminations;
    const from = deaths.length; // a technical corpse (C19) has no last word: only the dawn's deaths are due one
    this.night.run();
    const due = this.lastWordsDue;
    due.length = 0;
    for (let i = from; i < deaths.length; i++) due.push(deaths[i].seat); // C4.5
  }

  /**
   * C18: a team wins when the other has nobody alive (the jailed count as alive); both at once: draw. No
   * parity. A neutral seat is of neither team: it neither keeps a team from winning nor wins for one.
   */
  winner(): Winner | null {
    const { town, mafia } = this.g.teamAlive;
    if (mafia === 0) return town === 0 ? 'draw' : 'town';
    if (town === 0) return 'mafia';
    return null;
  }

  checkInvariants(): string | null {
    return checkClubInvariants(this);
  }

  carry(): EveningCarry {
    return EveningCarry.after(this.g);
  }

  apply(seat: number, _setting: 'fouls', value: number): void {
    this.discipline.setFouls(seat, value);
  }
}

function seatsWith(roles: readonly RoleDef[], pred: (r: RoleDef) => boolean): number[] {
  const out: number[] = [];
  for (let s = 1; s < roles.length; s++) if (pred(roles[s])) out.push(s);
  return out;
}
