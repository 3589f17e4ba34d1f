// Neutral teams (issue 30 item 2; docs/extending.md, docs/rules-decisions.md "Neutral teams"): a role
// plug-in declares a team of its own with a win condition; the game records its winners next to the
// result; every report format lists the team and its wins; the tools that compare and balance setups
// take such a setup; the built-in bots play its seats; a bad declaration is one error line, exit 2.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jobFromSpec, playJobGame } from '../src/runner/job.js';
import { cli, ROOT } from './helpers/cli.js';
import { validate } from './helpers/jsonSchema.js';

const JESTER = 'roles/ukrainian-jester.yaml';
const SURVIVOR = 'roles/ukrainian-survivor.yaml';

const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-neutral-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A setup in the temp dir naming a plug-in written next to it. */
function setupWith(plugin: string, file: string): string {
  writeFileSync(join(dir, file), plugin);
  const setup = join(dir, `setup-${file}.yaml`);
  writeFileSync(setup, `rules: ukrainian\nroles: { don: 1, mafia: 2, citizen: 4, ./${file}: 1 }\n`);
  return setup;
}

interface NeutralJson {
  games: number;
  neutralWins: { team: string; win: { count: number; share: number; low: number; high: number }; seatWins: number }[];
  teams: { group: string; team: string; perGame: number }[];
  roles: { group: string; team: string }[];
  seats: { win: { count: number } }[];
}

