// The kernel of one game: its seats and their roles, who is alive, the phase and its counters, the
// event record, the random streams, and the few primitives every rule set uses — ask a bot, hear a
// speech, eliminate a player, end an elimination step, award points. What a rule set keeps of its own
// (nominees, jail, fouls, the night's effects) it keeps in its own state (src/rules/ruleSet.ts).
// Seats are numbered 1..n; index 0 of every per-seat array is unused.
import type { Elimination, EliminationCause, GameEvent, Statement, Winner } from '../model/events.js';
import { NO, YES, type DecisionKind, type Intent, type SpeechKind } from '../model/decisions.js';
import type { RoleDef, RoleState, Team } from '../model/roles.js';
import type { PointsTable } from './scoring.js';
import type { Decision, Player } from '../strategy/types.js';
import type { GameStreams, Rng } from '../rng.js';
import { isAuditedPlayer } from '../strategy/audit.js';
import { NO_FACTS, PlayerView, PublicRecord, type TableFacts, type ViewSource } from '../views/view.js';
import { contains, OptionList, seatArray, seatSlots } from './seatArrays.js';
import { PLANTED_TEAM_COUNT_BUG } from './planted.js';

/** What a game is played under, apart from its rules' handlers: the same for every game of a setup. */
export interface GameConfig {
  /** The rule set's id (public: `view.rules`). */
  readonly rulesId: string;
  readonly maxDays: number;
  readonly revealRoles: boolean;
  /** Points per scoring event, every event present. */
  readonly points: PointsTable;
  /** The roles of the setup, one each (public: a bot may read what each role is). */
  readonly tableRoles: readonly RoleDef[];
  /** How many seats each of tableRoles is dealt to (public: the setup is known to the table). */
  readonly roleSeats: readonly number[];
}

const NO_STATEMENTS: readonly Statement[] = Object.freeze([]);

/** The state handed to the hooks of a role that declares none: nothing to keep, nothing to share. */
const NO_STATE: RoleState = Object.freeze({});

/** One decision as `run --check` records it (Game.decisionRecord), for engine/invariants.ts. */
export interface DecisionRecord {
  readonly seat: number;
  readonly kind: DecisionKind;
  /** The legal options as they were when the bot was asked (a copy the bot never saw). */
  readonly offered: readonly number[];
  readonly canPass: boolean;
  /** What the game went on with: the bot's answer, or the rule's default. */
  readonly applied: Decision;
  /** Whether the answer was taken as legal (false: replaced by the default, G9). */
  readonly legal: boolean;
}

export class Game implements ViewSource {
  readonly n: number;
  /** The game's own stream (G10): the deal, tie-breaks, the rules' random defaults. */
  readonly rng: Rng;
  /** 1 = alive, 0 = dead, per seat. */
  readonly alive: number[];
  /** Living seats per team: town, mafia, and every neutral team's together (`neutral`). */
  readonly teamAlive: { town: number; mafia: number; neutral: number } = { town: 0, mafia: 0, neutral: 0 };
  livingCount: number;
  day = 0;
  night = 0;
  phase: 'day' | 'night' = 'night';
  readonly eliminations: Elimination[] = [];
  readonly points: number[];
  /** Present when the event record is kept (a replay, a scenario, or a strategy that reads history). */
  readonly log: GameEvent[] | null;
  illegalDecisions = 0;
  /** Illegal decisions per seat (index = seat); null until the first one (behaviour metrics read it). */
  illegalBySeat: number[] | null = null;
  /** The game's first illegal answer of a bot that is not audited, as a line naming the bot (noteIllegal). */
  firstIllegal: string | null = null;
  winner: Winner | null = null;
  /**
   * The seats of neutral teams that have won (RoleDef.win), in the order they won (a Jester as the day
   * votes him out, a Survivor as the game ends); null until the first. They win alongside `winner`.
   */
  neutralWinners: number[] | null = null;
  /** The seats whose role wins by being last standing (a Serial Killer: RoleDef.win); null at a table without one. */
  private readonly lastStanding: number[] | null = null;
  /** The public facts of the table its rule set keeps (nominees, jail, fouls) and a player's own checks. */
  facts: TableFacts = NO_FACTS;
  /** G5: the rule set's win conditions, in their order (set as the rule set begins the game). */
  winCheck: () => Winner | null = () => null;
  /**
   * `run --check`: every decision since the last check, as offered and applied (G9); null when not
   * checking (recordDecisions turns it on). Emptied by checkInvariants.
   */
  decisionRecord: DecisionRecord[] | null = null;
  /** Where the rules build a question's options (seatArrays.ts OptionList): one array for the game. */
  readonly optionList = new OptionList();
  /** Made on first use: a bot that never decides costs nothing. */
  private readonly views: (PlayerView | undefined)[];
  private readonly seatRngs: (Rng | undefined)[];
  private readonly publicRecords: (PublicRecord | undefined)[] = [undefined, undefined];
  private yesNoOptions: number[] | null = null;
  /** Each seat's role state (RoleDef.state), made on first use: a game of built-in roles makes none. */
  private roleStates: (RoleState | undefined)[] | null = null;
  /** Night-ability uses spent this game, per seat (a role with a per-game limit); made on first use. */
  private usesSpent: number[] | null = null;
  /**
   * Whether some seat's role has a day-side hook: a ballot that weighs other than 1, a trigger on being
   * voted out or on death (RoleDef). A table of built-in roles has none, and its votes and deaths read
   * this one field rather than each seat's role, so they pay nothing for hooks they do not have.
   */
  readonly hooked: boolean;
  /**
   * ask() takes its guarded path: a seat whose bot is not audited (src/strategy/audit.ts) has been
   * asked or heard, or the decisions are recorded. Found out as each seat's view is made, which reads
   * whether its bot is audited anyway: a game of audited bots, unchecked, asks as if neither existed.
   */
  private guarded = false;

