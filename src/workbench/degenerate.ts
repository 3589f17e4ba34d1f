// Degenerate setups, named: a setup that a win condition decides at the deal (G5: the
// game ends after night 0, before anyone acts), or where one side wins more than 99% of the first chunk
// of games. Judged on the first chunk merged (the same games for any number of threads), and said in one
// warning line on stderr: it is not an error, the report is still printed.
import { WINNERS, type Winner } from '../model/events.js';
import type { Tally } from '../stats/tally.js';

/** One side winning more than this share of the first chunk is named. */
export const LOPSIDED_SHARE = 0.99;

/** What the first chunk of an arm showed. */
export interface FirstChunk {
  readonly games: number;
  readonly outcomes: Readonly<Record<Winner, number>>;
  /** Players removed in those games, of every cause. */
  readonly deaths: number;
}

/** Watches a run (as its `until` rule, which is asked after every chunk merged) and keeps the first chunk. */
export class FirstChunkWatch {
  chunks: FirstChunk[] | null = null;

  /** Returns false: it never stops the run. */
  readonly observe = (tallies: readonly Tally[]): boolean => {
    if (this.chunks === null) this.chunks = tallies.map(firstChunk);
    return false;
  };
}

function firstChunk(t: Tally): FirstChunk {
  const outcomes = { ...t.outcomes };
  const deaths = t.roles.reduce((n, [, g]) => n + g.seats - g.survived, 0);
  return { games: t.games, outcomes, deaths };
}

/** Why the arm is degenerate, or null: `decided at the deal: …`, `the mafia won 99.6% …`. */
export function degenerateReason(c: FirstChunk): string | null {
  if (c.games === 0) return null;
  // Nobody removed and no day cap reached: every game ended on the deal (the win check after night 0).
  if (c.deaths === 0 && c.outcomes.stalemate === 0) {
    const w = WINNERS.find((x) => c.outcomes[x] === c.games);
    const who = w === 'draw' ? 'a draw' : w ? `the ${w} win` : 'decided';
    return `decided at the deal: every game ends after night 0, before anyone acts (${who}, G5)`;
  }
  for (const side of ['town', 'mafia'] as const) {
    const share = c.outcomes[side] / c.games;
    if (share > LOPSIDED_SHARE) {
      return `the ${side} won ${(100 * share).toFixed(1)}% of the first ${c.games.toLocaleString('en-US')} games: one side almost always wins`;
    }
  }
  return null;
}

/** One warning line naming the degenerate arms (`labels[i]` names arm i), or null when none is. */
export function degenerateWarning(chunks: readonly FirstChunk[] | null, labels: readonly string[]): string | null {
  if (chunks === null) return null;
  const found = chunks.map((c, i) => [labels[i], degenerateReason(c)] as const).filter(([, r]) => r !== null);
  if (found.length === 0) return null;
  if (found.length === 1) return `mafia-sim: warning: degenerate setup: ${found[0][0]}: ${found[0][1]}`;
  return `mafia-sim: warning: ${found.length} degenerate setups: ${found.map(([l, r]) => `${l} (${shortReason(r!)})`).join('; ')}`;
}

function shortReason(r: string): string {
  return r.startsWith('decided at the deal') ? 'decided at the deal' : r.replace(/ of the first .*$/, '');
}
