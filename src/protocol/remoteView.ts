// A PlayerView rebuilt in a bot's own process from the protocol's requests (./pluginHost.ts): what an
// isolated JS/TS plug-in is handed instead of the engine's view. It answers every question the
// engine's PlayerView answers (src/views/view.ts) from what the requests carried — the table once, then
// each request's facts and new events — so a plug-in plays the same games isolated as in-process.
import type { GameEvent } from '../model/events.js';
import type { Team } from '../model/roles.js';
import type { KnownCheck, RoleInfo } from '../views/view.js';
import type { WireTable, WireView } from './wire.js';

type EventType = GameEvent['t'];

export class RemoteView {
  #table: WireTable;
  #now: WireView;
  /** The seat's visible record so far. */
  readonly #events: GameEvent[] = [];
  /** The indices (in #events) of the events addressed to some seats, and of the public ones. */
  readonly #private: number[] = [];
  readonly #public: number[] = [];
  readonly publicRecord: RemotePublicRecord;

  constructor(
    readonly seat: number,
    first: WireView,
  ) {
    if (!first.table) throw new Error(`the first request for seat ${seat} has no table`);
    this.#table = first.table;
    this.#now = first;
    this.publicRecord = new RemotePublicRecord(this.#table, this.#events, this.#public);
    this.update(first);
  }

  /** Takes in a request's view: its facts, and its events from `from` on (all of them again in `full` mode). */
  update(v: WireView): void {
    if (v.table) this.#table = v.table;
    this.#now = v;
    for (let i = Math.max(0, this.#events.length - v.from); i < v.events.length; i++) {
      const e = v.events[i];
      (e.to === undefined ? this.#public : this.#private).push(this.#events.length);
      this.#events.push(e);
    }
  }

  get role(): string {
    return this.#table.role;
  }

  get team(): Team {
    return this.#table.team as Team;
  }

  get players(): number {
    return this.#table.players;
  }

  get day(): number {
    return this.#now.day;
  }

  get night(): number {
    return this.#now.night;
  }

  get phase(): 'day' | 'night' {
    return this.#now.phase;
  }

  get rules(): string {
    return this.#table.rules;
  }

  get tableRoles(): readonly RoleInfo[] {
    return this.#table.roles;
  }

  roleInfo(id: string): RoleInfo | undefined {
    return this.#table.roles.find((r) => r.id === id);
  }

  isAlive(seat: number): boolean {
    return this.#now.alive.includes(seat);
  }

  livingSeats(): number[] {
    return [...this.#now.alive];
  }

  isKnownAlly(seat: number): boolean {
    return seat === this.seat || this.#table.allies.includes(seat);
  }

  knownAllies(): number[] {
    return [...this.#table.allies];
  }

  knownRole(seat: number): string | undefined {
    return this.#now.knownRoles[seat - 1] ?? undefined;
  }

  checks(): KnownCheck[] {
    return this.#now.checks.map((c) => ({ ...c }));
  }

  get frozenTonight(): boolean {
    return this.#now.frozenTonight;
  }

  usesLeft(): number | null {
    return this.#now.usesLeft ?? null;
  }

  nominees(): readonly number[] {
    return [...this.#now.nominees];
  }

  isJailed(seat: number): boolean {
    return this.#now.jailed.includes(seat);
  }

  fouls(seat: number): number {
    return this.#now.fouls[seat - 1] ?? 0;
  }

  events(from = 0): GameEvent[] {
    return this.#events.slice(Math.max(0, Math.trunc(from)));
  }

  readEvents(from: number, read: (event: GameEvent, type: EventType) => void): number {
    for (let i = Math.max(0, Math.trunc(from)); i < this.#events.length; i++) read(this.#events[i], this.#events[i].t);
    return this.#events.length;
  }

  readPrivateEvents(from: number, read: (event: GameEvent, type: EventType) => void): number {
    for (let k = Math.max(0, Math.trunc(from)); k < this.#private.length; k++) read(this.#events[this.#private[k]], this.#events[this.#private[k]].t);
    return this.#private.length;
  }
}

/** The public part of the record a RemoteView holds (the engine's PublicRecord, rebuilt). */
export class RemotePublicRecord {
  constructor(
    readonly table: WireTable,
    readonly all: readonly GameEvent[],
    readonly indices: readonly number[],
  ) {}

  get players(): number {
    return this.table.players;
  }

  get rules(): string {
    return this.table.rules;
  }

  get tableRoles(): readonly RoleInfo[] {
    return this.table.roles;
  }

  roleInfo(id: string): RoleInfo | undefined {
    return this.table.roles.find((r) => r.id === id);
  }

  readEvents(from: number, read: (event: GameEvent, type: EventType) => void): number {
    for (let k = Math.max(0, Math.trunc(from)); k < this.indices.length; k++) read(this.all[this.indices[k]], this.all[this.indices[k]].t);
    return this.indices.length;
  }

  events(from = 0): GameEvent[] {
    return this.indices.slice(Math.max(0, Math.trunc(from))).map((i) => this.all[i]);
  }
}
