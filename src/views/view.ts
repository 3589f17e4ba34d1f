// The one projection from the game state to what a player may know (G7). A strategy gets only this:
// the game is held in a private field no bot can reach, and every accessor filters by the seat. A view
// reads the game through ViewSource — the kernel's public state, the event record, and the facts the
// rule set publishes (TableFacts) — and imports nothing of the engine.
import type { Color, GameEvent } from '../model/events.js';
import type { RoleDef, RoleTraits, Team, Uses, WinCondition } from '../model/roles.js';
import type { DecisionKind, Intent } from '../model/decisions.js';
import { sharedZeros } from './keptArrays.js';
import { PrivateCursor, VisibleCursor, type EventReader } from './readCursors.js';

export interface KnownCheck {
  readonly target: number;
  readonly result: Color;
  readonly night: number;
}

/**
 * The facts of the table a rule set keeps and publishes, read-only: what is public (nominees, jail,
 * fouls), and each player's own check results (a view asks only for its own seat).
 */
export interface TableFacts {
  /** Today's nominees in nomination order (U3.1). */
  nominees(): readonly number[];
  /** C10: whether a seat sits in jail. */
  isJailed(seat: number): boolean;
  /** U12: a seat's fouls. */
  fouls(seat: number): number;
  /** U9.1, C12: the checks a seat made, in order. */
  checksBy(seat: number): readonly KnownCheck[];
}

/** The facts of a table whose rules keep none of them. */
export const NO_FACTS: TableFacts = Object.freeze({
  nominees: () => [],
  isJailed: () => false,
  fouls: () => 0,
  checksBy: () => [],
});

/** What a view reads of a game (engine/game.ts's Game is one). */
export interface ViewSource {
  readonly n: number;
  readonly roles: readonly RoleDef[];
  readonly alive: readonly number[];
  readonly day: number;
  readonly night: number;
  readonly phase: 'day' | 'night';
  readonly log: readonly GameEvent[] | null;
  readonly config: { readonly rulesId: string; readonly revealRoles: boolean; readonly tableRoles: readonly RoleDef[]; readonly roleSeats: readonly number[] };
  readonly facts: TableFacts;
  living(): number[];
  publicRecord(audited: boolean): PublicRecord;
  /** How many more times a seat's night ability may be used this game; null: no per-game limit. */
  usesLeft(seat: number): number | null;
}

/** What a role is, as a bot may know it of any role at the table (public: the setup is known). */
export interface RoleInfo {
  readonly id: string;
  readonly name: string;
  readonly team: Team;
  /** How many seats of the table have this role (public: the setup is known). */
  readonly seats: number;
  readonly traits: RoleTraits;
  /**
   * The night action's decision kind and what it does, or null for a role without one; `uses` only
   * for an ability with limits (a plug-in's: docs/extending.md), absent for one pick every night.
   */
  readonly night: { readonly decision: DecisionKind; readonly intent: Intent; readonly uses?: Uses } | null;
  /** A neutral team's win condition (a Jester's `votedOut`: docs/extending.md); absent for town and mafia roles. */
  readonly win?: WinCondition;
}

function infoOf(r: RoleDef, seats: number): RoleInfo {
  const a = r.night;
  const night = a && Object.freeze(a.uses === null ? { decision: a.decision, intent: a.intent } : { decision: a.decision, intent: a.intent, uses: a.uses });
  if (r.win !== null) return Object.freeze({ id: r.id, name: r.name, team: r.team, seats, traits: r.traits, night, win: r.win });
  return Object.freeze({ id: r.id, name: r.name, team: r.team, seats, traits: r.traits, night });
}

/** One list of RoleInfo per table's roles (made once per list). */
const infos = new WeakMap<readonly RoleDef[], readonly RoleInfo[]>();

export class PlayerView {
  readonly #g: ViewSource;
  readonly #seat: number;
  /** The player runs audited code (src/strategy/audit.ts): it may be handed events not yet frozen. */
  readonly #audited: boolean;

