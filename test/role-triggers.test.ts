// Role plug-ins' triggers and vote weight (docs/extending.md): a Mayor's ballot counts twice in every
// family's vote, a Prince survives his first vote (onVotedOut), a trigger on death sees every death
// with its cause, and a hook that answers nonsense or throws fails its game, named, not the run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { GameEvent } from '../src/model/events.js';
import { jobFromSpec, playJobGame } from '../src/runner/job.js';
import { cli, ROOT } from './helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-triggers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A setup in the temp dir naming a plug-in file written next to it. */
function setupWith(plugin: string, file: string, rules = 'rules: ukrainian\nroles: { don: 1, mafia: 2, courtesan: 1, commissar: 1, doctor: 1, maniac: 1, citizen: 4, ') {
  writeFileSync(join(dir, file), plugin);
  const setup = join(dir, `setup-${file}.yaml`);
  writeFileSync(setup, `${rules}./${file}: 1 }\n`);
  return setup;
}

/** The seat dealt a role (roles[0] is no seat). */
function seatOf(roles: readonly { id: string }[], id: string): number {
  return roles.findIndex((r, s) => s > 0 && r.id === id);
}

/**
 * Each vote round of a record (consecutive `vote` events of one round), with the seats that lead it
 * when each ballot counts with the voter's weight, and the event that came right after it.
 */
function rounds(log: readonly GameEvent[], weight: (seat: number) => number): { leaders: number[]; next: GameEvent }[] {
  const out: { leaders: number[]; next: GameEvent }[] = [];
  let counts: Map<number, number> | null = null;
  let round = 0;
  for (const e of log) {
    if (e.t === 'vote' && counts !== null && e.round === round) {
      counts.set(e.target, (counts.get(e.target) ?? 0) + weight(e.seat));
      continue;
    }
    if (counts !== null) {
      const best = Math.max(...counts.values());
      out.push({ leaders: [...counts].filter(([, v]) => v === best).map(([s]) => s).sort((a, b) => a - b), next: e });
      counts = null;
    }
    if (e.t === 'vote') {
      counts = new Map([[e.target, weight(e.seat)]]);
      round = e.round;
    }
  }
  return out;
}

