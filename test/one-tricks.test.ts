// The outside one-trick bots (bots/one-trick/) and `npm run one-tricks` (scripts/one-tricks.mjs): every
// bot loads through the plug-in loader and plays its side on both default setups without an illegal
// answer or a failed game, and the script's table has its columns and is the same for the same flags.
// The games are few: these check that the bots play and the script reports, not what they gain.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/cli.js';

const BOTS = readdirSync(join(ROOT, 'bots/one-trick')).filter((f) => f.endsWith('.ts')).map((f) => f.slice(0, -3)).sort();

function script(args: string[]) {
  const r = spawnSync(process.execPath, ['scripts/one-tricks.mjs', ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the outside one-trick bots', () => {
  it('each loads and plays 20 games on its side of ukrainian and club-12 with no illegal answer and no failed game', () => {
    const r = script(['ukrainian', 'club-12', '--games', '20', '--seed', '5', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.setups.map((s: { setup: string }) => s.setup)).toEqual(['ukrainian', 'club-12']);
    for (const s of report.setups) {
      expect(s.rows.map((row: { bot: string }) => row.bot)).toEqual(BOTS);
      for (const row of s.rows) {
        expect(['town', 'mafia'], row.bot).toContain(row.side);
        expect([s.setup, row.bot, row.illegalDecisions, row.failedGames]).toEqual([s.setup, row.bot, 0, 0]);
      }
    }
    // Both sides are represented: the set is a test of the default from either chair.
    expect(new Set(report.setups[0].rows.map((row: { side: string }) => row.side))).toEqual(new Set(['town', 'mafia']));
  }, 300_000);

  it("the script's table for one bot: its columns, one row per setup, the command that measured it; the same flags print the same bytes", () => {
    const args = ['--games', '12', '--seed', '2', '--bots', 'random-kill'];
    const r = script(args);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0].split('|').map((c) => c.trim()).filter((c) => c !== '')).toEqual(['setup', 'bot', 'side', 'side wins, with bot', 'without', 'gain (points, 95%)', 'over 3?']);
    const rows = lines.slice(2, 4).map((l) => l.split('|').map((c) => c.trim()));
    expect(rows.map((c) => c.slice(1, 4))).toEqual([['ukrainian', 'random-kill', 'mafia'], ['club-12', 'random-kill', 'mafia']]);
    for (const c of rows) expect(c[6]).toMatch(/^[+−±]\d+\.\d+ \([+−±]\d+\.\d+ to [+−±]\d+\.\d+\)$/);
    expect(r.stdout).toContain('ukrainian: 12 games a bot, paired on the same seeds: mafia-sim compare --setup ukrainian --games 12 --seed 2 --side 2:strategy=mafia=bots/one-trick/random-kill.ts');
    expect(script(args).stdout).toBe(r.stdout);
  }, 300_000);

  it('refuses a bot the folder does not have, naming the ones it has (exit 2)', () => {
    const r = script(['--bots', 'nobody', '--games', '10']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--bots: no bot nobody in bots/one-trick/ (${BOTS.join(', ')})`);
  });
});