  constructor(game: ViewSource, seat: number, audited = false) {
    this.#g = game;
    this.#seat = seat;
    this.#audited = audited;
  }

  /** This player's seat: a getter over a private field, so a bot cannot re-point its view (G7). */
  get seat(): number {
    return this.#seat;
  }

  /** Own role id. */
  get role(): string {
    return this.#g.roles[this.#seat].id;
  }

  get team(): Team {
    return this.#g.roles[this.#seat].team;
  }

  get players(): number {
    return this.#g.n;
  }

  get day(): number {
    return this.#g.day;
  }

  get night(): number {
    return this.#g.night;
  }

  get phase(): 'day' | 'night' {
    return this.#g.phase;
  }

  /** Rule set id (public knowledge). */
  get rules(): string {
    return this.#g.config.rulesId;
  }

  /** The roles of this table, one each: what each is (public knowledge). */
  get tableRoles(): readonly RoleInfo[] {
    const { tableRoles: roles, roleSeats } = this.#g.config;
    let out = infos.get(roles);
    if (!out) infos.set(roles, (out = Object.freeze(roles.map((r, i) => infoOf(r, roleSeats[i])))));
    return out;
  }

  /** What a role of this table is, by id (undefined for a role not at the table). */
  roleInfo(id: string): RoleInfo | undefined {
    return this.tableRoles.find((r) => r.id === id);
  }

  /**
   * How many more times this player's night ability may be used this game (its role's `uses`), or
   * null when it has no per-game limit. A player whose uses are spent is no longer asked.
   */
  usesLeft(): number | null {
    return this.#g.usesLeft(this.#seat);
  }

  isAlive(seat: number): boolean {
    return this.#g.alive[seat] === 1;
  }

  livingSeats(): number[] {
    return this.#g.living();
  }

  /** True if `seat` is known to this player to be on its own team (itself included). */
  isKnownAlly(seat: number): boolean {
    return seat === this.#seat || (this.#allies ?? this.#knownTeam())[seat] === 1;
  }

  /**
   * 1 per seat this player knows to be on its own team (fixed for the game). A player who knows
   * no team (most of the town) shares the table size's zeros instead of building its own.
   */
  #allies: readonly number[] | null = null;

