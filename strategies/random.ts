// `random`: every decision uniformly random among the legal options; kills, freezes, blocks, checks,
// jails, duels and heals aim uniformly at living players outside the actor's known team; nominations
// always name someone; bails and the Lawyer's yes/no are uniform over the options.
import type { DecisionKind, Player, Strategy } from '../src/strategy/types.js';

const AIMED: ReadonlySet<DecisionKind> = new Set<DecisionKind>([
  'propose', 'mafiaKill', 'courtesanShot', 'maniacKill', 'freeze', 'heal', 'check',
  'block', 'jail', 'killerShot', 'duel',
]);

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
