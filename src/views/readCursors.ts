// Where a seat's view has read the event record to: the checkpoints behind PlayerView.readEvents and
// readPrivateEvents. The visible record only grows, so reading at each decision costs the new events,
// not the game so far: a reader that goes on from where the last one stopped resumes at the checkpoint;
// one that reads from further back (a second reader, a re-read) starts at its event's place in the log.
import type { GameEvent } from '../model/events.js';
import { contains } from './keptArrays.js';
import { recordFor, type EventType } from './sharedRecord.js';

/** Receives each event read, with its type. */
export type EventReader = (event: GameEvent, type: EventType) => void;

/** A cursor's `from`: a whole index, 0 for anything below 1 or not a number. */
function startOf(from: number): number {
  return from > 0 ? Math.trunc(from) : 0;
}

/** The checkpoint of the events a seat may see: public ones and those addressed to it (G7). */
export class VisibleCursor {
  /** The first `scanned` logged events hold `visible` events visible to the seat. */
  private scanned = 0;
  private visible = 0;
  /** The log index of each visible event, made only when someone reads from further back. */
  private logIndex: number[] | null = null;

  constructor(
    private readonly seat: number,
    private readonly audited: boolean,
  ) {}

  /** Hands each visible event from index `from` of the visible record to `read`; returns the record's length. */
  read(log: readonly GameEvent[], from: number, read: EventReader): number {
    const start = startOf(from);
    if (this.scanned === log.length && start >= this.visible) return this.visible; // nothing new
    const { types, audience } = recordFor(log, this.audited);
    const seat = this.seat;
    if (this.logIndex !== null) this.logIndex.length = this.visible; // past a reader that threw midway
    const index = start < this.visible ? (this.logIndex ??= this.indexVisible(audience)) : this.logIndex;
    for (let k = start; k < this.visible; k++) read(log[index![k]], types[index![k]]);
    let visible = this.visible;
    for (let i = this.scanned; i < log.length; i++) {
      const to = audience[i];
      if (to !== null && !contains(to, seat)) continue; // G7: addressed to other seats
      if (visible >= start) read(log[i], types[i]);
      index?.push(i);
      visible++;
    }
    this.scanned = log.length;
    this.visible = visible;
    return visible;
  }

  private indexVisible(audience: readonly (readonly number[] | null)[]): number[] {
    const index: number[] = [];
    for (let i = 0; i < this.scanned; i++) if (audience[i] === null || contains(audience[i]!, this.seat)) index.push(i);
    return index;
  }
}

/** The checkpoint of the events addressed to a seat (its private ones), walked through the shared list of addressed events. */
export class PrivateCursor {
  /** The first `scanned` addressed events (of the log's first `logged`) hold `seen` addressed to the seat. */
  private scanned = 0;
  private seen = 0;
  private logged = -1;

  constructor(
    private readonly seat: number,
    private readonly audited: boolean,
  ) {}

  /** Hands each event addressed to the seat from index `from` of that list to `read`; returns the list's length. */
  read(log: readonly GameEvent[], from: number, read: EventReader): number {
    const start = startOf(from);
    if (this.logged === log.length && start >= this.seen) return this.seen; // nothing new
    const shared = recordFor(log, this.audited);
    const { types, audience, addressed } = shared;
    const seat = this.seat;
    // Going on from the checkpoint (the usual case), or from the start for a reader further back.
    const resume = start >= this.seen;
    let k = resume ? this.seen : 0;
    const addressedLength = shared.addressedLength;
    for (let j = resume ? this.scanned : 0; j < addressedLength; j++) {
      const i = addressed[j];
      if (!contains(audience[i]!, seat)) continue;
      if (k >= start) read(log[i], types[i]);
      k++;
    }
    this.scanned = addressedLength;
    this.logged = log.length;
    this.seen = k;
    return k;
  }
}
