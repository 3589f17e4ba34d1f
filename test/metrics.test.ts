// Behaviour metrics (`run --metrics`, src/stats/metrics.ts): exact counts on a hand-built game record,
// the labels of the strategies, and counts that add up over halves, threads (plain data) and shards.
import { describe, expect, it } from 'vitest';
import type { Game } from '../src/engine/game.js';
import type { Elimination, GameEvent } from '../src/model/events.js';
import type { RoleDef } from '../src/model/roles.js';
import { buildReport, tallyFromReport } from '../src/report/report.js';
import { mergeRuns } from '../src/report/merge.js';
import { runBatch } from '../src/runner/batch.js';
import { ROLES } from '../src/rules/catalogue.js';
import { clusteredRatio, wilson } from '../src/stats/intervals.js';
import { Metrics } from '../src/stats/metrics.js';
import { Tally } from '../src/stats/tally.js';
import { parseStrategies, strategyLabelFor } from '../src/strategy/registry.js';
import { makeJob } from './helpers/job.js';
import { metricsRows } from '../src/report/metrics.js';
import { loadSetup } from '../src/setup/load.js';
import { runTournament } from '../src/tournament/tournament.js';
import { cli } from './helpers/cli.js';

const role = (id: string): RoleDef => ROLES.get(id)!;

/**
 * Six seats: 1 commissar, 2 doctor, 3–4 citizens, 5 don, 6 mafia. Day 1: the commissar claims and
 * reports the don black (true); the mafia member claims commissar and reports the commissar black
 * (false). Night 1 the doctor heals the commissar, who is attacked (saved); night 2 the doctor heals
 * himself, nobody is saved, and the mafia kill the commissar. Seat 4 made two illegal decisions.
 */
function handGame(): Game {
  const roles = [role('citizen'), role('commissar'), role('doctor'), role('citizen'), role('citizen'), role('don'), role('mafia')];
  const vote = (seat: number, target: number, round = 1): GameEvent => ({ t: 'vote', seat, target, round });
  const log: GameEvent[] = [
    { t: 'phase', phase: 'night', n: 0 },
    { t: 'phase', phase: 'day', n: 1 },
    { t: 'speech', seat: 1, statements: [{ type: 'claim', role: 'commissar' }, { type: 'check', seat: 5, result: 'black' }] },
    { t: 'speech', seat: 3, statements: [{ type: 'accuse', seat: 6 }] },
    { t: 'speech', seat: 6, statements: [{ type: 'claim', role: 'commissar' }, { type: 'check', seat: 1, result: 'black' }] },
    vote(1, 5), vote(2, 5), vote(3, 1), vote(4, 6), vote(5, 1), vote(6, 5),
    { t: 'phase', phase: 'night', n: 1 },
    { t: 'action', kind: 'heal', seat: 2, target: 1, to: [2] },
    { t: 'saved', seat: 1, by: 'doctor', to: [] },
    { t: 'phase', phase: 'day', n: 2 },
    vote(1, 6), vote(3, 6), vote(6, 3),
    { t: 'phase', phase: 'night', n: 2 },
    { t: 'action', kind: 'heal', seat: 2, target: 2, to: [2] },
    { t: 'died', seat: 1 },
    { t: 'phase', phase: 'day', n: 3 },
  ];
  const eliminations: Elimination[] = [{ seat: 1, cause: 'mafia', phase: 'night', n: 2, day: 3 }];
  return { n: 6, roles, log, eliminations, illegalBySeat: [0, 0, 0, 0, 2, 0, 0] } as unknown as Game;
}

const label = (r: RoleDef) => (r.team === 'mafia' ? 'smart:fakeClaim=1' : 'smart');

