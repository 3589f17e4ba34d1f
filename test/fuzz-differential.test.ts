// fuzz's differential checks (src/fuzz/differential.ts): a case's games replayed alone equal the batch's
// records, one thread and two give the same report and records, two shards merged equal the whole; a
// doctored difference on either side of any of them is caught and named, and fuzz reports it like any
// other check (the case fails, with the check's name).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIFFERENTIAL_CHECKS } from '../src/scenario/checks.js';
import { differentialProblem } from '../src/fuzz/differential.js';
import { fuzz } from '../src/fuzz/fuzz.js';
import { caseJob, generateCase, setupYaml, type GenerateContext } from '../src/fuzz/generate.js';
import { loadRolePlugin } from '../src/setup/rolePlugins.js';

const BODYGUARD = fileURLToPath(new URL('../roles/bodyguard.ts', import.meta.url));

describe('fuzz differential checks', async () => {
  const ctx: GenerateContext = { plugins: new Map([[BODYGUARD, await loadRolePlugin(BODYGUARD, BODYGUARD, BODYGUARD)]]), userStrategies: [] };
  // The first case of seed 4 that is an evening (series > 1): a game replayed alone replays its evening too.
  const c = Array.from({ length: 100 }, (_, i) => generateCase('4', i, ctx).case).find((x) => Number(x.options.series ?? 1) > 1)!;
  const subject = { job: caseJob(c, ctx, 'case.yaml'), setupYaml: setupYaml(c), games: 8 };

  it('G10 a real case (an evening) passes all three: replay = batch, workers 1 = 2, shard merge', async () => {
    expect(Number(c.options.series)).toBeGreaterThan(1);
    expect(await differentialProblem(subject)).toBeNull();
  });

  for (const check of DIFFERENTIAL_CHECKS) {
    it(`a doctored difference in [${check}] is caught and named`, async () => {
      // The first digit of the second side's text, one up: a count, a seat or a point off by one.
      const p = await differentialProblem(subject, (which, text) => (which === check ? text.replace(/\d/, (d) => String((Number(d) + 1) % 10)) : text));
      expect(p?.check).toBe(check);
      expect(p?.message).toMatch(/gave another (record|report).*: ….*… then ….*…$/);
    });
  }

  it('fuzz runs them on the sampled cases and reports a difference as the case’s failure', async () => {
    const clean = await fuzz({ seed: '4', budget: { games: 6 }, ctx, gamesPerCase: 3, sampling: { every: 2 } });
    expect(clean.failedCases).toBe(0);
    expect(clean.checks.differential).toBe(DIFFERENTIAL_CHECKS.length * Math.floor(clean.cases / 2));
    const doctored = await fuzz({ seed: '4', budget: { games: 6 }, ctx, gamesPerCase: 3, sampling: { every: 2, doctor: (which, t) => (which === 'shard merge' ? `${t} ` : t) } });
    expect(doctored.failures.map((f) => [f.case.index, f.problem.check])).toEqual([[1, 'shard merge']]);
  });
});
