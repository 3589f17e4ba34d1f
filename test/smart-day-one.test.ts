// Day 1 before any evidence: nobody is a suspect yet, so a town player names nobody, a revealing
// investigator with no check to tell accuses nobody, and the mafia who blend (`blend`) keep their
// picks until the table suspects someone — else the first accusation of the day would be theirs alone.
import { describe, expect, it } from 'vitest';
import type { GameEvent, Statement } from '../src/model/events.js';
import { createRng } from '../src/rng.js';
import type { DecisionRequest } from '../src/strategy/types.js';
import { smart } from '../strategies/smart.js';
import { likelihoodsFor } from '../strategies/smart/likelihoods.js';
import { Belief } from '../strategies/smart/belief.js';
import { Posterior } from '../strategies/smart/posterior.js';
import { scene, UKRAINIAN } from './helpers/scene.js';

const phase = (p: 'day' | 'night', n: number): GameEvent => ({ t: 'phase', phase: p, n });
const speech = (seat: number, ...statements: Statement[]): GameEvent => ({ t: 'speech', seat, statements });
/** Day 1 opens; the mafia (seats 9–12 of UKRAINIAN) met at night 0. */
const dayOne: GameEvent[] = [phase('night', 0), { t: 'team', seats: [9, 10, 11, 12], to: [9, 10, 11, 12] }, phase('day', 1)];
const nominate: DecisionRequest = { kind: 'nominate', options: [2, 3, 4, 5, 6, 7, 8, 9, 11, 12], canPass: true, intent: null };

/** What 40 fresh seats of `params` at `seat` say at the first speech of `log`, and nominate. */
function acts(params: Record<string, string | number | boolean>, seat: number, log: GameEvent[] = dayOne, day = 1) {
  const strategy = smart.withParams!({ tuned: false, ...params });
  return Array.from({ length: 40 }, (_, k) => {
    const view = () => scene({ roles: UKRAINIAN, day, log }).view(seat);
    const player = strategy.createPlayer(seat);
    const said = player.speak!(view(), 'speech', createRng(`day-one/${k}`));
    const options = { ...nominate, options: nominate.options.filter((s) => s !== seat) };
    return { said, nominated: player.decide(view(), options, createRng(`day-one/n/${k}`)) ?? null };
  });
}

describe('day 1 before any evidence', () => {
  it('G7: a red reading the posterior suspects nobody before any act: the others are black with his own prior, 4 of 11', () => {
    const record = scene({ roles: UKRAINIAN, day: 1, log: dayOne }).view(4).publicRecord;
    const p = new Posterior(record, likelihoodsFor('ukrainian', 12)!.model);
    p.update();
    const b = new Belief(p, 4, false);
    const known = Array.from({ length: 13 }, (_, s) => (s === 4 ? -1 : 0));
    b.refresh(known);
    for (let s = 1; s <= 12; s++) {
      if (s === 4) continue;
      expect(b.blackChance(s)).toBeCloseTo(4 / 11, 9);
      expect(b.sus[s]).toBeCloseTo(0, 9);
    }
  });

  it('U3.1: a posterior town player with no suspect nominates and accuses nobody (nominateBlind=0)', () => {
    for (const a of acts({ reader: 'posterior', nominateBlind: 0 }, 4)) {
      expect(a.said).toEqual([]);
      expect(a.nominated).toBeNull();
    }
  });

  it('U9: an investigator who reveals on day 1 with no check to tell claims, and accuses nobody', () => {
    for (const reader of ['rules', 'posterior']) {
      for (const a of acts({ reader, revealDay: 1 }, 1)) expect(a.said).toEqual([{ type: 'claim', role: 'commissar' }]);
    }
  });

  it('U3.1: blending mafia name nobody the table does not suspect; without blend they accuse and nominate their pick', () => {
    const plain = acts({ blend: false, fakeClaim: 0 }, 10);
    expect(plain.every((a) => a.said.length === 1 && a.said[0].type === 'accuse')).toBe(true);
    expect(plain.every((a) => a.nominated !== null)).toBe(true);
    for (const a of acts({ blend: true, fakeClaim: 0 }, 10)) {
      expect(a.said).toEqual([]);
      expect(a.nominated).toBeNull();
    }
    // Once a claimant reported seat 3 black, the table suspects him: the blending mafia name him.
    const reported = [...dayOne, speech(1, { type: 'claim', role: 'commissar' }, { type: 'accuse', seat: 3 }), phase('night', 1), phase('day', 2), speech(1, { type: 'check', seat: 3, result: 'black' })];
    const day2 = acts({ blend: true, fakeClaim: 0, counterClaim: 0 }, 10, reported, 2);
    expect(day2.filter((a) => a.said.some((st) => st.type === 'accuse' && st.seat === 3)).length).toBeGreaterThan(30);
  });

  it('U9: after a lone commissar claim, vouching mafia vouch for him and accuse someone else; others accuse him', () => {
    const claimed = [...dayOne, speech(1, { type: 'claim', role: 'commissar' })];
    const accusesClaimant = (a: { said: readonly Statement[] }) => a.said.some((st) => st.type === 'accuse' && st.seat === 1);
    const plain = acts({ vouch: false, fakeClaim: 0 }, 10, claimed);
    expect(plain.filter(accusesClaimant).length).toBeGreaterThan(30);
    for (const a of acts({ vouch: true, fakeClaim: 0 }, 10, claimed)) {
      expect(a.said).toContainEqual({ type: 'vouch', seat: 1 });
      expect(accusesClaimant(a)).toBe(false);
    }
  });
});