describe('behaviour metrics', () => {
  it('count a hand-checked game exactly, per side and strategy', () => {
    const m = new Metrics();
    m.add(handGame(), label);
    const [town, mafia] = m.toJSON();
    expect([town.side, town.strategy, town.seatGames]).toEqual(['town', 'smart', 4]);
    expect([mafia.side, mafia.strategy, mafia.seatGames]).toEqual(['mafia', 'smart:fakeClaim=1', 2]);
    const pair = (r: { count: number; of: number }) => [r.count, r.of];
    // Town votes: 1→5, 2→5, 3→1, 4→6, then 1→6, 3→6: five on black, one on the town.
    expect(pair(town.ratios.votesOnBlack)).toEqual([5, 6]);
    expect(town.ratios.votesOnBlack).toMatchObject({ games: 1, xx: 25, xn: 30, nn: 36 });
    expect(pair(town.ratios.votesOnAllies)).toEqual([1, 6]);
    expect(pair(town.ratios.investigatorsClaimed)).toEqual([1, 1]);
    expect(town.claimDay).toEqual([[1, 1]]);
    expect(pair(town.ratios.fakeClaims)).toEqual([0, 3]);
    expect(pair(town.ratios.reportsTrue)).toEqual([1, 1]);
    expect(pair(town.ratios.saves)).toEqual([1, 2]);
    expect(pair(town.ratios.illegal)).toEqual([1, 4]);
    expect(town.illegalDecisions).toBe(2);
    expect(pair(town.ratios.killsOnClaimants)).toEqual([0, 0]);
    // Mafia votes: 5→1, 6→5 (an ally), 6→3.
    expect(pair(mafia.ratios.votesOnBlack)).toEqual([1, 3]);
    expect(pair(mafia.ratios.votesOnAllies)).toEqual([1, 3]);
    expect(pair(mafia.ratios.fakeClaims)).toEqual([1, 2]);
    expect(pair(mafia.ratios.reportsTrue)).toEqual([0, 1]);
    // The kill of night 2 hit the commissar, revealed on day 1.
    expect(pair(mafia.ratios.killsOnClaimants)).toEqual([1, 1]);
    expect(pair(mafia.ratios.investigatorsClaimed)).toEqual([0, 0]);
    expect(mafia.illegalDecisions).toBe(0);
  });

  it('name the spec that plays each role, without its WHO= part', () => {
    const a = parseStrategies(['smart', 'mafia=random', 'doctor=smart:selfHeal=0']);
    expect(strategyLabelFor(a, role('citizen'))).toBe('smart');
    expect(strategyLabelFor(a, role('don'))).toBe('random');
    expect(strategyLabelFor(a, role('doctor'))).toBe('smart:selfHeal=0');
    expect(strategyLabelFor(parseStrategies([]), role('doctor'))).toBe('smart'); // the default (issue 13, item 5)
  });

  it('a clustered interval counts games, not votes, when a game\'s votes go together', () => {
    const plain = clusteredRatio({ count: 700, of: 1000, games: 1000, xx: 700, xn: 700, nn: 1000 }); // 1,000 games of one vote
    // 100 games of 10 votes: in 70 all ten on black, in 30 none. About as much as 100 votes.
    const together = clusteredRatio({ count: 700, of: 1000, games: 100, xx: 70 * 100, xn: 70 * 100, nn: 100 * 100 });
    expect(together.low).toBeLessThan(0.7);
    expect(together.high).toBeGreaterThan(0.7);
    expect(together.high - together.low).toBeGreaterThan(2.5 * (plain.high - plain.low));
    expect(together.high - together.low).toBeCloseTo(wilson(70, 100).high - wilson(70, 100).low, 2);
    // Seven of ten in every game: no spread says nothing, so the games are the trials (the cautious choice).
    expect(clusteredRatio({ count: 700, of: 1000, games: 100, xx: 100 * 49, xn: 100 * 70, nn: 100 * 100 })).toEqual(wilson(70, 100));
    expect(clusteredRatio({ count: 0, of: 0, games: 0, xx: 0, xn: 0, nn: 0 })).toEqual({ low: 0, high: 1 });
  });

  for (const setup of ['ukrainian', 'club-12']) {
    it(`two halves merged equal the whole; the plain data and the report give the same counts back (${setup})`, () => {
      const job = makeJob(setup, [], '5', ['smart']);
      const whole = runBatch(job, { from: 0, to: 60, metrics: true });
      const first = runBatch(job, { from: 0, to: 25, metrics: true });
      first.merge(runBatch(job, { from: 25, to: 60, metrics: true }));
      expect(first.metrics!.toJSON()).toEqual(whole.metrics!.toJSON());
      // What a worker thread posts back, and what merge reads from a report.
      expect(Tally.fromJSON(whole.toJSON()).metrics!.toJSON()).toEqual(whole.metrics!.toJSON());
      const report = buildReport(job, whole, { first: 0, end: 60, partial: false });
      expect(tallyFromReport(report).metrics!.toJSON()).toEqual(whole.metrics!.toJSON());
      const town = whole.metrics!.toJSON()[0];
      expect(town.ratios.votesOnBlack.of).toBeGreaterThan(0);
      expect(town.ratios.reportsTrue.count).toBe(town.ratios.reportsTrue.of); // smart's investigators report the truth
      // Without --metrics nothing is counted, and the report has no metrics field.
      expect(runBatch(job, { from: 0, to: 5 }).metrics).toBeNull();
    });
  }

  it('run --metrics: shards merge into the single run, and worker threads give the same JSON', () => {
    const base = ['run', '--setup', 'ukrainian', '--strategy', 'smart', '--games', '300', '--seed', '3', '--metrics', '--json', '--no-progress'];
    const one = JSON.parse(cli([...base, '--workers', '1']).stdout);
    const two = JSON.parse(cli([...base, '--workers', '2']).stdout);
    expect(two.metrics).toEqual(one.metrics);
    expect(one.metrics.map((r: { side: string }) => r.side)).toEqual(['town', 'mafia']);
    const a = JSON.parse(cli([...base, '--workers', '1', '--shard', '1/2']).stdout);
    const b = JSON.parse(cli([...base, '--workers', '1', '--shard', '2/2']).stdout);
    const merged = mergeRuns([{ file: 'a', report: a }, { file: 'b', report: b }]);
    expect(merged.metrics).toEqual(one.metrics);
    const plain = JSON.parse(cli([...base.filter((x) => x !== '--metrics'), '--workers', '1', '--shard', '2/2']).stdout);
    expect(() => mergeRuns([{ file: 'a.json', report: a }, { file: 'c.json', report: plain }])).toThrow(/a\.json has behaviour metrics \(run --metrics\) and c\.json does not/);
  });

  it('tournament --metrics: each pairing has the rows a run of that pairing has', async () => {
    const t = await runTournament({ setupArg: 'ukrainian', overrides: [], setup: loadSetup('ukrainian', []), strategies: ['random', 'smart'], games: 40, seed: '4', workers: 1, metrics: true });
    const last = t.pairings[3];
    expect([last.town, last.mafia]).toEqual(['smart', 'smart']);
    const run = runBatch(makeJob('ukrainian', [], '4', ['town=smart', 'mafia=smart']), { from: 0, to: 40, metrics: true });
    expect(last.metrics).toEqual(metricsRows(run.metrics!));
    expect(t.pairings[1].metrics!.map((r) => `${r.side} ${r.strategy}`)).toEqual(['town random', 'mafia smart']);
    const plain = await runTournament({ setupArg: 'ukrainian', overrides: [], setup: loadSetup('ukrainian', []), strategies: ['random'], games: 5, seed: '4', workers: 1 });
    expect(plain.pairings[0].metrics).toBeUndefined();
  });
});