  #knownTeam(): readonly number[] {
    const g = this.#g;
    const n = g.n;
    const roles = g.roles;
    const me = roles[this.#seat];
    const nobody = sharedZeros(n);
    if (me === undefined || me.knowsTeam !== true) return (this.#allies = nobody);
    const team = me.team;
    const allies = nobody.slice();
    for (let s = 1; s <= n; s++) if (roles[s].knowsTeam === true && roles[s].team === team) allies[s] = 1;
    return (this.#allies = allies);
  }

  /** The other members of its team this player knows (U2, V2), in seat order. */
  knownAllies(): number[] {
    const out: number[] = [];
    for (let s = 1; s <= this.#g.n; s++) if (s !== this.#seat && this.isKnownAlly(s)) out.push(s);
    return out;
  }

  /** A seat's role if this player knows it: its own, a known ally's, or a revealed dead player's (G3). */
  knownRole(seat: number): string | undefined {
    if (!this.#isSeat(seat)) return undefined; // index 0 of the per-seat arrays is not a seat
    if (this.isKnownAlly(seat)) return this.#g.roles[seat].id;
    if (this.#g.alive[seat] === 0 && this.#g.config.revealRoles) return this.#g.roles[seat].id;
    return undefined;
  }

  #isSeat(seat: number): boolean {
    return Number.isInteger(seat) && seat >= 1 && seat <= this.#g.n;
  }

  /** This player's own check results (U9.1). */
  checks(): KnownCheck[] {
    return this.#g.facts.checksBy(this.#seat).map((c) => ({ target: c.target, result: c.result, night: c.night }));
  }

  /**
   * Whether this player has been told tonight that they are frozen (U5.3: told only when the freeze
   * stops their action; a frozen Don is not told, G7). Read from the event record, like events().
   */
  get frozenTonight(): boolean {
    const log = this.#g.log;
    if (this.#g.phase !== 'night' || !log) return false;
    for (let i = log.length - 1; i >= 0; i--) {
      const e = log[i];
      if (e.t === 'phase') break;
      if (e.t === 'frozen' && e.seat === this.#seat) return true;
    }
    return false;
  }

  /**
   * Today's nominees in order (public). A bot that is not audited gets a copy it may keep; an audited
   * one (src/strategy/audit.ts) reads the rules' own list, which it never writes to or keeps.
   */
  nominees(): readonly number[] {
    const list = this.#g.facts.nominees();
    return this.#audited ? list : list.slice();
  }

  /** Whether a seat sits in jail (public, C10); always false outside the club rules. */
  isJailed(seat: number): boolean {
    return this.#g.facts.isJailed(seat);
  }

  /** A seat's fouls (public). */
  fouls(seat: number): number {
    return this.#g.facts.fouls(seat);
  }

  /**
   * Every event this player may see, from index `from` of the visible record: public events, and
   * private ones addressed to this seat. Empty unless the strategy declares `usesHistory`.
   */
  events(from = 0): GameEvent[] {
    const out: GameEvent[] = [];
    this.readEvents(from, (e) => out.push(e));
    return out;
  }

  /**
   * events(from) without the array: hands each visible event from index `from` of the visible record
   * to `read`, in order, and returns the length of the visible record (the `from` of the next call).
   * Each event comes with its type, `event.t`, read once per game for every view, so a reader that
   * dispatches on the type it is given reads no event field to do so (docs/performance.md).
   */
  readEvents(from: number, read: EventReader): number {
    const log = this.#g.log;
    if (!log) return 0;
    return (this.#visibleCursor ??= new VisibleCursor(this.#seat, this.#audited)).read(log, from, read);
  }

  /**
   * Only the events addressed to this seat (private ones), from index `from` of that list, each with
   * its type; returns the list's length (the `from` of the next call). For a strategy that follows the
   * public record through `publicRecord` and needs only its own events here.
   */
  readPrivateEvents(from: number, read: EventReader): number {
    const log = this.#g.log;
    if (!log || this.#seat === 0) return 0;
    return (this.#privateCursor ??= new PrivateCursor(this.#seat, this.#audited)).read(log, from, read);
  }

  /** Where readEvents and readPrivateEvents have read to (made at the first read). */
  #visibleCursor: VisibleCursor | null = null;
  #privateCursor: PrivateCursor | null = null;

  /**
   * The public record of the game (every seat's view shares one): what a spectator sees. A strategy may
   * build its reading of the table from it once per game for all its seats; it holds nothing private.
   */
  get publicRecord(): PublicRecord {
    return this.#g.publicRecord(this.#audited);
  }
}

/**
 * The game's public record: the events addressed to nobody in particular, as a spectator (seat 0, no
 * role) sees them, with the public facts of the table. One per game (Game.publicRecord).
 */
export class PublicRecord {
  readonly #spectator: PlayerView;

  constructor(game: ViewSource, audited: boolean) {
    this.#spectator = new PlayerView(game, 0, audited);
  }

  get players(): number {
    return this.#spectator.players;
  }

  /** Rule set id. */
  get rules(): string {
    return this.#spectator.rules;
  }

  /** As PlayerView.tableRoles: what each role of the table is (public). */
  get tableRoles(): readonly RoleInfo[] {
    return this.#spectator.tableRoles;
  }

  roleInfo(id: string): RoleInfo | undefined {
    return this.#spectator.roleInfo(id);
  }

  /** As PlayerView.readEvents, over the public events only. */
  readEvents(from: number, read: EventReader): number {
    return this.#spectator.readEvents(from, read);
  }

  events(from = 0): GameEvent[] {
    return this.#spectator.events(from);
  }
}
