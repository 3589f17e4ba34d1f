// C16.1 evenings (`run --series K`): K consecutive games at the same table; roles re-dealt each game; a
// seat eliminated on Day 1 or Night 1 holds `killed-first-day` in the evening's next game; the report
// sums each seat's points over every complete evening. Expectations are worked out from the games'
// own records here, not from the evening code.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Game } from '../src/engine/game.js';
import { runBatch } from '../src/runner/batch.js';
import { playJobGame } from '../src/runner/job.js';
import { cli } from './helpers/cli.js';
import { makeJob } from './helpers/job.js';

const firstDayOut = (g: Game) => g.eliminations.filter((e) => e.n === 1 && e.cause !== 'fouls').map((e) => e.seat).sort((a, b) => a - b);
const carried = (g: Game) =>
  (g.log ?? []).flatMap((e) => (e.t === 'immunity' && e.kind === 'killed-first-day' && !e.fired ? [e.seat] : [])).sort((a, b) => a - b);

describe('C16.1 evenings', () => {
  it('C16.1 a seat eliminated on Day 1 or Night 1 holds killed-first-day in the next game of the evening, and only then', () => {
    const job = makeJob('club-10', ['series=3'], '6');
    let carriedSome = 0;
    let prev: Game | null = null;
    for (let k = 0; k < 60; k++) {
      const g = playJobGame(job, k, { keepLog: true });
      const want = k % 3 === 0 ? [] : firstDayOut(prev!);
      expect(carried(g), `game ${k}`).toEqual(want);
      if (want.length > 0) carriedSome++;
      prev = g;
    }
    expect(carriedSome).toBeGreaterThan(10);
  });

  it('C16.1 the carried immunity is public and works: no vote against or shot at its holder on Day 1 and Night 1', () => {
    const job = makeJob('club-10', ['series=2'], '6');
    for (let k = 1; k < 80; k += 2) {
      const g = playJobGame(job, k, { keepLog: true });
      const holders = new Set(carried(g));
      let phase = '';
      for (const e of g.log!) {
        if (e.t === 'phase') phase = `${e.phase} ${e.n}`;
        if (phase !== 'day 1' && phase !== 'night 1') continue;
        if (e.t === 'immunity') expect(e.to).toBeUndefined();
        if (e.t === 'vote' && e.seat !== e.target) expect(holders.has(e.target)).toBe(false);
        if ((e.t === 'propose' || e.t === 'action') && e.target !== null && ['propose', 'killerShot', 'maniacKill', 'duel'].includes(e.t === 'action' ? e.kind : 'propose')) {
          expect(holders.has(e.target!)).toBe(false);
        }
      }
    }
  });

  it('C16.1 roles are re-dealt every game, and game k plays the same alone or after the games before it', () => {
    const warm = makeJob('club-12', ['series=4'], '3');
    const deals = new Set<string>();
    const records: string[] = [];
    for (let k = 0; k < 12; k++) {
      const g = playJobGame(warm, k);
      deals.add(g.roles.slice(1).map((r) => r.id).join());
      records.push(JSON.stringify([g.winner, g.points, g.eliminations]));
    }
    expect(deals.size).toBeGreaterThan(8);
    for (const k of [2, 7, 11]) {
      const cold = makeJob('club-12', ['series=4'], '3'); // a fresh job: nothing carried yet
      const g = playJobGame(cold, k);
      expect(JSON.stringify([g.winner, g.points, g.eliminations])).toBe(records[k]);
    }
  });

  it('C16.1 C17 each seat’s evening points are the sums of its points over the evening’s games', () => {
    const job = makeJob('club-9', ['series=4'], '2');
    const tally = runBatch(job, { from: 0, to: 20, strict: true });
    expect(tally.seatEvenings).toHaveLength(9);
    const replay = makeJob('club-9', ['series=4'], '2');
    const sums: number[][] = [];
    for (let e = 0; e < 5; e++) {
      const s = new Array<number>(10).fill(0);
      for (let k = 4 * e; k < 4 * e + 4; k++) {
        const g = playJobGame(replay, k);
        for (let seat = 1; seat <= 9; seat++) s[seat] += g.points[seat];
      }
      sums.push(s);
    }
    for (let seat = 1; seat <= 9; seat++) {
      const want = new Map<number, number>();
      for (const s of sums) want.set(s[seat], (want.get(s[seat]) ?? 0) + 1);
      expect(tally.seatEvenings[seat - 1].sorted()).toEqual([...want].sort((a, b) => a[0] - b[0]));
    }
  });

  it('C16.1 run --series prints the per-seat evening table, the same on any number of threads and when sharded mid-evening', () => {
    const args = ['run', '--setup', 'club-11', '--series', '3', '--games', '300', '--seed', '4', '--json'];
    const one = cli([...args, '--workers', '1']);
    expect(one.code, one.stderr).toBe(0);
    const report = JSON.parse(one.stdout);
    expect(report.setup.options.series).toBe(3);
    expect(report.evenings.count).toBe(100);
    expect(report.evenings.seats).toHaveLength(11);
    expect(report.evenings.seats[0].group).toBe('seat 1');
    const many = cli([...args, '--workers', '3']);
    expect(many.stdout).toBe(one.stdout);

    const dir = mkdtempSync(join(tmpdir(), 'club-evening-'));
    try {
      const files: string[] = [];
      for (const shard of ['1/4', '2/4', '3/4', '4/4']) { // 75 games a shard: the boundaries fall mid-evening
        const r = cli([...args, '--workers', '1', '--shard', shard]);
        expect(r.code, r.stderr).toBe(0);
        const f = join(dir, `${shard.replace('/', '-')}.json`);
        writeFileSync(f, r.stdout);
        files.push(f);
      }
      const merged = cli(['merge', ...files, '--json']);
      expect(merged.code, merged.stderr).toBe(0);
      expect(JSON.parse(merged.stdout).evenings).toEqual(report.evenings);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const text = cli(['run', '--setup', 'club-11', '--series', '3', '--games', '300', '--workers', '1']);
    expect(text.stdout).toContain('Points per seat over an evening of 3 games (100 complete evenings)');
    expect(text.stdout).toMatch(/│ seat 11 +│/);
  });

  it('C16.1 replay --series replays a game inside its evening; --series on a non-club setup is a user error', () => {
    const r = cli(['replay', '--setup', 'club-10', '--series', '3', '--seed', '6', '--game', '4']);
    expect(r.code, r.stderr).toBe(0);
    const job = makeJob('club-10', ['series=3'], '6');
    const g = playJobGame(job, 4, { keepLog: true });
    for (const s of carried(g)) expect(r.stdout).toContain(`#${s} `);
    if (carried(g).length > 0) expect(r.stdout).toContain('holds the killed-first-day immunity');

    const bad = cli(['run', '--setup', 'ukrainian', '--series', '3', '--games', '10']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown option "series"/);
    const zero = cli(['run', '--setup', 'club-10', '--series', '0', '--games', '10']);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toMatch(/--series 0: expected a whole number from 1 to 1000/);
  });
});
