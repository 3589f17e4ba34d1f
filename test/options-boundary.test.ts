// G9 and the trust boundary of src/strategy/audit.ts applied to decisions: a bot outside the audited
// built-ins is handed a frozen copy of its legal options and its answer is checked against the engine's
// own list, so writing into the options changes nothing: not the answer's legality, not the engine's
// arrays, not another game. `run --check` (engine/invariants.ts) also verifies that every decision
// taken as legal was among the options as they were offered, which catches a bot trusted as audited
// that writes anyway.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../src/model/events.js';
import { runBatch } from '../src/runner/batch.js';
import { playJobGame, type Job } from '../src/runner/job.js';
import { markAudited } from '../src/strategy/audit.js';
import { loadStrategies } from '../src/strategy/load.js';
import { parseStrategies } from '../src/strategy/registry.js';
import type { Strategy } from '../src/strategy/types.js';
import { BIN, ROOT } from './helpers/cli.js';
import { makeJob } from './helpers/job.js';
import { vandal } from './fixtures/vandal-plugin.mjs';

const VANDAL = './test/fixtures/vandal-plugin.mjs';

/** Heals of a seat that was already dead, in a game's record. */
function deadHeals(log: readonly GameEvent[]): number {
  const dead = new Set<number>();
  let count = 0;
  for (const e of log) {
    if (e.t === 'died' || e.t === 'eliminated') dead.add(e.seat);
    if (e.t === 'action' && e.kind === 'heal' && e.target !== null && dead.has(e.target)) count++;
  }
  return count;
}

describe('G9 a plug-in gets a frozen copy of its options', () => {
  it('G9 a vandal Doctor that adds a dead seat to its options and heals it makes an illegal decision; no dead seat is healed', async () => {
    const job: Job = { ...makeJob('ukrainian', [], '3'), strategies: await loadStrategies([`doctor=${VANDAL}`]) };
    let illegal = 0;
    for (let k = 0; k < 300; k++) {
      const g = playJobGame(job, k, { keepLog: true });
      expect(deadHeals(g.log!), `game ${k}`).toBe(0);
      illegal += g.illegalDecisions;
    }
    expect(illegal).toBeGreaterThan(50); // the vandal tried, often
  });

  it('G9 a vandal that votes for itself after adding itself to the candidates is replaced by the default', async () => {
    const job: Job = { ...makeJob('ukrainian', [], '4'), strategies: await loadStrategies([`citizen=${VANDAL}`]) };
    for (let k = 0; k < 100; k++) {
      const g = playJobGame(job, k, { keepLog: true });
      for (const e of g.log!) if (e.t === 'vote') expect(e.target, `game ${k}`).not.toBe(e.seat);
    }
  });

  it('G9 G10 writing into the yes/no options changes no other game: --workers 1 and --workers 2 give the same report', () => {
    const args = ['run', '--games', '6000', '--seed', '2', '--strategy', `commissar=${VANDAL}`, '--strategy', `citizen=${VANDAL}`, '--json', '--no-progress'];
    const one = spawnSync(process.execPath, [BIN, ...args, '--workers', '1'], { cwd: ROOT, encoding: 'utf8' });
    const two = spawnSync(process.execPath, [BIN, ...args, '--workers', '2'], { cwd: ROOT, encoding: 'utf8' });
    expect(one.status, one.stderr).toBe(0);
    expect(two.status, two.stderr).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    // The built-in bots still answer yes sometimes: the vandal's "no only" did not reach them.
    const report = JSON.parse(one.stdout) as { failedGames: number };
    expect(report.failedGames).toBe(0);
  });

  it('G9 the yes/no options a built-in bot sees still hold yes and no after a vandal wrote to its own', async () => {
    const job: Job = { ...makeJob('ukrainian', [], '5'), strategies: await loadStrategies([`citizen=${VANDAL}`]) };
    let yes = 0;
    for (let k = 0; k < 1000; k++) {
      const g = playJobGame(job, k, { keepLog: true });
      // Late games, long after the vandals' writes began; the built-in bots (not citizens) say yes.
      if (k >= 500) for (const e of g.log!) if (e.t === 'voteAll' && e.yes && g.roles[e.seat].id !== 'citizen') yes++;
    }
    expect(yes).toBeGreaterThan(0);
  });
});

describe('G9 run --check verifies that every applied decision was among the options offered', () => {
  // The vandal's code, marked audited (as a built-in would be): it is handed the engine's own arrays.
  const trusted: Strategy = markAudited({ name: 'trusted-vandal', description: 'a vandal wrongly trusted', createPlayer: vandal });
  const job = (): Job => {
    const base = makeJob('ukrainian', [], '3');
    const strategies = parseStrategies([]);
    return { ...base, strategies: { ...strategies, byRole: new Map([['doctor', trusted]]), specs: ['doctor=trusted-vandal'] } };
  };

  it('G9 without --check, a bot trusted as audited that writes into its options gets a dead seat healed (what the check is for)', () => {
    const j = job();
    let healsOfDead = 0;
    for (let k = 0; k < 100; k++) healsOfDead += deadHeals(playJobGame(j, k, { keepLog: true }).log!);
    expect(healsOfDead).toBeGreaterThan(0);
  });

  it('G9 with --check, each such game fails, naming the decision and the options offered', () => {
    const tally = runBatch(job(), { from: 0, to: 100, check: true });
    expect(tally.failures.length).toBeGreaterThan(0);
    expect(tally.failures[0].error).toMatch(/^InvariantError: invariant broken after (day|night) \d+: seat \d+'s (heal|vote) was applied as \d+, which was not among the options offered \(.*\) \(G9\)/);
  });

  it('G9 with --check, games of the built-in bots pass: the record of decisions holds what was offered', () => {
    const tally = runBatch(makeJob('club-14', [], '1', ['smart']), { from: 0, to: 200, check: true });
    expect(tally.failures).toEqual([]);
  });
});
