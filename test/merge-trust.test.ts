// Merge trusts nothing (issue 32): a shard whose checksum a forger recomputed is still refused, one
// error line naming the file and the field, unless it agrees with itself and with its setup — its range
// and its games, its seats and its teams, its days and its deaths, its points and its outcomes, its
// metrics and its evenings; a workbench shard's paired counts with its arms' runs, every figure with
// its raw counts. Each forgery below is a careful one: its derived numbers (shares, intervals, means)
// made again from the edited counts, its checksum recomputed, so only the check named can catch it.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareCommand } from '../src/cli/compare.js';
import { mergeCommand, mergeReports } from '../src/cli/merge.js';
import { runCommand, type RunFlags } from '../src/cli/run.js';
import { checksummed, reportJson } from '../src/report/integrity.js';
import { assembleReport, tallyFromReport, type Report } from '../src/report/report.js';
import { cli } from './helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-merge-trust-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string) => join(dir, name);

type Body = Report & Record<string, unknown>;
const run = async (name: string, more: Partial<RunFlags>) => {
  const report = await runCommand({ setup: 'vanilla', option: [], strategy: ['random'], seed: '1', games: '80', workers: '1', progress: false, ...more });
  writeFileSync(file(name), reportJson(report));
  return file(name);
};
const read = (path: string): Body => {
  const { checksum: _, ...body } = JSON.parse(readFileSync(path, 'utf8'));
  return body as Body;
};
/** A forger's shard: `edit` applied to a copy, every derived number made again from the counts, the checksum recomputed. */
function forge(path: string, name: string, edit: (r: Body) => void, reassemble = true): string {
  const r = structuredClone(read(path));
  edit(r);
  const body = reassemble ? assembleReport({ format: r.format, setup: r.setup, seed: r.seed, strategies: r.strategies }, tallyFromReport(r), { first: r.range.first, end: r.range.end, partial: r.partial }) : r;
  writeFileSync(file(name), reportJson(body));
  return file(name);
}
const refused = (files: string[], says: RegExp) => expect(() => mergeCommand(files)).toThrow(says);

