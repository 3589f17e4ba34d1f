// Untrusted plug-ins kept apart (issue 17, docs/strategies.md "In-process or isolated"): each attack
// of the "Why", played by test/fixtures/attacks/attacker.mjs, works in-process — it changes
// the games, or breaks them — and fails under --isolate, where the plug-in plays in a process of its
// own behind the bot protocol: the games are exactly those of the plug-in playing plainly (the
// attack changed nothing), or the plug-in is reported and the run goes on.
import { describe, expect, it } from 'vitest';
import { cliAsync } from './helpers/cli.js';

const ATTACKER = 'test/fixtures/attacks/attacker.mjs';

interface RunJson {
  games: number;
  outcomes: Record<string, number>;
  illegalDecisions: number;
  illegalExamples?: { game: number; what: string }[];
  failedGames: number;
  failures: { game: number; error: string }[];
}

function mafiaSim(args: string[], attack: string) {
  return cliAsync(args, { env: { ATTACK: attack }, timeoutMs: 60_000 }); // isolated runs start node processes: slower on a busy machine
}

/** The attacker as town against random, or as mafia against smart; its report (and exit code). */
async function play(attack: string, side: 'town' | 'mafia', isolate: boolean, extra: string[] = [], count = 24) {
  const other = side === 'town' ? 'mafia=random' : 'town=smart';
  const args = ['run', '--games', String(count), '--seed', '3', '--strategy', `${side}=${ATTACKER}`, '--strategy', other, '--json', '--no-progress', ...(isolate ? ['--isolate'] : []), ...extra];
  const r = await mafiaSim(args, attack);
  expect(r.stdout, r.stderr).not.toBe('');
  return { code: r.code, report: JSON.parse(r.stdout) as RunJson };
}

/** What decides whether two runs played the same games. */
const games = (r: RunJson) => JSON.stringify({ outcomes: r.outcomes, illegal: r.illegalDecisions, failed: r.failedGames });

describe('every attack of issue 17 fails against an isolated plug-in', async () => {
  const plainTown = (await play('', 'town', false)).report;
  const plainMafia = (await play('', 'mafia', false)).report;

  it('the plain plug-in plays the same games in-process and isolated (the isolated view is faithful)', async () => {
    expect((await play('', 'town', true)).report).toEqual(plainTown);
    expect((await play('', 'mafia', true)).report).toEqual(plainMafia);
    expect(plainTown.failedGames + plainMafia.failedGames).toBe(0);
  });

  for (const attack of ['map', 'gameview'] as const) {
    const how = attack === 'map' ? 'patching Array.prototype.map' : 'importing dist/src/engine/game.js and wrapping Game.prototype.view';
    it(`G7 reading every hidden role by ${how}: the town wins every game in-process; isolated, the plain games`, async () => {
      const inProcess = (await play(attack, 'town', false)).report;
      expect(inProcess.outcomes.town).toBe(24);
      expect(plainTown.outcomes.town).toBeLessThan(12);
      expect(games((await play(attack, 'town', true)).report)).toBe(games(plainTown));
    });
  }

  for (const attack of ['proto', 'weakset'] as const) {
    const how = attack === 'proto' ? "patching the prototype reached through Object.getPrototypeOf(view) (every town view says all are allies)" : 'faking "audited" through WeakSet.prototype.has (and rewriting the record and the nominees)';
    it(`G7 changing what other bots read by ${how}: smart's town does worse in-process; isolated, the plain games`, async () => {
      const inProcess = (await play(attack, 'mafia', false)).report;
      expect(inProcess.outcomes.town).toBeLessThan(plainMafia.outcomes.town);
      expect(games((await play(attack, 'mafia', true)).report)).toBe(games(plainMafia));
    });
  }

  it('an endless loop in decide: isolated, each game fails when the decision time runs out, naming the plug-in and the seat, and the run finishes (in-process: test/protocol-limits.test.ts stops it with Ctrl-C)', async () => {
    const { code, report } = await play('loop', 'mafia', true, ['--decision-timeout', '300'], 3);
    expect(code).toBe(1);
    expect(report.failedGames).toBe(3);
    for (const f of report.failures) expect(f.error).toMatch(/^PluginError: bot test\/fixtures\/attacks\/attacker\.mjs \(seat \d+\) did not answer within 300 ms/);
  });

  it('an async decide: illegal in-process, with the hint; isolated, it is awaited and plays the plain games', async () => {
    const inProcess = (await play('async', 'mafia', false)).report;
    expect(inProcess.failedGames).toBe(0);
    expect(inProcess.illegalDecisions).toBeGreaterThan(0);
    expect(inProcess.illegalExamples![0].what).toMatch(/^plug-in attacker-async \(.*attacker\.mjs\) \(seat \d+\) answered \w+ with a Promise: decide is synchronous in-process; use the protocol \(exec:\) for async bots/);
    expect(games((await play('async', 'mafia', true)).report)).toBe(games(plainMafia));
  });

  it('a decide whose promise rejects: in-process the run goes on (illegal, with the hint); isolated, each game fails naming the plug-in and the error', async () => {
    const inProcess = await play('reject', 'mafia', false);
    expect(inProcess.code).toBe(0);
    expect(inProcess.report.games).toBe(24);
    expect(inProcess.report.illegalExamples![0].what).toMatch(/with a Promise: decide is synchronous in-process/);
    const isolated = await play('reject', 'mafia', true, [], 3);
    expect(isolated.code).toBe(1);
    expect(isolated.report.failures.map((f) => f.error)).toEqual(Array(3).fill(expect.stringMatching(/^PluginError: bot test\/fixtures\/attacks\/attacker\.mjs \(seat \d+\) reported an error \(\w+ request\): rejected on purpose$/)));
  });

  it('G8 a null statement: dropped and counted illegal, naming the plug-in, in-process and isolated; smart plays on', async () => {
    for (const isolate of [false, true]) {
      const { code, report } = await play('null', 'mafia', isolate);
      expect(code).toBe(0);
      expect(report.failedGames).toBe(0);
      expect(report.illegalDecisions).toBeGreaterThan(0);
      expect(report.illegalExamples![0].what).toMatch(/\(seat \d+\) answered (speech|defence|tieSpeech|lastWord) with null$/);
    }
  });

  it('tournament isolates plug-ins not shipped with mafia-sim by default: the map attack plays the plain games', async () => {
    const r = await mafiaSim(['tournament', '--games', '24', '--seed', '3', '--strategies', `random,${ATTACKER}`, '--json', '--no-progress'], 'map');
    expect(r.code, r.stderr).toBe(0);
    const pairing = (JSON.parse(r.stdout) as { pairings: { town: string; mafia: string; outcomes: Record<string, number> }[] }).pairings.find((p) => p.town === ATTACKER && p.mafia === 'random')!;
    expect(pairing.outcomes).toEqual(plainTown.outcomes);
  });
});
