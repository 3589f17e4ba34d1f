// Any table size (issue 14, item 5): `players` deals club tables from the C2 slot list and scales the
// Ukrainian table (docs/rules-decisions.md, U1); `roles.ID=N` sets a role's count on top.
import { describe, expect, it } from 'vitest';
import { runCommand, type RunFlags } from '../src/cli/run.js';
import { reportJson } from '../src/report/integrity.js';
import { loadSetup } from '../src/setup/load.js';
import { ukrainianTable } from '../src/setup/ukrainianTable.js';

const run = async (setup: string, option: string[] = [], games = '300') =>
  reportJson(await runCommand({ setup, option, strategy: [], seed: '3', games, progress: false, workers: '1' } as RunFlags));
const counts = (setup: string, option: string[] = []) => Object.fromEntries(loadSetup(setup, option).roleCounts);

describe('table sizes', () => {
  it('C2 club-12 --option players=15 is club-15: the same report, byte for byte', async () => {
    expect(await run('club-12', ['players=15'])).toBe(await run('club-15'));
    expect(loadSetup('club-12', ['players=15']).name).toBe('club-15');
  });

  it('C2 a club table outside 8–20 is dealt from the same slot list (the last slot repeats)', () => {
    expect(counts('club-8', ['players=21'])).toEqual({ ...counts('club-20'), mafia: 5, lucky: 3 });
    expect(counts('club-8', ['players=6'])).toEqual({ boss: 1, mafia: 1, policeman: 1, doctor: 1, marilyn: 1, judge: 1 });
  });

  it('U1 ukrainian --option players=12 is the U1 table: the same report, byte for byte', async () => {
    expect(counts('ukrainian')).toEqual({ don: 1, mafia: 2, courtesan: 1, commissar: 1, doctor: 1, maniac: 1, citizen: 5 });
    expect(await run('ukrainian', ['players=12'])).toBe(await run('ukrainian'));
  });

  it('U1 other sizes: black = round(N/3) (Don, Mafia, Mafia, Courtesan, then Mafia), red the rest (Commissar, Doctor, Maniac, then Citizens)', () => {
    expect(ukrainianTable(4)).toEqual({ don: 1, commissar: 1, doctor: 1, maniac: 1 });
    expect(ukrainianTable(9)).toEqual({ don: 1, mafia: 2, commissar: 1, doctor: 1, maniac: 1, citizen: 3 });
    expect(ukrainianTable(20)).toEqual({ don: 1, mafia: 5, courtesan: 1, commissar: 1, doctor: 1, maniac: 1, citizen: 10 });
    for (let n = 4; n <= 30; n++) {
      const t = ukrainianTable(n);
      const black = (t.don ?? 0) + (t.mafia ?? 0) + (t.courtesan ?? 0);
      expect(Object.values(t).reduce((a, b) => a + b, 0)).toBe(n);
      expect(black).toBe(Math.round(n / 3));
      expect(2 * black, `${n} seats: black below half, so U11.3 never decides the deal`).toBeLessThan(n);
      expect(() => loadSetup('ukrainian', [`players=${n}`])).not.toThrow();
    }
  });

  it('roles.ID=N sets a role count on any setup (0 removes it); bad ones name the flag', () => {
    expect(counts('ukrainian', ['roles.citizen=3'])).toMatchObject({ citizen: 3 });
    expect(loadSetup('ukrainian', ['roles.citizen=3']).deck.length).toBe(10);
    expect(counts('club-12', ['roles.citizen=2', 'roles.oligarch=0'])).toMatchObject({ citizen: 2 });
    expect(counts('club-12', ['roles.oligarch=0']).oligarch).toBeUndefined();
    expect(() => loadSetup('ukrainian', ['roles.citizan=3'])).toThrow(/--option roles.citizan=3: unknown role "citizan" \(did you mean "citizen"\?\)/);
    expect(() => loadSetup('ukrainian', ['roles.citizen=x'])).toThrow(/--option roles.citizen=x: a role count must be a whole number/);
    expect(() => loadSetup('ukrainian', ['roles.judge=1'])).toThrow(/roles.judge: the ukrainian rule set has no role "judge"/);
    expect(() => loadSetup('ukrainian', ['players=3'])).toThrow(/--option players=3: must be at least 4/);
  });
});
