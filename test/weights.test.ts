// `mafia-sim weights` as a user runs it (the built CLI): it reproduces role-values' sign for every role
// of club-12 and reports its held-out error; the same report for any --workers; a saved fit predicts
// what the report predicted; and bad input is one error line naming the flag or value, exit 2.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, cliAsync } from './helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mafia-weights-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Est {
  value: number;
  low: number;
  high: number;
}

// Small but sufficient: 80 club tables × 1,000 games (the weights), 2,000 games per role-values arm.
// Both start now, in processes of their own, and play while the quick tests below run. Both play
// smart's own defaults, one play at every table as by default, and quicker than the posterior reader.
const PLAY = ['--strategy', 'smart:tuned=false'];
const WEIGHTS = ['weights', '--family', 'club', '--count', '80', '--games', '1000', '--workers', '2', '--no-progress', ...PLAY];
const fitFile = join(dir, 'fit.json');
const RUNS = Promise.all([
  cliAsync([...WEIGHTS, '--json', '--save', fitFile], { timeoutMs: 120_000 }),
  cliAsync(['role-values', '--setup', 'club-12', '--games', '2000', '--workers', '1', '--no-progress', '--json', ...PLAY], { timeoutMs: 120_000 }),
]).then(([w, rv]) => ({
  w,
  rv,
  report: JSON.parse(w.stdout),
  values: JSON.parse(rv.stdout).values as { role: string; asIs: { diff: number; low: number; high: number } | null }[],
}));

describe('weights: the same output for any --workers', () => {
  it('a small fit prints the same bytes on 1 and 2 threads', { timeout: 60_000 }, async () => {
    const small = ['weights', '--family', 'vanilla', '--count', '12', '--games', '300', '--no-progress', '--json'];
    const [one, two] = await Promise.all([cliAsync([...small, '--workers', '1']), cliAsync([...small, '--workers', '2'])]);
    expect(one.code).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    expect(JSON.parse(one.stdout).weights.map((w: { role: string }) => w.role).sort()).toEqual(['mafia', 'townie']);
  });
});

describe('weights: one play at every table', () => {
  it('every generated table plays the base table\'s default written out, whatever its size', async () => {
    const { FAMILIES, generatedSetups } = await import('../src/workbench/weightsSetups.js');
    const { armSpecs, sidesFromSpecs } = await import('../src/exploit/variants.js');
    const { loadSetup } = await import('../src/setup/load.js');
    const family = FAMILIES.find((f) => f.name === 'club')!;
    const setups = await generatedSetups({ family, players: [8, 20], count: 12, seed: '3', options: [], strategies: [] });
    const base = armSpecs(sidesFromSpecs([], loadSetup('club-12', [])));
    expect(base.some((s) => s.includes('mix:'))).toBe(true); // club-12's equilibrium mix
    expect(new Set(setups.map((s) => s.players)).size).toBeGreaterThan(3);
    for (const s of setups) expect(s.spec.strategies).toEqual(base);
    // A spec given is written out at the base too: tuned=false stays smart's own.
    const own = await generatedSetups({ family, players: [8, 20], count: 3, seed: '3', options: [], strategies: ['smart:tuned=false'] });
    for (const s of own) expect(s.spec.strategies).toEqual(['town=smart:tuned=false', 'mafia=smart:tuned=false']);
  });
});

describe('weights: bad input is one error line naming the flag, exit 2', () => {
  const notFit = join(dir, 'not-a-fit.json');
  writeFileSync(notFit, JSON.stringify({ kind: 'run' }));
  const cases: [string, string[], RegExp][] = [
    ['no family, setups or prediction', ['weights'], /give --family NAME/],
    ['an unknown family', ['weights', '--family', 'chess'], /--family chess: expected club, ukrainian, vanilla/],
    ['both --family and --setups', ['weights', '--family', 'club', '--setups', 'a,b,c,d'], /--family club and --setups a,b,c,d: give one/],
    ['too few setups to generate', ['weights', '--family', 'club', '--count', '2'], /--count 2: expected a whole number from 4/],
    ['a range of seats backwards', ['weights', '--family', 'club', '--players', '14..9'], /--players 14\.\.9: expected a range/],
    ['a held-out share of 1.5', ['weights', '--family', 'club', '--holdout', '1.5'], /--holdout 1\.5: expected a share/],
    ['no games', ['weights', '--family', 'club', '--games', '0'], /--games 0: expected a whole number/],
    ['too few listed setups', ['weights', '--setups', 'club-12,club-14'], /--setups club-12,club-14: expected at least 4 setups/],
    ['a listed setup that does not exist', ['weights', '--setups', 'club-12,nope,club-14,club-16'], /--setups nope: .*no such built-in setup/],
    ['listed setups of two rule sets', ['weights', '--setups', 'club-12,club-14,ukrainian,club-16'], /club-12 is a club table and ukrainian a ukrainian one/],
    ['the fit to stdout', ['weights', '--family', 'club', '--save', '-'], /--save -: write the fit to a file/],
    ['--fit without --predict', ['weights', '--family', 'club', '--fit', notFit], /--fit .*: only with --predict SETUP/],
    ['--measure without --predict', ['weights', '--family', 'club', '--measure'], /--measure: only with --predict SETUP/],
    ['--family with --predict', ['weights', '--predict', 'club-12', '--family', 'club'], /--family club: not with --predict/],
    ['a fit file that is not one', ['weights', '--predict', 'club-12', '--fit', notFit], /--fit .*not-a-fit\.json: not a weights fit/],
    ['a fit file that is not there', ['weights', '--predict', 'club-12', '--fit', join(dir, 'none.json')], /--fit .*none\.json/],
    ['a rule set with no shipped fit', ['weights', '--predict', 'vanilla'], /--predict: no fit is shipped for vanilla tables/],
    ['a strategy with --predict', ['weights', '--predict', 'club-12', '--strategy', 'random'], /--strategy random: not with --predict/],
    ['a role the fit does not know', ['weights', '--predict', 'club-12', '--option', 'roles.courtesan=1'], /--predict club-12: role courtesan is not in the fit/],
  ];
  for (const [name, args, message] of cases) {
    it(`${name}: exit 2, one line, nothing on stdout`, () => {
      const r = cli(args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^mafia-sim: error: /);
      expect(lines[0]).toMatch(message);
    });
  }
});

