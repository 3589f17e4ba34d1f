// C16.1 evenings, the club's part: a seat eliminated on Day 1 or Night 1 holds `killed-first-day` in
// the evening's next game. (How an evening is played, game by game, is the runner's: runner/series.ts.)
import type { Game } from '../../engine/game.js';

/** What a club game hands to the evening's next game. */
export class EveningCarry {
  private constructor(
    /** Seats eliminated on Day 1 or Night 1, not for fouls (C19: that is no "killing"). */
    readonly firstDay: readonly number[],
  ) {}

  static after(g: Game): EveningCarry {
    return new EveningCarry(g.eliminations.filter((e) => e.n === 1 && e.cause !== 'fouls').map((e) => e.seat));
  }
}

/** The immunities of the evening's next game: the carried seats hold `killed-first-day` besides any the setup lists. */
export function carriedImmunities(
  base: Readonly<Record<string, readonly number[] | number>> | undefined,
  carry: EveningCarry | null,
): Readonly<Record<string, readonly number[] | number>> | undefined {
  if (!carry || carry.firstDay.length === 0) return base;
  const given = base?.['killed-first-day'];
  const listed = Array.isArray(given) ? given : [];
  const seats = [...new Set([...listed, ...carry.firstDay])].sort((a, b) => a - b);
  return { ...base, 'killed-first-day': seats };
}
