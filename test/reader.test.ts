// The reasoning reader (strategies/smart/posterior.ts): a posterior over every mafia team of the table,
// read from the public record by likelihoods measured from play (strategies/smart/likelihoods.ts). Hand-
// built tables check what it concludes; seeded games check that it is exact, that it reads the public
// record alone, and that the measurement reads what the reader reads.
import { describe, expect, it } from 'vitest';
import { readGame } from '../src/equilibrium/likelihoods.js';
import type { GameEvent, Statement } from '../src/model/events.js';
import { playJobGame } from '../src/runner/job.js';
import { PAIR_KINDS, SEAT_CELLS, bit } from '../strategies/smart/acts.js';
import { Counts, fit, Likelihoods, likelihoodsFor, reportKey } from '../strategies/smart/likelihoods.js';
import { Belief } from '../strategies/smart/belief.js';
import { Posterior, teamCount } from '../strategies/smart/posterior.js';
import { createRng } from '../src/rng.js';
import type { DecisionRequest } from '../src/strategy/types.js';
import { smart } from '../strategies/smart.js';
import { cli } from './helpers/cli.js';
import { makeJob } from './helpers/job.js';
import { scene, UKRAINIAN } from './helpers/scene.js';

const phase = (p: 'day' | 'night', n: number): GameEvent => ({ t: 'phase', phase: p, n });
const speech = (seat: number, ...statements: Statement[]): GameEvent => ({ t: 'speech', seat, statements });
const claim: Statement = { type: 'claim', role: 'commissar' };

const shipped = likelihoodsFor('ukrainian', 12)!;
const job = makeJob('ukrainian', [], '5', ['town=smart:reader=posterior']);

/** What a seat knows for certain: +1 black, -1 red per seat (index 0 unused). */
function known(colours: Record<number, number>): number[] {
  return Array.from({ length: 13 }, (_, s) => colours[s] ?? 0);
}

function posterior(log: GameEvent[]): Posterior {
  const p = new Posterior(scene({ roles: UKRAINIAN, day: 2, log }).view(4).publicRecord, shipped.model);
  p.update();
  p.pass();
  return p;
}

describe('the reasoning reader', () => {
  it('enumerates every mafia team of a Ukrainian table (U1: 4 black seats of 12)', () => {
    expect(teamCount(12, 4)).toBe(495);
    const p = posterior([phase('night', 0)]);
    expect(p.black).toBe(4);
    expect(p.oneInvestigator).toBe(true);
    // No act read yet: every seat is black with the team's share of the seats.
    for (let s = 1; s <= 12; s++) expect(p.pBlack[s]).toBeCloseTo(4 / 12, 12);
  });

  it('U9.2: the note makes its author the investigator and its target certain', () => {
    const p = posterior([phase('night', 0), phase('day', 1), phase('night', 1), { t: 'noteAnnounced', seat: 1, target: 9, result: 'black' }, phase('day', 2)]);
    expect(p.pBlack[9]).toBeCloseTo(1, 9);
    expect(p.pBlack[1]).toBe(0);
    const b = new Belief(p, 4, false);
    b.refresh(known({ 1: -1, 4: -1, 9: 1 }));
    expect(b.trust(1)).toBeCloseTo(1, 9);
    expect(b.colour[9]).toBe(1);
  });

  it('a lone day-1 claimant is believed, and a second claimant of the same day is doubted by the numbers', () => {
    const one = posterior([phase('night', 0), phase('day', 1), speech(1, claim), speech(2), phase('night', 1), phase('day', 2)]);
    const b = new Belief(one, 4, false);
    b.refresh(known({ 4: -1 }));
    expect(b.trust(1)).toBeGreaterThan(0.8);
    const two = posterior([phase('night', 0), phase('day', 1), speech(1, claim), speech(10, claim), phase('night', 1), phase('day', 2)]);
    const c = new Belief(two, 4, false);
    c.refresh(known({ 4: -1 }));
    expect(c.trust(1) + c.trust(10)).toBeLessThanOrEqual(1 + 1e-9);
    expect(c.blackChance(10)).toBeGreaterThan(4 / 12); // a counter-claimant is more likely black than anyone
    expect(c.blackChance(1)).toBeGreaterThan(4 / 12);
  });

  it('G7: the belief is read from the public record alone, the same whether read event by event or at once', () => {
    const g = playJobGame(job, 3, { keepLog: true });
    // (closed by a phase: a sitting's votes are read when the next sitting begins)
    const events = [...g.publicRecord(false).events(), phase('night', 99)];
    const log: GameEvent[] = [];
    const live = new Posterior(scene({ roles: UKRAINIAN, day: 1, log }).view(4).publicRecord, shipped.model);
    for (const e of events) {
      log.push(e);
      live.update();
      live.pass();
    }
    const once = posterior(events);
    for (let s = 1; s <= 12; s++) expect(live.pBlack[s]).toBeCloseTo(once.pBlack[s], 12);
    // (a Posterior is made from a PublicRecord: it has no way to a seat's private events)
    expect(Object.keys(live)).not.toContain('view');
  });

  it("a plain red's belief, worked out from the table's pair chances, is the full conditioning on his colour", () => {
    for (const k of [0, 1, 2]) {
      const g = playJobGame(job, k, { keepLog: true });
      const p = posterior([...g.publicRecord(false).events()]);
      for (const me of [2, 4, 7]) {
        const quick = [new Float64Array(13), new Float64Array(13)];
        const full = [new Float64Array(13), new Float64Array(13)];
        p.conditionedOnRed(me, quick[0], quick[1]);
        p.conditioned(p.publicRedBits | bit(me), 0, 0, full[0], full[1]);
        let sum = 0;
        for (let s = 1; s <= 12; s++) {
          expect(quick[0][s]).toBeCloseTo(full[0][s], 8);
          expect(quick[1][s]).toBeCloseTo(full[1][s], 8);
          sum += full[0][s];
        }
        expect(sum).toBeCloseTo(4, 9); // four black seats, whatever the record
      }
    }
  });
});