describe('weights: the page and the CSV', () => {
  it('--html draws the weights with intervals and every setup measured against predicted; --csv has the weights', () => {
    const html = join(dir, 'w.html');
    const csv = join(dir, 'w.csv');
    const r = cli(['weights', '--family', 'vanilla', '--count', '8', '--games', '200', '--workers', '1', '--no-progress', '--html', html, '--csv', csv]);
    expect(r.code).toBe(0);
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('data-kind="weights"');
    expect(page.match(/<circle class="dot [a-z]+" data-key=/g)).toHaveLength(8);
    expect(page).toContain('mafia-sim weights --family vanilla --count 8');
    const rows = readFileSync(csv, 'utf8').split('\n');
    expect(rows[0]).toBe('table,group,key,value,low,high,count,n');
    expect(rows.some((l) => l.startsWith('weight,townie,logit,'))).toBe(true);
    expect(rows.filter((l) => l.startsWith('setup,') && l.includes(',predicted,'))).toHaveLength(8);
  });
});

describe('weights --family club (the fit against role-values)', () => {
  it('reproduces the sign of role-values for every role of club-12, and their intervals meet', async () => {
    const { w, rv, report, values } = await RUNS;
    expect(w.code).toBe(0);
    expect(rv.code).toBe(0);
    const roles = values.filter((v) => v.asIs !== null);
    expect(roles.map((v) => v.role).sort()).toEqual(['boss', 'doctor', 'judge', 'lawyer', 'lucky', 'marilyn', 'oligarch', 'policeman', 'sportsman']);
    let signed = 0;
    for (const v of roles) {
      const fit = report.weights.find((x: { role: string }) => x.role === v.role).atReference as Est;
      // Where role-values' interval leaves out 0, the fit's worth at club-12 has its sign.
      if (v.asIs!.low > 0 || v.asIs!.high < 0) {
        signed++;
        expect({ role: v.role, sign: Math.sign(fit.value) }).toEqual({ role: v.role, sign: Math.sign(v.asIs!.diff) });
      }
      // Everywhere, the two 95% intervals have a point in common.
      expect({ role: v.role, meet: fit.low <= v.asIs!.high && v.asIs!.low <= fit.high }).toEqual({ role: v.role, meet: true });
    }
    // The Policeman, the Sportsman and the Doctor at least are measured with a sign at these counts.
    expect(signed).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('reports its error on the held-out setups, beside what sampling noise alone would give', async () => {
    const { report } = await RUNS;
    const h = report.heldOut;
    expect(h.setups).toBe(20);
    expect(report.setups.filter((s: { heldOut: boolean }) => s.heldOut)).toHaveLength(20);
    expect(report.model.fitted).toBe(60);
    // The additive model misses by a few points: more than noise, far less than a coin's 50.
    expect(h.rmse).toBeGreaterThan(h.noise);
    expect(h.rmse).toBeLessThan(0.08);
    expect(h.noise).toBeGreaterThan(0.005);
    expect(report.misses).toHaveLength(5);
    const miss = report.misses.map((i: number) => Math.abs(report.setups[i].town.share - report.setups[i].predicted.value));
    expect([...miss].sort((a, b) => b - a)).toEqual(miss);
    expect(report.misses.every((i: number) => report.setups[i].heldOut)).toBe(true);
    // The measured share of every setup is its games' count, with its Wilson interval.
    for (const s of report.setups) {
      expect(s.town.share).toBe(s.town.count / s.games);
      expect(s.town.low).toBeLessThanOrEqual(s.town.share);
    }
  }, 120_000);

  it('a saved fit predicts what the report predicted, and --measure plays the setup beside', async () => {
    const { report } = await RUNS;
    const p = cli(['weights', '--predict', 'club-12', '--fit', fitFile, '--json']);
    expect(p.code).toBe(0);
    const pred = JSON.parse(p.stdout);
    expect(pred.predicted).toEqual(report.reference.predicted);
    expect(pred.withModelError.low).toBeLessThanOrEqual(pred.predicted.low);
    const m = cli(['weights', '--predict', 'club-12', '--fit', fitFile, '--measure', '--games', '2000', '--workers', '1', '--no-progress']);
    expect(m.code).toBe(0);
    expect(m.stdout).toMatch(/Predicted town win: /);
    expect(m.stdout).toMatch(/Measured town win: \d+\.\d% \(/);
  }, 120_000);
});
