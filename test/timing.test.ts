// Outcomes over time (issue 34): the chance that the game is decided by day d, per outcome, and each
// role's and team's survival after each phase, checked against the games themselves — a fixed-seed
// batch is played with --games-out, its records counted by hand, and every count compared exactly —
// and the same figures from any number of threads, from merged shards, and from `compare`'s pairs.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand, type RunFlags } from '../src/cli/run.js';
import { compareCommand } from '../src/cli/compare.js';
import { WINNERS, type Winner } from '../src/model/events.js';
import { reportJson } from '../src/report/integrity.js';
import { checkedRun, mergeRuns } from '../src/report/merge.js';
import type { Report } from '../src/report/report.js';
import { Distribution } from '../src/stats/distribution.js';
import { clusteredRate } from '../src/stats/intervals.js';
import type { GameRecord } from '../src/runner/job.js';

const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-timing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const flags = (more: Partial<RunFlags>): RunFlags => ({ setup: 'ukrainian', option: [], strategy: [], seed: '5', games: '600', workers: '1', progress: false, ...more });

/** A batch's report and its games' records. */
async function played(more: Partial<RunFlags>, name: string): Promise<{ report: Report; games: GameRecord[] }> {
  const gamesOut = join(dir, `${name}.jsonl`);
  const report = await runCommand(flags({ ...more, gamesOut }));
  const games = readFileSync(gamesOut, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as GameRecord);
  return { report, games };
}

/** The order of play, by hand: a phase's place as a number (night 0 first; day d and night n by the rules' start). */
const when = (start: 'day' | 'night', phase: 'day' | 'night', n: number) => (start === 'day' ? (phase === 'day' ? n : n + 0.5) : phase === 'night' ? n : n + 0.5);

/** Every count of the report's timing, from the records. */
function checkAgainstRecords(report: Report, games: readonly GameRecord[], start: 'day' | 'night', phases: readonly (readonly ['day' | 'night', number])[]): void {
  const t = report.timing;
  expect(t.firstPhase).toBe(start);
  expect(games.length).toBe(report.games);
  // Decided by day d: games that ended as w having played at most d days.
  const lengths = games.map((g) => g.days);
  expect(t.decidedBy.map((d) => d.day)).toEqual(Array.from({ length: Math.max(...lengths) - Math.min(...lengths) + 1 }, (_, i) => Math.min(...lengths) + i));
  for (const d of t.decidedBy) {
    for (const w of WINNERS) {
      const k = games.filter((g) => g.winner === w && g.days <= d.day).length;
      expect(d[w].count, `${w} by day ${d.day}`).toBe(k);
      expect(d[w].share).toBe(k / games.length);
    }
  }
  // Survival after each phase: the seats of the role (or team) not eliminated by the end of it.
  expect(t.phases).toEqual(phases.map(([p, n]) => `${p === 'day' ? 'D' : 'N'}${n}`));
  const rows = [...report.roles.map((x) => [x.group, (r: string) => r === x.group] as const), ...report.teams.map((x) => [x.group, (r: string) => (report.roles.find((y) => y.group === r)!.team === x.group)] as const)];
  rows.forEach(([group, holds], i) => {
    const seats = games.reduce((n, g) => n + g.roles.filter(holds).length, 0);
    phases.forEach(([phase, n], p) => {
      const at = when(start, phase, n);
      const perGame = games.map((g) => g.roles.filter(holds).length - g.eliminations.filter((e) => holds(e.role) && when(start, e.phase, e.n) <= at).length);
      const alive = perGame.reduce((a, b) => a + b, 0);
      const x = t.survival[i].curve[p];
      expect(t.survival[i].group).toBe(group);
      expect(x.count, `${group} after ${t.phases[p]}`).toBe(alive);
      expect(x.share).toBe(alive / seats);
      // The interval is clusteredRate's over the per-game counts (the seats of one game live and die together).
      const dist = new Distribution();
      for (const k of perGame) dist.add(k);
      const want = clusteredRate(dist, seats / games.length);
      expect(x.low).toBeCloseTo(want.low, 12);
      expect(x.high).toBeCloseTo(want.high, 12);
    });
    const last = t.survival[i].curve[phases.length - 1];
    const row = i < report.roles.length ? report.roles[i] : report.teams[i - report.roles.length];
    expect(last.count).toBe(row.survival.count);
  });
}

