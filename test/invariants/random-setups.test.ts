// Fuzzing with random setups: the generator `mafia-sim fuzz` uses (src/fuzz/generate.ts) — seeded random
// rule sets, role mixes (mixed families and the Bodyguard plug-in included), option values, club
// immunities and evenings, played by `random` and `smart` with random parameters — with the engine's
// invariants (and every decision's legality) checked after every phase (src/fuzz/fuzz.ts). A failure
// names the case and the check; `mafia-sim fuzz --seed S` with the same seed replays and shrinks it.
// MAFIA_FUZZ_GAMES sets the number of games (npm run fuzz); the default keeps CI quick.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fuzz } from '../../src/fuzz/fuzz.js';
import { generateCase, type GenerateContext } from '../../src/fuzz/generate.js';
import { RULE_SETS } from '../../src/rules/registry.js';
import { loadRolePlugin } from '../../src/setup/rolePlugins.js';

const GAMES = Number(process.env.MAFIA_FUZZ_GAMES ?? 0) || 3000;
const SEED = process.env.MAFIA_FUZZ_SEED ?? '1'; // npm run fuzz may vary it
const BODYGUARD = fileURLToPath(new URL('../../roles/bodyguard.ts', import.meta.url));

describe(`random setups (${GAMES} games, seed ${SEED})`, async () => {
  const ctx: GenerateContext = { plugins: new Map([[BODYGUARD, await loadRolePlugin(BODYGUARD, BODYGUARD, BODYGUARD)]]), userStrategies: [] };

  it('G5 G6 G9 G10 every random setup plays to a result within the day cap, invariants holding after every phase', async () => {
    const run = await fuzz({ seed: SEED, budget: { games: GAMES }, ctx });
    const failures = run.failures.map((f) => `[${f.problem.check}] case ${f.case.index} game ${f.game}: ${f.problem.message} (mafia-sim fuzz --seed ${SEED} --games ${GAMES} shrinks it)`);
    expect(failures).toEqual([]);
    expect(run.games).toBe(GAMES);
    const o = run.coverage.outcomes;
    expect((o.town ?? 0) > 0 && (o.mafia ?? 0) > 0).toBe(true);
    expect(Object.keys(run.coverage.decisions).length).toBeGreaterThan(10);
  });

  it('the fuzzer covers every rule set and refuses some mixes (the validation is exercised)', () => {
    let refused = 0;
    const rules = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const g = generateCase(SEED, i, ctx);
      refused += g.refused;
      rules.add(g.case.rules);
    }
    expect([...rules].sort()).toEqual([...RULE_SETS.keys()].sort());
    expect(refused).toBeGreaterThan(0);
  });
});
