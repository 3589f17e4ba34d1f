// The one projection from the game state to what a player may know (G7). A strategy gets only this:
// the game is held in a private field no bot can reach, and every accessor filters by the seat.
import type { Color, GameEvent } from '../engine/events.js';
import type { Game } from '../engine/game.js';
import type { Team } from '../rules/roles.js';

export interface KnownCheck {
  readonly target: number;
  readonly result: Color;
  readonly night: number;
}

/** Per game record: how many of its events are frozen already (see PlayerView.events). */
const FROZEN_UP_TO = new WeakMap<readonly GameEvent[], number>();

export class PlayerView {
  readonly #g: Game;
  readonly seat: number;

  constructor(game: Game, seat: number) {
    this.#g = game;
    this.seat = seat;
    Object.freeze(this); // a bot cannot re-point its view at another seat (G7)
  }

  /** Own role id. */
  get role(): string {
    return this.#g.roles[this.seat].id;
  }

  get team(): Team {
    return this.#g.roles[this.seat].team;
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
    return this.#g.setup.rules.id;
  }

  isAlive(seat: number): boolean {
    return this.#g.alive[seat] === 1;
  }

  livingSeats(): number[] {
    return this.#g.living();
  }

  /** True if `seat` is known to this player to be on its own team (itself included). */
  isKnownAlly(seat: number): boolean {
    if (seat === this.seat) return true;
    if (!this.#isSeat(seat)) return false;
    const me = this.#g.roles[this.seat];
    return me.knowsTeam === true && this.#g.roles[seat].knowsTeam === true && this.#g.roles[seat].team === me.team;
  }

  /** The other members of its team this player knows (U2, V2), in seat order. */
  knownAllies(): number[] {
    const out: number[] = [];
    for (let s = 1; s <= this.#g.n; s++) if (s !== this.seat && this.isKnownAlly(s)) out.push(s);
    return out;
  }

  /** A seat's role if this player knows it: its own, a known ally's, or a revealed dead player's (G3). */
  knownRole(seat: number): string | undefined {
    if (!this.#isSeat(seat)) return undefined; // index 0 of the per-seat arrays is not a seat
    if (this.isKnownAlly(seat)) return this.#g.roles[seat].id;
    if (this.#g.alive[seat] === 0 && this.#g.setup.revealRoles) return this.#g.roles[seat].id;
    return undefined;
  }

  #isSeat(seat: number): boolean {
    return Number.isInteger(seat) && seat >= 1 && seat <= this.#g.n;
  }

  /** This player's own check results (U9.1). */
  checks(): KnownCheck[] {
    const out: KnownCheck[] = [];
    for (const c of this.#g.checks) if (c.by === this.seat) out.push({ target: c.target, result: c.result, night: c.night });
    return out;
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
      if (e.t === 'frozen' && e.seat === this.seat) return true;
    }
    return false;
  }

  /** Today's nominees in order (public). */
  nominees(): readonly number[] {
    return this.#g.nominees.slice();
  }

  /** Whether a seat sits in jail (public, C10); always false outside the club rules. */
  isJailed(seat: number): boolean {
    const jailed = this.#g.jailed;
    return jailed !== null && jailed[seat] > 0;
  }

  /** A seat's fouls (public). */
  fouls(seat: number): number {
    return this.#g.fouls[seat];
  }

  /**
   * Every event this player may see, from index `from` of the visible record: public events, and
   * private ones addressed to this seat. Empty unless the strategy declares `usesHistory`.
   */
  events(from = 0): GameEvent[] {
    const log = this.#g.log;
    if (!log) return [];
    // The visible record only grows: scan just the events logged since the last call, so a bot that
    // reads `events(from)` at each decision costs O(new events), not O(game so far).
    // Bots read the record; none may rewrite it. Each event is frozen once per game, by the first view
    // to reach it (freezing costs ~50 ns: once per event per view was most of a history-reading game).
    const seen = this.#seen;
    if (this.#scanned < log.length) {
      const frozen = FROZEN_UP_TO.get(log) ?? 0;
      if (frozen < log.length) {
        for (let i = frozen; i < log.length; i++) Object.freeze(log[i]);
        FROZEN_UP_TO.set(log, log.length);
      }
      const seat = this.seat;
      for (let i = this.#scanned; i < log.length; i++) {
        const e = log[i];
        if (e.to === undefined || e.to.includes(seat)) seen.push(e);
      }
      this.#scanned = log.length;
    }
    return from >= seen.length ? [] : seen.slice(Math.max(0, from));
  }

  /** events(): the visible events so far, and how much of the log they cover. */
  readonly #seen: GameEvent[] = [];
  #scanned = 0;
}
