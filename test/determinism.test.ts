import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { makeJob } from './helpers/job.js';
import { playJobGame, gameRecord } from '../src/runner/job.js';
import { runBatch } from '../src/runner/batch.js';

describe('determinism', () => {
  it('G10 the same setup, strategies and seed give byte-identical JSON reports', () => {
    const a = cli(['run', '--games', '300', '--seed', '5', '--json']);
    const b = cli(['run', '--games', '300', '--seed', '5', '--json']);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(JSON.parse(a.stdout).games).toBe(300);
  });

  it('G10 a different seed changes the report', () => {
    const a = cli(['run', '--games', '300', '--seed', '5', '--json']);
    const b = cli(['run', '--games', '300', '--seed', '6', '--json']);
    expect(JSON.parse(a.stdout).outcomes).not.toEqual(JSON.parse(b.stdout).outcomes);
  });

  it('G10 game K replays alone, event for event, whatever the batch around it', () => {
    const job = makeJob('ukrainian', [], '9');
    const records: string[] = [];
    runBatch(job, { from: 0, to: 40, onRecord: (r) => records.push(JSON.stringify(r)) });
    for (const k of [0, 17, 39]) {
      expect(JSON.stringify(gameRecord(playJobGame(job, k), k))).toBe(records[k]);
      const logA = JSON.stringify(playJobGame(job, k, { keepLog: true }).log);
      const logB = JSON.stringify(playJobGame(job, k, { keepLog: true }).log);
      expect(logA).toBe(logB);
    }
  });

  it('G1 the deal is a seeded shuffle: different games deal differently, the same game the same way', () => {
    const job = makeJob();
    const deals = new Set<string>();
    for (let k = 0; k < 20; k++) deals.add(gameRecord(playJobGame(job, k), k).roles.join());
    expect(deals.size).toBeGreaterThan(15);
    expect(gameRecord(playJobGame(job, 3), 3).roles).toEqual(gameRecord(playJobGame(job, 3), 3).roles);
  });
});
