// Role plug-ins (docs/extending.md): a setup names a role module by path; the loader checks it field by
// field; the role plays under every rule family's night; the built-in bots answer its decision from its
// declared intent; threads and shards give the same report as one run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gameRecord, jobFromSpec, playJobGame } from '../src/runner/job.js';
import { playGame } from '../src/engine/play.js';
import { arrangeSteps } from '../src/rules/night.js';
import { builtInStrategies } from '../src/strategy/registry.js';
import { parseOptionValue } from '../src/rules/options.js';
import { UKRAINIAN_OPTIONS } from '../src/rules/ukrainian/config.js';
import { cli, ROOT } from './helpers/cli.js';

const UKRAINIAN = join(ROOT, 'roles', 'ukrainian-bodyguard.yaml');
const CLUB = join(ROOT, 'roles', 'club-12-bodyguard.yaml');
const VIGILANTE = join(ROOT, 'roles', 'ukrainian-vigilante.yaml');

const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-roles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A setup in the temp dir naming a plug-in file written next to it. */
function setupWith(plugin: string, file = 'role.mjs', rules = 'rules: ukrainian\nroles: { don: 1, mafia: 2, citizen: 4, ') {
  writeFileSync(join(dir, file), plugin);
  const setup = join(dir, `setup-${file}.yaml`);
  writeFileSync(setup, `${rules}./${file}: 1 }\n`);
  return setup;
}

