// Resume trusts nothing (issue 32): a `tune --state` or `equilibrium --state` file is taken only if it
// replays to itself (src/tune/stateFile.ts) — its units agree with themselves, it was made by the same
// command (setup, options, seed, the table they give, the settings that choose the units), and the
// command's own decisions, run on its units alone, ask for exactly the units it holds. Nothing is
// played to check it. A file that does not is one error line naming the field, exit 2, the file as it was.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equilibriumStateKey, runEquilibrium, type EquilibriumInput } from '../src/equilibrium/equilibrium.js';
import { sidesFromSpecs } from '../src/exploit/variants.js';
import { loadSetup } from '../src/setup/load.js';
import { openStateFile } from '../src/tune/stateFile.js';
import { runTune, tuneStateKey, type TuneInput, type UnitCache } from '../src/tune/tune.js';
import { cli } from './helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-state-trust-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const vanilla = loadSetup('vanilla', []);
const start = sidesFromSpecs(['smart', 'mafia=smart:bloc=false'], vanilla);
const tune = (more: Partial<TuneInput> = {}): TuneInput => ({
  setupArg: 'vanilla', overrides: [], setup: vanilla, seed: '1', workers: 1, start,
  params: ['bloc', 'nominateBlind'], firstGames: 40, finalGames: 160, rounds: 6, budget: null, ...more,
});

type State = { format: number; key: Record<string, unknown>; units: Record<string, { arms: string[][]; from: number; to: number; pairs: number[][][]; base: Record<string, number> }> };
const read = (path: string): State => JSON.parse(readFileSync(path, 'utf8'));
/** A copy of `path` edited by `edit` (a forger's work: every count still adds up). */
function forged(path: string, name: string, edit: (s: State) => void): string {
  const s = read(path);
  edit(s);
  writeFileSync(join(dir, name), JSON.stringify(s));
  return join(dir, name);
}
/** Resumes the tune from `path`; what it throws, if anything. */
const resume = (path: string, x: TuneInput = tune()) => runTune({ ...x, cache: openStateFile(path, tuneStateKey(x)) });

describe('tune --state: a state file replays to itself', () => {
  const whole = join(dir, 'tune.json');
  let report = '';
  beforeAll(async () => {
    report = JSON.stringify(await runTune({ ...tune(), cache: openStateFile(whole, tuneStateKey(tune())) }));
  }, 120_000);

  it('the whole file, and any run of it cut short, resumes to the uninterrupted result without playing what it holds', async () => {
    const units = Object.keys(read(whole).units);
    expect(units.length).toBeGreaterThan(4);
    const cut = forged(whole, 'cut.json', (s) => {
      for (const id of units.slice(3)) delete s.units[id];
    });
    const file = openStateFile(cut, tuneStateKey(tune()));
    let played = 0;
    const counting: UnitCache = { get: (...a) => file.get(...a), put: (id, u) => { played++; file.put(id, u); }, replay: (w) => file.replay!(w) };
    expect(JSON.stringify(await runTune({ ...tune(), cache: counting }))).toBe(report);
    expect(played).toBe(units.length - 3);
    // Fewer rounds than the file holds: a prefix of the same decisions, taken from the file.
    const fewer = forged(whole, 'fewer.json', () => {});
    expect((await resume(fewer, tune({ rounds: 1 }))).history).toHaveLength(1);
  }, 120_000);

  it("a stage whose counts were edited so that the halving would have kept other moves: the next stage's arms are not the tune's", async () => {
    // The last move of the first stage made to win every game the baseline lost: still adds up row by row.
    const boosted = forged(whole, 'boosted.json', (s) => {
      const u = s.units.r0s0;
      const last = u.pairs.length - 1;
      u.pairs[last] = u.pairs[last].map((row, b) => (b === 1 ? [row.reduce((a, n) => a + n, 0), 0, 0, 0] : b === 0 ? [row.reduce((a, n) => a + n, 0), 0, 0, 0] : row));
    });
    await expect(resume(boosted)).rejects.toThrow(/--state .*boosted\.json: units\.r0s1\.arms\[1\]\[0\]: .*, but the tune, replaying the units before it, plays ".*" there: the file does not replay to itself/);
  });

  it('a unit moved to other games, and a unit the tune never plays, are refused', async () => {
    const moved = forged(whole, 'moved.json', (s) => {
      s.units.r0c.from += 100;
      s.units.r0c.to += 100;
    });
    await expect(resume(moved)).rejects.toThrow(/moved\.json: units\.r0c\.from: 5000100, but the tune, replaying the units before it, plays 5000000 there/);
    const stray = forged(whole, 'stray.json', (s) => {
      s.units.r40s0 = s.units.r0s0;
    });
    await expect(resume(stray)).rejects.toThrow(/stray\.json: units\.r40s0: a unit the tune never plays, replaying the units before it/);
  });

  it("a unit agrees with itself: arm 0 is the baseline, its own table all 0", async () => {
    const zero = forged(whole, 'zero.json', (s) => {
      s.units.r0s0.pairs[0][0][0] = 1;
    });
    expect(() => openStateFile(zero, tuneStateKey(tune()))).toThrow(/zero\.json: units\.r0s0\.pairs\[0\]: arm 0 is the baseline itself, so its table is all 0/);
  });

  it('a file of another table or other settings is refused, naming what differs', () => {
    const bigger = loadSetup('vanilla', ['players=8']);
    expect(() => openStateFile(whole, tuneStateKey(tune({ setup: bigger })))).toThrow(/tune\.json: key\.table\.players: 7 in the file, 8 here: the setup changed since the file was made/);
    expect(() => openStateFile(whole, tuneStateKey(tune({ finalGames: 320 })))).toThrow(/tune\.json: key\.settings\.finalGames: 160 in the file, 320 here: a state file continues only the same tune/);
    expect(() => openStateFile(whole, tuneStateKey(tune({ start: sidesFromSpecs(['smart'], vanilla) })))).toThrow(/tune\.json: key\.settings\.start\.mafia: "smart:bloc=false" in the file, "smart" here/);
    const old = forged(whole, 'old.json', (s) => (s.format = 1));
    expect(() => openStateFile(old, tuneStateKey(tune()))).toThrow(/old\.json: format: must be 2, got 1 \(a file of an earlier mafia-sim/);
  });

  it('on the command line: a setup file edited since the state was made is one error line, exit 2, the state as it was', () => {
    const setup = join(dir, 't.yaml');
    const state = join(dir, 'cli.json');
    writeFileSync(setup, 'rules: vanilla\nroles: { townie: 5, mafia: 2 }\n');
    const args = ['tune', '--setup', setup, '--params', 'bloc', '--games', '40', '--first', '20', '--rounds', '2', '--workers', '1', '--state', state];
    expect(cli(args).code).toBe(0);
    const before = readFileSync(state, 'utf8');
    writeFileSync(setup, 'rules: vanilla\nroles: { townie: 6, mafia: 2 }\n');
    const r = cli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mafia-sim: error: --state .*cli\.json: key\.table\.players: 7 in the file, 8 here: the setup changed since the file was made; use another file\n$/);
    expect(readFileSync(state, 'utf8')).toBe(before);
  }, 60_000);
});