describe('role plug-in vote weight and triggers', () => {
  it("U3.3 U3.4 the Mayor's ballot counts twice: each round's weighted leader leaves, a weighted tie goes to the tie rule", async () => {
    const job = await jobFromSpec({ setupArg: join(ROOT, 'roles', 'ukrainian-mayor.yaml'), overrides: [], strategies: ['random'], seed: '3' });
    let decided = 0;
    let byWeight = 0;
    for (let k = 0; k < 80; k++) {
      const g = playJobGame(job, k, { keepLog: true });
      const weight = (s: number) => (g.roles[s].id === 'mayor' ? 2 : 1);
      for (const r of rounds(g.log!, weight)) {
        if (r.leaders.length > 1) expect(r.next.t === 'tie' ? [...r.next.seats].sort((a, b) => a - b) : r.next, `game ${k}`).toEqual(r.leaders);
        else {
          expect(r.next, `game ${k}`).toMatchObject({ t: 'eliminated', seat: r.leaders[0], cause: 'vote' });
          decided++;
        }
        // The same round counted one a ballot: where it differs, the weight decided.
        if (JSON.stringify(rounds(g.log!, () => 1).find((x) => x.next === r.next)?.leaders) !== JSON.stringify(r.leaders)) byWeight++;
      }
    }
    expect(decided).toBeGreaterThan(40);
    expect(byWeight).toBeGreaterThan(5);
  });

  it('C4.1 V4 a plug-in weight counts at the club vote and the vanilla vote too', async () => {
    const tables = [
      'rules: club\nroles: { boss: 1, mafia: 2, policeman: 1, doctor: 1, marilyn: 1, judge: 1, sportsman: 1, lawyer: 1, ',
      'rules: vanilla\nroles: { mafia: 2, townie: 5, ',
    ];
    for (const [i, table] of tables.entries()) {
      const setup = setupWith("export default { id: 'heavy', name: 'Heavy', team: 'town', description: 'x', voteWeight: 3 };", `heavy${i}.mjs`, table);
      const job = await jobFromSpec({ setupArg: setup, overrides: [], strategies: ['random'], seed: '2' });
      let byWeight = 0;
      for (let k = 0; k < 60; k++) {
        const g = playJobGame(job, k, { keepLog: true });
        const heavy = seatOf(g.roles, 'heavy');
        const weighted = rounds(g.log!, (s) => (s === heavy ? 3 : 1));
        const plain = rounds(g.log!, () => 1);
        weighted.forEach((r, j) => {
          // A unique weighted leader is the one the day goes on with (executed, unless a Lawyer or an immunity stops it).
          if (r.leaders.length === 1 && (r.next.t === 'eliminated' || r.next.t === 'tie')) expect(r.next, `${table} game ${k}`).toMatchObject({ t: 'eliminated', seat: r.leaders[0] });
          if (JSON.stringify(plain[j].leaders) !== JSON.stringify(r.leaders)) byWeight++;
        });
      }
      expect(byWeight, table).toBeGreaterThan(3);
    }
  });

  it('G4 U3.5 onVotedOut: the Prince survives the first vote against him only, in every game afresh, and nobody leaves instead', async () => {
    const job = await jobFromSpec({ setupArg: join(ROOT, 'roles', 'ukrainian-prince.yaml'), overrides: [], strategies: ['random'], seed: '6' });
    let spared = 0;
    let laterOut = 0;
    for (let k = 0; k < 120; k++) {
      const g = playJobGame(job, k, { keepLog: true });
      const prince = seatOf(g.roles, 'prince');
      const log = g.log!;
      const saves = log.flatMap((e, i) => (e.t === 'noElimination' && e.reason === `seat ${prince} survives the vote` ? [i] : []));
      expect(saves.length, `game ${k}`).toBeLessThanOrEqual(1);
      if (saves.length === 0) continue;
      spared++;
      // After the reprieve that day, the Prince neither leaves nor gives a last word, and nobody leaves
      // who was not condemned with him (all tied, U3.4): the last tie before it names them.
      const dayEnd = log.findIndex((e, i) => i > saves[0] && (e.t === 'phase' || e.t === 'outcome'));
      const tie = log.slice(0, saves[0]).reverse().find((e) => e.t === 'tie' || e.t === 'phase');
      const withHim = tie?.t === 'tie' && log.slice(0, saves[0]).reverse().find((e) => e.t === 'voteAll' || e.t === 'phase')?.t === 'voteAll' ? tie.seats : [];
      for (const e of log.slice(saves[0], dayEnd)) {
        if (e.t === 'eliminated' || e.t === 'lastWord') {
          expect(e.seat, `game ${k}`).not.toBe(prince);
          expect(withHim, `game ${k}`).toContain(e.seat);
        }
      }
      if (g.eliminations.some((e) => e.seat === prince && e.cause === 'vote')) laterOut++;
    }
    expect(spared).toBeGreaterThan(5); // every game starts with the reprieve unspent
    expect(laterOut).toBeGreaterThan(0); // and a spent one does not save him twice
  });

  it('onDeath sees each death of its seat once, with the cause and phase the reports give it, and writes its own state', async () => {
    const plugin = `export default { id: 'witness', name: 'Witness', team: 'town', description: 'x', state: { deaths: [] },
      onDeath(death, mine) { mine.deaths.push([death.seat, death.cause, death.phase, death.n]); } };`;
    const setup = setupWith(plugin, 'witness.mjs');
    const job = await jobFromSpec({ setupArg: setup, overrides: [], strategies: ['random'], seed: '8' });
    const causes = new Set<string>();
    for (let k = 0; k < 80; k++) {
      const g = playJobGame(job, k, { keepLog: true });
      const seat = seatOf(g.roles, 'witness');
      const death = g.eliminations.find((e) => e.seat === seat);
      const seen = (g.roleState(seat) as { deaths: unknown[] }).deaths;
      expect(seen, `game ${k}`).toEqual(death ? [[seat, death.cause, death.phase, death.n]] : []);
      if (death) causes.add(death.cause);
    }
    expect(causes.size).toBeGreaterThan(1); // by day and by night
  });

  it('bad weights and triggers: one error line naming the setup, the field and the value at load; a bad answer fails its game, named', () => {
    const atLoad: [string, RegExp][] = [
      [setupWith("export default { id: 'w', name: 'x', team: 'town', description: 'x', voteWeight: 2.5 };", 'w25.mjs'), /roles\.\.\/w25\.mjs: voteWeight: must be a whole number of votes from 0 to 10, or a function \(vote, state\) that returns one; got 2\.5/],
      [setupWith("export default { id: 'w', name: 'x', team: 'town', description: 'x', voteWeight: 'two' };", 'wtwo.mjs'), /voteWeight: must be a whole number of votes .*got "two"/],
      [setupWith("export default { id: 'w', name: 'x', team: 'town', description: 'x', onVotedOut: true };", 'vo.mjs'), /onVotedOut: must be a function \(out, state\) that returns "survives" or nothing, got true/],
      [setupWith("export default { id: 'w', name: 'x', team: 'town', description: 'x', onDeath: 'x' };", 'od.mjs'), /onDeath: must be a function, got "x"/],
    ];
    for (const [setup, message] of atLoad) {
      const r = cli(['run', '--setup', setup, '--games', '5']);
      expect(r.code, r.stderr).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines, setup).toHaveLength(1);
      expect(lines[0]).toContain(setup);
      expect(lines[0]).toMatch(message);
    }
    const inGame: [string, RegExp][] = [
      ["voteWeight() { return -1; }", /role plug-in \.\/bad0\.mjs: voteWeight returned -1, not a whole number from 0 to 10/],
      ["onVotedOut() { return 'yes'; }", /role plug-in \.\/bad1\.mjs: onVotedOut returned "yes", not "survives" or nothing/],
      ["onDeath() { throw new Error('gone'); }", /role plug-in \.\/bad2\.mjs threw in onDeath: gone/],
    ];
    inGame.forEach(([hook, message], i) => {
      const setup = setupWith(`export default { id: 'w', name: 'x', team: 'town', description: 'x', ${hook} };`, `bad${i}.mjs`);
      const r = cli(['run', '--setup', setup, '--games', '30', '--strategy', 'random', '--json']);
      expect(r.code, r.stderr).toBe(1);
      const report = JSON.parse(r.stdout);
      expect(report.failures[0].error).toMatch(message);
      expect(report.failures[0].replay).toMatch(/mafia-sim replay .*--setup/);
    });
  });
});