describe('merge: a run shard agrees with itself and with its setup', () => {
  let a = '';
  let b = '';
  beforeAll(async () => {
    a = await run('a.json', { shard: '1/2' });
    b = await run('b.json', { shard: '2/2' });
  });

  it('honest shards merge', () => {
    expect(mergeCommand([a, b]).range).toEqual({ first: 0, end: 80 });
  });

  it("a range is exactly its games, partial or not: a shard marked partial cannot claim games it did not play", () => {
    const stretched = forge(b, 'stretched.json', (r) => {
      r.partial = true;
      r.range = { first: r.range.first, end: r.range.end + 20 };
    });
    refused([a, stretched], /stretched\.json: not a mafia-sim run --json report \(format 2\): games \+ failedGames \(40\) is not the range's 60 games/);
  });

  it('no seat leaves more games than were played: alive at the end, out on day 1 and killed in night 1 exclude each other', () => {
    const early = forge(b, 'early.json', (r) => {
      for (const s of r.seats) s.outDay1 = { ...s.outDay1, count: r.games - s.survival.count };
      r.seats[0].killedNight1 = { ...r.seats[0].killedNight1, count: 1 };
    });
    refused([a, early], /early\.json: .*seats\[0\]: survival \d+ \+ outDay1 \d+ \+ killedNight1 1 is 41, more than the 40 games/);
  });

  it('G6 a game lasts at most maxDays days, and exactly the stalemates reach it', () => {
    const long = forge(b, 'long.json', (r) => {
      r.length = { ...r.length, histogram: r.length.histogram.map(([d, n]) => [d + 40, n] as [number, number]) };
    });
    refused([a, long], /long\.json: .*length\.histogram: a game of \d+ days; games last 0 to maxDays \(40\) days/);
    const capped = forge(b, 'capped.json', (r) => {
      const [[d, n], ...rest] = r.length.histogram;
      r.length = { ...r.length, histogram: [...(n > 1 ? [[d, n - 1] as [number, number]] : []), ...rest, [40, 1]] };
    });
    refused([a, capped], /capped\.json: .*length\.histogram: 1 games reach maxDays \(40\), but outcomes\.stalemate is 0/);
  });

  it("a death falls on a day from 1 to the longest game's length + 1", () => {
    const days = forge(b, 'days.json', (r) => {
      r.roles[0] = { ...r.roles[0], deathDays: 0 };
    });
    refused([a, days], /days\.json: .*roles\[0\] \(mafia\)\.deathDays: 0 for \d+ deaths; each falls on a day from 1 to \d+/);
  });

  it("a group's points are the same counted by seat and by game, and what its outcomes score when nothing else scores", () => {
    // One seat-game moved from the lowest score to the highest: the per-game counts no longer add up to it.
    const bySeat = forge(b, 'by-seat.json', (r) => {
      const h = r.roles[0].points.histogram.map(([v, n]) => [v, n] as [number, number]);
      h[0][1] -= 1;
      h[h.length - 1][1] += 1;
      r.roles[0] = { ...r.roles[0], points: { ...r.roles[0].points, histogram: h } };
    });
    refused([a, bySeat], /by-seat\.json: .*roles\[0\] \(mafia\): its seats' points sum to \d+, its games' to \d+/);
    // Half a point more, counted both ways: vanilla scores only outcomes, and they give less.
    const both = forge(b, 'both.json', (r) => {
      const add = (h: ReadonlyArray<readonly [number, number]>) => [...h.map(([v, n]) => [v, n] as [number, number]).map(([v, n]) => (v === 0 ? [v, n - 1] : [v, n]) as [number, number]).filter(([, n]) => n > 0), [0.5, 1] as [number, number]].sort((x, y) => x[0] - y[0]);
      for (const key of ['roles', 'teams'] as const) {
        const i = r[key].findIndex((x) => x.group === 'mafia');
        const x = r[key][i];
        r[key] = r[key].map((y, j) => (j === i ? { ...x, points: { ...x.points, histogram: add(x.points.histogram) }, perGameCounts: { ...x.perGameCounts, points: add(x.perGameCounts.points) } } : y));
      }
    });
    refused([a, both], /both\.json: .*roles\[0\] \(mafia\)\.points: sum to [\d.]+, but its outcomes score \d+ .* and nothing else scores/);
  });

  it("a role row has its rule set's team, and the rows are the setup's roles", () => {
    const team = forge(b, 'team.json', (r) => {
      r.roles[0] = { ...r.roles[0], team: 'town' };
    }, false);
    refused([a, team], /team\.json: .*roles\[0\] \(mafia\)\.team: "town", not mafia/);
  });

  it('the setup is one mafia-sim compiles: its options are the rule set\'s, each as compiling gives it', () => {
    const options = (name: string, edit: (o: Record<string, unknown>) => void) =>
      [a, b].map((path, i) => forge(path, `${name}-${i}.json`, (r) => {
        const o = { ...r.setup.options } as Record<string, unknown>;
        edit(o);
        r.setup = { ...r.setup, options: o as Report['setup']['options'] };
      }, false));
    refused(options('unknown', (o) => (o.bogus = 3)), /unknown-0\.json: .*setup\.options\.bogus: not an option of the vanilla rule set/);
    refused(options('range', (o) => (o.maxDays = -4)), /range-0\.json: .*setup\.options\.maxDays: -4: must be at least 2/);
    refused(options('text', (o) => (o.revealRoles = 'yes')), /text-0\.json: .*setup\.options\.revealRoles: "yes": not as compiling gives it/);
    refused(options('missing', (o) => delete o.tie), /missing-0\.json: .*setup\.options\.tie: \(missing\): missing/);
  });

  it('a seed is a canonical whole number, as --seed gives it', () => {
    const seeds = [a, b].map((path, i) => forge(path, `seed-${i}.json`, (r) => (r.seed = '01'), false));
    refused(seeds, /seed-0\.json: .*seed: "01" is not a seed mafia-sim gives/);
  });

  it('a built-in table of another size (club-12 with players=25 is club-25) merges: it is a built-in setup', async () => {
    const more = { setup: 'club-12', option: ['players=25'], games: '6' };
    const shards = [await run('club25-a.json', { ...more, shard: '1/2' }), await run('club25-b.json', { ...more, shard: '2/2' })];
    expect(mergeCommand(shards).setup.name).toBe('club-25');
  });

  it("a failure lies in the range, in order, and its replay plays that game of that seed", async () => {
    const flaky = file('flaky.mjs');
    writeFileSync(flaky, "export default { name: 'flaky', createPlayer: () => ({ decide(view, request, rng) { if (rng.next() < 0.02) throw new Error('flaky'); return request.options.length === 0 ? null : rng.pick(request.options); } }) };\n");
    const f = await run('flaky.json', { strategy: [flaky], games: '60' });
    const failures = read(f).failures;
    expect(failures.length).toBeGreaterThan(1);
    const moved = forge(f, 'moved.json', (r) => {
      r.failures = r.failures.map((x, i) => (i === 0 ? { ...x, replay: x.replay.replace(/--game \d+/, `--game ${x.game + 1}`) } : x));
    }, false);
    refused([moved], new RegExp(`moved\\.json: .*failures\\[0\\]\\.replay: .* does not replay game ${failures[0].game} of seed 1`));
    const swapped = forge(f, 'swapped.json', (r) => {
      r.failures = [r.failures[1], r.failures[0], ...r.failures.slice(2)];
    }, false);
    refused([swapped], new RegExp(`swapped\\.json: .*failures\\[1\\]\\.game: ${failures[0].game}, after game ${failures[1].game}`));
  });

  it('C16.1 evenings: a report counts the evenings its range ends, no more', async () => {
    const more = { setup: 'club-10', series: '3', games: '30' };
    const first = await run('series-a.json', { ...more, shard: '1/2' });
    const second = await run('series-b.json', { ...more, shard: '2/2' });
    expect(mergeCommand([first, second]).evenings?.count).toBe(10);
    const extra = forge(second, 'series-extra.json', (r) => {
      const evenings = r.evenings!;
      r.evenings = { count: evenings.count + 1, seats: evenings.seats };
    }, false);
    refused([first, extra], /series-extra\.json: .*evenings\.count: 6, but the range 15–29 ends 5 evenings of 3 games/);
  });

  it("run --metrics: each side's rows count that side's seat-games", async () => {
    const m = await run('metrics.json', { metrics: true, games: '20' });
    const forged = forge(m, 'metrics-forged.json', (r) => {
      const rows = r.metrics!;
      r.metrics = rows.map((x, i) => (i === 0 ? { ...x, seatGames: x.seatGames + 1, illegal: { ...x.illegal, of: x.illegal.of + 1 } } : x));
    }, false);
    refused([forged], /metrics-forged\.json: .*metrics: the town rows count \d+ seat-games, but the town team has \d+/);
  });

  it('on the command line: one error line naming the file and the field, exit 2, nothing written', () => {
    const early = forge(b, 'cli-early.json', (r) => {
      for (const s of r.seats) s.outDay1 = { ...s.outDay1, count: r.games };
    });
    const html = file('merged.html');
    const r = cli(['merge', a, early, '--json', '--html', html]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^mafia-sim: error: .*cli-early\.json: not a mafia-sim run --json report \(format 2\): seats\[0\]: /);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(html)).toBe(false);
  });
});

