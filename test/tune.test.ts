// `mafia-sim tune` (issue 13, item 4): alternating best response with successive halving, common seeds,
// paired confirmation, and a --state file that a stopped run continues from.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deckDecisions, parameterVariants, sidesFromSpecs, tuneValues, tuneVariants } from '../src/exploit/variants.js';
import { loadSetup } from '../src/setup/load.js';
import { openStateFile } from '../src/tune/stateFile.js';
import { halvingEstimate, runTune, tuneStateKey, type TuneInput, type UnitCache } from '../src/tune/tune.js';
import { SMART_PARAMS } from '../strategies/smart/params.js';
import { cli } from './helpers/cli.js';

const vanilla = loadSetup('vanilla', []);
/** A tiny space with a known best response: the mafia's bloc (without it they lose some 30 points). */
const tiny = (more: Partial<TuneInput> = {}): TuneInput => ({
  setupArg: 'vanilla', overrides: [], setup: vanilla, seed: '1', workers: 1,
  start: sidesFromSpecs(['smart', 'mafia=smart:bloc=false'], vanilla),
  params: ['bloc', 'nominateBlind'], firstGames: 300, finalGames: 1200, rounds: 8, budget: null,
  ...more,
});

describe('tune', () => {
  it("counts its progress against the rounds it plays if no side moves again, not the round limit's", async () => {
    const reports: Array<[number, number]> = [];
    const r = await runTune(tiny({ onProgress: (done, total) => void reports.push([done, total]) }));
    const x = tiny();
    const round = (side: 'town' | 'mafia') => halvingEstimate(tuneVariants(side, x.start[side], vanilla, new Set(x.params)).length, x.firstGames, x.finalGames);
    // Before any move: two rounds (one a side), the fewest that converge; 8 rounds would count four times as many.
    expect(reports[0][1]).toBe(round('town') + round('mafia'));
    for (const [done, total] of reports) expect(done).toBeLessThanOrEqual(total);
    // The mafia's move (round 2) adds the two quiet rounds that converge after it: 4 rounds are played, and counted.
    expect(r.history.map((h) => h.accepted)).toEqual([false, true, false, false]);
    const [done, total] = reports[reports.length - 1];
    expect(done).toBe(r.played);
    expect(total).toBeGreaterThanOrEqual(r.played);
    expect(total).toBeLessThan(reports[0][1] * 3);
  }, 120_000);

  it('converges on a tiny parameter space to the known best response, with a certificate per side', async () => {
    const r = await runTune(tiny());
    expect(r.stopped).toBe('converged');
    expect(r.result.mafia).toBe('smart:bloc=true');
    expect(r.changed.mafia).toEqual({}); // bloc=true is smart's default
    const taken = r.history.filter((h) => h.accepted);
    expect(taken.map((h) => [h.side, h.best])).toEqual([['mafia', 'bloc=true']]);
    expect(taken[0].confirm!.low).toBeGreaterThan(0.1);
    // Converged: the last two rounds (one a side) found nothing significant, and they are the certificate.
    const [a, b] = r.history.slice(-2);
    expect([a.side, b.side].sort()).toEqual(['mafia', 'town']);
    expect(a.accepted || b.accepted).toBe(false);
    expect(r.certificate.mafia!.move).toBe('bloc=false');
    expect(r.certificate.mafia!.gain.high).toBeLessThan(0);
    expect(r.certificate.town!.gain.low).toBeLessThanOrEqual(0);
    expect(r.townWin!.games).toBeGreaterThan(0);
  }, 120_000);

  it('a run stopped part-way and started again with the same state gives the uninterrupted result', async () => {
    const whole = await runTune(tiny());
    const dir = mkdtempSync(join(tmpdir(), 'tune-'));
    const path = join(dir, 'state.json');
    const key = tuneStateKey(tiny());
    // Stop after the third unit of play is saved (an interrupt, as Ctrl-C gives).
    const stop = new AbortController();
    const file = openStateFile(path, key);
    let saved = 0;
    const stopping: UnitCache = { get: (...a) => file.get(...a), put: (id, u) => { file.put(id, u); if (++saved === 3) stop.abort(); }, replay: (w) => file.replay!(w) };
    const cut = await runTune(tiny({ cache: stopping, signal: stop.signal }));
    expect(cut.stopped).toBe('interrupted');
    expect(cut.partial).toBe(true);
    const units = Object.keys(JSON.parse(readFileSync(path, 'utf8')).units);
    expect(units).toHaveLength(3);
    const resumed = openStateFile(path, key);
    expect(resumed.resumed).toBe(3);
    let playedAgain = 0;
    const counting: UnitCache = { get: (...a) => resumed.get(...a), put: (id, u) => { playedAgain++; resumed.put(id, u); }, replay: (w) => resumed.replay!(w) };
    const rest = await runTune(tiny({ cache: counting }));
    expect(JSON.stringify(rest)).toBe(JSON.stringify(whole));
    // Only what was missing was played.
    const all = Object.keys(JSON.parse(readFileSync(path, 'utf8')).units).length;
    expect(playedAgain).toBe(all - 3);
  }, 120_000);

  it("a move's candidates are its grid neighbours and the grid's ends", () => {
    const p = (k: string) => SMART_PARAMS.find((x) => x.key === k)!;
    expect(tuneValues(p('revealDay'), 4)).toEqual([1, 3, 5, 1000]);
    expect(tuneValues(p('revealDay'), 1)).toEqual([2, 1000]);
    expect(tuneValues(p('temperature'), 0.3)).toEqual([0, 0.25, 0.5, 100]); // off the grid: the nearest either side
    expect(tuneValues(p('bloc'), true)).toEqual([false]);
    expect(tuneValues(p('note'), 'black')).toEqual(['first', 'never']);
  });

  it("never moves a held parameter (smart's temperature: at 0 the town votes as one, a seat artefact), which exploit still plays", () => {
    const club = loadSetup('club-12', []);
    const tuneNames = tuneVariants('town', 'smart', club, null).map((v) => v.name);
    expect(tuneNames).toContain('revealDay=1');
    expect(tuneNames.some((n) => n.startsWith('temperature='))).toBe(false);
    expect(parameterVariants('town', 'smart', deckDecisions(club)).map((v) => v.name)).toContain('temperature=0');
  });

  it('U6.1 C8: the team kill is a decision of every table with a team; killRival is moved wherever someone investigates', () => {
    const ukrainian = loadSetup('ukrainian', []);
    const club = loadSetup('club-12', []);
    for (const setup of [ukrainian, club, vanilla]) expect(deckDecisions(setup).has('propose') || deckDecisions(setup).has('mafiaKill')).toBe(true);
    for (const setup of [ukrainian, club]) expect(tuneVariants('mafia', 'smart', setup, null).map((v) => v.name)).toContain('killRival=0');
    expect(tuneVariants('mafia', 'smart', vanilla, null).some((v) => v.name.startsWith('killRival='))).toBe(false);
  });

  it('the command refuses a state file of another setup, and an unknown parameter, with one line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tune-'));
    const path = join(dir, 'state.json');
    writeFileSync(path, JSON.stringify({ format: 2, kind: 'tune-state', key: { setup: 'club-12', overrides: [], seed: '1', table: {}, settings: {} }, units: {} }));
    const r = cli(['tune', '--setup', 'vanilla', '--state', path, '--games', '100']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--state .*made by a tune of --setup club-12 --seed 1/);
    const bad = cli(['tune', '--setup', 'vanilla', '--params', 'nope']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--params nope: "nope" is not a parameter of smart/);
    const ok = cli(['tune', '--setup', 'vanilla', '--params', 'bloc', '--games', '200', '--first', '100', '--workers', '1', '--json']);
    expect(ok.code).toBe(0);
    const j = JSON.parse(ok.stdout);
    expect(j.stopped).toBe('converged');
    expect(j.command).toContain('mafia-sim tune --setup vanilla --params bloc');
  }, 60_000);
});
