// smart's tuned defaults per built-in setup (issue 13, items 4 and 5): played wherever a spec does not
// set a parameter itself, never on a setup file, never with tuned=false; the data names its command.
import { describe, expect, it } from 'vitest';
import { jobOf } from '../src/exploit/arms.js';
import { onSetup, parseStrategies, resolvedSpec, specValues, withParams } from '../src/strategy/registry.js';
import type { Strategy } from '../src/strategy/types.js';
import { loadSetup } from '../src/setup/load.js';
import { playJobGame } from '../src/runner/job.js';
import { smart } from '../strategies/smart.js';
import { DEFAULT_STRATEGY } from '../src/strategy/default.js';
import { reportHeader } from '../src/report/report.js';
import { TUNED, type TunedEntry } from '../strategies/smart/tuned.js';

const ukr = loadSetup('ukrainian', []);
const plan = { setupArg: 'ukrainian', overrides: [], setup: ukr, seed: '3' };
const winners = (specs: string[], n = 12) => Array.from({ length: n }, (_, k) => playJobGame(jobOf(plan, specs), k).winner);

describe('tuned defaults', () => {
  it('are played beneath the parameters a spec sets, per team, on a built-in setup only', () => {
    // A stand-in entry for vanilla, which ships none and whose rule set has no equilibrium entry (that
    // would come first: test/equilibria-default.test.ts). onSetup keeps what it made per setup, so a
    // stand-in for a setup with an entry would outlive the test and be played in the next; removed after it.
    const data = TUNED as Record<string, TunedEntry>;
    const saved = Object.hasOwn(data, 'vanilla') ? data.vanilla : undefined;
    data.vanilla = { town: { nominateBlind: 1, temperature: 0.5 }, mafia: { bloc: false }, command: 'mafia-sim tune --setup vanilla (test stand-in)' };
    try {
      playedBeneath();
    } finally {
      if (saved === undefined) delete data.vanilla;
      else data.vanilla = saved;
    }
  });

  function playedBeneath(): void {
    const club = loadSetup('vanilla', []);
    const town = onSetup(smart, club, 'town');
    expect(town).not.toBe(smart);
    expect(onSetup(smart, club, 'town')).toBe(town); // made once
    expect(onSetup(smart, { ...club, source: 'my-table.yaml' }, 'town')).toBe(smart); // never on a setup file
    // A spec that sets each tuned parameter of the town itself keeps its own values: nothing is left to add.
    const own = Object.keys(TUNED.vanilla.town).map((k) => [k, String(smart.params!.find((p) => p.key === k)!.default)] as const);
    const mine = withParams(smart, own, 'smart:…');
    expect(onSetup(mine, club, 'town')).toBe(mine);
    const off = withParams(smart, [['tuned', 'false']], 'smart:tuned=false');
    expect(onSetup(off, club, 'mafia')).toBe(off);
    // A copy that wraps smart is played as it is (rebuilt from smart, it would lose its wrapping).
    const wrapper: Strategy = { ...smart, createPlayer: (seat) => smart.createPlayer(seat) };
    expect(onSetup(wrapper, club, 'town')).toBe(wrapper);
  }

  it('smart with no tuned entry nor an equilibrium for its rule set plays exactly its own defaults; tuned=false always does', () => {
    const setups = ['vanilla'].filter((s) => !Object.hasOwn(TUNED, s));
    for (const name of setups) {
      const setup = loadSetup(name, []);
      expect(resolvedSpec('smart', setup, 'town')).toBe('smart');
    }
    expect(resolvedSpec('smart:tuned=false', ukr, 'town')).toBe('smart:tuned=false');
    expect(winners(['smart:tuned=false'])).toEqual(winners(['smart:tuned=false,revealDay=4,fakeClaim=0.2']));
  });

  it('the shipped data: each entry sets valid parameters of its side and names the command that produced it', () => {
    for (const [setup, entry] of Object.entries(TUNED)) {
      expect(entry.command).toMatch(new RegExp(`^mafia-sim tune --setup ${setup} `));
      for (const team of ['town', 'mafia'] as const) {
        const pairs = Object.entries(entry[team]).map(([k, v]) => `${k}=${String(v)}`);
        if (pairs.length > 0) specValues(`smart:${pairs.join(',')}`); // throws on a bad key or value
        for (const k of Object.keys(entry[team])) expect(smart.params!.find((p) => p.key === k)!.team ?? team).toBe(team);
      }
      // What `smart` plays on the setup is the tuned values written out (resolvedSpec), game for game.
      const setupPlan = { ...plan, setupArg: setup, setup: loadSetup(setup, []) };
      const specs = ['town', 'mafia'].map((t) => `${t}=${resolvedSpec('smart', setupPlan.setup, t as 'town' | 'mafia')}`);
      for (let k = 0; k < 6; k++) expect(playJobGame(jobOf(setupPlan, ['smart']), k).winner).toBe(playJobGame(jobOf(setupPlan, specs), k).winner);
    }
    expect(parseStrategies(['smart']).everyone.name).toBe('smart');
  });

  it('item 5: without --strategy every seat plays smart, tuned where the setup has an entry; random is one flag away', () => {
    expect(DEFAULT_STRATEGY).toBe('smart');
    expect(parseStrategies([]).everyone.name).toBe('smart');
    expect(parseStrategies(['town=random']).everyone.name).toBe('smart'); // the seats no spec names
    expect(parseStrategies(['random']).everyone.name).toBe('random');
    expect(Object.hasOwn(TUNED, 'ukrainian')).toBe(true);
    // Game for game the default is `--strategy smart`: on ukrainian its tuned values, on vanilla (no
    // entry) smart's own defaults; and it is not random play.
    const vanilla = { setupArg: 'vanilla', overrides: [], setup: loadSetup('vanilla', []), seed: '3' };
    for (const p of [plan, vanilla]) {
      const games = (specs: string[]) => Array.from({ length: 8 }, (_, k) => JSON.stringify(playJobGame(jobOf(p, specs), k, { keepLog: true }).log));
      expect(games([])).toEqual(games(['smart']));
      expect(games([])).not.toEqual(games(['random']));
      expect(reportHeader(jobOf(p, [])).strategies).toEqual(['smart']);
    }
  });
});