describe('the likelihoods, measured from play', () => {
  it('count every act of a game with its actor’s true class', () => {
    const counts = new Counts();
    for (let k = 0; k < 50; k++) readGame(playJobGame(job, k, { keepLog: true }), counts);
    expect(counts.games).toBe(50);
    // The mafia never nominate one of their own under smart's bloc (they skip allies): black→black is rare.
    const nominate = PAIR_KINDS.indexOf('nominate') * 4;
    expect(counts.pairSeen[nominate + 3]).toBeLessThan(0.05 * counts.pairSeen[nominate + 2]);
    // Each night's living seats either died or lived through it: the two cells count every seat-night.
    const died = SEAT_CELLS.indexOf('died at night') * 3;
    const lived = SEAT_CELLS.indexOf('lived the night') * 3;
    const seatNights = [0, 1, 2].reduce((n, x) => n + counts.seatSeen[died + x] + counts.seatSeen[lived + x], 0);
    expect(seatNights).toBeGreaterThan(50 * 8);
  });

  it("U9: an investigator's report is true unless play shows otherwise; a class never seen acting reads as the table's average", () => {
    const t = fit(new Counts());
    const inv = 1;
    expect(Math.exp(t.report[reportKey(0, 0)][inv])).toBeGreaterThan(0.99); // red on a red: true
    expect(Math.exp(t.report[reportKey(1, 0)][inv])).toBeLessThan(0.001); // black on a red: a lie
    const counts = new Counts();
    counts.seatSeen[SEAT_CELLS.indexOf('claim day 2 alone') * 3 + 0] = 10; // blacks claim on day 2 alone…
    counts.seatSeen[SEAT_CELLS.indexOf('quiet day 2 alone') * 3 + 0] = 90;
    counts.seatSeen[SEAT_CELLS.indexOf('quiet day 2 alone') * 3 + 2] = 1000; // …reds never; no investigator seen
    const seat = fit(counts).seat['claim day 2 alone'];
    expect(Math.exp(seat[1])).toBeCloseTo((10 + 0.5) / (1100 + 1), 3); // the investigator: the pooled rate
    expect(() => new Likelihoods({ ...t, seat: { ...t.seat, 'died at night': [0, 0] } })).toThrow(/died at night/);
  });

  it('mafia-sim likelihoods prints what it measured and the command; --json is an entry the reader reads', () => {
    const r = cli(['likelihoods', '--games', '60', '--no-progress']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Likelihoods of the public acts: ukrainian (12 players), 60 games');
    expect(r.stdout).toContain('  mafia-sim likelihoods --setup ukrainian --games 60 --seed 1');
    for (const line of r.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    const j = cli(['likelihoods', '--games', '60', '--json']);
    const entry = JSON.parse(j.stdout);
    expect(entry).toMatchObject({ rules: 'ukrainian', players: 12, games: 60 });
    expect(() => new Likelihoods(entry)).not.toThrow();
    const bad = cli(['likelihoods', '--games', 'many']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('the answers to a reader that counts blocs: bus and distance', () => {
  // Day 2: the lone commissar claimant (seat 1) reported seat 10 black; 10 and citizen 5 are on the block.
  const log: GameEvent[] = [phase('night', 0), phase('day', 1), speech(1, claim), phase('night', 1), phase('day', 2), speech(1, { type: 'check', seat: 10, result: 'black' })];
  const vote: DecisionRequest = { kind: 'vote', options: [10, 5], canPass: false, intent: null };
  const votes = (bus: number) =>
    Array.from({ length: 40 }, (_, k) => smart.withParams!({ tuned: false, bus }).createPlayer(11).decide(scene({ roles: UKRAINIAN, day: 2, log, nominees: [10, 5] }).view(11), vote, createRng(`bus/${k}`)));

  it('U2: a mafia member votes against the partner the table suspects most on the block, as often as bus says', () => {
    expect(votes(0).filter((v) => v === 10)).toHaveLength(0);
    expect(votes(1).every((v) => v === 10)).toBe(true);
    const half = votes(0.5).filter((v) => v === 10).length;
    expect(half).toBeGreaterThan(8); // binomial(40, 0.5): 8…32 holds with probability > 0.9999
    expect(half).toBeLessThan(32);
  });

  it('U3: a mafia member nominates the partner the table suspects most, as often as distance says; never one nobody suspects', () => {
    const nominate: DecisionRequest = { kind: 'nominate', options: [2, 3, 4, 5, 6, 7, 8, 9, 10, 12], canPass: true, intent: null };
    const picks = (distance: number, at: GameEvent[]) =>
      Array.from({ length: 40 }, (_, k) => smart.withParams!({ tuned: false, distance }).createPlayer(11).decide(scene({ roles: UKRAINIAN, day: 2, log: at }).view(11), nominate, createRng(`distance/${k}`)));
    expect(picks(1, log).every((v) => v === 10)).toBe(true);
    expect(picks(0, log).filter((v) => v === 9 || v === 10 || v === 12)).toHaveLength(0);
    // Nobody suspects a partner (no report yet): distance names none.
    const quiet = log.slice(0, -1);
    expect(picks(1, quiet).filter((v) => v === 9 || v === 10 || v === 12)).toHaveLength(0);
  });
});
