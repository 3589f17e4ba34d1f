// smart's reading of claims (issue 13, item 2): hand-built tables asserting what a seat believes, says and
// votes, and over seeded games how often the absurd reads the issue lists still happen.
import { describe, expect, it } from 'vitest';
import type { GameEvent, Statement } from '../src/model/events.js';
import { createRng, type Rng } from '../src/rng.js';
import { playJobGame } from '../src/runner/job.js';
import { wilson } from '../src/stats/intervals.js';
import type { DecisionRequest } from '../src/strategy/types.js';
import { smart } from '../strategies/smart.js';
import { Mind } from '../strategies/smart/mind.js';
import { tableOf } from '../strategies/smart/table.js';
import type { ReadRules } from '../strategies/smart/reading.js';
import { makeJob } from './helpers/job.js';
import { countReads, emptyReads } from './helpers/reads.js';
import { scene, UKRAINIAN, type SceneSpec } from './helpers/scene.js';

const phase = (p: 'day' | 'night', n: number): GameEvent => ({ t: 'phase', phase: p, n });
const speech = (seat: number, ...statements: Statement[]): GameEvent => ({ t: 'speech', seat, statements });
const claim = (role = 'commissar'): Statement => ({ type: 'claim', role });
const report = (seat: number, result: 'black' | 'red'): Statement => ({ type: 'check', seat, result });
const died = (seat: number): GameEvent => ({ t: 'died', seat });
/** Day d's opening: the nights before it (night 0 the introduction), then the day. */
const upTo = (day: number): GameEvent[] => {
  const out: GameEvent[] = [phase('night', 0)];
  for (let d = 1; d <= day; d++) {
    if (d > 1) out.push(phase('night', d - 1));
    out.push(phase('day', d));
  }
  return out;
};

function mindOf(spec: SceneSpec, seat: number, rules?: ReadRules): Mind {
  const view = scene(spec).view(seat);
  const m = new Mind(view, rules);
  m.update(view);
  return m;
}

/** How often a fresh smart seat picks each option over `tries` seeded draws. */
function choices(spec: SceneSpec, seat: number, req: DecisionRequest, tries = 200): Map<number | null, number> {
  const out = new Map<number | null, number>();
  for (let k = 0; k < tries; k++) {
    const s = scene(spec);
    const d = smart.createPlayer(seat).decide(s.view(seat), req, createRng(`reading/${k}`)) ?? null;
    out.set(d, (out.get(d) ?? 0) + 1);
  }
  return out;
}

const vote = (options: number[]): DecisionRequest => ({ kind: 'vote', options, canPass: false, intent: null });

