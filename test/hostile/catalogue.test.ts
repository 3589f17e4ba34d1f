// The hostile-input catalogue (scripts/hostile/cases.mjs, issue 32), each case a test: a clash of
// paths, a device or FIFO given as an input, a malformed structured input, … is one error line and
// exit 2 with nothing written or overwritten, or a correct result; never a crash, a hang, a silent
// success or a process left behind. `npm run hostile` replays the same cases with one line each.
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module without types
import { CASES, runCase } from '../../scripts/hostile/cases.mjs';

interface Case {
  id: string;
  what: string;
  timeoutMs?: number;
  skip?: string | null;
}

describe.concurrent('hostile inputs (scripts/hostile/cases.mjs)', () => {
  for (const c of CASES as Case[]) {
    it.skipIf(Boolean(c.skip))(`${c.id}: ${c.what}`, async () => {
      const r = await runCase(c);
      expect(`${r.verdict}: ${r.detail}`).toMatch(/^clean: /);
    }, (c.timeoutMs ?? 20_000) + 10_000);
  }
});