  constructor(
    readonly config: GameConfig,
    readonly seed: string,
    private readonly streams: GameStreams,
    /** roles[seat], index 0 unused. */
    readonly roles: readonly RoleDef[],
    private readonly players: readonly Player[],
    keepLog: boolean,
  ) {
    const n = roles.length - 1;
    this.n = n;
    this.alive = seatArray(n);
    this.points = seatArray(n);
    this.log = keepLog ? [] : null;
    this.views = seatSlots<PlayerView>(n);
    this.seatRngs = seatSlots<Rng>(n);
    this.rng = streams.game;
    let hooked = false;
    for (let s = 1; s <= n; s++) {
      const r = roles[s];
      this.alive[s] = 1;
      this.countTeam(r.team, 1);
      if (r.voteWeight !== 1 || r.onVotedOut !== null || r.onDeath !== null || r.win !== null) hooked = true;
    }
    this.hooked = hooked;
    this.livingCount = n;
    if (hooked) for (let s = 1; s <= n; s++) if (roles[s].win === 'lastStanding') (this.lastStanding ??= []).push(s);
  }

  /** Records every decision from now on (`run --check`; engine/invariants.ts checks the record). */
  recordDecisions(): void {
    this.decisionRecord = [];
    this.guarded = true;
  }

  // Named fields, not `teamAlive[team]`: docs/performance.md (keyed loads by a varying name).
  private countTeam(team: Team, delta: number): void {
    if (team === 'mafia') this.teamAlive.mafia += delta;
    else if (team === 'town') this.teamAlive.town += delta;
    else this.teamAlive.neutral += delta;
  }

  /** Living seats in seat order, optionally without one seat. */
  living(except = 0): number[] {
    const out: number[] = [];
    for (let s = 1; s <= this.n; s++) if (this.alive[s] === 1 && s !== except) out.push(s);
    return out;
  }

  /** Whether any of the seats is alive. */
  anyAlive(seats: readonly number[]): boolean {
    for (const s of seats) if (this.alive[s] === 1) return true;
    return false;
  }

  /** The living ones among the seats, in their order. */
  livingOf(seats: readonly number[]): number[] {
    const out: number[] = [];
    for (const s of seats) if (this.alive[s] === 1) out.push(s);
    return out;
  }

  /** The public record (views/view.ts), one for audited readers and one for others (it freezes what it hands over). */
  publicRecord(audited: boolean): PublicRecord {
    return audited ? (this.publicRecords[1] ??= new PublicRecord(this, true)) : (this.publicRecords[0] ??= new PublicRecord(this, false));
  }

  /**
   * The options of a yes/no question (YES, NO): one array per game, made at its first question. A
   * constant shared by every game of a thread would let a bot's write carry over into other games;
   * a frozen one would slow every read of a bot's options (docs/performance.md: frozen arrays).
   */
  yesNo(): readonly number[] {
    return (this.yesNoOptions ??= [YES, NO]);
  }

