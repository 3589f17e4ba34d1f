// `mafia-sim equilibrium` (issue 29, item 3): the double oracle over smart's strategy space — a known
// best response found and mixed in, the certificate, resumption from --state, any worker count — and
// the mixed strategies it plays (`mix:SPEC@W|…`): each part in its share of games, one part per game.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { climbStarts, equilibriumStateKey, responseMoves, runEquilibrium, type EquilibriumInput, type Solved } from '../src/equilibrium/equilibrium.js';
import { sidesFromSpecs } from '../src/exploit/variants.js';
import { playJobGame } from '../src/runner/job.js';
import { loadSetup } from '../src/setup/load.js';
import { wilson } from '../src/stats/intervals.js';
import { openStateFile } from '../src/tune/stateFile.js';
import type { UnitCache } from '../src/tune/tune.js';
import { cli } from './helpers/cli.js';
import { makeJob } from './helpers/job.js';

const vanilla = loadSetup('vanilla', []);
/** A mafia that gave up its bloc: the bloc is the known best response (it is worth some 30 points). */
const tiny = (more: Partial<EquilibriumInput> = {}): EquilibriumInput => ({
  setupArg: 'vanilla', overrides: [], setup: vanilla, seed: '1', workers: 1,
  start: sidesFromSpecs(['smart', 'mafia=smart:bloc=false'], vanilla),
  matrixGames: 600, firstGames: 150, finalGames: 600, epsilon: 0.01, climb: 2, iterations: 6, budget: null, hold: [],
  ...more,
});

describe('equilibrium', () => {
  it("finds the mafia's bloc as a best response, mixes it in, and stops when neither side gains more than ε", async () => {
    const r = await runEquilibrium(tiny());
    expect(r.stopped).toBe('converged');
    const first = r.history[0];
    expect(first.responses.mafia.steps[0].move).toBe('bloc=true');
    expect(first.responses.mafia.added).toBe(true);
    expect(first.responses.mafia.gain!.low).toBeGreaterThan(0.1); // the bloc takes 10+ points from the town
    expect(r.population.mafia).toContain(first.responses.mafia.spec);
    // The bloc dominates: the mafia's mix is the profile with it, and the town's win is the matrix's value.
    const bloc = r.mix.mafia.find((p) => p.spec === first.responses.mafia.spec)!;
    expect(bloc.weight).toBeGreaterThan(0.99);
    expect(r.townWin!.low).toBeLessThanOrEqual(r.value! + 0.03);
    expect(r.townWin!.high).toBeGreaterThanOrEqual(r.value! - 0.03);
    // The certificate: the last iteration's best responses, neither gaining more than ε significantly.
    const last = r.history[r.history.length - 1];
    for (const side of ['town', 'mafia'] as const) {
      expect(last.responses[side].added).toBe(false);
      const c = r.certificate[side];
      if (c !== null) expect(c.gain.low <= 0 || c.gain.diff <= 0.01).toBe(true);
    }
  }, 120_000);

  it('a best response climbs from the best profile against the other mix, then from every other profile of its own mix', () => {
    const pop = { town: ['smart:revealDay=1', 'smart:revealDay=2', 'smart:revealDay=3'], mafia: ['smart'] };
    const solved: Solved = { value: 0.5, weights: { town: [0.3, 0, 0.7], mafia: [1] }, mix: { town: [], mafia: [] } };
    // Profile 1 does best against the mafia's mix but has no weight; 2 and 0 are the town's mix, heavier first.
    expect(climbStarts('town', pop, [[0.5], [0.6], [0.5]], solved)).toEqual([1, 2, 0]);
    // The best against the other's mix, when in the mix, is not climbed from twice.
    expect(climbStarts('town', pop, [[0.5], [0.4], [0.55]], solved)).toEqual([2, 0]);
  });

  it("a best response tries exploit's whole library: the deviations' own switches and the range ends, never a held parameter", () => {
    const ukrainian = loadSetup('ukrainian', []);
    const names = (side: 'town' | 'mafia', hold: string[] = []) => responseMoves(side, 'smart:tuned=false', { setup: ukrainian, hold }, []).map((v) => v.name);
    const mafia = names('mafia');
    const town = names('town');
    // Who claims, and fake red reports: the mafia's answers to a town that trusts the first claimant.
    expect(mafia).toEqual(expect.arrayContaining(['fake-investigator', 'early-claimer', 'silent-mafia']));
    expect(town).toEqual(expect.arrayContaining(['trust-first-claimant', 'vote-patterns', 'revealDay=1000']));
    // temperature is held by smart itself (exploit still plays its ends); --hold keeps the reader.
    expect([...town, ...mafia].some((n) => n.startsWith('temperature='))).toBe(false);
    expect(names('town', ['reader']).some((n) => n.startsWith('reader='))).toBe(false);
    expect(town.some((n) => n.startsWith('reader='))).toBe(true);
  });

  it('--hold: a held parameter stays as the populations start it (the bloc the mafia gave up is not found)', async () => {
    const r = await runEquilibrium(tiny({ hold: ['bloc'], iterations: 2 }));
    expect(r.hold).toEqual(['bloc']);
    for (const spec of r.population.mafia) expect(spec).toContain('bloc=false');
    for (const h of r.history) for (const side of ['town', 'mafia'] as const) for (const s of h.responses[side].steps) expect(s.move).not.toMatch(/^bloc=/);
    // A held parameter is one the start's strategy takes; anything else is one error line.
    const bad = cli(['equilibrium', '--setup', 'vanilla', '--hold', 'blok', '--games', '100', '--workers', '1']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/--hold blok: not a parameter of smart/);
  }, 120_000);

  it('a run stopped part-way and started again with the same state gives the uninterrupted result; so do two workers', async () => {
    const whole = await runEquilibrium(tiny());
    const path = join(mkdtempSync(join(tmpdir(), 'eq-')), 'state.json');
    const key = equilibriumStateKey(tiny());
    const stop = new AbortController();
    const file = openStateFile(path, key, 'equilibrium-state');
    let saved = 0;
    const stopping: UnitCache = { get: (...a) => file.get(...a), put: (id, u) => { file.put(id, u); if (++saved === 4) stop.abort(); }, replay: (w) => file.replay!(w) };
    const cut = await runEquilibrium(tiny({ cache: stopping, signal: stop.signal }));
    expect(cut.stopped).toBe('interrupted');
    expect(cut.partial).toBe(true);
    const resumed = openStateFile(path, key, 'equilibrium-state');
    expect(resumed.resumed).toBe(4);
    const again = await runEquilibrium(tiny({ cache: resumed }));
    expect(JSON.stringify(again)).toBe(JSON.stringify(whole));
    // A tune's state file is not an equilibrium's.
    expect(() => openStateFile(path, key)).toThrow(/not a tune state file/);
    const two = await runEquilibrium(tiny({ workers: 2 }));
    expect(JSON.stringify(two)).toBe(JSON.stringify(whole));
  }, 240_000);

  it('prints the mixes, the town win at the equilibrium and the certificate; --json has them', () => {
    const args = ['equilibrium', '--setup', 'vanilla', '--strategy', 'mafia=smart:bloc=false', '--games', '400', '--first', '100', '--matrix-games', '400', '--workers', '1'];
    const r = cli(args);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Mixes/);
    expect(r.stdout).toMatch(/Town win at the equilibrium: \d+\.\d% \(\d+\.\d–\d+\.\d%\)/);
    expect(r.stdout).toMatch(/Certificate/);
    const j = JSON.parse(cli([...args, '--json']).stdout);
    expect(j.command).toContain('mafia-sim equilibrium --setup vanilla');
    expect(j.mix.mafia.reduce((a: number, p: { weight: number }) => a + p.weight, 0)).toBeCloseTo(1, 9);
    expect(cli(['equilibrium', '--setup', 'vanilla', '--epsilon', '0']).stderr).toMatch(/--epsilon 0: expected points above 0/);
  }, 120_000);
});

