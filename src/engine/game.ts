// The state of one game and the few primitives every rule set uses: ask a bot, speak, eliminate,
// record an event, score. Seats are numbered 1..n; index 0 of every per-seat array is unused.
import type { Color, Elimination, EliminationCause, GameEvent, Statement, Winner } from './events.js';
import type { PointsTable } from './scoring.js';
import type { RoleDef, Team } from '../rules/roles.js';
import type { RuleSet } from '../rules/types.js';
import { NO, YES, type Decision, type DecisionKind, type Player, type SpeechKind } from '../strategy/types.js';
import type { GameStreams, Rng } from '../rng.js';
import { isAuditedPlayer } from '../strategy/audit.js';
import { PlayerView, PublicRecord } from '../views/view.js';
import { contains, seatArray, seatSlots } from './seatArrays.js';

export interface CheckRecord {
  readonly by: number;
  readonly target: number;
  readonly result: Color;
  readonly night: number;
}

export interface GameSetup {
  readonly rules: RuleSet;
  /** The configuration `rules.configure` made from the setup's options. */
  readonly cfg: unknown;
  readonly maxDays: number;
  readonly revealRoles: boolean;
  /** Points per scoring event, every event present. */
  readonly points: PointsTable;
  /** C16: immunity kind → the seats that hold it, or how many random seats get it. */
  readonly immunities?: Readonly<Record<string, readonly number[] | number>>;
}

const NO_STATEMENTS: readonly Statement[] = Object.freeze([]);

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

export class Game {
  readonly n: number;
  /** The game's own stream (G10): the deal, tie-breaks, the rules' random defaults. */
  readonly rng: Rng;
  /** 1 = alive, 0 = dead, per seat. */
  readonly alive: number[];
  readonly teamAlive: Record<Team, number> = { town: 0, mafia: 0 };
  livingCount: number;
  day = 0;
  night = 0;
  phase: 'day' | 'night' = 'night';
  /** Today's nominees in nomination order (U3.1). */
  nominees: number[] = [];
  /** Per-seat flags for the night being resolved; cleared at the start of each night. */
  readonly frozen: number[];
  readonly healed: number[];
  /** How many kills target each seat tonight. */
  readonly targeted: number[];
  /** Discipline (U12). */
  readonly fouls: number[];
  readonly skipSpeech: number[];
  readonly extraVoteAgainst: number[];
  readonly checks: CheckRecord[] = [];
  readonly eliminations: Elimination[] = [];
  readonly points: number[];
  /** Present when the event record is kept (a replay, a scenario, or a strategy that reads history). */
  readonly log: GameEvent[] | null;
  /** C10: per seat, the Judge's seat who jailed it (0 = free); public. Club games only, else null. */
  jailed: number[] | null = null;
  /** The rule set's own per-game state (made by `rules.introduce`). */
  ruleState: unknown = null;
  illegalDecisions = 0;
  winner: Winner | null = null;
  /** C16.1 evenings: on an evening's last game, each seat's points summed over the evening (else null). */
  eveningPoints: number[] | null = null;
  /** Called after each phase ends (scenarios check expectations here). */
  onPhaseEnd: ((g: Game) => void) | null = null;
  /**
   * `run --check`: every decision since the last check, as offered and applied (G9); null when not
   * checking (recordDecisions turns it on). Emptied by checkInvariants.
   */
  decisionRecord: DecisionRecord[] | null = null;
  /** Made on first use: a bot that never decides costs nothing. */
  private readonly views: (PlayerView | undefined)[];
  private readonly seatRngs: (Rng | undefined)[];
  private readonly publicRecords: (PublicRecord | undefined)[] = [undefined, undefined];
  private yesNoOptions: number[] | null = null;
  private readonly teamSeatsCache: Record<Team, number[]>;
  /**
   * ask() takes its guarded path: a seat whose bot is not audited (src/strategy/audit.ts) has been
   * asked or heard, or the decisions are recorded. Found out as each seat's view is made, which reads
   * whether its bot is audited anyway: a game of audited bots, unchecked, asks as if neither existed.
   */
  private guarded = false;

  constructor(
    readonly setup: GameSetup,
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
    this.frozen = seatArray(n);
    this.healed = seatArray(n);
    this.targeted = seatArray(n);
    this.fouls = seatArray(n);
    this.skipSpeech = seatArray(n);
    this.extraVoteAgainst = seatArray(n);
    this.points = seatArray(n);
    this.log = keepLog ? [] : null;
    this.teamSeatsCache = { town: [], mafia: [] };
    this.views = seatSlots<PlayerView>(n);
    this.seatRngs = seatSlots<Rng>(n);
    this.rng = streams.game;
    for (let s = 1; s <= n; s++) {
      this.alive[s] = 1;
      this.countTeam(roles[s].team, 1);
      (roles[s].team === 'mafia' ? this.teamSeatsCache.mafia : this.teamSeatsCache.town).push(s);
    }
    this.livingCount = n;
  }

  /** Records every decision from now on (`run --check`; engine/invariants.ts checks the record). */
  recordDecisions(): void {
    this.decisionRecord = [];
    this.guarded = true;
  }

  /**
   * Moves a team's living count. Named fields, not `teamAlive[team]`: a lookup keyed by a varying name
   * is a megamorphic property access in V8, and this one runs at every elimination.
   */
  private countTeam(team: Team, delta: number): void {
    if (team === 'mafia') this.teamAlive.mafia += delta;
    else this.teamAlive.town += delta;
  }

  get cfg(): unknown {
    return this.setup.cfg;
  }

  role(seat: number): RoleDef {
    return this.roles[seat];
  }

  isAlive(seat: number): boolean {
    return this.alive[seat] === 1;
  }