describe("smart's reading of claims (issue 13, item 2)", () => {
  it('U2 a check report that no night could have produced (day 1: night 0 is the introduction) makes its author a liar, and moves nobody', () => {
    const day1: SceneSpec = { roles: UKRAINIAN, day: 1, log: [...upTo(1), speech(10, claim(), report(5, 'black'))] };
    const m = mindOf(day1, 4);
    expect(m.trust(10, true)).toBe(0);
    expect(tableOf(scene(day1).view(4).publicRecord).liar[10]).toBe(1);
    const sus = m.suspicion(true);
    expect(sus[5]).toBeLessThanOrEqual(sus[6]); // #5 no more suspect than any other citizen
    // The same report after night 1 fits: an unrivalled claimant is believed.
    const day2: SceneSpec = { roles: UKRAINIAN, day: 2, log: [...upTo(2), speech(10, claim(), report(5, 'black'))] };
    const later = mindOf(day2, 4);
    expect(later.trust(10, true)).toBe(0.85);
    expect(later.suspicion(true)[5]).toBeGreaterThan(2);
    // Two reports after one night do not fit.
    const two: SceneSpec = { roles: UKRAINIAN, day: 2, log: [...upTo(2), speech(10, claim(), report(5, 'black'), report(6, 'red'))] };
    expect(mindOf(two, 4).trust(10, true)).toBe(0);
  });

  it('a claimant contradicted by a proven investigator, or by a certain colour, is a liar for the rest of the game', () => {
    // Shot alone where a maniac also kills, a claimant is trusted but not proven: his rival is not a liar for it.
    const alone: GameEvent[] = [...upTo(2), speech(1, claim(), report(5, 'red')), phase('night', 2), died(1), phase('day', 3), speech(10, claim(), report(5, 'black'))];
    const maybe = mindOf({ roles: UKRAINIAN, day: 3, log: alone }, 4);
    expect(maybe.trust(1, true)).toBeGreaterThanOrEqual(0.85);
    expect(maybe.trust(10, true)).toBeGreaterThan(0);
    // #1 (the commissar) reports #5 red on day 2 and is shot that night with #7: of two victims the revealed
    // investigator is the mafia's (the maniac's victim may be a liar), so proven. #10 then reports #5 black.
    const log: GameEvent[] = [...upTo(2), speech(1, claim(), report(5, 'red')), phase('night', 2), died(1), died(7), phase('day', 3), speech(10, claim(), report(5, 'black'))];
    const m = mindOf({ roles: UKRAINIAN, day: 3, log }, 4);
    expect(m.trust(1, true)).toBeGreaterThanOrEqual(0.85);
    expect(m.trust(10, true)).toBe(0);
    // Days later, with nothing new against him, he is still one.
    const on = [...log, phase('night', 3), { t: 'noDeaths' } as GameEvent, phase('day', 4), speech(10, report(6, 'black'))];
    const still = mindOf({ roles: UKRAINIAN, day: 4, log: on }, 4);
    expect(still.trust(10, true)).toBe(0);
    expect(still.suspicion(true)[6]).toBeLessThan(1); // his later reports are not followed
    // A certain colour: the commissar's note (U9.2) shows #9 black; a claimant who reported #9 red lies.
    const note: GameEvent[] = [...upTo(2), speech(11, claim(), report(9, 'red')), phase('night', 2), died(1), { t: 'noteAnnounced', seat: 1, target: 9, result: 'black' }, phase('day', 3)];
    expect(mindOf({ roles: UKRAINIAN, day: 3, log: note }, 4).trust(11, true)).toBe(0);
  });

  it('a claimant who claims after a proven investigator is hardly believed (the town does not follow a fake commissar once the real one is shot)', () => {
    const log: GameEvent[] = [...upTo(2), speech(1, claim(), report(9, 'black')), phase('night', 2), died(1), phase('day', 3), speech(10, claim(), report(5, 'black'))];
    const m = mindOf({ roles: UKRAINIAN, day: 3, log }, 4);
    expect(m.trust(10, true)).toBeLessThanOrEqual(0.1);
    const sus = m.suspicion(true);
    expect(sus[9]).toBeGreaterThan(sus[5] + 2);
  });

  it('which of two claimants of one day spoke first tells nothing; a claim a day after a rival\'s counts for less', () => {
    // One day: the mafia choose which member claims, so a member who speaks early can always be first.
    const sameDay: GameEvent[] = [...upTo(2), speech(10, claim(), report(5, 'black')), speech(1, claim(), report(6, 'black'))];
    const m = mindOf({ roles: UKRAINIAN, day: 2, log: sameDay }, 4);
    expect([m.trust(10, true), m.trust(1, true)]).toEqual([0.4, 0.4]);
    // Neither is trusted: each report moves its target by 1.2 at most, and both alike.
    const sus = m.suspicion(true);
    expect(sus[5]).toBeLessThanOrEqual(1.2 + 1e-9);
    expect(sus[5]).toBeCloseTo(sus[6], 9);
    // A day apart: the real investigator reveals on his day, the later claim is most often the answer;
    // the earlier claimant keeps a lone claimant's trust.
    const dayApart: GameEvent[] = [...upTo(1), speech(10, claim()), phase('night', 1), phase('day', 2), speech(1, claim(), report(6, 'black'))];
    const later = mindOf({ roles: UKRAINIAN, day: 2, log: dayApart }, 4);
    expect([later.trust(10, true), later.trust(1, true)]).toEqual([0.85, 0.1]);
  });

  it('a claim made only once a rival reported the claimant black is read as a counter-claim, whichever seat speaks first', () => {
    // #10 reports #1 black, then #1 claims too (and reports #10 black): #1 answered a report on himself.
    for (const [accuser, accused] of [[10, 1], [1, 10]]) {
      const log: GameEvent[] = [...upTo(2), speech(accuser, claim(), report(accused, 'black')), speech(accused, claim(), report(accuser, 'black'))];
      const m = mindOf({ roles: UKRAINIAN, day: 2, log }, 4);
      // The counter-claim is no rival of the claimant it answers: he keeps a lone claimant's trust.
      expect(m.trust(accuser, true)).toBe(0.85);
      expect(m.trust(accused, true)).toBe(0.3);
      const sus = m.suspicion(true);
      expect(sus[accused]).toBeGreaterThan(sus[accuser]);
    }
    // Claimed first and reported black only afterwards, he answered nothing: as any two claims of a day.
    const log: GameEvent[] = [...upTo(2), speech(1, claim(), report(6, 'red')), speech(10, claim(), report(1, 'black'))];
    const m = mindOf({ roles: UKRAINIAN, day: 2, log }, 4);
    expect([m.trust(1, true), m.trust(10, true)]).toEqual([0.4, 0.4]);
  });

  it('a counter-claim vouches only for the rival it answered: a third claimant gains nothing by it', () => {
    // #1 claims first and reports #10 black; #10 answers with a counter-claim; #7 claims third and reports #1 black.
    const log: GameEvent[] = [
      ...upTo(2),
      speech(1, claim(), report(10, 'black')),
      speech(10, claim(), report(1, 'black')),
      speech(7, claim(), report(1, 'black')),
    ];
    const m = mindOf({ roles: UKRAINIAN, day: 2, log }, 4);
    expect(m.trust(10, true)).toBe(0.3); // the counter-claim
    expect(m.trust(1, true)).toBe(0.5); // the claimant it answered, with one rival of his day left
    expect(m.trust(7, true)).toBe(0.4); // a claimant of the same day, answered by nobody
  });

  it('U3.6 a commissar reported black answers at once: his next speech claims, reports and accuses the liar — a defence speech too', () => {
    const log: GameEvent[] = [...upTo(2), { t: 'check', seat: 1, target: 6, result: 'red', to: [1] }, speech(10, claim(), report(1, 'black'))];
    for (const kind of ['speech', 'defence'] as const) {
      const s = scene({ roles: UKRAINIAN, day: 2, log });
      const said = smart.createPlayer(1).speak!(s.view(1), kind, createRng('answer'));
      expect(said).toContainEqual(claim('commissar'));
      expect(said).toContainEqual(report(6, 'red'));
      expect(said).toContainEqual({ type: 'accuse', seat: 10 });
    }
    // Not reported, with only a red check, he keeps quiet on day 2 (revealBlacks=1, revealDay=4).
    const quiet = [...upTo(2), { t: 'check', seat: 1, target: 6, result: 'red', to: [1] } as GameEvent];
    const said = smart.createPlayer(1).speak!(scene({ roles: UKRAINIAN, day: 2, log: quiet }).view(1), 'speech', createRng('answer'));
    expect(said.some((st) => st.type === 'claim')).toBe(false);
  });

  it('a mafia counter-claim on day 1 claims without a "check" no night could have produced', () => {
    const log: GameEvent[] = [...upTo(1), { t: 'team', seats: [9, 10, 11, 12], to: [9, 10, 11, 12] }, speech(1, claim(), report(10, 'black'))];
    const always: Rng = { ...createRng('x'), chance: () => true };
    const said = smart.createPlayer(10).speak!(scene({ roles: UKRAINIAN, day: 1, log }).view(10), 'speech', always);
    expect(said).toContainEqual(claim('commissar'));
    expect(said.some((st) => st.type === 'check')).toBe(false);
    expect(said).toContainEqual({ type: 'accuse', seat: 1 });
  });

  it('night deaths are read knowing a maniac may have made them: one of two victims, or a lone one, counts for less than where only the mafia kill', () => {
    // #4 accused #5 and #6 on day 1; both die in night 1.
    const log: GameEvent[] = [...upTo(1), speech(4, { type: 'accuse', seat: 5 }, { type: 'accuse', seat: 6 }), phase('night', 1), died(5), died(6), phase('day', 2)];
    const withManiac = tableOf(scene({ roles: UKRAINIAN, day: 2, log }).view(7).publicRecord);
    expect([withManiac.nightWeight[5], withManiac.nightWeight[6]]).toEqual([0.5, 0.5]);
    const maniacSus4 = withManiac.pub.sus[4]; // (read now: tableOf starts the same Table on the next record)
    // The same table without a maniac (a citizen in his seat): the mafia made both deaths.
    const noManiac = UKRAINIAN.map((r) => (r === 'maniac' ? 'citizen' : r));
    const mafiaOnly = tableOf(scene({ roles: noManiac, day: 2, log }).view(7).publicRecord);
    expect(mafiaOnly.nightWeight[5]).toBe(1);
    expect(maniacSus4).toBeLessThan(mafiaOnly.pub.sus[4]); // accusing "probably red" victims tells less
    // A lone death; and of two deaths, the revealed commissar is the mafia's, the other most likely the maniac's.
    const lone = tableOf(scene({ roles: UKRAINIAN, day: 2, log: [...upTo(1), phase('night', 1), died(5), phase('day', 2)] }).view(7).publicRecord);
    expect(lone.nightWeight[5]).toBe(0.8);
    const pair = [...upTo(2), speech(1, claim(), report(9, 'black')), phase('night', 2), died(1), died(6), phase('day', 3)];
    const t = tableOf(scene({ roles: UKRAINIAN, day: 3, log: pair }).view(7).publicRecord);
    expect([t.nightWeight[1], t.nightWeight[6]]).toEqual([1, 0.3]);
  });

  it('a player reported red by a trusted investigator is not voted out, nor left the only nominee', () => {
    const log: GameEvent[] = [...upTo(2), speech(1, claim(), report(5, 'red')), { t: 'nominate', seat: 10, target: 5 }];
    const spec: SceneSpec = { roles: UKRAINIAN, day: 2, log, nominees: [5] };
    expect(mindOf(spec, 4).trust(1, true)).toBe(0.85);
    const votes = choices({ ...spec, nominees: [5, 6] }, 4, vote([5, 6]));
    expect(votes.get(5) ?? 0).toBe(0);
    // Only #5 nominated: a citizen with no suspect of his own nominates someone else.
    const noms = choices(spec, 4, { kind: 'nominate', options: [1, 2, 3, 6, 7, 8, 9, 10, 11, 12], canPass: true, intent: null }, 100);
    expect(noms.get(null) ?? 0).toBe(0);
    // With only the cleared player to vote on, the vote is still legal.
    expect(choices(spec, 4, vote([5]), 5).get(5)).toBe(5);
  });

  it("a town vote leans to a suspect already voted this round (three town players against one mafia do not split)", () => {
    // #9 and #10 are both suspects (accused by the shot #6); #7 and #8 already voted #9.
    const base: GameEvent[] = [...upTo(1), speech(6, { type: 'accuse', seat: 9 }, { type: 'accuse', seat: 10 }), phase('night', 1), died(6), phase('day', 2)];
    const open = choices({ roles: UKRAINIAN, day: 2, log: base }, 4, vote([9, 10]), 400);
    const voted = [...base, { t: 'vote', seat: 7, target: 9, round: 1 } as GameEvent, { t: 'vote', seat: 8, target: 9, round: 1 } as GameEvent];
    const after = choices({ roles: UKRAINIAN, day: 2, log: voted }, 4, vote([9, 10]), 400);
    // Equal suspects: about half each before; after two votes on #9, exp(0.6 / 0.25) ≈ 11 to 1 — at least 80%.
    expect(Math.abs((open.get(9) ?? 0) - 200)).toBeLessThan(60);
    expect(after.get(9) ?? 0).toBeGreaterThan(320);
  });
});