describe('merge: a workbench shard agrees with its arms and its raw counts', () => {
  const shards: string[] = [];
  beforeAll(async () => {
    for (const shard of ['1/2', '2/2']) {
      const { report } = await compareCommand([], { setup: 'vanilla', option: [], strategy: ['random'], seed: '1', games: '60', workers: '1', progress: false, left: [], right: ['mafia=1'], side: [], shard });
      const path = file(`cmp-${shard.replace('/', '-')}.json`);
      writeFileSync(path, JSON.stringify(checksummed(report), null, 2));
      shards.push(path);
    }
  });
  type Shard = { arms: Array<Record<string, any>> } & Record<string, unknown>;
  const forgeShard = (name: string, edit: (d: Shard) => void) => {
    const { checksum: _, ...body } = JSON.parse(readFileSync(shards[1], 'utf8'));
    edit(body);
    writeFileSync(file(name), JSON.stringify(checksummed(body), null, 2));
    return file(name);
  };
  const refusedShard = (path: string, says: RegExp) => expect(() => mergeReports([shards[0], path])).toThrow(says);

  it('honest shards merge', () => {
    expect(mergeReports(shards).report.range).toEqual({ first: 0, end: 60 });
  });

  it("an arm's paired counts add up, row by row, to its baseline's outcomes and, column by column, to its own", () => {
    const rows = forgeShard('pairs-rows.json', (d) => {
      const p = d.arms[1].vsBaseline.pairs;
      p[0][0] += 3;
      p[1][1] -= 3;
    });
    refusedShard(rows, /pairs-rows\.json: not a mafia-sim workbench report \(format 1\): arms\[1\]\.vsBaseline\.pairs\[0\]: pairs \d+ games the baseline ended town, but its run has outcomes\.town \d+/);
    const cols = forgeShard('pairs-cols.json', (d) => {
      const p = d.arms[1].vsBaseline.pairs;
      const [from, to] = p[0][0] > 0 ? [0, 1] : [1, 0];
      p[from][from] -= 1;
      p[from][to] += 1;
    });
    refusedShard(cols, /pairs-cols\.json: .*arms\[1\]\.vsBaseline\.pairs\[\*\]\[\d\]: pairs \d+ games the arm ended \w+, but its run has outcomes\.\w+ \d+/);
  });

  it("per seat, the paired tables count each arm's seat wins and survivals", () => {
    const seat = forgeShard('seat.json', (d) => {
      const t = d.arms[1].vsBaseline.details.seatWin[0];
      const [from, to] = t[0] > 0 ? [0, 3] : [3, 0];
      t[from] -= 1;
      t[to] += 1;
    });
    refusedShard(seat, /seat\.json: .*arms\[1\]\.vsBaseline\.details\.seatWin\[0\]: the baseline's seat 1 win count \d+, but its run has \d+/);
  });

  it("every arm's run covers the shard's range", () => {
    const shifted = forgeShard('shifted.json', (d) => {
      const { checksum: _, ...run } = d.arms[1].run;
      d.arms[1].run = checksummed({ ...run, range: { first: run.range.first + 100, end: run.range.end + 100 } });
    });
    refusedShard(shifted, /shifted\.json: .*arms\[1\]\.run\.range: 130–159, not the report's 30–59/);
  });

  it('every figure is what the raw counts give: a difference or a verdict edited alone is refused', () => {
    const diff = forgeShard('diff.json', (d) => {
      d.arms[1].vsBaseline.outcomes.town.diff += 0.25;
    });
    refusedShard(diff, /diff\.json: .*arms\[1\]\.vsBaseline\.outcomes\.town\.diff: .* is not what the report's own counts give/);
    const verdicts = forgeShard('verdicts.json', (d) => {
      d.verdicts = ['mafia=1 vs baseline: town +50.0 points, p < 0.001'];
    });
    refusedShard(verdicts, /verdicts\.json: .*verdicts\[0\]: .* is not what the report's own counts give/);
  });
});
