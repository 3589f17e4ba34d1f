// Every setup plays near its equilibrium by default (issue 29, item 4): smart's shipped mixes
// (strategies/smart/equilibria.json, made by `npm run equilibria`) are what `smart` — the default —
// plays at their own tables and, carried over, at every table of the same rule set (another size, a
// setup file), from the entry nearest in size; the spec's own parameters set on every profile.
import { describe, expect, it } from 'vitest';
import { jobOf } from '../src/exploit/arms.js';
import { loadSetup } from '../src/setup/load.js';
import { playJobGame } from '../src/runner/job.js';
import { builtInStrategies, defaultMixSource, onSetup, resolvedSpec, specValues, tableKey } from '../src/strategy/registry.js';
import { parseMix } from '../src/strategy/mix.js';
import { EQUILIBRIA, equilibriumEntryFor, type EquilibriumEntry } from '../strategies/smart/tuned.js';
import { playedSides } from '../src/report/sides.js';

const table = (name: string, rules: string, players: number, source = 'built-in') => ({ name, source, rules, players });

describe('default play at an equilibrium', () => {
  it('the entry a table plays: its own at its own size, else the same rule set nearest in size (the smaller of two as near), else none', () => {
    const entry = (rules: string, players: number): EquilibriumEntry => ({ rules, players, mix: { town: [{ spec: 'smart', weight: 1 }], mafia: [{ spec: 'smart', weight: 1 }] }, command: 'stand-in' });
    const data = EQUILIBRIA as Record<string, EquilibriumEntry>;
    const saved = { ...data };
    for (const k of Object.keys(data)) delete data[k];
    Object.assign(data, { 'club-12': entry('club', 12), 'club-20': entry('club', 20), ukrainian: entry('ukrainian', 12) });
    try {
      const name = (t: ReturnType<typeof table>) => equilibriumEntryFor(t)?.name ?? null;
      expect(name(table('club-12', 'club', 12))).toBe('club-12');
      expect(name(table('club-20', 'club', 20))).toBe('club-20');
      expect(name(table('club-8', 'club', 8))).toBe('club-12');
      expect(name(table('club-16', 'club', 16))).toBe('club-12'); // as near as club-20: the smaller
      expect(name(table('club-12', 'club', 17))).toBe('club-20'); // club-12 with players=17: by its size
      expect(name(table('my-table', 'club', 12, 'my-table.yaml'))).toBe('club-12');
      expect(name(table('my-ukrainian', 'ukrainian', 12, 'u.yaml'))).toBe('ukrainian');
      expect(name(table('vanilla', 'vanilla', 7))).toBeNull();
    } finally {
      for (const k of Object.keys(data)) delete data[k];
      Object.assign(data, saved);
    }
  });

  it('the shipped mixes: valid complete specs of smart per side, weights summing to 1, the command that made each', () => {
    expect(Object.keys(EQUILIBRIA).length).toBeGreaterThan(0);
    for (const [setup, e] of Object.entries(EQUILIBRIA)) {
      expect(e.command).toMatch(new RegExp(`^mafia-sim equilibrium --setup ${setup} `));
      const compiled = loadSetup(setup, []);
      expect(tableKey(compiled)).toMatchObject({ name: setup, source: 'built-in', rules: e.rules, players: e.players });
      for (const team of ['town', 'mafia'] as const) {
        expect(e.mix[team].reduce((a, p) => a + p.weight, 0)).toBeCloseTo(1, 3);
        for (const p of e.mix[team]) expect(specValues(p.spec).strategy.name).toBe('smart'); // throws on a bad key or value
      }
    }
  });

  it("what `smart` plays at a table with an entry is the mix written out, game for game; a spec's own parameters go on every profile; tuned=false is smart's own", () => {
    const [name] = Object.keys(EQUILIBRIA);
    const setup = loadSetup(name, []);
    const plan = { setupArg: name, overrides: [], setup, seed: '5' };
    const specs = (['town', 'mafia'] as const).map((t) => `${t}=${resolvedSpec('smart', setup, t)}`);
    for (let k = 0; k < 6; k++) {
      const a = playJobGame(jobOf(plan, []), k, { keepLog: true });
      const b = playJobGame(jobOf(plan, specs), k, { keepLog: true });
      expect(JSON.stringify(b.log)).toBe(JSON.stringify(a.log));
    }
    const hot = resolvedSpec('smart:temperature=0.5', setup, 'town');
    const parts = hot.startsWith('mix:') ? parseMix(hot, 'test').map((p) => p.spec) : [hot];
    for (const p of parts) expect(specValues(p).values.temperature).toBe(0.5);
    expect(resolvedSpec('smart:tuned=false', setup, 'town')).toBe('smart:tuned=false');
    // Reports say where it comes from.
    expect(defaultMixSource('smart', setup, 'town')).toBe(`equilibrium: strategies/smart/equilibria.json "${name}"`);
    expect(playedSides([], setup).town.source).toBe(`the default; equilibrium: strategies/smart/equilibria.json "${name}"`);
  });

  it("a mix read by the posterior is carried only to tables the posterior can read; elsewhere the next nearest, or none", () => {
    const entry = (rules: string, players: number, town: string): EquilibriumEntry => ({ rules, players, mix: { town: [{ spec: town, weight: 1 }], mafia: [{ spec: 'smart', weight: 1 }] }, command: 'stand-in' });
    const data = EQUILIBRIA as Record<string, EquilibriumEntry>;
    const saved = { ...data };
    for (const k of Object.keys(data)) delete data[k];
    Object.assign(data, { 'club-12': entry('club', 12, 'smart:revealDay=1,reader=posterior'), 'club-30': entry('club', 30, 'smart') });
    try {
      const name = (players: number, mafia?: number) => equilibriumEntryFor({ name: 'x', source: 'x.yaml', rules: 'club', players, ...(mafia === undefined ? {} : { mafia }) })?.name ?? null;
      expect(name(16, 5)).toBe('club-12'); // C(16, 5) = 4,368 teams
      expect(name(17, 5)).toBe('club-30'); // C(17, 5) = 6,188: past the posterior's reach
      expect(name(20, 6)).toBe('club-30');
      expect(name(17)).toBe('club-12'); // mafia seats unknown: by size alone
      delete data['club-30'];
      expect(name(20, 6)).toBeNull();
    } finally {
      for (const k of Object.keys(data)) delete data[k];
      Object.assign(data, saved);
    }
    // The table's mafia seats: from a compiled setup's deck, and from a report's summary of it.
    const club20 = loadSetup('club-20', []);
    expect(tableKey(club20).mafia).toBe(6);
    expect(tableKey({ name: 'club-20', source: 'built-in', rules: 'club', players: 20, roles: Object.fromEntries(club20.roleCounts) }).mafia).toBe(6);
    expect(tableKey({ name: 'mine', source: 'm.yaml', rules: 'club', players: 20, roles: { vigilante: 1, citizen: 19 } }).mafia).toBeUndefined();
  });

  it('a setup file of the same rule set plays the entry carried over, and says so', () => {
    const [name, e] = Object.entries(EQUILIBRIA)[0];
    const file = { ...loadSetup(name, []), name: 'my-table', source: 'my-table.yaml' };
    expect(resolvedSpec('smart', file, 'mafia')).toBe(resolvedSpec('smart', loadSetup(name, []), 'mafia'));
    expect(defaultMixSource('smart', file, 'mafia')).toBe(`equilibrium: strategies/smart/equilibria.json "${name}", carried over (solved at ${e.players} players)`);
  });
  it('two tables of one name but different decks play each its own default (the default is made per table, not per name)', () => {
    const smart = builtInStrategies().get('smart')!;
    const at12 = loadSetup('club-12', []);
    // (as `weights` deals them: generated tables of one family under one name)
    const at20 = { ...loadSetup('club-20', []), name: at12.name };
    for (const team of ['town', 'mafia'] as const) {
      // Either order: the first table played must not fix what the second plays.
      const first = onSetup(smart, at20, team);
      expect(onSetup(smart, at12, team).name).toBe(resolvedSpec('smart', at12, team)); // its equilibrium mix
      expect(onSetup(smart, at12, team)).not.toBe(first);
      expect(resolvedSpec('smart', at20, team)).not.toBe(resolvedSpec('smart', at12, team));
    }
  });
});