// smart's own defaults (tuned=false): a setup's tuned point may make a situation rare (a commissar who
// claims on day 1 is never reported black before he speaks), and these count how a situation is read.
describe("the end of a claim war, as the town's parameters survivor and deadReports read it", () => {
  // Day 2: the commissar (#1) and #10 both claim, each reporting the other's pick; the town votes #1 out.
  const voted = (seat: number): GameEvent => ({ t: 'eliminated', seat, cause: 'vote' });
  const war: GameEvent[] = [...upTo(2), speech(1, claim(), report(6, 'red')), speech(10, claim(), report(5, 'black')), voted(1), phase('night', 2), phase('day', 3)];
  const day3: SceneSpec = { roles: UKRAINIAN, day: 3, log: war };

  it('survivor=day reads the claimant left standing by the days of the claims; survivor=doubt takes him for the likelier liar', () => {
    expect(mindOf(day3, 4).trust(10, true)).toBe(0.4); // two claimants of one day
    const doubt = mindOf(day3, 4, { survivor: 'doubt', deadReports: 'count' });
    expect(doubt.trust(10, true)).toBe(0.1);
    expect(doubt.suspicion(true)[10]).toBeGreaterThan(mindOf(day3, 4).suspicion(true)[10]);
    // Only a rival the town voted out casts the doubt: before the vote both are read alike.
    const before: SceneSpec = { roles: UKRAINIAN, day: 2, log: war.slice(0, -3) };
    expect(mindOf(before, 4, { survivor: 'doubt', deadReports: 'count' }).trust(10, true)).toBe(0.4);
  });

  it("deadReports=drop: the reports of a claimant the town voted out weigh nothing; count keeps them at his trust", () => {
    // Now #10 is voted out and #1 stands: #10's black report on #5 counted (0.4 × 3) or dropped.
    const log: GameEvent[] = [...upTo(2), speech(1, claim(), report(6, 'red')), speech(10, claim(), report(5, 'black')), voted(10), phase('night', 2), phase('day', 3)];
    const spec: SceneSpec = { roles: UKRAINIAN, day: 3, log };
    const count = mindOf(spec, 4).suspicion(true);
    const drop = mindOf(spec, 4, { survivor: 'day', deadReports: 'drop' }).suspicion(true);
    expect(count[5] - drop[5]).toBeCloseTo(3 * 0.4, 9);
    expect(drop[5]).toBeCloseTo(drop[7], 9); // #5 no more suspect than a citizen nobody named
  });
});

