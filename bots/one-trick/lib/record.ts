// What any player at the table can read off the public record, for the one-trick bots beside this
// folder: who claimed to investigate, what each claimant reported, who accused whom, who died at
// night and whom they suspected. It uses only the public plug-in API (PlayerView.readEvents), as a
// bot written outside mafia-sim would; inside this repository the API is imported from src/index.js,
// outside it from 'mafia-sim'.
import type { GameEvent, Player, PlayerView, Statement } from '../../../src/index.js';

export interface Report {
  /** The claimant who reported it. */
  readonly by: number;
  readonly seat: number;
  readonly result: 'black' | 'red';
  readonly day: number;
}

export interface Accusation {
  readonly by: number;
  readonly seat: number;
  readonly day: number;
}

export class TableRecord {
  /** How far into the seat's visible record this has read (readEvents' `from`). */
  private read = 0;
  /** The day being played (0 before day 1). */
  day = 0;
  /** Seats that claimed an investigator role, in the order of their first claim. */
  readonly claimants: number[] = [];
  /** Every check a claimant reported, in order. */
  readonly reports: Report[] = [];
  /** Every accusation made in a speech or a last word, in order. */
  readonly accusations: Accusation[] = [];
  /** Every accusation and every black report of a claimant, in the order they were made. */
  readonly blames: Accusation[] = [];
  /** For each player killed at night, in order: the seat he had accused last (0: nobody). */
  readonly nightVictims: { readonly seat: number; readonly suspect: number }[] = [];
  private readonly lastAccused = new Map<number, number>();

  /** Reads the events the seat has not read yet. */
  update(view: PlayerView): this {
    this.read = view.readEvents(this.read, (e) => this.note(view, e));
    return this;
  }

  private note(view: PlayerView, e: GameEvent): void {
    switch (e.t) {
      case 'phase':
        if (e.phase === 'day') this.day = e.n;
        return;
      case 'speech':
      case 'lastWord':
        for (const s of e.statements) this.statement(view, e.seat, s);
        return;
      case 'died':
        this.nightVictims.push({ seat: e.seat, suspect: this.lastAccused.get(e.seat) ?? 0 });
        return;
      default:
    }
  }

  private statement(view: PlayerView, by: number, s: Statement): void {
    if (s.type === 'claim' && view.roleInfo(s.role)?.traits.investigator === true && !this.claimants.includes(by)) this.claimants.push(by);
    else if (s.type === 'check' && this.claimants.includes(by)) {
      this.reports.push({ by, seat: s.seat, result: s.result, day: this.day });
      if (s.result === 'black') this.blames.push({ by, seat: s.seat, day: this.day });
    } else if (s.type === 'accuse') {
      this.accusations.push({ by, seat: s.seat, day: this.day });
      this.blames.push({ by, seat: s.seat, day: this.day });
      this.lastAccused.set(by, s.seat);
    }
  }
}

const records = new WeakMap<Player, TableRecord>();

/**
 * The record as `view`'s seat has read it so far. Kept per default player (`inner`, one per seat per
 * game, in-process and isolated alike), so each seat reads each event once.
 */
export function recordOf(inner: Player, view: PlayerView): TableRecord {
  let r = records.get(inner);
  if (r === undefined) records.set(inner, (r = new TableRecord()));
  return r.update(view);
}

/** The living investigator claimants, in claim order. */
export function livingClaimants(r: TableRecord, view: PlayerView): number[] {
  return r.claimants.filter((s) => view.isAlive(s));
}