/** The phases a batch's records reach, in the order of play, from night 0 to the last one anyone died in. */
function phasesOf(games: readonly GameRecord[], start: 'day' | 'night'): Array<readonly ['day' | 'night', number]> {
  const last = Math.max(...games.flatMap((g) => g.eliminations.map((e) => when(start, e.phase, e.n))));
  const out: Array<readonly ['day' | 'night', number]> = [['night', 0]];
  for (let k = 1; ; k++) {
    const pair: Array<readonly ['day' | 'night', number]> = start === 'day' ? [['day', k], ['night', k]] : [['night', k], ['day', k]];
    for (const p of pair) {
      if (when(start, p[0], p[1]) > last) return out;
      out.push(p);
    }
  }
}

describe('outcomes over time against counted games', () => {
  it('G2 ukrainian (day first): decided by day and survival by phase are the records counted by hand', async () => {
    const { report, games } = await played({}, 'ukrainian');
    checkAgainstRecords(report, games, 'day', phasesOf(games, 'day'));
    expect(report.timing.phases.slice(0, 4)).toEqual(['N0', 'D1', 'N1', 'D2']);
  });

  it('G2 vanilla starting at night: the phases run N0, N1, D1, N2…, counted by hand the same', async () => {
    const { report, games } = await played({ setup: 'vanilla', option: ['start=night'], strategy: ['random'], games: '400' }, 'vanilla');
    checkAgainstRecords(report, games, 'night', phasesOf(games, 'night'));
    expect(report.timing.phases.slice(0, 4)).toEqual(['N0', 'N1', 'D1', 'N2']);
  });

  it('G10 the same bytes on 1 or 2 threads and from merged shards', async () => {
    const more = { setup: 'club-12', games: '300', seed: '9' };
    const one = reportJson(await runCommand(flags({ ...more, workers: '1' })));
    const two = reportJson(await runCommand(flags({ ...more, workers: '2' })));
    expect(two).toBe(one);
    const shards = await Promise.all(['1/3', '2/3', '3/3'].map(async (shard, i) => checkedRun(`s${i}.json`, JSON.parse(reportJson(await runCommand(flags({ ...more, shard })))))));
    expect(reportJson(mergeRuns([shards[2], shards[0], shards[1]]))).toBe(one);
  });

  it('merge refuses a shard whose timing counts disagree with its outcomes and deaths', async () => {
    const report = JSON.parse(reportJson(await runCommand(flags({ games: '100' }))));
    const moved = structuredClone(report);
    const town: number[] = moved.timing.counts.decided.town;
    const d = town.findIndex((k) => k > 0);
    town[d]--;
    town[d + 1] = (town[d + 1] ?? 0) + 1;
    expect(() => checkedRun('moved.json', moved)).toThrow(/timing.counts.decided|checksum/);
    const { checksum: _, ...body } = moved;
    expect(() => checkedRun('moved.json', JSON.parse(reportJson(body)))).toThrow(/timing.counts.decided: \d+ games on day \d+, not the length histogram's/);
    const lost = structuredClone(report);
    delete lost.timing;
    delete lost.checksum;
    expect(() => checkedRun('lost.json', JSON.parse(reportJson(lost)))).toThrow(/timing: missing/);
  });
});

describe('compare: where two variants part', () => {
  it('the last day pairs the outcomes themselves, and a parting day is a significant one', async () => {
    const { report } = await compareCommand([], { setup: 'ukrainian', option: [], strategy: [], seed: '2', games: '1200', workers: '1', progress: false, left: [], right: ['tie=random'], side: [] });
    const arm = report.arms[1].vsBaseline!;
    const t = arm.timing!;
    const last = t.days[t.days.length - 1];
    for (const w of WINNERS) {
      expect(last[w].diff).toBeCloseTo(arm.outcomes[w].diff, 12);
      expect(last[w].p).toBe(arm.outcomes[w].p);
      const day = t.parts[w];
      if (day !== null) expect(t.days.find((d) => d.day === day)![w].p).toBeLessThan(0.05);
    }
    // Each arm's own curve is its run's: decided by the last day = its outcome counts.
    const runs = report.arms.map((a) => a.run.timing.decidedBy);
    for (const [i, by] of runs.entries()) for (const w of WINNERS as readonly Winner[]) expect(by[by.length - 1][w].count).toBe(report.arms[i].run.outcomes[w]);
  });
});