  /**
   * The seat's own per-game role state: a copy of its role's declared initial state (an empty object
   * for a role that declares none), made the first time a hook of the game asks for it, and handed to
   * that seat's hooks until the game ends. A new game makes new copies: nothing a hook writes there
   * reaches another game.
   */
  roleState(seat: number): RoleState {
    const states = (this.roleStates ??= seatSlots<RoleState>(this.n));
    let state = states[seat];
    if (state === undefined) {
      const initial = this.roles[seat].state;
      state = states[seat] = initial === null ? {} : structuredClone(initial);
    }
    return state;
  }

  /** The state a seat's hooks are handed: its own (roleState), or, for a role that declares none, a frozen empty one. */
  hookState(seat: number): RoleState {
    return this.roles[seat].state === null ? NO_STATE : this.roleState(seat);
  }

  /**
   * How many votes the seat's ballot counts for in today's vote (RoleDef.voteWeight): 1 at a table of
   * built-in roles, a Mayor's 2, or what the role's hook answers.
   */
  voteWeight(seat: number): number {
    if (!this.hooked) return 1;
    const w = this.roles[seat].voteWeight;
    return typeof w === 'number' ? w : w({ seat, day: this.day }, this.hookState(seat));
  }

  /**
   * G4: the day is about to remove the seat by a vote; its role's trigger (RoleDef.onVotedOut) may keep
   * it in the game. True: it stays, and the record says so (the caller removes nobody in its place).
   */
  survivesVote(seat: number, cause: EliminationCause): boolean {
    if (!this.hooked) return false;
    const hook = this.roles[seat].onVotedOut;
    if (hook === null || hook({ seat, day: this.day, cause }, this.hookState(seat)) !== 'survives') return false;
    this.log?.push({ t: 'noElimination', reason: `seat ${seat} survives the vote` });
    return true;
  }

  /** How many more times the seat's night ability may be used this game; null: no per-game limit. */
  usesLeft(seat: number): number | null {
    const perGame = this.roles[seat].night?.uses?.perGame ?? null;
    if (perGame === null) return null;
    return perGame - (this.usesSpent === null ? 0 : this.usesSpent[seat]);
  }

  /** Counts one use of the seat's night ability (a pick it made). */
  spendUse(seat: number): void {
    (this.usesSpent ??= seatArray(this.n))[seat]++;
  }

  view(seat: number): PlayerView {
    return (this.views[seat] ??= this.newView(seat));
  }

  private newView(seat: number): PlayerView {
    const audited = isAuditedPlayer(this.players[seat]);
    if (!audited) this.guarded = true;
    return new PlayerView(this, seat, audited);
  }

  private countIllegal(seat: number): void {
    this.illegalDecisions++;
    (this.illegalBySeat ??= new Array<number>(this.n + 1).fill(0))[seat]++;
  }

  /** The random word a team agrees on at its meeting (night 0): the same for every member, drawn from no stream. */
  teamKey(): number {
    return this.streams.teamKey();
  }

  private seatRng(seat: number): Rng {
    return (this.seatRngs[seat] ??= this.streams.seat(seat));
  }

  /**
   * G9: asks the seat's bot; an answer outside the legal options (or a missing one) is replaced by
   * `fallback` and counted as an illegal decision. Audited bots only read their options, and get the
   * engine's own array. `intent` tells bots what a night action does (model/decisions.ts).
   */
  ask(seat: number, kind: DecisionKind, options: readonly number[], canPass: boolean, fallback: Decision, intent: Intent | null = null): Decision {
    const view = this.view(seat); // first: making it finds out whether the bot is audited
    if (this.guarded) return this.askGuarded(seat, view, kind, options, canPass, fallback, intent);
    const answer = this.players[seat].decide(view, { kind, options, canPass, intent }, this.seatRng(seat));
    if (answer === null ? canPass : typeof answer === 'number' && contains(options, answer)) return answer as Decision;
    this.countIllegal(seat);
    return fallback;
  }

