// A mixed strategy: several profiles, each with a weight; every game plays one of them at all the seats
// the mix is given to, drawn from the game's seed. It is how an equilibrium's mix is played (`mafia-sim
// equilibrium`, docs/strategies.md "Equilibrium"): the opponent cannot know which profile he meets.
//
// As a --strategy spec: `mix:SPEC@WEIGHT|SPEC@WEIGHT…` (`mix:smart:claimPlan=once@0.6|smart@0.4`). The
// draw is a stream of its own — the game's seed and the mix's text — so it takes nothing from any seat's
// or the game's stream, is the same at every seat of the game (and in every worker), and two different
// mixes at one table (the town's and the mafia's) draw independently.
import { UserError } from '../errors.js';
import { createRng } from '../rng.js';
import type { GameTag, MixShare, Player, Strategy } from './types.js';

export const MIX_PREFIX = 'mix:';

/** One profile of a mix: its spec and its share of games, the parts' shares summing to 1. */
export type MixPart = MixShare;

/** Whether a strategy name is a mix (`mix:…`). */
export function isMixName(name: string): boolean {
  return name.startsWith(MIX_PREFIX);
}

/** The parts of a `mix:` name, weights made to sum to 1; `where` names the flag in an error. */
export function parseMix(name: string, where: string): MixPart[] {
  const body = name.slice(MIX_PREFIX.length).trim();
  if (body === '') throw new UserError(`${where}: mix: needs at least one SPEC@WEIGHT, e.g. mix:smart@0.5|smart:claimPlan=once@0.5`);
  const raw = body.split('|').map((part) => {
    const at = part.lastIndexOf('@');
    const spec = (at < 0 ? part : part.slice(0, at)).trim();
    const w = at < 0 ? NaN : Number(part.slice(at + 1));
    if (spec === '' || !Number.isFinite(w) || w <= 0) throw new UserError(`${where}: mix part "${part.trim()}" should be SPEC@WEIGHT with a weight above 0`);
    if (isMixName(spec)) throw new UserError(`${where}: a mix part cannot be a mix itself ("${spec}")`);
    return { spec, weight: w };
  });
  const sum = raw.reduce((a, p) => a + p.weight, 0);
  return raw.map((p) => ({ spec: p.spec, weight: p.weight / sum }));
}

/** A mix's spec text from its parts (weights to 4 decimals: the same text in every report). */
export function mixName(parts: readonly MixPart[]): string {
  return MIX_PREFIX + parts.map((p) => `${p.spec}@${formatWeight(p.weight)}`).join('|');
}

export function formatWeight(w: number): string {
  return String(Math.round(w * 10_000) / 10_000);
}

/**
 * The strategy that plays `components[i]` in a share `parts[i].weight` of games. A game without a tag
 * (a hand-built scene) plays the first part.
 */
export function mixedStrategy(name: string, parts: readonly MixPart[], components: readonly Strategy[]): Strategy {
  const cumulative: number[] = [];
  let sum = 0;
  for (const p of parts) cumulative.push((sum += p.weight));
  // Every seat of one game asks with the same tag: the draw is made once per game.
  let lastGame: GameTag | undefined;
  let lastPick = 0;
  const pick = (game: GameTag | undefined): number => {
    if (game === undefined) return 0;
    if (game !== lastGame) {
      const u = createRng(`${game.seed}/${name}`).next() * sum;
      let i = 0;
      while (i < cumulative.length - 1 && u >= cumulative[i]) i++;
      lastGame = game;
      lastPick = i;
    }
    return lastPick;
  };
  return {
    name,
    description: `each game one of ${parts.length} profiles, by weight: ${parts.map((p) => `${p.spec} ${formatWeight(p.weight)}`).join(', ')}`,
    usesHistory: components.some((c) => c.usesHistory === true),
    createPlayer: (seat: number, game?: GameTag): Player => components[pick(game)].createPlayer(seat, game),
  };
}