  teamSeats(team: Team): readonly number[] {
    return team === 'mafia' ? this.teamSeatsCache.mafia : this.teamSeatsCache.town;
  }

  /** Living seats in seat order, optionally without one seat. */
  living(except = 0): number[] {
    const out: number[] = [];
    for (let s = 1; s <= this.n; s++) if (this.alive[s] === 1 && s !== except) out.push(s);
    return out;
  }

  /** Living seats with a role matching the predicate, in seat order. */
  livingWith(pred: (r: RoleDef) => boolean): number[] {
    const out: number[] = [];
    for (let s = 1; s <= this.n; s++) if (this.alive[s] === 1 && pred(this.roles[s])) out.push(s);
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
   * constant shared by every game of a thread would let a bot's write carry over into other games
   * (and so differ with the number of threads); frozen, it made every read of a bot's options go
   * through a generic element load (+21% instructions per random game).
   */
  yesNo(): readonly number[] {
    return (this.yesNoOptions ??= [YES, NO]);
  }

  view(seat: number): PlayerView {
    return (this.views[seat] ??= this.newView(seat));
  }

  private newView(seat: number): PlayerView {
    const audited = isAuditedPlayer(this.players[seat]);
    if (!audited) this.guarded = true;
    return new PlayerView(this, seat, audited);
  }

  private seatRng(seat: number): Rng {
    return (this.seatRngs[seat] ??= this.streams.seat(seat));
  }

  /**
   * G9: asks the seat's bot; an answer outside the legal options (or a missing one) is replaced by
   * `fallback` and counted as an illegal decision. Audited bots only read their options, and get the
   * engine's own array: this path allocates nothing and stays small enough to be inlined.
   */
  ask(seat: number, kind: DecisionKind, options: readonly number[], canPass: boolean, fallback: Decision): Decision {
    const view = this.view(seat); // first: making it finds out whether the bot is audited
    if (this.guarded) return this.askGuarded(seat, view, kind, options, canPass, fallback);
    const answer = this.players[seat].decide(view, { kind, options, canPass }, this.seatRng(seat));
    if (answer === null ? canPass : typeof answer === 'number' && contains(options, answer)) return answer as Decision;
    this.illegalDecisions++;
    return fallback;
  }

  /**
   * ask() for a bot that is not audited, or when decisions are recorded. `options` is often an array
   * the engine goes on using (today's nominees, a shared yes/no list), so such a bot gets a frozen
   * copy, and its answer is checked against the engine's own list: what it does to its copy changes
   * nothing. The record keeps a copy of the options as they were offered (invariants.ts checks it).
   */
  private askGuarded(seat: number, view: PlayerView, kind: DecisionKind, options: readonly number[], canPass: boolean, fallback: Decision): Decision {
    const player = this.players[seat];
    const offered = isAuditedPlayer(player) ? options : Object.freeze(options.slice());
    const record = this.decisionRecord;
    const before = record === null ? options : options.slice();
    const answer = player.decide(view, { kind, options: offered, canPass }, this.seatRng(seat));
    const legal = answer === null ? canPass : typeof answer === 'number' && contains(options, answer);
    if (record !== null) record.push({ seat, kind, offered: before, canPass, applied: legal ? (answer as Decision) : fallback, legal });
    if (legal) return answer as Decision;
    this.illegalDecisions++;
    return fallback;
  }

  /**
   * G8: a speech or last word; statements are relayed publicly and never checked. The record gets a
   * copy of the array, so the speaker keeps its own; a speaker that is not audited (src/strategy/
   * audit.ts) holds its statement objects, so they are frozen now, before anyone hears them (G7). The
   * copy is frozen with its event, before a bot that is not audited reads it (views/view.ts). Without
   * a record nobody hears them, but the bot still speaks (its draws shape its later decisions).
   */
  speak(seat: number, kind: SpeechKind): readonly Statement[] {
    const p = this.players[seat];
    if (!p.speak) return NO_STATEMENTS;
    const said = p.speak(this.view(seat), kind, this.seatRng(seat));
    if (this.log === null || !Array.isArray(said) || said.length === 0) return NO_STATEMENTS;
    if (!isAuditedPlayer(p)) for (const st of said as readonly Statement[]) if (typeof st === 'object' && st !== null) Object.freeze(st);
    return said.slice();
  }

  /** Records an event when the log is kept. Call as `g.log && g.emit(...)` on the hot path. */
  emit(event: GameEvent): void {
    this.log?.push(event);
  }

  /** Removes a living player; the caller then ends the elimination step with `endStep`. */
  eliminate(seat: number, cause: EliminationCause): void {
    if (this.alive[seat] !== 1) return;
    this.alive[seat] = 0;
    this.livingCount--;
    this.countTeam(this.roles[seat].team, -1);
    const day = this.phase === 'day';
    this.eliminations.push({ seat, cause, phase: this.phase, n: day ? this.day : this.night, day: day ? this.day : this.day + 1 });
  }

  /** G5: after an elimination step, the first win condition that holds ends the game. */
  endStep(): boolean {
    if (this.winner) return true;
    this.winner = this.livingCount === 0 ? 'draw' : this.setup.rules.winner(this);
    return this.winner !== null;
  }

  get over(): boolean {
    return this.winner !== null;
  }

  /** Adds points to a seat: `g.award(seat, g.setup.points.townVoteOnMafia)`. */
  award(seat: number, pts: number): void {
    this.points[seat] += pts;
  }

  /** The role a dead player is announced with, when roles are revealed (G3). */
  revealedRole(seat: number): string | undefined {
    return this.setup.revealRoles ? this.roles[seat].id : undefined;
  }
}
