// Issue 13 item 1, no seat artefacts in `smart`: ties are broken and votes and nominations drawn from
// each seat's own stream (G10), so no seat is favoured across games and players who see the same
// evidence do not act as one; the mafia's bloc (a parameter) still votes as one.
import { describe, expect, it } from 'vitest';
import { createRng } from '../src/rng.js';
import { runBatch } from '../src/runner/batch.js';
import { playJobGame } from '../src/runner/job.js';
import { wilson } from '../src/stats/intervals.js';
import { best, soft } from '../strategies/smart/choose.js';
import { makeJob } from './helpers/job.js';

/** How often each option is drawn in `draws` draws from one seeded stream. */
function counts(draw: () => number, draws: number): Map<number, number> {
  const seen = new Map<number, number>();
  for (let i = 0; i < draws; i++) {
    const d = draw();
    seen.set(d, (seen.get(d) ?? 0) + 1);
  }
  return seen;
}

/** The count lies in the Wilson 95% interval's reach of p: p is inside the count's interval. */
function consistent(count: number, n: number, p: number): boolean {
  const w = wilson(count, n);
  return w.low <= p && p <= w.high;
}

describe('smart choices', () => {
  const options = [2, 3, 4, 5];
  const score = [0, 0, 1, 0, 0, 0.5, 0];

  it('G10 a vote is drawn with chance ∝ exp(suspicion / temperature) from the seat’s stream', () => {
    const rng = createRng('soft');
    const n = 20_000;
    const seen = counts(() => soft(options, score, 0.5, rng), n);
    const w = [Math.exp(2), Math.exp(0), Math.exp(0), Math.exp(1)]; // seats 2, 3, 4, 5
    const sum = w.reduce((a, b) => a + b, 0);
    options.forEach((s, i) => expect(consistent(seen.get(s) ?? 0, n, w[i] / sum), `seat ${s}`).toBe(true));
    // A skipped seat (an ally) and a score of -Infinity are never drawn.
    const skip = [0, 0, 0, 1, 0, 0, 0];
    const minus = [0, 0, 0, 0, -Infinity, 0, 0];
    const rest = counts(() => soft(options, minus, 0.5, rng, skip), 2000);
    expect([...rest.keys()].sort()).toEqual([2, 5]);
  });

  it('G10 temperature 0 takes the top suspect; equal suspicions are broken uniformly at random', () => {
    const rng = createRng('best');
    expect([...counts(() => soft(options, score, 0, rng), 500).keys()]).toEqual([2]);
    const n = 12_000;
    const flat = [0, 0, 0.2, 0.2 + 1e-12, 0.2, 0.2, 0];
    const seen = counts(() => best(options, flat, rng), n);
    for (const s of options) expect(consistent(seen.get(s) ?? 0, n, 1 / 4), `seat ${s}`).toBe(true);
    // A very high temperature spreads the votes evenly whatever the suspicions.
    const hot = counts(() => soft(options, score, 1e6, rng), n);
    for (const s of options) expect(consistent(hot.get(s) ?? 0, n, 1 / 4), `seat ${s}`).toBe(true);
  });
});

/*
 * The targets of issue 13 on fixed seeds: no seat's day-1 elimination rate above twice the table's mean,
 * every seat's survival within 5 points of the mean. A seat fails only when its Wilson 95% interval lies
 * wholly beyond the bound: under the old per-seat hash seat 5 left on day 1 in 70% (Ukrainian) and
 * 100% (club-12) of games, far outside; measured on 10,000 games the worst seat is 1.4× and 3.6 points
 * (docs/strategies.md).
 */
describe.each([
  ['ukrainian', 1500],
  ['club-12', 1000],
])('smart vs smart on %s', (setup, games) => {
  it('G9 no seat artefacts: day-1 eliminations and survival do not depend on the seat number', () => {
    const tally = runBatch(makeJob(setup, [], '13', ['smart']), { from: 0, to: games });
    expect(tally.failed).toBe(0);
    expect(tally.illegalDecisions).toBe(0);
    const seats = tally.seats;
    const meanOut = seats.reduce((a, s) => a + s.outDay1, 0) / (seats.length * games);
    const meanSurvival = seats.reduce((a, s) => a + s.survived, 0) / (seats.length * games);
    expect(meanOut).toBeGreaterThan(0.03); // somebody does leave on day 1
    seats.forEach((s, i) => {
      expect(wilson(s.outDay1, games).low, `seat ${i + 1} day-1 eliminations`).toBeLessThan(2 * meanOut);
      const w = wilson(s.survived, games);
      expect(w.low, `seat ${i + 1} survival`).toBeLessThan(meanSurvival + 0.05);
      expect(w.high, `seat ${i + 1} survival`).toBeGreaterThan(meanSurvival - 0.05);
    });
  });
});

describe('the mafia bloc (smart parameter bloc)', () => {
  /** Vote rounds (Ukrainian) in which the living black team's votes went to more than one seat, of those where one went to a town player. */
  function split(spec: string): { rounds: number; split: number } {
    const job = makeJob('ukrainian', [], '29', [spec]);
    let rounds = 0;
    let splitRounds = 0;
    for (let k = 0; k < 150; k++) {
      const log = playJobGame(job, k, { keepLog: true }).log!;
      const deal = log.find((e) => e.t === 'deal');
      const roles = deal && deal.t === 'deal' ? deal.roles : [];
      const black = (s: number) => ['mafia', 'don', 'courtesan'].includes(roles[s - 1]);
      let phase = 0;
      const byRound = new Map<string, number[]>();
      for (const e of log) {
        if (e.t === 'phase') phase++;
        if (e.t === 'vote' && black(e.seat)) {
          const key = `${phase}/${e.round}`;
          byRound.set(key, [...(byRound.get(key) ?? []), e.target]);
        }
      }
      for (const targets of byRound.values()) {
        if (targets.length < 2 || targets.every(black)) continue;
        rounds++;
        if (new Set(targets).size > 1) splitRounds++;
      }
    }
    return { rounds, split: splitRounds };
  }

  it('votes as one with bloc=true (the default), and apart with bloc=false', () => {
    // smart's own defaults (tuned=false): a setup's tuned values (a day-1 fake claim, say) move the votes too.
    const bloc = split('smart:tuned=false');
    expect(bloc.rounds).toBeGreaterThan(100);
    // The votes come one by one and the public reading moves with them (a vote against a settled colour
    // is a tell), so an early member may rarely see another ranking than a later one; never more.
    expect(bloc.split / bloc.rounds).toBeLessThan(0.02);
    const apart = split('smart:tuned=false,bloc=false');
    expect(apart.rounds).toBeGreaterThan(100);
    expect(apart.split / apart.rounds).toBeGreaterThan(0.1);
  });
});