describe('equilibrium --state: a state file replays to itself', () => {
  const eq = (more: Partial<EquilibriumInput> = {}): EquilibriumInput => ({
    setupArg: 'vanilla', overrides: [], setup: vanilla, seed: '1', workers: 1, start,
    matrixGames: 600, firstGames: 150, finalGames: 600, epsilon: 0.01, climb: 2, iterations: 6, budget: null, hold: [], ...more,
  });
  const open = (path: string, x = eq()) => openStateFile(path, equilibriumStateKey(x), 'equilibrium-state');

  it("a run stopped at its iteration limit leaves its value unit; a longer run continues from it, and a forged value is refused", async () => {
    const short = join(dir, 'eq-short.json');
    const first = await runEquilibrium({ ...eq({ iterations: 1 }), cache: open(short) });
    expect(first.stopped).toBe('iterations');
    const whole = await runEquilibrium(eq());
    expect(whole.history.length).toBeGreaterThan(1);
    const longer = join(dir, 'eq-longer.json');
    copyFileSync(short, longer);
    expect(JSON.stringify(await runEquilibrium({ ...eq(), cache: open(longer) }))).toBe(JSON.stringify(whole));
    // The value unit of the short run, with a mix it never had.
    const forgedValue = forged(short, 'eq-value.json', (s) => {
      s.units.value.arms = [['town=smart', 'mafia=smart:bloc=false']];
    });
    await expect(runEquilibrium({ ...eq(), cache: open(forgedValue) })).rejects.toThrow(/eq-value\.json: units\.value\.arms\[0\]\[1\]: "mafia=smart:bloc=false", but the equilibrium, replaying the units before it, plays "mafia=smart:bloc=true[^"]*" there: the file does not replay to itself/);
  }, 240_000);

  it('a population of long profiles, whose cells are named past 200 characters, resumes from its own file', async () => {
    const long = sidesFromSpecs([
      'town=smart:revealDay=1,note=first,selfHeal=1,maniacAt=4,nominateBlind=0,survivor=doubt,deadReports=drop,reader=rules,nominateAt=0',
      'mafia=smart:fakeClaim=1,fakeClaimDay=1,claimPlan=once,blend=false,bus=1,distance=1,bloc=false,counterClaim=0',
    ], vanilla);
    const x = eq({ start: long, iterations: 1, matrixGames: 60, firstGames: 30, finalGames: 60 });
    const path = join(dir, 'eq-long.json');
    const first = await runEquilibrium({ ...x, cache: open(path, x) });
    expect(Object.keys(read(path).units).some((id) => id.length > 200)).toBe(true);
    expect(JSON.stringify(await runEquilibrium({ ...x, cache: open(path, x) }))).toBe(JSON.stringify(first));
  }, 120_000);
});