describe('mixed strategies (mix:SPEC@W|…)', () => {
  it('every seat of a team plays the same part in a game, each part in its share of games', () => {
    const games = 400;
    const job = makeJob('ukrainian', [], '1', ['smart', 'mafia=mix:smart:mafiaTalk=false@0.25|smart@0.75']);
    let silentGames = 0;
    let split = 0;
    for (let k = 0; k < games; k++) {
      const g = playJobGame(job, k, { keepLog: true });
      const said = new Map<number, boolean>();
      for (const e of g.log!) if (e.t === 'speech' && g.roles[e.seat].team === 'mafia') said.set(e.seat, (said.get(e.seat) ?? false) || e.statements.length > 0);
      const talkers = [...said.values()].filter(Boolean).length;
      if (talkers === 0) silentGames++;
      else if (talkers < said.size) split++;
    }
    expect(split).toBe(0);
    // The silent part's share: 25% of games, within a 99.9% binomial interval.
    const w = wilson(silentGames, games, 3.29);
    expect(w.low).toBeLessThan(0.25);
    expect(w.high).toBeGreaterThan(0.25);
  });

  it('a mix plays byte-identical games for any number of workers; a bad mix is one error line', () => {
    const args = ['run', '--setup', 'club-12', '--games', '300', '--seed', '3', '--strategy', 'mafia=mix:smart:claimPlan=once@0.5|smart@0.5', '--json', '--no-progress'];
    const one = cli([...args, '--workers', '1']);
    expect(one.code).toBe(0);
    expect(cli([...args, '--workers', '2']).stdout).toBe(one.stdout);
    const bad = cli(['run', '--games', '10', '--strategy', 'mafia=mix:smart@0|smart@1']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/mix part "smart@0" should be SPEC@WEIGHT with a weight above 0/);
    expect(cli(['run', '--games', '10', '--strategy', 'mafia=mix:smart:nope=1@1']).stderr).toMatch(/unknown parameter "nope"/);
  });
});