describe('neutral teams', () => {
  it("a Jester setup prints the jester team's win rate in run's text, JSON, CSV and HTML reports", () => {
    const args = ['run', '--setup', JESTER, '--games', '300', '--seed', '4', '--no-progress'];
    const json = cli([...args, '--json']);
    expect(json.code, json.stderr).toBe(0);
    const r = JSON.parse(json.stdout) as NeutralJson;
    expect(r.neutralWins.map((x) => x.team)).toEqual(['jester']);
    const won = r.neutralWins[0];
    expect(won.win.count).toBeGreaterThan(0);
    expect(won.win.share).toBeCloseTo(won.win.count / r.games, 12);
    expect(won.seatWins).toBe(won.win.count); // one Jester a game
    expect(r.teams.map((t) => [t.group, t.team, t.perGame])).toEqual([['town', 'town', 7], ['mafia', 'mafia', 4], ['jester', 'jester', 1]]);
    expect(r.roles.find((x) => x.group === 'jester')!.team).toBe('jester');

    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    const text = cli(args);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('Neutral wins');
    expect(text.stdout).toMatch(new RegExp(`│ jester +│ ${won.win.count} +│ ${pct(won.win.share).replace('.', '\\.')}`));
    expect(text.stdout).toMatch(/│ team jester +│ jester +│ 1 /);

    const csvFile = join(dir, 'jester.csv');
    const htmlFile = join(dir, 'jester.html');
    expect(cli([...args, '--csv', csvFile, '--html', htmlFile]).code).toBe(0);
    const csv = readFileSync(csvFile, 'utf8');
    expect(csv).toContain(`neutral_win,jester,share,${won.win.share},${won.win.low},${won.win.high},${won.win.count},${r.games}`);
    expect(csv).toContain(`neutral_win,jester,seat_wins,${won.seatWins},`);
    expect(csv).toMatch(/^team,jester,survival,/m);
    const html = readFileSync(htmlFile, 'utf8');
    expect(html).toMatch(/data-table="neutral-wins"|neutral-wins/);
    expect(html).toContain(`<th>jester</th><td class="num">${won.win.count}</td>`);
  });

  it('G10 a neutral setup gives the same report on 1 and 3 threads and from merged shards; run --check holds', () => {
    const args = ['run', '--setup', SURVIVOR, '--games', '240', '--seed', '3', '--json', '--no-progress'];
    const one = cli([...args, '--workers', '1']);
    expect(one.code, one.stderr).toBe(0);
    expect(cli([...args, '--workers', '3']).stdout).toBe(one.stdout);
    const shards = [1, 2].map((i) => {
      const file = join(dir, `survivor-${i}.json`);
      writeFileSync(file, cli([...args, '--shard', `${i}/2`]).stdout);
      return file;
    });
    const merged = cli(['merge', ...shards, '--json']);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout).toBe(one.stdout);
    const r = JSON.parse(one.stdout) as NeutralJson;
    // Each seat's wins are its team's: town and mafia by the outcome, the Survivor's by his own condition.
    expect(r.neutralWins[0].team).toBe('survivor');
    const checked = cli(['run', '--setup', SURVIVOR, '--games', '150', '--check', '--no-progress']);
    expect(checked.code, checked.stderr).toBe(0);
    const club = cli(['run', '--setup', 'roles/club-12-jester.yaml', '--games', '150', '--check', '--no-progress', '--json']);
    expect(club.code, club.stderr).toBe(0);
    expect((JSON.parse(club.stdout) as NeutralJson).neutralWins[0].win.count).toBeGreaterThan(0);
    // A Serial Killer's win ends the game, a draw between the teams: every such game is a draw.
    const sk = cli(['run', '--setup', 'roles/ukrainian-serial-killer.yaml', '--games', '200', '--check', '--no-progress', '--json']);
    expect(sk.code, sk.stderr).toBe(0);
    const skr = JSON.parse(sk.stdout) as NeutralJson & { outcomes: Record<string, number> };
    expect(skr.neutralWins.map((x) => x.team)).toEqual(['serial-killer']);
    expect(skr.neutralWins[0].win.count).toBeGreaterThan(0);
    expect(skr.neutralWins[0].win.count).toBeLessThanOrEqual(skr.outcomes.draw);
  });

  it('G9 U3.3 random and smart play a Jester seat legally; smart as a nominated Jester votes for the rival with the fewest votes', async () => {
    for (const [setup, strategy] of [[JESTER, 'random'], [JESTER, 'smart'], ['roles/club-12-jester.yaml', 'smart']] as const) {
      const job = await jobFromSpec({ setupArg: join(ROOT, setup), overrides: [], strategies: [strategy], seed: '9' });
      let asked = 0;
      let asJester = 0;
      for (let k = 0; k < 100; k++) {
        const g = playJobGame(job, k, { keepLog: true });
        expect(g.illegalDecisions, `${setup} ${strategy} game ${k}`).toBe(0);
        const jester = g.roles.findIndex((r, s) => s > 0 && r.id === 'jester');
        let nominees: number[] = [];
        let votes = new Map<number, number>();
        for (const e of g.log!) {
          if (e.t === 'phase') nominees = [];
          if (e.t === 'nominate') nominees.push(e.target);
          if (e.t === 'tie' || e.t === 'phase') votes = new Map();
          // U3.3: a nominee may not vote for himself; the Jester's ballot goes to the rival with the fewest votes so far.
          if (e.t === 'vote' && e.seat === jester && strategy === 'smart' && e.round === 1 && nominees.includes(jester)) {
            asked++;
            const fewest = Math.min(...nominees.filter((s) => s !== jester).map((s) => votes.get(s) ?? 0));
            if ((votes.get(e.target) ?? 0) === fewest) asJester++;
          }
          if (e.t === 'vote') votes.set(e.target, (votes.get(e.target) ?? 0) + 1);
        }
      }
      if (strategy === 'smart' && setup === JESTER) {
        expect(asked, setup).toBeGreaterThan(0);
        expect(asJester, setup).toBe(asked);
      }
    }
  });

  it('a town reader does not count a neutral seat as mafia: smart reads the Jester red, and the mafia do not know him', async () => {
    const { Mind } = await import('../strategies/smart/mind.js');
    const job = await jobFromSpec({ setupArg: join(ROOT, JESTER), overrides: [], strategies: ['random'], seed: '2' });
    const g = playJobGame(job, 0, { keepLog: true, onBegin: () => {} });
    const jester = g.roles.findIndex((r, s) => s > 0 && r.id === 'jester');
    const view = g.view(jester);
    expect(view.team).toBe('jester');
    expect(view.roleInfo('jester')).toMatchObject({ team: 'jester', win: 'votedOut' });
    expect(view.roleInfo('citizen')).not.toHaveProperty('win');
    expect(view.knownAllies()).toEqual([]); // a neutral team does not meet
    const m = new Mind(view);
    expect(m.town).toBe(true);
    // The mafia's team is exactly its black seats: the Jester is not among them.
    const don = g.roles.findIndex((r, s) => s > 0 && r.id === 'don');
    expect(g.view(don).knownAllies()).not.toContain(jester);
  });

  it('the protocol tells an exec: bot the neutral team and its win condition, within docs/protocol.schema.json', () => {
    const bot = `exec:tee ${dir}/in.jsonl | node bots/node_bot.mjs`;
    const r = cli(['run', '--games', '2', '--setup', JESTER, '--strategy', `town=${bot}`, '--strategy', 'mafia=smart', '--json', '--no-progress']);
    expect(r.code, r.stderr).toBe(0);
    const schema = JSON.parse(readFileSync(join(ROOT, 'docs/protocol.schema.json'), 'utf8')) as Record<string, unknown>;
    const requests = readFileSync(join(dir, 'in.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const m of requests) expect(validate(schema, m), JSON.stringify(m).slice(0, 300)).toEqual([]);
    type Table = { team: string; role: string; roles: { id: string; team: string; win?: string }[] };
    const tables = requests.map((m) => (m.view as { table?: Table } | undefined)?.table).filter((t): t is Table => t !== undefined);
    expect(tables.some((t) => t.role === 'jester' && t.team === 'jester')).toBe(true);
    for (const t of tables) {
      expect(t.roles.find((x) => x.id === 'jester')).toMatchObject({ team: 'jester', win: 'votedOut' });
      expect(t.roles.find((x) => x.id === 'citizen')).not.toHaveProperty('win');
    }
  });

  it('compare, sweep, balance and role-values take a neutral setup (balance and values on town win)', () => {
    // A role-values report is large (each arm's whole run): its text is enough here.
    const small = ['--games', '60', '--no-progress'];
    const compare = cli(['compare', 'ukrainian', JESTER, ...small]);
    expect(compare.code, compare.stderr).toBe(0);
    const sweep = cli(['sweep', '--setup', JESTER, '--vary', 'maxDays=3,40', ...small]);
    expect(sweep.code, sweep.stderr).toBe(0);
    const balance = cli(['balance', '--setup', JESTER, '--knob', 'tie', ...small]);
    expect(balance.code, balance.stderr).toBe(0);
    const values = cli(['role-values', '--setup', JESTER, ...small]);
    expect(values.code, values.stderr).toBe(0);
    // Measured: the Jester's seat made a plain town seat (roles.jester=0 names the plug-in by its id).
    expect(values.stdout).toMatch(/│ jester +│ jester +│ 1 +│ [−+±]\d/);
    expect(values.stdout).not.toContain('not measured: jester');
  });

  it('a bad team or win condition is one error line naming the setup, the field and the value; exit 2', () => {
    const cases: [string, string, RegExp][] = [
      ["export default { id: 'j1', name: 'J', team: 'jester', description: 'x' };", 'nowin.mjs', /roles\.\.\/nowin\.mjs: win: missing: the neutral team "jester" needs a win condition: one of "votedOut", "survives", "lastStanding"/],
      ["export default { id: 'j2', name: 'J', team: 'jester', win: 'lynched', description: 'x' };", 'badwin.mjs', /roles\.\.\/badwin\.mjs: win: must be one of "votedOut", "survives", "lastStanding", got "lynched"/],
      ["export default { id: 'j3', name: 'J', team: 'town', win: 'survives', description: 'x' };", 'townwin.mjs', /roles\.\.\/townwin\.mjs: win: a town role wins with its team by the rule set's win check; .*got "survives"/],
      ["export default { id: 'j4', name: 'J', team: 'Jester Team', win: 'votedOut', description: 'x' };", 'badteam.mjs', /roles\.\.\/badteam\.mjs: team: must be one of "town", "mafia", got "Jester Team" \(or a neutral team of its own/],
      ["export default { id: 'j5', name: 'J', team: 'draw', win: 'votedOut', description: 'x' };", 'drawteam.mjs', /roles\.\.\/drawteam\.mjs: team: must be one of "town", "mafia", got "draw"/],
      ["export default { id: 'j6', name: 'J', team: 'jester', win: 'votedOut', teamKill: 'joins', description: 'x' };", 'kill.mjs', /roles\.\.\/kill\.mjs: teamKill: only the mafia's roles take part in its night kill/],
    ];
    for (const [plugin, file, message] of cases) {
      const setup = setupWith(plugin, file);
      const r = cli(['run', '--setup', setup, '--games', '5']);
      expect(r.code, setup).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines, setup).toHaveLength(1);
      expect(lines[0]).toMatch(message);
      expect(lines[0]).toContain(setup);
    }
  });
});
