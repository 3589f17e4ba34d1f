// The discipline model (U12, C19): a speech may earn a foul; thresholds shorten, skip and remove.
import type { Game } from '../engine/game.js';
import type { OptionSpec } from './options.js';

export const DISCIPLINE_OPTIONS: readonly OptionSpec[] = [
  { key: 'foulRate', clause: 'U12', kind: 'number', min: 0, max: 1, default: 0,
    description: 'probability that a speech earns a foul (0 = discipline model off)' },
  { key: 'foulWarningShare', clause: 'U12', kind: 'number', min: 0, max: 1, default: 0.25,
    description: 'share of fouls that are warnings worth 0.5 (the rest are worth 1)' },
];

export interface DisciplineConfig {
  readonly foulRate: number;
  readonly foulWarningShare: number;
}

/**
 * Draws whether this speech earns a foul and applies the thresholds it crosses.
 * Returns true when the player was removed (U12.3): the caller ends the elimination step.
 */
export function speechFoul(g: Game, seat: number, cfg: DisciplineConfig): boolean {
  if (cfg.foulRate <= 0 || !g.rng.chance(cfg.foulRate)) return false;
  const before = g.fouls[seat];
  const value = g.rng.chance(cfg.foulWarningShare) ? 0.5 : 1;
  const total = before + value;
  g.fouls[seat] = total;
  g.log?.push({ t: 'foul', seat, value, total });
  if (before < 2 && total >= 2 && total < 4) {
    g.log?.push({ t: 'effect', seat, what: 'speech shortened (2 fouls)' }); // U12.1
  }
  if (before < 3 && total >= 3 && total < 4) {
    // U12.2: skips the next speech; one extra vote against them if nominated in the next vote.
    g.skipSpeech[seat] = 1;
    g.extraVoteAgainst[seat] = 1;
    g.log?.push({ t: 'effect', seat, what: 'skips the next speech; +1 vote against in the next vote (3 fouls)' });
  }
  if (total >= 4) {
    // U12.3 / C19: removed at once, silently (no last word).
    g.eliminate(seat, 'fouls');
    g.log?.push({ t: 'eliminated', seat, cause: 'fouls', role: g.revealedRole(seat) });
    return true;
  }
  return false;
}

export function disciplineConfig(o: Readonly<Record<string, unknown>>): DisciplineConfig {
  return { foulRate: o.foulRate as number, foulWarningShare: o.foulWarningShare as number };
}
