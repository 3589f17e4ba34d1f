// What all the views of a game share about its event record: each event's type and audience, worked
// out once by the first view to reach it, and how far the record is frozen for bots that are not
// audited (G7). The why of each choice: docs/performance.md, "The event record" and "Frozen arrays
// and the trust boundary".
import type { GameEvent } from '../model/events.js';

/** An event's type (its `t`). */
export type EventType = GameEvent['t'];

/**
 * The description of one log: per event its type and audience, read to `described`, and the indices of
 * the events addressed to some seats, read to `addressedLength`. Its lists are reused from log to log
 * (entries past those lengths are an earlier log's), and only recordFor makes one describe a log.
 */
export class SharedRecord {
  /** The log described. */
  log: readonly GameEvent[] | null = null;
  /** Per logged event: its type (`t`). */
  readonly types: EventType[] = [];
  /** Per logged event: the seats it is addressed to (its `to`), or null for a public event. */
  readonly audience: (readonly number[] | null)[] = [];
  /** How many of the log's events `types` and `audience` describe. */
  described = 0;
  /** The log indices of the events addressed to some seats (the private ones), in order, up to addressedLength. */
  readonly addressed: number[] = [];
  addressedLength = 0;
  /** The first `frozen` logged events are frozen. */
  private frozen = 0;

  /** Starts on `log` (nothing of the log described before is read again). */
  describe(log: readonly GameEvent[]): void {
    this.log = log;
    this.described = 0;
    this.addressedLength = 0;
    this.frozen = 0;
  }

  /** Describes the events logged since the last call. */
  catchUp(log: readonly GameEvent[]): void {
    const { types, audience, addressed } = this;
    for (let i = this.described; i < log.length; i++) {
      const e = log[i];
      types[i] = e.t;
      const to = e.to; // read once: `to` is read at many shapes of event
      audience[i] = to ?? null;
      if (to !== undefined) addressed[this.addressedLength++] = i;
    }
    this.described = log.length;
  }

  /** Freezes the events logged since the last call. */
  freeze(log: readonly GameEvent[]): void {
    for (let i = this.frozen; i < log.length; i++) freezeEvent(log[i]);
    this.frozen = log.length;
  }
}

/**
 * Freezes an event and what it holds (its audience, tied or team seats, the deal, a speech's
 * statements): freezing is shallow, and a bot holding an event must not rewrite what the others read.
 */
function freezeEvent(e: GameEvent): void {
  if (e.to !== undefined) Object.freeze(e.to);
  if (e.t === 'speech' || e.t === 'lastWord') {
    for (const st of e.statements) Object.freeze(st);
    Object.freeze(e.statements);
  } else if (e.t === 'team' || e.t === 'tie' || e.t === 'shootout') Object.freeze(e.seats);
  else if (e.t === 'deal') Object.freeze(e.roles);
  Object.freeze(e);
}

/**
 * One description, of the log last read: games read in turn (interleaved, as some tests do) each start
 * it afresh on their log, and get the same description worked out again.
 */
const theRecord = new SharedRecord();

/**
 * The description of `log`, up to date with it; every event of it frozen too unless the reader is
 * audited (src/strategy/audit.ts: the built-in bots only read, and are handed the plain objects).
 */
export function recordFor(log: readonly GameEvent[], audited: boolean): SharedRecord {
  if (theRecord.log !== log) theRecord.describe(log);
  theRecord.catchUp(log);
  if (!audited) theRecord.freeze(log);
  return theRecord;
}
