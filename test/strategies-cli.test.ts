// Strategies through the command line: listing, parameters, plug-ins (the worked example and a faulty
// fixture), contained failures with working replay commands, --strict, talk in replays, tournaments.
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { Chalk } from 'chalk';
import { renderTournament, tournamentCommand } from '../src/cli/tournament.js';
import { afterAll, describe, expect, it } from 'vitest';
import { playJobGame } from '../src/runner/job.js';
import { cli, ROOT } from './helpers/cli.js';
import { makeJob } from './helpers/job.js';

const EXAMPLE = 'strategies/example-plugin.ts';
const FAULTY = 'test/fixtures/faulty-plugin.ts';

/** Runs a printed replay command (`mafia-sim replay …`, no quoting needed for these specs). */
function runPrinted(command: string) {
  const words = command.split(' ');
  expect(words.slice(0, 2)).toEqual(['mafia-sim', 'replay']);
  return cli(words.slice(1));
}

describe('mafia-sim strategies', () => {
  it('lists every strategy with its description and parameters', () => {
    const r = cli(['strategies']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^random +uniformly random/m);
    expect(r.stdout).toMatch(/^smart +heuristic bots/m);
    for (const key of ['revealBlacks', 'revealDay', 'note', 'selfHeal', 'maniacAt', 'maniacBlind', 'nominateAt', 'counterClaim', 'fakeClaim', 'fakeClaimDay', 'bloc', 'nominateBlind', 'temperature', 'fakeReds', 'mafiaTalk', 'heal', 'read', 'tuned']) {
      expect(r.stdout).toMatch(new RegExp(`^ +${key}=\\S+ .+`, 'm'));
    }
    const json = JSON.parse(cli(['strategies', '--json']).stdout) as Array<{ name: string; params: Array<{ key: string }> }>;
    expect(json.map((s) => s.name)).toEqual(['random', 'smart']);
    expect(json[1].params.length).toBe(28);
  });

  it('says which parameters apply to which rule set and side, and lists the deviations (issue 13, item 7)', () => {
    type Info = { name: string; params: Array<{ key: string; rules: string[]; team: string | null }>; deviations: Array<{ name: string; side: string }> };
    const json = JSON.parse(cli(['strategies', '--json']).stdout) as Info[];
    const smart = json.find((s) => s.name === 'smart')!;
    const param = (k: string) => smart.params.find((p) => p.key === k)!;
    expect(param('note').rules).toEqual(['ukrainian']); // U9.2: only the commissar leaves a note
    expect(param('selfHeal').rules).toEqual(['ukrainian', 'club']); // vanilla deals no doctor
    expect(param('temperature').rules).toEqual(['vanilla', 'ukrainian', 'club']);
    // killRival weighs a rival investigator claimant: only where someone investigates (no vanilla).
    expect(param('killRival').rules).toEqual(['ukrainian', 'club']);
    expect([param('bloc').team, param('revealDay').team, param('temperature').team]).toEqual(['mafia', 'town', null]);
    expect(smart.deviations.map((d) => d.name)).toContain('fake-investigator');
    const text = cli(['strategies']).stdout;
    expect(text).toMatch(/note=black .*\(ukrainian rules only\)/s);
    expect(text).not.toMatch(/\( rules only\)/);
    expect(text).toMatch(/fake-investigator \(mafia\)/);
  });

  it('--strategy smart:foo=1 is one clear error line, exit 2', () => {
    for (const [spec, words] of [
      ['smart:foo=1', /unknown parameter "foo" for strategy smart/],
      ['mafia=smart:fakeClaim=1.5', /fakeClaim=1\.5: must be at most 1/],
      ['town=./no-such-bot.js', /no such plug-in file \.\/no-such-bot\.js/],
    ] as const) {
      const r = cli(['run', '--games', '5', '--strategy', spec]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(words);
    }
  });
});

describe('plug-ins', () => {
  it('the worked example plug-in runs from its TypeScript source and from the build, on one or more threads', () => {
    const fromTs = cli(['run', '--games', '300', '--seed', '4', '--strategy', `town=${EXAMPLE}`, '--json', '--workers', '2']);
    expect(fromTs.code).toBe(0);
    const report = JSON.parse(fromTs.stdout);
    expect(report.games).toBe(300);
    expect(report.failedGames).toBe(0);
    expect(report.illegalDecisions).toBe(0);
    expect(report.strategies).toEqual([`town=${EXAMPLE}`]);
    const fromJs = cli(['run', '--games', '300', '--seed', '4', '--strategy', 'town=dist/strategies/example-plugin.js', '--json', '--workers', '1']);
    expect(fromJs.code).toBe(0);
    expect(JSON.parse(fromJs.stdout).outcomes).toEqual(report.outcomes);
    // Its parameter is validated like a built-in's.
    expect(cli(['run', '--games', '5', '--strategy', `town=${EXAMPLE}:trust=2`]).stderr).toMatch(/trust=2: must be at most 1/);
  });

  it('G9 an illegal plug-in decision is replaced by the default and counted; the run still succeeds', () => {
    const r = cli(['run', '--games', '100', '--strategy', `town=${FAULTY}:throwRate=0,illegalRate=0.5`, '--workers', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Illegal decisions replaced by the rule's default \(G9\): [\d,]+/);
    expect(r.stdout).not.toMatch(/failed/);
  });

  it('a plug-in that throws fails only its games: counted, listed with a replay command that reproduces the failure; exit 1', () => {
    const games = 80;
    const r = cli(['run', '--games', String(games), '--seed', '2', '--strategy', 'random', '--strategy', `town=${FAULTY}:throwRate=0.02,illegalRate=0.1`, '--json', '--workers', '2']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.failedGames).toBeGreaterThan(0);
    expect(report.games + report.failedGames).toBe(games);
    expect(report.illegalDecisions).toBeGreaterThan(0);
    const first = report.failures[0];
    expect(first.error).toMatch(/^PluginError: plug-in faulty \(test\/fixtures\/faulty-plugin\.ts\) threw in decide \(vote\): faulty plug-in: deliberate failure/);
    const replay = runPrinted(first.replay);
    expect(replay.code).toBe(1);
    expect(replay.stderr).toMatch(/deliberate failure on a vote/);
    // A game that did not fail replays normally.
    const failed = new Set(report.failures.map((f: { game: number }) => f.game));
    const fine = [...Array(games).keys()].find((k) => !failed.has(k))!;
    const ok = runPrinted(first.replay.replace(/--game \d+$/, `--game ${fine}`));
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/Outcome: /);
    // The text report shows both counts and the replay commands.
    const text = cli(['run', '--games', String(games), '--seed', '2', '--strategy', 'random', '--strategy', `town=${FAULTY}:throwRate=0.02,illegalRate=0.1`, '--workers', '1']);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/Illegal decisions replaced/);
    expect(text.stdout).toContain(`${report.failedGames} game(s) failed. Replay with (the first ${report.failures.length} of ${report.failedGames}):`);
    expect(text.stdout).toContain(first.replay);
  });

  it('--strict stops at the first failed game: exit 1, the error and its replay command on stderr, no report', () => {
    const r = cli(['run', '--games', '80', '--seed', '2', '--strict', '--strategy', `town=${FAULTY}:throwRate=0.02`, '--workers', '1']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const m = /^mafia-sim: game (\d+) failed: PluginError: .*deliberate failure.*\n {2}replay: (mafia-sim replay .*)$/m.exec(r.stderr);
    expect(m).not.toBeNull();
    expect(runPrinted(m![2]).code).toBe(1);
  });

  it("import type { Strategy } from 'mafia-sim' works for a plug-in outside the repository", () => {
    const dir = mkdtempSync(join(tmpdir(), 'mafia-plugin-'));
    try {
      mkdirSync(join(dir, 'node_modules'));
      symlinkSync(ROOT, join(dir, 'node_modules', 'mafia-sim'), 'dir');
      writeFileSync(
        join(dir, 'bot.ts'),
        [
          "import type { Strategy, PlayerView, DecisionRequest, Rng } from 'mafia-sim';",
          'const bot: Strategy = {',
          "  name: 'first', description: 'always the first option',",
          '  createPlayer: () => ({ decide: (_v: PlayerView, r: DecisionRequest, _rng: Rng) => r.options[0] ?? null }),',
          '};',
          'export default bot;',
          '',
        ].join('\n'),
      );
      const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--skipLibCheck', 'bot.ts'], { cwd: dir, encoding: 'utf8' });
      expect(tsc.stdout + tsc.stderr).toBe('');
      expect(tsc.status).toBe(0);
      const r = cli(['run', '--games', '20', '--strategy', `mafia=${join(dir, 'bot.ts')}`, '--json', '--workers', '1']);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).games).toBe(20);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('G8 talk', () => {
  // A smart game with a revealed commissar, a check report and the commissar's note read out (smart's
  // own defaults: at the Ukrainian tuned point the commissar claims on day 1 and a note is rare).
  const job = makeJob('ukrainian', [], '1', ['smart:tuned=false']);
  const index = [...Array(400).keys()].find((k) => {
    const log = playJobGame(job, k, { keepLog: true }).log!;
    return log.some((e) => e.t === 'noteAnnounced') && log.some((e) => e.t === 'speech' && e.statements.some((x) => x.type === 'check'));
  });

  it('G8 U9.2 statements and the note are public: every seat sees every speech, last word and note in view.events()', () => {
    expect(index).toBeDefined();
    const g = playJobGame(job, index!, { keepLog: true });
    const talk = g.log!.filter((e) => e.t === 'speech' || e.t === 'lastWord' || e.t === 'noteAnnounced');
    expect(talk.some((e) => (e.t === 'speech' || e.t === 'lastWord') && e.statements.length > 0)).toBe(true);
    for (let s = 1; s <= g.n; s++) {
      const seen = new Set(g.view(s).events());
      for (const e of talk) expect(seen.has(e)).toBe(true);
    }
  });

  it('G8 U9.2 replay narrates claims, check reports, accusations and the note', () => {
    const r = cli(['replay', '--strategy', 'smart:tuned=false', '--seed', '1', '--game', String(index)]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/speaks( in defence)?: .*claims to be commissar/);
    expect(r.stdout).toMatch(/reports #\d+ is (black|red)/);
    expect(r.stdout).toMatch(/accuses #\d+/);
    expect(r.stdout).toMatch(/The commissar's note is read: #\d+ is (black|red)/);
  });
});

describe('mafia-sim tournament', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('plays every town × mafia pairing on the same seeds and prints the win-rate matrix with intervals', () => {
    const r = cli(['tournament', '--strategies', 'random,smart', '--games', '300', '--seed', '5', '--json']);
    expect(r.code).toBe(0);
    const t = JSON.parse(r.stdout);
    expect(t.strategies).toEqual(['random', 'smart']);
    expect(t.pairings.map((p: { town: string; mafia: string }) => `${p.town}/${p.mafia}`)).toEqual(['random/random', 'random/smart', 'smart/random', 'smart/smart']);
    for (const p of t.pairings) {
      expect(p.games).toBe(300);
      expect(p.townWin.low).toBeLessThanOrEqual(p.townWin.share);
      expect(p.townWin.high).toBeGreaterThanOrEqual(p.townWin.share);
      expect(p.meanDays).toBeGreaterThan(1);
    }
    const at = (town: string, mafia: string) => t.pairings.find((p: { town: string; mafia: string }) => p.town === town && p.mafia === mafia);
    expect(at('smart', 'random').townWin.low).toBeGreaterThan(at('random', 'random').townWin.high);
    // The same pairing on the same seeds as a plain run gives the same outcomes (common random numbers),
    // and the number of threads changes nothing.
    const run = JSON.parse(cli(['run', '--games', '300', '--seed', '5', '--strategy', 'town=smart', '--strategy', 'mafia=random', '--json']).stdout);
    expect(at('smart', 'random').outcomes).toEqual(run.outcomes);
    expect(cli(['tournament', '--strategies', 'random,smart', '--games', '300', '--seed', '5', '--json', '--workers', '1']).stdout).toBe(r.stdout);

    const text = cli(['tournament', '--strategies', 'random', '--strategies', `smart:fakeClaim=1,${EXAMPLE}`, '--games', '60']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/Town win % \(Wilson 95% interval\)/);
    expect(text.stdout).toMatch(/Mean game length \(days\)/);
    expect(text.stdout).toMatch(/smart:fakeClaim=1 +│ \d+\.\d+% \(\d+\.\d+–\d+\.\d+%\)/);
    expect(text.stdout).toMatch(/Compared with town=random mafia=random on the same games/);
  });

  it('compares every pairing with the first on the same games: the paired difference, its interval and McNemar’s p', () => {
    const r = cli(['tournament', '--strategies', 'random,smart', '--games', '400', '--seed', '5', '--json']);
    const t = JSON.parse(r.stdout);
    expect(t.format).toBe(2);
    expect(t.partial).toBe(false);
    expect(t.pairings[0].vsFirst).toBeNull();
    for (const p of t.pairings.slice(1)) {
      const d = p.vsFirst;
      expect(d.games).toBe(400);
      // No failed games: the paired difference is the difference of the two rates.
      expect(d.diff).toBeCloseTo(p.townWin.share - t.pairings[0].townWin.share, 12);
      expect(d.low).toBeLessThanOrEqual(d.diff);
      expect(d.high).toBeGreaterThanOrEqual(d.diff);
      // Common seeds make the paired interval narrower than the two intervals' spans added.
      expect(d.high - d.low).toBeLessThan(p.townWin.high - p.townWin.low + (t.pairings[0].townWin.high - t.pairings[0].townWin.low));
    }
    // smart's town against random's, both against random mafia: a large, certain difference.
    const smartTown = t.pairings.find((p: { town: string; mafia: string }) => p.town === 'smart' && p.mafia === 'random');
    expect(smartTown.vsFirst.low).toBeGreaterThan(0.5);
    expect(smartTown.vsFirst.p).toBeLessThan(1e-6);
  });

  it('Ctrl-C stops a tournament: every pairing reports the same finished games, marked partial', async () => {
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 400);
    const flags = { setup: 'ukrainian', option: [], strategies: ['random,smart'], games: '10000000', seed: '3', workers: '1', progress: false };
    const t = await tournamentCommand(flags, stop.signal);
    expect(t.partial).toBe(true);
    const played = t.pairings[0].games + t.pairings[0].failedGames;
    expect(played).toBeGreaterThan(0);
    expect(played).toBeLessThan(10_000_000);
    expect(played % 2000).toBe(0);
    for (const p of t.pairings) expect(p.games + p.failedGames).toBe(played);
    expect(renderTournament(t, new Chalk({ level: 0 }))).toContain('PARTIAL: the tournament was interrupted');
  });

  it('a failing plug-in in a pairing is counted and listed with a replay command that reproduces it; exit 1', () => {
    const r = cli(['tournament', '--strategies', `random,${FAULTY}:throwRate=0.02`, '--games', '40', '--seed', '2', '--json', '--workers', '1']);
    expect(r.code).toBe(1);
    const t = JSON.parse(r.stdout);
    const faulty = t.pairings.filter((p: { failedGames: number }) => p.failedGames > 0);
    expect(faulty.length).toBeGreaterThan(0);
    for (const p of t.pairings) expect(p.games + p.failedGames).toBe(40);
    const replay = runPrinted(faulty[0].failures[0].replay);
    expect(replay.code).toBe(1);
    expect(replay.stderr).toMatch(/deliberate failure on a vote/);
  });

  it('bad input is one error line, exit 2', () => {
    for (const args of [['--strategies', 'random,smart:nope=1'], ['--strategies', 'fakeClaim=1'], ['--strategies', 'random', '--games', '0'], ['--strategies', 'random', '--workers', '0']]) {
      const r = cli(['tournament', ...args]);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