describe('role plug-ins', () => {
  it('G9 random and smart answer the plug-in decision from its intent: every guard legal, some taken', async () => {
    for (const [setup, strategy] of [[UKRAINIAN, 'random'], [UKRAINIAN, 'smart'], [CLUB, 'random'], [CLUB, 'smart']] as const) {
      const job = await jobFromSpec({ setupArg: setup, overrides: [], strategies: [strategy], seed: '4' });
      let guards = 0;
      let saves = 0;
      for (let k = 0; k < 150; k++) {
        const g = playJobGame(job, k, { keepLog: true });
        expect(g.illegalDecisions, `${strategy} game ${k}`).toBe(0);
        for (const e of g.log!) {
          if (e.t === 'action' && e.kind === 'guard' && e.target !== null) guards++;
          if (e.t === 'saved' && e.by === 'guard') saves++;
        }
      }
      expect(guards, `${setup} ${strategy}`).toBeGreaterThan(100);
      expect(saves, `${setup} ${strategy}`).toBeGreaterThan(0);
    }
  });

  it('G10 a plug-in setup gives the same report on 1 and 3 threads, and run --check finds no broken invariant', () => {
    const one = cli(['run', '--setup', 'roles/ukrainian-bodyguard.yaml', '--games', '600', '--seed', '3', '--workers', '1', '--json']);
    const three = cli(['run', '--setup', 'roles/ukrainian-bodyguard.yaml', '--games', '600', '--seed', '3', '--workers', '3', '--json']);
    expect(one.code, one.stderr).toBe(0);
    expect(three.stdout).toBe(one.stdout);
    const roles = JSON.parse(one.stdout).roles.map((r: { group: string }) => r.group);
    expect(roles).toContain('bodyguard');
    const checked = cli(['run', '--setup', 'roles/club-12-bodyguard.yaml', '--strategy', 'smart', '--games', '200', '--check']);
    expect(checked.code, checked.stderr).toBe(0);
  });

  it('uses: a spent Vigilante is not asked again; a pass keeps the bullet; bots read usesLeft', async () => {
    const job = await jobFromSpec({ setupArg: VIGILANTE, overrides: [], strategies: ['random'], seed: '6' });
    const random = builtInStrategies().get('random')!;
    let asked = 0;
    let passes = 0;
    for (let k = 0; k < 100; k++) {
      const seen: (number | null)[] = [];
      const nights: number[] = [];
      playGame(job.setup.game, job.setup.deck, (seat) => {
        const p = random.createPlayer(seat);
        return {
          decide(view, request, rng) {
            if (request.kind !== 'vigilanteShot') return p.decide(view, request, rng);
            seen.push(view.usesLeft());
            nights.push(view.night);
            // Pass on odd nights: a pass spends nothing.
            if (view.night % 2 === 1) {
              passes++;
              return null;
            }
            return request.options[0];
          },
        };
      }, `uses/${k}`);
      asked += seen.length;
      // Asked only while the bullet is there (1 left); after the shot, never again.
      expect(seen.every((u) => u === 1), `game ${k}: ${seen}`).toBe(true);
      const shot = nights.findIndex((n) => n % 2 === 0);
      expect(shot === -1 || shot === nights.length - 1, `game ${k}: asked on nights ${nights}`).toBe(true);
    }
    expect(asked).toBeGreaterThan(100);
    expect(passes).toBeGreaterThan(50);
  });

  it('uses perNight: a seat is asked again after each pick, up to the limit, and not after a pass', async () => {
    const setup = setupWith("export default { id: 'twin', name: 'Twin gun', team: 'town', description: 'x', night: { step: 'twin', decision: 'twinShot', intent: 'attack', uses: { perGame: 3, perNight: 2 }, act(night, actor, target) { night.attack(target, actor, 'killer'); } } };", 'twin.mjs');
    const job = await jobFromSpec({ setupArg: setup, overrides: [], strategies: ['random'], seed: '2' });
    let doubles = 0;
    for (let k = 0; k < 150; k++) {
      const g = playJobGame(job, k, { keepLog: true });
      expect(g.illegalDecisions).toBe(0);
      const perNight = new Map<number, number>();
      let night = 0;
      let total = 0;
      for (const e of g.log!) {
        if (e.t === 'phase') night = e.n;
        if (e.t === 'action' && e.kind === 'twinShot' && e.target !== null) {
          perNight.set(night, (perNight.get(night) ?? 0) + 1);
          total++;
        }
      }
      expect(Math.max(0, ...perNight.values()), `game ${k}`).toBeLessThanOrEqual(2);
      expect(total, `game ${k}`).toBeLessThanOrEqual(3);
      if ([...perNight.values()].includes(2)) doubles++;
    }
    expect(doubles).toBeGreaterThan(10);
  });

  it('uses are per game: each game gives each Vigilante a fresh bullet, and a game replays alone as in a batch', async () => {
    const job = await jobFromSpec({ setupArg: VIGILANTE, overrides: [], strategies: ['random'], seed: '5' });
    const batch: string[] = [];
    let gamesWithShot = 0;
    for (let k = 0; k < 60; k++) {
      const g = playJobGame(job, k, { keepLog: true });
      batch.push(JSON.stringify(gameRecord(g, k)));
      // A death by the Vigilante's bullet has his role id as its cause (his kill kind): at most one a game.
      const shots = g.eliminations.filter((e) => e.cause === 'vigilante').length;
      expect(shots, `game ${k}`).toBeLessThanOrEqual(1);
      if (shots === 1) gamesWithShot++;
    }
    expect(gamesWithShot).toBeGreaterThan(20); // a bullet leaked between games would leave one shot in all
    for (const k of [59, 31, 0]) expect(JSON.stringify(gameRecord(playJobGame(job, k, { keepLog: true }), k)), `game ${k}`).toBe(batch[k]);
  });

  it('a role state is plain data, copied per game: a function in it is refused at load, one error line', () => {
    const setup = setupWith("export default { id: 'bad', name: 'x', team: 'town', description: 'x', state: { f() {} } };", 'fnstate.mjs');
    const r = cli(['run', '--setup', setup, '--games', '5']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/roles\.\.\/fnstate\.mjs: state: must be plain data \(numbers, strings, booleans, arrays, mappings; no functions\)/);
    const arr = setupWith("export default { id: 'bad', name: 'x', team: 'town', description: 'x', state: [1] };", 'arrstate.mjs');
    expect(cli(['run', '--setup', arr, '--games', '5']).stderr).toMatch(/state: must be a mapping of plain data/);
  });

  it('U4 an order option moves only the steps it names; a plug-in step follows its anchor wherever that goes', () => {
    const spec = UKRAINIAN_OPTIONS.find((o) => o.key === 'nightOrder')!;
    const moved = parseOptionValue(spec, 'maniac,doctor');
    expect(moved).toEqual({ value: ['courtesan', 'maniac', 'mafia', 'doctor', 'commissar'] });
    expect(parseOptionValue(spec, 'doctor,doctor')).toEqual({ error: 'a step is named twice' });
    const family = spec.values!;
    const bodyguard = [{ step: 'bodyguard', after: 'doctor' }];
    expect(arrangeSteps(family, family, bodyguard)).toEqual(['courtesan', 'doctor', 'bodyguard', 'mafia', 'maniac', 'commissar']);
    const doctorLast = ['courtesan', 'mafia', 'maniac', 'commissar', 'doctor'];
    expect(arrangeSteps(family, doctorLast, bodyguard)).toEqual([...doctorLast, 'bodyguard']);
    expect(arrangeSteps(family, family, [{ step: 'x', after: 'nowhere' }])).toEqual([...family, 'x']);
  });

  it('replay of a plug-in game narrates the guard', () => {
    const r = cli(['replay', '--setup', 'roles/ukrainian-bodyguard.yaml', '--seed', '1', '--game', '0']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Bodyguard/);
  });

  it('bad plug-ins are one error line naming the setup, the field and the problem; exit 2', () => {
    const cases: [string, RegExp][] = [
      [setupWith('export default 42;', 'number.mjs'), /roles\.\.\/number\.mjs: \.\/number\.mjs must export a role/],
      [setupWith("export default { id: 'Body Guard', name: 'x', team: 'town', description: 'x' };", 'badid.mjs'), /roles\.\.\/badid\.mjs: id: must be a lower-case id/],
      [setupWith("export default { id: 'bg', name: 'x', team: 'red', description: 'x' };", 'badteam.mjs'), /team: must be one of "town", "mafia", got "red"/],
      [setupWith("export default { id: 'bg', name: 'x', team: 'town', description: 'x', nigth: {} };", 'typo.mjs'), /nigth: unknown field/],
      [setupWith("export default { id: 'bg', name: 'x', team: 'town', description: 'x', night: { step: 'bg', decision: 'guard', intent: 'protect', act: 1 } };", 'noact.mjs'), /night\.act: must be a function/],
      [setupWith("export default { id: 'bg', name: 'x', team: 'town', description: 'x', night: { step: 'bg', decision: 'guard', intent: 'hug', act() {} } };", 'intent.mjs'), /night\.intent: must be one of protect, attack/],
      [setupWith("export default { id: 'doctor', name: 'x', team: 'town', description: 'x' };", 'clash.mjs'), /the plug-in's role id "doctor" is a built-in role's/],
      [setupWith("export default { id: 'bg', name: 'x', team: 'town', description: 'x', night: { step: 'bg', decision: 'Guard it', intent: 'protect', act() {} } };", 'decision.mjs'), /night\.decision: a decision kind is one camelCase word, as the built-in ones are \(maniacKill, killerShot\).*; got "Guard it"/],
      [setupWith("export default { id: 'bg', name: 'x', team: 'town', description: 'x', night: { step: 'bg', decision: 'guard', intent: 'protect', uses: { perGame: 0 }, act() {} } };", 'uses0.mjs'), /night\.uses: perGame must be a whole number from 1 to 1000, got 0/],
      [setupWith("export default { id: 'bg', name: 'x', team: 'town', description: 'x', night: { step: 'bg', decision: 'guard', intent: 'protect', uses: 'once', act() {} } };", 'usesonce.mjs'), /night\.uses: must be "unlimited" or \{ perGame: N, perNight: M \}/],
      [setupWith("export default { id: 'bg', name: 'x', team: 'town', description: 'x', night: { step: 'bg', decision: 'guard', intent: 'protect', limited: true, uses: { perNight: 2 }, act() {} } };", 'useslimited.mjs'), /night\.uses: perNight above 1 and `limited` do not go together/],
      [setupWith("export default { id: 'bg', name: 'x', team: 'town', description: 'x', night: { step: 'bg', decision: 'speech', intent: 'protect', act() {} } };", 'speechkind.mjs'), /night\.decision: "speech" is a scenario script's speech kind/],
      [setupWith("export default { id: 'bg', name: 'x', team: 'town', description: 'x', night: { step: 'bg', decision: 'note', intent: 'protect', act() {} } };", 'yesno.mjs'), /night\.decision: "note" is .*yes\/no question/],
      [setupWith('throw new Error("boom");', 'throws.mjs'), /cannot load \.\/throws\.mjs: boom/],
    ];
    const missing = join(dir, 'missing.yaml');
    writeFileSync(missing, 'rules: ukrainian\nroles: { don: 1, citizen: 3, ./nowhere.ts: 1 }\n');
    cases.push([missing, /roles\.\.\/nowhere\.ts: no such plug-in file \.\/nowhere\.ts/]);
    for (const [setup, message] of cases) {
      const r = cli(['run', '--setup', setup, '--games', '5']);
      expect(r.code, `${setup}: ${r.stderr}`).toBe(2);
      expect(r.stdout).toBe('');
      const lines = r.stderr.trim().split('\n');
      expect(lines, setup).toHaveLength(1);
      expect(lines[0], setup).toMatch(message);
      expect(lines[0]).toContain(setup);
    }
  });

  it('a decision kind in camelCase, as the built-in ones, is taken (vigilanteShot), and so is one with -', () => {
    for (const decision of ['vigilanteShot', 'vigilante-shot']) {
      const setup = setupWith(`export default { id: 'vig', name: 'Vig', team: 'town', description: 'x', night: { step: 'vig', decision: '${decision}', intent: 'attack', act() {} } };`, `${decision}.mjs`);
      const r = cli(['run', '--setup', setup, '--games', '20', '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).roles.map((x: { group: string }) => x.group)).toContain('vig');
    }
  });

  it('run --check replays sampled games alone when a plug-in is in play: a plug-in with module state fails it, exit 1', () => {
    // Random players: the fixture must be asked to shoot, whatever the default's play makes of it.
    const leaky = cli(['run', '--setup', 'test/fixtures/roles/ukrainian-leaky.yaml', '--strategy', 'random', '--games', '40', '--check', '--workers', '1', '--json', '--no-progress']);
    expect(leaky.code, leaky.stderr).toBe(1);
    // Games 0, 19 and 39 are replayed; game 0 is the first on its thread, so it cannot differ.
    const lines = leaky.stderr.split('\n').filter((l) => l.startsWith('replay check (G10): game '));
    expect(lines.length, leaky.stderr).toBeGreaterThan(0);
    for (const line of lines) {
      const k = /^replay check \(G10\): game (\d+) /.exec(line)![1];
      expect(['19', '39']).toContain(k);
      expect(line).toMatch(/played alone gave another record than in the run: a role plug-in keeps state between games\? \(docs\/extending\.md, "What a plug-in must not do"\)/);
      expect(line).toMatch(new RegExp(`replay: mafia-sim replay --setup test/fixtures/roles/ukrainian-leaky\\.yaml --strategy random --seed 1 --game ${k} --check$`));
    }
    expect(JSON.parse(leaky.stdout).failedGames).toBe(0); // every game played; the check is what failed
    // The same table with the Vigilante, whose uses the engine keeps, passes.
    const clean = cli(['run', '--setup', 'roles/ukrainian-vigilante.yaml', '--strategy', 'random', '--games', '40', '--check', '--workers', '1', '--json', '--no-progress']);
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stderr).not.toMatch(/replay check/);
  });

  it('fuzz --role on a plug-in with module state does not crash: it reports the failure with its replay command', () => {
    // 400 games: enough cases deal the fixture for one whose first game asks it an odd number of times.
    const r = cli(['fuzz', '--role', 'test/fixtures/roles/leaky-vigilante.mjs', '--games', '400', '--workers', '1', '--json', '--no-progress', '--out', join(dir, 'fuzz-leaky')]);
    expect(r.code, r.stderr).toBe(1);
    const report = JSON.parse(r.stdout) as { failures: { check: string; replay: string; shrunk: { repro: { note: string | null } } | null }[] };
    expect(report.failures.length).toBeGreaterThan(0);
    const f = report.failures.find((x) => x.check === 'G10 determinism') ?? report.failures[0];
    expect(f.replay).toMatch(/^mafia-sim replay /);
  });

  it('onChecked: every check of the Godfather (random players) shows red; a trigger gets the seat state; a bad answer fails the game, named', async () => {
    const job = await jobFromSpec({ setupArg: join(ROOT, 'roles', 'ukrainian-godfather.yaml'), overrides: [], strategies: ['random'], seed: '3' });
    let checks = 0;
    for (let k = 0; k < 80; k++) {
      const g = playJobGame(job, k, { keepLog: true });
      for (const e of g.log!) {
        if (e.t !== 'check' || g.roles[e.target].id !== 'godfather') continue;
        expect(e.result).toBe('red');
        checks++;
      }
    }
    expect(checks).toBeGreaterThan(5);
    // A Miller who looks black to the first check of him only: the trigger keeps count in its state.
    const miller = setupWith("export default { id: 'miller', name: 'Miller', team: 'town', description: 'x', state: { seen: 0 }, onChecked(check, st) { st.seen++; return st.seen === 1 ? 'black' : 'red'; } };", 'miller.mjs', 'rules: ukrainian\nroles: { don: 1, mafia: 2, commissar: 1, citizen: 4, ');
    const mjob = await jobFromSpec({ setupArg: miller, overrides: [], strategies: ['random'], seed: '3' });
    let firsts = 0;
    for (let k = 0; k < 150; k++) {
      const g = playJobGame(mjob, k, { keepLog: true });
      const seen = g.log!.flatMap((e) => (e.t === 'check' && g.roles[e.target].id === 'miller' ? [e.result] : []));
      if (seen.length > 0) firsts++;
      expect(seen.slice(0, 1).every((c) => c === 'black') && seen.slice(1).every((c) => c === 'red'), `game ${k}: ${seen}`).toBe(true);
    }
    expect(firsts).toBeGreaterThan(10);
    const bad = setupWith("export default { id: 'odd', name: 'Odd', team: 'town', description: 'x', onChecked() { return 'green'; } };", 'green.mjs', 'rules: ukrainian\nroles: { don: 1, mafia: 2, commissar: 1, citizen: 4, ');
    const r = cli(['run', '--setup', bad, '--games', '100', '--strategy', 'random', '--json', '--workers', '1']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).failures[0].error).toMatch(/role plug-in \.\/green\.mjs: onChecked returned "green", not "red" or "black"/);
    const notFn = setupWith("export default { id: 'odd', name: 'Odd', team: 'town', description: 'x', onChecked: 'red' };", 'notfn.mjs');
    expect(cli(['run', '--setup', notFn, '--games', '5']).stderr).toMatch(/onChecked: must be a function \(check, state\)/);
  });

  it("kill kinds: the Vigilante's kills are listed as vigilante in JSON, CSV, HTML and text, and shards merge", () => {
    const args = ['run', '--setup', 'roles/ukrainian-vigilante.yaml', '--games', '400', '--seed', '2', '--no-progress'];
    const whole = cli([...args, '--json']);
    expect(whole.code, whole.stderr).toBe(0);
    const report = JSON.parse(whole.stdout) as { roles: { group: string; deaths: Record<string, number> }[] };
    const mafia = report.roles.find((r) => r.group === 'mafia')!;
    expect(mafia.deaths.vigilante).toBeGreaterThan(0);
    expect(report.roles.every((r) => !('killer' in r.deaths))).toBe(true); // no Killer at this table
    const shards = [1, 2].map((i) => {
      const file = join(dir, `vig-shard-${i}.json`);
      writeFileSync(file, cli([...args, '--json', '--shard', `${i}/2`]).stdout);
      return file;
    });
    const merged = cli(['merge', ...shards, '--json']);
    expect(merged.code, merged.stderr).toBe(0);
    expect(JSON.parse(merged.stdout).roles).toEqual(report.roles);
    const csv = cli([...args, '--csv', '-']);
    expect(csv.stdout).toMatch(/role_deaths,mafia,vigilante,/);
    const html = cli([...args, '--html', '-']);
    expect(html.stdout).toMatch(/data-key="vigilante"/);
    expect(cli(args).stdout).toMatch(/vigilante \d+%/);
  });

  it('a TypeScript plug-in outside an ES-module package (loaded as CommonJS) is found inside its wrapper', () => {
    const setup = setupWith("const role = { id: 'watcher', name: 'Watcher', team: 'town', description: 'x' };\nexport default role;\n", 'watcher.ts');
    const r = cli(['run', '--setup', setup, '--games', '20', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).roles.map((x: { group: string }) => x.group)).toContain('watcher');
  });

  it('a plug-in whose handler throws fails that game, named, with the replay command; the run goes on', () => {
    const setup = setupWith("export default { id: 'bg', name: 'Bad guard', team: 'town', description: 'x', night: { step: 'bg', decision: 'guard', intent: 'protect', act() { throw new Error('oops'); } } };", 'actthrows.mjs');
    const r = cli(['run', '--setup', setup, '--games', '20', '--json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.failedGames).toBeGreaterThan(0);
    expect(report.failures[0].error).toMatch(/role plug-in \.\/actthrows\.mjs threw in act: oops/);
    expect(report.failures[0].replay).toMatch(/mafia-sim replay .*--setup/);
  });
});
