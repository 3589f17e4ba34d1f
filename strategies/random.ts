// `random`: every decision uniformly random among the legal options; kills, freezes, checks and heals
// aim uniformly at living players outside the actor's known team; nominations always name someone.
import type { DecisionKind, Player, Strategy } from '../src/strategy/types.js';

const AIMED: ReadonlySet<DecisionKind> = new Set<DecisionKind>(['propose', 'mafiaKill', 'courtesanShot', 'maniacKill', 'freeze', 'heal', 'check']);

const player: Player = {
  decide(view, request, rng) {
    const { options } = request;
    if (options.length === 0) return null;
    if (AIMED.has(request.kind)) {
      let outside = 0;
      for (const s of options) if (!view.isKnownAlly(s)) outside++;
      if (outside === 0) return request.canPass ? null : rng.pick(options);
      let k = rng.int(outside);
      for (const s of options) if (!view.isKnownAlly(s) && k-- === 0) return s;
    }
    return rng.pick(options);
  },
};

export const random: Strategy = {
  name: 'random',
  description: 'uniformly random legal decisions; night actions aim outside the known team; no statements',
  createPlayer: () => player,
};