  /**
   * ask() for a bot that is not audited, or when decisions are recorded. `options` is often an array
   * the engine goes on using (today's nominees, a shared yes/no list), so such a bot gets a frozen
   * copy, and its answer is checked against the engine's own list: what it does to its copy changes
   * nothing. The record keeps a copy of the options as they were offered (invariants.ts checks it).
   */
  private askGuarded(seat: number, view: PlayerView, kind: DecisionKind, options: readonly number[], canPass: boolean, fallback: Decision, intent: Intent | null): Decision {
    const player = this.players[seat];
    const offered = isAuditedPlayer(player) ? options : Object.freeze(options.slice());
    const record = this.decisionRecord;
    const before = record === null ? options : options.slice();
    const answer = player.decide(view, { kind, options: offered, canPass, intent }, this.seatRng(seat));
    const legal = answer === null ? canPass : typeof answer === 'number' && contains(options, answer);
    if (record !== null) record.push({ seat, kind, offered: before, canPass, applied: legal ? (answer as Decision) : fallback, legal });
    if (legal) return answer as Decision;
    this.noteIllegal(seat, kind, answer);
    return fallback;
  }

  /**
   * Counts an illegal answer of a bot that is not audited, and keeps the game's first as a line naming
   * the bot, the seat and what it answered (`firstIllegal`, shown with the report's count).
   */
  private noteIllegal(seat: number, kind: string, answer: unknown): void {
    this.countIllegal(seat);
    // A rejection nobody handles would end the thread: every Promise answered is handled here, and ignored.
    if (isThenable(answer)) Promise.resolve(answer).catch(() => {});
    if (this.firstIllegal !== null) return;
    const who = this.players[seat].label ?? 'a bot';
    this.firstIllegal = `${who} (seat ${seat}) answered ${kind} with ${describeAnswer(answer)}`;
  }

  /**
   * G8: a speech or last word; statements are relayed publicly and never checked. A speaker that is
   * not audited (src/strategy/audit.ts) keeps its array and holds its statement objects, so the record
   * gets a checked copy of the list, and the statements are frozen now, before anyone hears them (G7);
   * the copy is frozen with its event, before a bot that is not audited reads it (views/sharedRecord.ts). An
   * audited speaker hands its list over (it never touches it again), and the record keeps that list.
   * Without a record nobody hears them, but the bot still speaks (its draws shape its later decisions).
   */
  speak(seat: number, kind: SpeechKind): readonly Statement[] {
    const p = this.players[seat];
    if (!p.speak) return NO_STATEMENTS;
    const said = p.speak(this.view(seat), kind, this.seatRng(seat));
    if (isAuditedPlayer(p)) return this.log === null || !Array.isArray(said) || said.length === 0 ? NO_STATEMENTS : said;
    // A bot that is not audited is checked at the boundary: what is not a list of well-formed
    // statements (a Promise, null, a statement of no known type) is dropped and counted illegal (G8, G9).
    const valid = this.checkedStatements(seat, kind, said);
    if (this.log === null || valid.length === 0) return NO_STATEMENTS;
    for (const st of valid) Object.freeze(st);
    return valid;
  }

  /** The well-formed statements of an answer, as copies the speaker does not hold; anything else counts as illegal. */
  private checkedStatements(seat: number, kind: SpeechKind, said: unknown): Statement[] {
    if (said === undefined || said === null) return [];
    if (!Array.isArray(said)) {
      this.noteIllegal(seat, kind, said);
      return [];
    }
    const out: Statement[] = [];
    for (const st of said as unknown[]) {
      const ok = wellFormed(st, this.n);
      if (ok === null) this.noteIllegal(seat, kind, st);
      else {
        // The record holds a copy (a getter cannot change what others read later); the bot's own
        // statement is frozen too, so that what it said stays said (test/view-read-events.test.ts).
        Object.freeze(st);
        out.push(ok);
      }
    }
    return out;
  }

  /** Removes a living player; the caller then runs the win check with `checkWin` (G5: after every elimination step). */
  eliminate(seat: number, cause: EliminationCause): void {
    if (this.alive[seat] !== 1) return;
    this.alive[seat] = 0;
    this.livingCount--;
    if (!(PLANTED_TEAM_COUNT_BUG && cause === 'maniac' && this.roles[seat].team === 'mafia')) this.countTeam(this.roles[seat].team, -1);
    const day = this.phase === 'day';
    const n = day ? this.day : this.night;
    this.eliminations.push({ seat, cause, phase: this.phase, n, day: day ? this.day : this.day + 1 });
    if (!this.hooked) return;
    const role = this.roles[seat];
    // A Jester's win: the day's vote (or a club shoot-out) removes him; fouls and night kills do not.
    if (role.win === 'votedOut' && day && (cause === 'vote' || cause === 'shootout')) this.neutralWin(seat);
    const onDeath = role.onDeath;
    if (onDeath !== null) onDeath({ seat, cause, phase: this.phase, n }, this.hookState(seat));
  }

