// The discipline model (U12, C19): a speech may earn a foul, and so may noise at night (U12.4); the
// thresholds shorten, skip and remove. At a club table the voice at night is no foul but a technical
// corpse at once (C19.1), and the foul ladder is an option (C19.2). A rule set that plays it keeps one
// Discipline per game.
import type { Game } from '../engine/game.js';
import type { OptionSpec } from './options.js';
import { clearWritten, seatZeros, writable } from '../engine/seatArrays.js';

export const DISCIPLINE_OPTIONS: readonly OptionSpec[] = [
  { key: 'foulRate', clause: 'U12', kind: 'number', min: 0, max: 1, default: 0,
    description: 'probability that a speech earns a foul (0 = discipline model off)' },
  { key: 'foulWarningShare', clause: 'U12', kind: 'number', min: 0, max: 1, default: 0.25,
    description: "share of a player's later violations that are minor, warnings worth 0.5 (the rest are worth 1; the first is always 0.5)" },
  { key: 'nightFoulRate', clause: 'U12.4', kind: 'number', min: 0, max: 1, default: 0,
    description: 'probability that a living player makes noise on a night: 2 fouls at once' },
];

/** The same options at a club table: the voice at night makes a technical corpse (C19.1); the ladder is an option (C19.2). */
export const CLUB_DISCIPLINE_OPTIONS: readonly OptionSpec[] = [
  { key: 'foulRate', clause: 'C19.2', kind: 'number', min: 0, max: 1, default: 0,
    description: 'probability that a speech earns a foul under the U12 ladder (0 = off); 4 fouls make a technical corpse' },
  { key: 'foulWarningShare', clause: 'C19.2', kind: 'number', min: 0, max: 1, default: 0.25,
    description: "share of a player's later violations that are minor, warnings worth 0.5 (the rest are worth 1; the first is always 0.5)" },
  { key: 'nightFoulRate', clause: 'C19.1', kind: 'number', min: 0, max: 1, default: 0,
    description: 'probability that a living player uses their voice on a night: a technical corpse at once' },
];

/** What the voice at night costs: 2 fouls (U12.4) or a technical corpse at once (C19.1). */
export type NightVoice = 'two-fouls' | 'technical-corpse';

export interface DisciplineConfig {
  readonly foulRate: number;
  readonly foulWarningShare: number;
  readonly nightFoulRate: number;
}

export function disciplineConfig(o: Readonly<Record<string, unknown>>): DisciplineConfig {
  return { foulRate: Number(o.foulRate), foulWarningShare: Number(o.foulWarningShare), nightFoulRate: Number(o.nightFoulRate) };
}

export class Discipline {
  /** Per seat: fouls (public, U12), a speech to skip and an extra vote against in the next vote (U12.2). */
  // The shared zeros until a foul is given (seatZeros): most games play without the discipline model.
  private foulsBySeat: readonly number[];
  private skipSpeech: readonly number[];
  private extraVotes: readonly number[];

  constructor(
    private readonly g: Game,
    private readonly config: DisciplineConfig,
    private readonly nightVoice: NightVoice = 'two-fouls',
  ) {
    this.foulsBySeat = seatZeros(g.n);
    this.skipSpeech = this.foulsBySeat;
    this.extraVotes = this.foulsBySeat;
  }

  /** Per seat: fouls (public, U12). */
  get fouls(): readonly number[] {
    return this.foulsBySeat;
  }

  /** Per seat: 1 for an extra vote against in the next vote (U12.2). */
  get extraVoteAgainst(): readonly number[] {
    return this.extraVotes;
  }

  /** U12.2: whether the seat skips this speech (and the skip is used up). */
  skips(seat: number): boolean {
    if (this.skipSpeech[seat] !== 1) return false;
    (this.skipSpeech as number[])[seat] = 0; // a 1 was written: the array is the game's own
    this.g.log?.push({ t: 'skipSpeech', seat });
    return true;
  }

  /**
   * Draws whether this speech earns a foul and applies the thresholds it crosses. Returns true when
   * the player was removed (U12.3): the caller ends the elimination step. U12: a player's first
   * violation (no fouls yet) is a warning worth 0.5; a later one is a minor warning worth 0.5 with
   * probability `foulWarningShare` (drawn only then), otherwise 1.
   */
  speechFoul(seat: number): boolean {
    const { g, config } = this;
    if (config.foulRate <= 0 || !g.rng.chance(config.foulRate)) return false;
    const first = this.foulsBySeat[seat] === 0;
    return this.add(seat, first || g.rng.chance(config.foulWarningShare) ? 0.5 : 1);
  }

  /**
   * Noise at night, before anyone acts: each living player, in seat order, makes noise with
   * probability `nightFoulRate`. U12.4: 2 fouls at once; C19.1 (a club table): a technical corpse at
   * once, no foul. A removal (U12.3, C19) is an elimination step: `removed` runs after it, then the
   * win check; returns true when the game is over.
   */
  nightNoise(removed: () => void): boolean {
    const { g, config } = this;
    if (config.nightFoulRate <= 0) return false;
    const corpse = this.nightVoice === 'technical-corpse';
    for (let s = 1; s <= g.n; s++) {
      if (g.alive[s] !== 1 || !g.rng.chance(config.nightFoulRate)) continue;
      if (corpse) {
        g.log?.push({ t: 'effect', seat: s, what: 'voice at night: technical corpse' });
        this.remove(s);
      } else if (!this.add(s, 2)) continue;
      removed();
      if (g.checkWin()) return true;
    }
    return false;
  }

  /** A seat's fouls (public, U12): set by a foul, or by a scenario's setting. */
  setFouls(seat: number, value: number): void {
    (this.foulsBySeat = writable(this.foulsBySeat))[seat] = value;
  }

  /** U12.2: the extra votes are spent by the vote that follows them. */
  spendExtraVotes(): void {
    clearWritten(this.extraVotes);
  }

  /** Adds a foul worth `value` and applies the thresholds it crosses; true when the player is removed. */
  private add(seat: number, value: number): boolean {
    const g = this.g;
    const before = this.fouls[seat];
    const total = before + value;
    this.setFouls(seat, total);
    g.log?.push({ t: 'foul', seat, value, total });
    if (before < 2 && total >= 2 && total < 4) {
      g.log?.push({ t: 'effect', seat, what: 'speech shortened (2 fouls)' }); // U12.1
    }
    if (before < 3 && total >= 3 && total < 4) {
      // U12.2: skips the next speech; one extra vote against them if nominated in the next vote.
      (this.skipSpeech = writable(this.skipSpeech))[seat] = 1;
      (this.extraVotes = writable(this.extraVotes))[seat] = 1;
      g.log?.push({ t: 'effect', seat, what: 'skips the next speech; +1 vote against in the next vote (3 fouls)' });
    }
    if (total >= 4) {
      this.remove(seat); // U12.3 / C19.2
      return true;
    }
    return false;
  }

  /** U12.3, C19: removed at once, silently (no last word); at a club table, a technical corpse. */
  private remove(seat: number): void {
    const g = this.g;
    g.eliminate(seat, 'fouls');
    g.log?.push({ t: 'eliminated', seat, cause: 'fouls', role: g.revealedRole(seat) });
  }
}