describe('over seeded games (smart vs smart, its own defaults, seed 1)', () => {
  it('Ukrainian, 1,500 games: the town hardly votes a player a believed real investigator reported red; reports always fit the nights', () => {
    const job = makeJob('ukrainian', [], '1', ['smart:tuned=false']);
    const r = emptyReads();
    for (let k = 0; k < 1500; k++) countReads(playJobGame(job, k, { keepLog: true }), r);
    expect(r.townVotes).toBeGreaterThan(30_000);
    // Before item 2: 12 of 45,949 town votes in 2,000 games (0.026%); now 2 of 34,886. The upper 95% bound
    // is held below the old rate.
    expect(wilson(r.votesOnClearedRed, r.townVotes).high).toBeLessThan(12 / 45_949);
    expect(r.reportsBeforeAnyNight).toBe(0);
  });

  it('club-12, 1,000 games: a real investigator reported black never stays silent in his next speech', () => {
    const job = makeJob('club-12', [], '1', ['smart:tuned=false']);
    const r = emptyReads();
    for (let k = 0; k < 1000; k++) countReads(playJobGame(job, k, { keepLog: true }), r);
    // Before item 2: 59 of 242 stayed silent (2,000 games).
    expect(r.investigatorsReportedBlack).toBeGreaterThan(60);
    expect(r.silentAfterBlackReport).toBe(0);
  });

  /** The seats of a club game's mafia team (plain mafia and the boss), from its deal. */
  const clubMafia = (log: readonly GameEvent[]): number[] => {
    const deal = log.find((e) => e.t === 'deal');
    const roles = deal && deal.t === 'deal' ? deal.roles : [];
    return roles.flatMap((r, i) => (['mafia', 'boss'].includes(r) ? [i + 1] : []));
  };

  it('the mafia fake claimer is any member the team agrees on, not its lowest seat: on club-12 every rank among them claims about as often', () => {
    const job = makeJob('club-12', [], '5', ['smart:tuned=false', 'mafia=smart:tuned=false,fakeClaim=1,fakeClaimDay=1']);
    const games = 800;
    const byRank = [0, 0, 0, 0];
    let claims = 0;
    for (let k = 0; k < games; k++) {
      const log = playJobGame(job, k, { keepLog: true }).log!;
      const members = clubMafia(log);
      const first = log.find((e) => e.t === 'speech' && members.includes(e.seat) && e.statements.some((x) => x.type === 'claim'));
      if (!first || first.t !== 'speech') continue;
      claims++;
      byRank[members.indexOf(first.seat)]++;
    }
    expect(claims).toBeGreaterThan(games * 0.9); // fakeClaim=1: a member claims in (almost) every game
    // Four members (the boss is no don), so each rank about a quarter; the lowest seat was every claim before.
    for (let r = 0; r < 4; r++) {
      const w = wilson(byRank[r], claims);
      expect(w.low, `rank ${r + 1}`).toBeLessThan(0.25);
      expect(w.high, `rank ${r + 1}`).toBeGreaterThan(0.25);
    }
  });

  it('the deviation early-claimer (claimer=first): the member who speaks first on day 1 makes the claim, and he alone, in every game', () => {
    const job = makeJob('club-12', [], '5', ['smart:tuned=false', 'mafia=smart:tuned=false,fakeClaim=1,fakeClaimDay=1,counterClaim=0,claimer=first']);
    const games = 300;
    let claims = 0;
    for (let k = 0; k < games; k++) {
      const log = playJobGame(job, k, { keepLog: true }).log!;
      const members = clubMafia(log);
      const day2 = log.findIndex((e) => e.t === 'phase' && e.phase === 'day' && e.n === 2);
      const speeches = log.slice(0, day2 < 0 ? log.length : day2).filter((e) => e.t === 'speech' && members.includes(e.seat));
      const claimers = speeches.filter((e) => e.t === 'speech' && e.statements.some((x) => x.type === 'claim')).map((e) => (e.t === 'speech' ? e.seat : 0));
      if (claimers.length === 0) continue;
      claims++;
      expect(claimers[0], `game ${k}`).toBe(speeches[0].t === 'speech' ? speeches[0].seat : -1);
      expect(claimers, `game ${k}: one claimer on day 1`).toHaveLength(1);
    }
    expect(claims).toBe(games);
  });

  it("the mafia's fake claim comes on its day whether or not the real investigator has claimed already", () => {
    // Day 2: the commissar (#1) has claimed and reported #6 red. The team #9-#12 (#9 the don): one of
    // #10, #11, #12 is the team's claimer, and with fakeClaim=1 he claims too.
    const log: GameEvent[] = [phase('night', 0), { t: 'team', seats: [9, 10, 11, 12], to: [9, 10, 11, 12] }, phase('day', 1), phase('night', 1), phase('day', 2), speech(1, claim(), report(6, 'red'))];
    const always: Rng = { ...createRng('x'), chance: () => true };
    const strategy = smart.withParams!({ tuned: false, fakeClaim: 1, fakeClaimDay: 1 });
    const claimers = [10, 11, 12].filter((seat) => {
      const said = strategy.createPlayer(seat).speak!(scene({ roles: UKRAINIAN, day: 2, log }).view(seat), 'speech', always);
      return said.some((st) => st.type === 'claim');
    });
    expect(claimers).toHaveLength(1);
  });

  it('killRival: while a member of the team claims the role too, the team kill goes for the rival claimant only as far as killRival says', () => {
    // Night 2: the commissar (#1) and the team's #10 both claimed on day 2 (rivals, 0.4 each).
    const log: GameEvent[] = [phase('night', 0), { t: 'team', seats: [9, 10, 11, 12], to: [9, 10, 11, 12] }, phase('day', 1), phase('night', 1), phase('day', 2), speech(1, claim(), report(6, 'red')), speech(10, claim(), report(1, 'black')), phase('night', 2)];
    const kill: DecisionRequest = { kind: 'mafiaKill', options: [1, 2, 3, 4, 5, 6, 7, 8], canPass: false, intent: null };
    const pick = (killRival: number) =>
      smart.withParams!({ tuned: false, killRival }).createPlayer(9).decide(scene({ roles: UKRAINIAN, day: 2, night: 2, phase: 'night', log }).view(9), kill, createRng('kill'));
    expect(pick(1)).toBe(1);
    expect(pick(0)).not.toBe(1);
  });

  it('claimPlan: serial hands over a new mafia claimant after the last, once makes one claim a game, none makes none', () => {
    const claimants = (plan: string) => {
      const job = makeJob('ukrainian', [], '1', ['smart', `mafia=smart:claimPlan=${plan}`]);
      const most: number[] = [];
      for (let k = 0; k < 300; k++) {
        const g = playJobGame(job, k, { keepLog: true });
        const seats = new Set<number>();
        for (const e of g.log!) {
          if (e.t !== 'speech' && e.t !== 'lastWord') continue;
          if (g.roles[e.seat].team === 'mafia' && e.statements.some((st) => st.type === 'claim')) seats.add(e.seat);
        }
        most.push(seats.size);
      }
      return most;
    };
    const serial = claimants('serial');
    expect(serial.filter((c) => c > 1).length).toBeGreaterThan(30); // the tuned mafia claim from day 1, again and again
    expect(Math.max(...claimants('once'))).toBe(1);
    expect(Math.max(...claimants('none'))).toBe(0);
  });

  it('a mafia that fake-claims from day 1 reports no check before night 1 (mafia=smart:fakeClaim=1,fakeClaimDay=1)', () => {
    const job = makeJob('ukrainian', [], '1', ['smart', 'mafia=smart:fakeClaim=1,fakeClaimDay=1']);
    const r = emptyReads();
    for (let k = 0; k < 300; k++) countReads(playJobGame(job, k, { keepLog: true }), r);
    expect(r.reportsBeforeAnyNight).toBe(0);
  });
});
