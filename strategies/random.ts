// `random`: every decision uniformly random among the legal options; kills, freezes, blocks, checks,
// jails, duels and heals aim uniformly at living players outside the actor's known team; nominations
// always name someone; bails and the Lawyer's yes/no are uniform over the options.
import type { DecisionKind, Player, Strategy } from '../src/strategy/types.js';

/** Whether a decision aims at a player. The day's kinds, most decisions by far, are tested first. */
function aimed(kind: DecisionKind): boolean {
  if (kind === 'vote' || kind === 'nominate' || kind === 'revote') return false;
  switch (kind) {
    case 'propose': case 'mafiaKill': case 'courtesanShot': case 'maniacKill': case 'freeze': case 'heal':
    case 'check': case 'block': case 'jail': case 'killerShot': case 'duel':
      return true;
    default:
      return false;
  }
}

const player: Player = {
  decide(view, request, rng) {
    const { options } = request;
    if (options.length === 0) return null;
    if (aimed(request.kind)) {
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
