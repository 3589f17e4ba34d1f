// The counting behind "Play a Mafia player would recognise" (docs/strategies.md,
// scripts/play-figures-count.mjs), held to hand-built game records whose answers are known: a
// counting bug fails here before it reaches the page.
import { describe, expect, it } from 'vitest';
import type { Elimination, GameEvent } from '../src/model/events.js';
import type { RoleDef } from '../src/model/roles.js';
import { ROLES } from '../src/rules/catalogue.js';
import { playJobGame } from '../src/runner/job.js';
import { makeJob } from './helpers/job.js';
// @ts-expect-error: a plain ES module of scripts/play-figures.mjs
import { gameFigures, summarise, Tally } from '../scripts/play-figures-count.mjs';

interface Record {
  n: number;
  roles: (RoleDef | null)[];
  log: GameEvent[];
  eliminations: Elimination[];
  alive: number[];
  winner: string;
}

/** A game record from its roles (seat 1 first), its events and who is alive at the end. */
function record(roleIds: string[], log: GameEvent[], alive: number[], winner: string): Record {
  const roles = [null, ...roleIds.map((id) => ROLES.get(id)!)];
  const eliminations: Elimination[] = [];
  let phase: 'day' | 'night' = 'night';
  let n = 0;
  for (const e of log) {
    if (e.t === 'phase') [phase, n] = [e.phase, e.n];
    if (e.t === 'eliminated') eliminations.push({ seat: e.seat, cause: e.cause, phase, n, day: n });
    if (e.t === 'died') eliminations.push({ seat: e.seat, cause: 'mafia', phase, n, day: n + 1 });
  }
  const aliveArr = [0, ...roleIds.map((_, i) => (alive.includes(i + 1) ? 1 : 0))];
  return { n: roleIds.length, roles, log, eliminations, alive: aliveArr, winner };
}

const UKR = ['commissar', 'doctor', 'maniac', 'citizen', 'citizen', 'don', 'mafia', 'courtesan'];
const day = (n: number): GameEvent => ({ t: 'phase', phase: 'day', n });
const night = (n: number): GameEvent => ({ t: 'phase', phase: 'night', n });
const claim = (seat: number, role = 'commissar', defence = false): GameEvent => ({ t: 'speech', seat, statements: [{ type: 'claim', role }], defence });
const act = (kind: string, seat: number, target: number | null): GameEvent => ({ t: 'action', kind, seat, target });
const vote = (seat: number, target: number): GameEvent => ({ t: 'vote', seat, target, round: 1 });

/**
 * A Ukrainian game: the Commissar (1) is voted out on day 1 after the Don (6) claims his role twice and
 * a Mafia (7) reports a check; the Doctor and the Maniac both pick seat 4 on night 1; a lone citizen
 * nominee (5) leaves unvoted on day 2; night 2 has one town choice; night 3 two different ones; on
 * day 4 a lone black nominee (8) leaves unvoted. The town wins.
 */
const GAME_1 = record(UKR, [
  day(1),
  claim(6), claim(1), { t: 'speech', seat: 7, statements: [{ type: 'check', seat: 1, result: 'black' }] }, claim(4),
  { t: 'nominate', seat: 6, target: 1 }, { t: 'nominate', seat: 2, target: 6 }, claim(6, 'commissar', true),
  vote(2, 6), vote(3, 1), vote(6, 1), vote(7, 1), { t: 'eliminated', seat: 1, cause: 'vote' },
  { t: 'lastWord', seat: 1, statements: [{ type: 'accuse', seat: 6 }] },
  night(1), act('heal', 2, 4), act('mafiaKill', 6, 4), act('maniacKill', 3, 4), { t: 'saved', seat: 4, by: 'doctor' },
  day(2), { t: 'nominate', seat: 6, target: 5 }, { t: 'eliminated', seat: 5, cause: 'vote' },
  night(2), act('freeze', 8, 2), { t: 'frozen', seat: 2 }, act('maniacKill', 3, 6), act('mafiaKill', 7, 3), { t: 'died', seat: 6 },
  day(3), { t: 'nominate', seat: 4, target: 7 }, { t: 'nominate', seat: 7, target: 4 }, vote(2, 7), vote(4, 7), vote(7, 4),
  { t: 'eliminated', seat: 7, cause: 'vote' },
  night(3), act('heal', 2, 2), act('maniacKill', 3, 8), act('courtesanShot', 8, null),
  day(4), { t: 'nominate', seat: 4, target: 8 }, { t: 'eliminated', seat: 8, cause: 'vote' },
  { t: 'outcome', winner: 'town', day: 4 },
], [2, 3, 4], 'town');

/**
 * A Ukrainian game: a lone nominee on day 1 stays (U3.2, no vote); on night 1 the Commissar checks the
 * Don and leaves his note while the Doctor heals the Don; the mafia shoot him, and the note is read out.
 */
const GAME_2 = record(UKR, [
  day(1), { t: 'nominate', seat: 4, target: 6 }, { t: 'noElimination', reason: 'single nominee on day 1' },
  night(1), act('heal', 2, 6), act('mafiaKill', 6, 1), act('maniacKill', 3, null), { t: 'check', seat: 1, target: 6, result: 'black' },
  { t: 'note', seat: 1, target: 6, result: 'black' }, { t: 'died', seat: 1 },
  day(2), { t: 'noteAnnounced', seat: 1, target: 6, result: 'black' },
  { t: 'outcome', winner: 'mafia', day: 2 },
], [2, 6, 7, 8], 'mafia');

