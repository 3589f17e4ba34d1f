// The bot protocol's messages (docs/protocol.md, docs/protocol.schema.json): one JSON object per line
// on the bot's stdin (requests from the engine) and stdout (its answers). This module holds their
// shapes and turns a seat's PlayerView into the `view` a request carries: the seat's private facts
// and the events it may see since its last request (or all of them on its first request of a game,
// or always when the bot asked for the full view in its hello).
import type { GameEvent, Statement } from '../model/events.js';
import type { Intent, SpeechKind } from '../model/decisions.js';
import type { KnownCheck, PlayerView, RoleInfo } from '../views/view.js';

export const PROTOCOL_VERSION = 1;

/** What a bot's hello may ask for: `delta` (default) sends only new events; `full` every event each time. */
export type ViewMode = 'delta' | 'full';

/** The facts of the table a seat learns once per game (on its first request, and every request in `full` mode). */
export interface WireTable {
  /** The game's seed: `mafia-sim replay` replays it. */
  readonly gameSeed: string;
  readonly players: number;
  readonly rules: string;
  readonly roles: readonly RoleInfo[];
  readonly role: string;
  readonly team: string;
  /** The other seats this player knows to be on its team (U2, V2). */
  readonly allies: readonly number[];
}

export interface WireView {
  /** Present on the seat's first request of the game (and in `full` mode): then `from` is 0. */
  readonly table?: WireTable;
  readonly day: number;
  readonly night: number;
  readonly phase: 'day' | 'night';
  readonly alive: readonly number[];
  /** Per seat, seat 1 first: its role if this player knows it (its own, a known ally's, a revealed dead player's, G3), else null. */
  readonly knownRoles: readonly (string | null)[];
  readonly nominees: readonly number[];
  readonly jailed: readonly number[];
  /** Fouls per seat, seat 1 first. */
  readonly fouls: readonly number[];
  readonly checks: readonly KnownCheck[];
  readonly frozenTonight: boolean;
  /** How many more times the seat's night ability may be used this game; absent: no per-game limit. */
  readonly usesLeft?: number;
  /** The index, in this seat's visible record, of the first of `events`. */
  readonly from: number;
  readonly events: readonly GameEvent[];
}

interface Addressed {
  /** Answers carry it back. */
  readonly id: number;
  /** Which game (unique among this process's games; the seed that replays it is in `view.table.gameSeed`). */
  readonly game: number;
  readonly seat: number;
  /** A seed for this seat in this game, from the seat's random stream (G10): a bot that draws only from it is deterministic. */
  readonly seed: number;
  readonly view: WireView;
}

export type EngineMessage =
  | { readonly type: 'hello'; readonly protocol: number; readonly engine: string }
  | (Addressed & { readonly type: 'decide'; readonly kind: string; readonly options: readonly number[]; readonly canPass: boolean; readonly intent: Intent | null })
  | (Addressed & { readonly type: 'speak'; readonly kind: SpeechKind })
  | { readonly type: 'end'; readonly game: number };

export type BotMessage =
  | { readonly type: 'hello'; readonly protocol: number; readonly name?: string; readonly view?: ViewMode }
  | { readonly type: 'decision'; readonly id: number; readonly answer: number | null }
  | { readonly type: 'statements'; readonly id: number; readonly statements: readonly Statement[] }
  | { readonly type: 'error'; readonly id?: number; readonly message: string };

/** A seat's view as a request carries it, from `from` (the seat's cursor into its visible record). */
export function wireView(view: PlayerView, from: number, gameSeed: string | null): { view: WireView; next: number } {
  const events: GameEvent[] = [];
  const next = view.readEvents(from, (e) => events.push(e));
  const players = view.players;
  const jailed: number[] = [];
  const fouls: number[] = [];
  const knownRoles: (string | null)[] = [];
  for (let s = 1; s <= players; s++) {
    if (view.isJailed(s)) jailed.push(s);
    fouls.push(view.fouls(s));
    knownRoles.push(view.knownRole(s) ?? null);
  }
  const usesLeft = view.usesLeft();
  const table: WireTable | undefined =
    gameSeed === null ? undefined : { gameSeed, players, rules: view.rules, roles: view.tableRoles, role: view.role, team: view.team, allies: view.knownAllies() };
  return {
    view: {
      ...(table ? { table } : {}),
      day: view.day,
      night: view.night,
      phase: view.phase,
      alive: view.livingSeats(),
      knownRoles,
      nominees: view.nominees(),
      jailed,
      fouls,
      checks: view.checks(),
      frozenTonight: view.frozenTonight,
      ...(usesLeft === null ? {} : { usesLeft }),
      from,
      events,
    },
    next,
  };
}

/** One line of a bot's stdout as a message, or why it is not one. */
export function parseBotMessage(line: string): BotMessage | { readonly problem: string } {
  let m: unknown;
  try {
    m = JSON.parse(line);
  } catch {
    return { problem: `wrote a line that is not JSON: ${excerpt(line)}` };
  }
  if (typeof m !== 'object' || m === null || Array.isArray(m)) return { problem: `wrote a JSON value that is not a message object: ${excerpt(line)}` };
  const o = m as Record<string, unknown>;
  const idOk = Number.isInteger(o.id);
  switch (o.type) {
    case 'hello':
      if (typeof o.protocol !== 'number') return { problem: `its hello has no protocol version: ${excerpt(line)}` };
      if (o.view !== undefined && o.view !== 'delta' && o.view !== 'full') return { problem: `its hello asks for view "${String(o.view)}" (expected delta or full)` };
      return o as BotMessage;
    case 'decision':
      if (!idOk || !('answer' in o)) return { problem: `wrote a decision without an id and an answer: ${excerpt(line)}` };
      return o as BotMessage;
    case 'statements':
      if (!idOk || !Array.isArray(o.statements)) return { problem: `wrote statements without an id and a statements array: ${excerpt(line)}` };
      return o as BotMessage;
    case 'error':
      return { type: 'error', ...(idOk ? { id: o.id as number } : {}), message: typeof o.message === 'string' ? o.message : JSON.stringify(o.message) };
    default:
      return { problem: `wrote a message of unknown type ${JSON.stringify(o.type)}: ${excerpt(line)}` };
  }
}

function excerpt(line: string): string {
  const t = line.length > 80 ? `${line.slice(0, 80)}…` : line;
  return JSON.stringify(t);
}