  /** Records that the seat (of a neutral team) has won, alongside whatever the table's result will be. */
  private neutralWin(seat: number): void {
    const won = (this.neutralWinners ??= []);
    if (!won.includes(seat)) won.push(seat);
  }

  /**
   * As the game ends (its result decided): the neutral seats whose condition holds at the end win (a
   * Survivor alive, whatever the result). A table without neutral roles does nothing.
   */
  settleNeutralWins(): void {
    if (!this.hooked || this.teamAlive.neutral === 0) return;
    for (let s = 1; s <= this.n; s++) if (this.alive[s] === 1 && this.roles[s].win === 'survives') this.neutralWin(s);
  }

  /** Whether the seat's team has won this game: its team's result, or, for a neutral seat, its own win. */
  seatWon(seat: number): boolean {
    const team = this.roles[seat].team;
    if (team === 'town' || team === 'mafia') return team === this.winner;
    return this.neutralWinners !== null && this.neutralWinners.includes(seat);
  }

  /** G5: after an elimination step, the first win condition that holds ends the game. */
  checkWin(): boolean {
    if (this.winner) return true;
    if (this.livingCount === 0) this.winner = 'draw';
    else if (this.lastStanding !== null && this.anyAlive(this.lastStanding)) this.winner = this.lastStandingEnd();
    else this.winner = this.winCheck();
    return this.winner !== null;
  }

  /**
   * The result the table is at, without ending the game (engine/invariants.ts): what checkWin would
   * make of it now.
   */
  result(): Winner | null {
    if (this.livingCount === 0) return 'draw';
    if (this.lastStanding !== null && this.anyAlive(this.lastStanding)) return this.livingCount <= 2 ? 'draw' : null;
    return this.winCheck();
  }

  /**
   * G5 with a last-standing neutral alive (docs/rules-decisions.md, "Neutral teams"): no team wins while
   * it lives; once it lives with at most one other, the game ends, a draw between the teams, and every
   * such living seat has won.
   */
  private lastStandingEnd(): Winner | null {
    if (this.livingCount > 2) return null;
    for (const s of this.lastStanding!) if (this.alive[s] === 1) this.neutralWin(s);
    return 'draw';
  }

  get over(): boolean {
    return this.winner !== null;
  }

  /** Adds points to a seat: `g.award(seat, g.config.points.townVoteOnMafia)`. */
  award(seat: number, pts: number): void {
    this.points[seat] += pts;
  }

  /** The role a dead player is announced with, when roles are revealed (G3). */
  revealedRole(seat: number): string | undefined {
    return this.config.revealRoles ? this.roles[seat].id : undefined;
  }
}

/**
 * A statement as the engine relays it, or null when it is not one (G8): a claim of a role id, a check
 * report with a seat and a colour, an accusation or a vouch for a seat. A copy, so the speaker keeps
 * no handle on what others hear.
 */
function wellFormed(st: unknown, n: number): Statement | null {
  if (typeof st !== 'object' || st === null) return null;
  const o = st as Record<string, unknown>;
  const seat = typeof o.seat === 'number' && Number.isInteger(o.seat) && o.seat >= 1 && o.seat <= n ? o.seat : null;
  switch (o.type) {
    case 'claim':
      return typeof o.role === 'string' && o.role !== '' ? { type: 'claim', role: o.role } : null;
    case 'check':
      return seat !== null && (o.result === 'black' || o.result === 'red') ? { type: 'check', seat, result: o.result } : null;
    case 'accuse':
    case 'vouch':
      return seat !== null ? { type: o.type, seat } : null;
    default:
      return null;
  }
}

function isThenable(x: unknown): boolean {
  return typeof (x as { then?: unknown } | null)?.then === 'function';
}

/** What a bot answered, for the line that names an illegal answer; a Promise gets the hint for async bots. */
function describeAnswer(answer: unknown): string {
  if (isThenable(answer)) {
    return 'a Promise: decide is synchronous in-process; use the protocol (exec:) for async bots (docs/protocol.md)';
  }
  if (answer === undefined) return 'nothing (undefined)';
  let text: string;
  try {
    text = JSON.stringify(answer) ?? String(answer);
  } catch {
    text = String(answer);
  }
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