/** A club game: the Policeman (1) leaves by a shoot-out on day 1; the Doctor and the Judge pick seat 3. */
const GAME_CLUB = record(['policeman', 'doctor', 'judge', 'sportsman', 'boss', 'mafia'], [
  day(1), claim(5, 'policeman'), vote(5, 1), vote(1, 5), { t: 'shootout', seats: [1, 5], executed: 1 },
  { t: 'eliminated', seat: 1, cause: 'shootout' },
  night(1), act('heal', 2, 3), act('jail', 3, 3), { t: 'check', seat: 5, target: 3, result: 'red' },
  { t: 'outcome', winner: 'mafia', day: 1 },
], [2, 3, 4, 5, 6], 'mafia');

describe('play figures: one game', () => {
  it('counts the investigator, the claims, the lone nominees and the nights of a Ukrainian game (U3.2, U9.2)', () => {
    expect(gameFigures(GAME_1)).toEqual({
      townWin: true,
      investigators: [{ outDay1: true, alive: false }],
      noteLeft: false,
      noteRead: false,
      mafiaClaimants: 2,
      lonePassed: 2,
      loneTownPassed: 1,
      nights: [true, false],
    });
  });

  it('counts the note, a day-1 lone nominee who stays, and a check beside a heal (U3.2, U9.2)', () => {
    expect(gameFigures(GAME_2)).toEqual({
      townWin: false,
      investigators: [{ outDay1: false, alive: false }],
      noteLeft: true,
      noteRead: true,
      mafiaClaimants: 0,
      lonePassed: 0,
      loneTownPassed: 0,
      nights: [true],
    });
  });

  it("counts a club shoot-out as voted out on day 1, and not a mafia member's check among the town's choices (C4.2, C12)", () => {
    const f = gameFigures(GAME_CLUB);
    expect(f.investigators).toEqual([{ outDay1: true, alive: false }]);
    expect(f.mafiaClaimants).toBe(1);
    expect(f.nights).toEqual([true]);
  });

  it('counts no lone nominee who was voted on, nor one who left otherwise (U3.2)', () => {
    const voted = record(UKR, [day(2), { t: 'nominate', seat: 6, target: 5 }, vote(6, 5), { t: 'eliminated', seat: 5, cause: 'vote' }], [1, 2, 3, 4, 6, 7, 8], 'mafia');
    const fouled = record(UKR, [day(2), { t: 'nominate', seat: 6, target: 5 }, { t: 'eliminated', seat: 5, cause: 'fouls' }], [1, 2, 3, 4, 6, 7, 8], 'mafia');
    expect([gameFigures(voted).lonePassed, gameFigures(fouled).lonePassed]).toEqual([0, 0]);
  });

  it('refuses a game that kept no event record', () => {
    expect(() => gameFigures({ ...GAME_1, log: null })).toThrow(/keepLog/);
  });
});

describe('play figures: a tally', () => {
  it('adds games into rates and means with their intervals', () => {
    const t = new Tally('ukrainian');
    t.add(GAME_1);
    t.add(GAME_2);
    const s = summarise(t);
    expect(s.games).toBe(2);
    for (const k of ['townWin', 'outDay1', 'noteLeft', 'noteRead']) expect([k, s[k].count, s[k].of]).toEqual([k, 1, 2]);
    expect([s.alive.count, s.alive.of, s.alive.low]).toEqual([0, 2, 0]);
    expect(s.townWin.low).toBeCloseTo(0.0945, 3);
    expect(s.townWin.high).toBeCloseTo(0.9055, 3);
    // Per-game counts 2 and 0: mean 1, sd √2, so 1 ± 1.96.
    expect(s.mafiaClaimants.mean).toBe(1);
    expect(s.mafiaClaimants.low).toBeCloseTo(1 - 1.95996, 4);
    expect(s.mafiaClaimants.histogram).toEqual([[0, 1], [2, 1]]);
    expect(s.lonePassed.mean).toBe(1);
    expect(s.loneTownPassed.mean).toBe(0.5);
    expect([s.sameSeat.count, s.sameSeat.of, s.sameSeat.games]).toEqual([2, 3, 2]);
  });

  it('gives no note and no lone nominees off the Ukrainian rules (C4)', () => {
    const t = new Tally('club');
    t.add(GAME_CLUB);
    const s = summarise(t);
    expect([s.noteLeft, s.noteRead, s.lonePassed, s.loneTownPassed]).toEqual([null, null, null, null]);
    expect(s.outDay1.count).toBe(1);
  });

  it('reads played games: a count never exceeds what the table holds', () => {
    const job = makeJob('ukrainian', [], '3');
    for (let k = 0; k < 20; k++) {
      const f = gameFigures(playJobGame(job, k, { keepLog: true }));
      expect(f.investigators).toHaveLength(1);
      expect(f.mafiaClaimants).toBeLessThanOrEqual(4);
      expect(f.loneTownPassed).toBeLessThanOrEqual(f.lonePassed);
      if (f.investigators[0].alive) expect(f.investigators[0].outDay1).toBe(false);
    }
  });
});
