// smart's tuned defaults per built-in setup (issue 13, items 4 and 5): played wherever a spec does not
// set a parameter itself, never on a setup file, never with tuned=false; the data names its command.
import { describe, expect, it } from 'vitest';
import { jobOf } from '../src/exploit/arms.js';
import { onSetup, parseStrategies, resolvedSpec, specValues, withParams } from '../src/strategy/registry.js';
import type { Strategy } from '../src/strategy/types.js';
import { loadSetup } from '../src/setup/load.js';
import { playJobGame } from '../src/runner/job.js';
import { smart } from '../strategies/smart.js';
import { TUNED, type TunedEntry } from '../strategies/smart/tuned.js';

const ukr = loadSetup('ukrainian', []);
const plan = { setupArg: 'ukrainian', overrides: [], setup: ukr, seed: '3' };
const winners = (specs: string[], n = 12) => Array.from({ length: n }, (_, k) => playJobGame(jobOf(plan, specs), k).winner);

describe('tuned defaults', () => {
  it('are played beneath the parameters a spec sets, per team, on a built-in setup only', () => {
    // A stand-in entry for club-10, which tuned.json has no entry for, removed after the test: onSetup keeps
    // what it makes per setup, so a stand-in for a shipped entry would outlive the test in later ones.
    const data = TUNED as Record<string, TunedEntry>;
    const saved = Object.hasOwn(data, 'club-10') ? data['club-10'] : undefined;
    data['club-10'] = { town: { revealDay: 1, temperature: 0.5 }, mafia: { fakeClaim: 1 }, command: 'mafia-sim tune --setup club-10 (test stand-in)' };
    try {
      playedBeneath();
    } finally {
      if (saved === undefined) delete data['club-10'];
      else data['club-10'] = saved;
    }
  });

  function playedBeneath(): void {
    const club = loadSetup('club-10', []);
    const town = onSetup(smart, club, 'town');
    expect(town).not.toBe(smart);
    expect(onSetup(smart, club, 'town')).toBe(town); // made once
    expect(onSetup(smart, { ...club, source: 'my-table.yaml' }, 'town')).toBe(smart); // never on a setup file
    // A spec that sets each tuned parameter of the town itself keeps its own values: nothing is left to add.
    const own = Object.keys(TUNED['club-10'].town).map((k) => [k, String(smart.params!.find((p) => p.key === k)!.default)] as const);
    const mine = withParams(smart, own, 'smart:…');
    expect(onSetup(mine, club, 'town')).toBe(mine);
    const off = withParams(smart, [['tuned', 'false']], 'smart:tuned=false');
    expect(onSetup(off, club, 'mafia')).toBe(off);
    // A copy that wraps smart is played as it is (rebuilt from smart, it would lose its wrapping).
    const wrapper: Strategy = { ...smart, createPlayer: (seat) => smart.createPlayer(seat) };
    expect(onSetup(wrapper, club, 'town')).toBe(wrapper);
  }

  it('smart with no tuned entry plays exactly its own defaults; tuned=false always does', () => {
    const setups = ['vanilla', 'club-8'].filter((s) => !Object.hasOwn(TUNED, s));
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
});
