// The club rule set (RULES.md section C) beyond the scripted scenarios: the built-in tables, mixed and
// impossible setups, immunities as setup data, hidden information, the random strategy's legality,
// narration of every club effect, and the clause coverage of the tests.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { narrate } from '../src/report/narrate.js';
import { Chalk } from 'chalk';
import type { GameEvent } from '../src/model/events.js';
import { playGame } from '../src/engine/play.js';
import { ROLES } from '../src/rules/catalogue.js';
import { ClubGame } from '../src/rules/club/index.js';
import { RULE_SETS } from '../src/rules/registry.js';
import { deriveGameSeed } from '../src/rng.js';
import { runBatch } from '../src/runner/batch.js';
import { playJobGame } from '../src/runner/job.js';
import { readScenario } from '../src/scenario/parse.js';
import { loadSetup } from '../src/setup/load.js';
import type { Player } from '../src/strategy/types.js';
import { random } from '../strategies/random.js';
import { cli, ROOT } from './helpers/cli.js';
import { makeJob } from './helpers/job.js';

const FIX = 'test/fixtures/club';
const counts = (name: string, options: string[] = []) => Object.fromEntries(loadSetup(name, options).roleCounts);
const mafiaTeam = (c: Record<string, number>) => (c.boss ?? 0) + (c.killer ?? 0) + (c.mafia ?? 0);

describe('C2 the built-in club tables', () => {
  // Worked out here from C2 itself, not from the code that builds the tables.
  const SLOTS = ['policeman', 'doctor', 'marilyn', 'judge', 'sportsman', 'lucky', 'lawyer', 'oligarch', 'maniac',
    'marilyn-sister', 'lawyer-brother', 'oligarch-brother', 'lucky'];
  const EXPECTED_MAFIA: Record<number, number> = { 8: 3, 9: 3, 10: 3, 11: 4, 12: 4, 13: 4, 14: 5, 15: 5, 16: 5, 17: 6, 18: 6, 19: 6, 20: 6 };

  for (let n = 8; n <= 20; n++) {
    it(`C1 C2 club-${n}: ⌈0.3·${n}⌉ = ${EXPECTED_MAFIA[n]} mafia-team seats with the Boss${n >= 16 ? ' and the Killer' : ''}, town slots in order`, () => {
      const c = counts(`club-${n}`);
      const seats = Object.values(c).reduce((a, b) => a + b, 0);
      expect(seats).toBe(n);
      expect(mafiaTeam(c)).toBe(EXPECTED_MAFIA[n]);
      expect(c.boss).toBe(1);
      expect(c.killer ?? 0).toBe(n >= 16 ? 1 : 0);
      const town: Record<string, number> = {};
      const slots = n - EXPECTED_MAFIA[n];
      for (let i = 0; i < slots; i++) {
        const id = SLOTS[Math.min(i, SLOTS.length - 1)];
        town[id] = (town[id] ?? 0) + 1;
      }
      const { boss: _b, killer: _k, mafia: _m, ...rest } = c;
      expect(rest).toEqual(town);
      expect(Object.keys(c).every((id) => ROLES.get(id)!.team === (['boss', 'killer', 'mafia'].includes(id) ? 'mafia' : 'town'))).toBe(true);
    });
  }

  it('C2 club-20 needs 14 town slots, one more than the list: the last slot (Lucky) repeats', () => {
    expect(counts('club-20').lucky).toBe(3);
    expect(counts('club-19').lucky).toBe(2);
  });

  it('C2 the [choice]s are setup parameters: mafiaShare, killerFrom and townSlots', () => {
    expect(mafiaTeam(counts('club-10', ['mafiaShare=0.5']))).toBe(5);
    expect(counts('club-12', ['killerFrom=12']).killer).toBe(1);
    const reordered = ['sportsman', 'doctor', 'marilyn', 'judge', 'policeman', ...SLOTS.slice(5)].join(',');
    const c = counts('club-8', [`townSlots=${reordered}`]);
    expect(c.sportsman).toBe(1);
    expect(c.policeman).toBe(1);
    expect(counts('club-8', ['townSlots=lucky,doctor,marilyn,judge,sportsman,policeman,lawyer,oligarch,maniac,marilyn-sister,lawyer-brother,oligarch-brother,lucky']).policeman).toBeUndefined();
  });

  it('C2 mafia-sim setups lists club-8 … club-20 with their role counts', () => {
    // A wide terminal: one line an entry (at 80 columns the long nightOrder breaks after its commas).
    const r = cli(['setups'], { env: { COLUMNS: '300' } });
    expect(r.code).toBe(0);
    for (let n = 8; n <= 20; n++) expect(r.stdout).toMatch(new RegExp(`club-${n} .*\\n\\s+${n} players: boss `));
    expect(r.stdout).toMatch(/16 players: boss killer mafia×3 /);
    expect(r.stdout).toContain('jailShields=false');
    expect(r.stdout).toContain('nightOrder=marilyn,marilyn-sister,judge,oligarch,oligarch-brother,policeman,doctor,mafia,killer,maniac,sportsman');
  });

  it('C2 a club deck with under 30% mafia team is refused; option minMafiaShare relaxes it', () => {
    const file = join(ROOT, FIX, 'club-3-win-six.yaml');
    expect(() => loadSetup(file, ['minMafiaShare=0.5'])).toThrow(/1 mafia-team seats of 3 is under the 50% a club table needs \(C2; option minMafiaShare\)/);
    expect(() => loadSetup(file)).not.toThrow();
  });
});

describe('C16 immunities in the setup file', () => {
  it('C16 listed seats and k random seats are accepted; random ones differ between games but not between runs', () => {
    const job = makeJob(join(ROOT, FIX, 'club-8-random-newbies.yaml'));
    const holders = (k: number) => (playJobGame(job, k, { keepLog: true }).log ?? [])
      .flatMap((e) => (e.t === 'immunity' && !e.fired ? [e.seat] : []));
    const seen = new Set<string>();
    for (let k = 0; k < 30; k++) {
      const h = holders(k);
      expect(h).toHaveLength(2);
      expect(new Set(h).size).toBe(2);
      seen.add(h.join());
    }
    expect(seen.size).toBeGreaterThan(5);
    expect(holders(7)).toEqual(holders(7));
  });

  it('C16 an immunity on a rule set without immunities, an unknown kind or a seat off the table is a user error (exit 2)', () => {
    const cases: [string, RegExp][] = [
      ['rules: ukrainian\nroles: { don: 1, mafia: 2, courtesan: 1, commissar: 1, doctor: 1, maniac: 1, citizen: 5 }\nimmunities: { newbie: [1] }\n',
        /immunities\.newbie: the ukrainian rule set has no immunities \(they are a club rule, C16\)/],
      ['rules: club\nroles: { boss: 1, mafia: 2, policeman: 1, doctor: 1, marilyn: 1, judge: 1, sportsman: 1 }\nimmunities: { newbee: [1] }\n',
        /immunities\.newbee: unknown immunity "newbee" \(did you mean "newbie"\?\)/],
      ['rules: club\nroles: { boss: 1, mafia: 2, policeman: 1, doctor: 1, marilyn: 1, judge: 1, sportsman: 1 }\nimmunities: { friend: [9] }\n',
        /immunities\.friend: 9 is not a seat of this table \(1\.\.8\)/],
      ['rules: club\nroles: { boss: 1, mafia: 2, policeman: 1, doctor: 1, marilyn: 1, judge: 1, sportsman: 1 }\nimmunities: { friend: 9 }\n',
        /immunities\.friend: a count of random seats must be a whole number from 0 to 8, got 9/],
      ['rules: club\nroles: { boss: 1, mafia: 2, policeman: 1, doctor: 1, marilyn: 1, judge: 1, sportsman: 1 }\nimmunities: { newbie: yes }\n',
        /immunities\.newbie: expected a list of seats \(\[3, 5\]\) or a count of random seats \(2\)/],
    ];
    for (const [yaml, message] of cases) {
      const r = cliWithFile(yaml);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
  });
});

// Setup files written by the tests: in a folder of the system's temp dir, never in the source tree (a
// run stopped midway used to leave test/fixtures/club/.tmp-*.yaml behind), removed when the file ends.
let scratch: string | null = null;
let written = 0;
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Runs `mafia-sim run` on a setup file holding `yaml`. */
function cliWithFile(yaml: string) {
  scratch ??= mkdtempSync(join(tmpdir(), 'mafia-sim-club-'));
  const path = join(scratch, `setup-${++written}.yaml`);
  writeFileSync(path, yaml);
  try {
    return cli(['run', '--games', '1', '--workers', '1', '--setup', path]);
  } finally {
    rmSync(path, { force: true });
  }
}

describe('mixed setups (roles of both families)', () => {
  it('C13 C14 a Ukrainian table with a club Sportsman and Lucky runs', () => {
    const r = cli(['run', '--setup', `${FIX}/mixed-ukrainian-sportsman.yaml`, '--games', '500', '--workers', '1', '--check', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.games).toBe(500);
    expect(report.failedGames).toBe(0);
    expect(report.roles.map((x: { group: string }) => x.group)).toEqual(expect.arrayContaining(['sportsman', 'lucky']));
  });

  it('C1 C6 a club table with a Courtesan and plain Citizens runs', () => {
    const r = cli(['run', '--setup', `${FIX}/mixed-club-courtesan.yaml`, '--games', '500', '--workers', '1', '--check', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).failedGames).toBe(0);
  });

  it('C8 a club table with a Boss and a Don is impossible: exit 2 with the reason', () => {
    const r = cli(['run', '--setup', `${FIX}/impossible-two-bosses.yaml`, '--games', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      `mafia-sim: error: ${FIX}/impossible-two-bosses.yaml: roles: don and boss would both settle a split joint kill (C8): a club table has at most one Boss (or Don) (rules: docs/rules.md)`,
    );
  });

  it('C10 a Ukrainian table with a Judge is impossible: exit 2 with the reason', () => {
    const r = cli(['run', '--setup', `${FIX}/impossible-ukrainian-judge.yaml`, '--games', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/roles\.judge: the ukrainian rule set has no role "judge"/);
  });

  it('C1 a club table without a mafia-team role is impossible', () => {
    const r = cliWithFile('rules: club\nroles: { courtesan: 0, policeman: 1, doctor: 1 }\n');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/a club table needs at least one mafia-team role/);
  });
});

describe('C16 hidden and public information', () => {
  /** Every event each seat's view shows at any decision of a game with friends and a newbie. */
  it('C16.2 friend is hidden: no view shows who holds it until it fires; C16.1 the public immunities are seen by all', () => {
    const setup = loadSetup(join(ROOT, FIX, 'club-12-immunities.yaml'));
    let checkedFired = 0;
    for (let k = 0; k < 60; k++) {
      const seen = new Map<number, GameEvent[]>();
      const playerFor = (seat: number): Player => ({
        decide(view, request, rng) {
          seen.set(seat, view.events());
          return random.createPlayer(seat).decide(view, request, rng);
        },
      });
      const g = playGame(setup.game, setup.deck, playerFor, deriveGameSeed('friend', k), { keepLog: true });
      const friends = (g.log ?? []).filter((e) => e.t === 'immunity' && e.kind === 'friend' && !e.fired);
      expect(friends).toHaveLength(2);
      for (const [, events] of seen) {
        expect(events.some((e) => e.t === 'immunity' && e.kind === 'friend' && !e.fired)).toBe(false);
        expect(events.filter((e) => e.t === 'immunity' && e.kind === 'newbie')).toHaveLength(1);
        checkedFired += events.filter((e) => e.t === 'immunity' && e.fired).length;
      }
    }
    expect(checkedFired).toBeGreaterThan(0); // a fired save is announced to everyone
  });

  it('C10 G7 who is in jail is public: every view reports it', () => {
    const job = makeJob('club-12', [], '4');
    let jailedSeen = 0;
    for (let k = 0; k < 40; k++) {
      // After every phase, each view against the rule set's own jail.
      playJobGame(job, k, {
        keepLog: true,
        onPhaseEnd: (g, rules) => {
          if (!(rules instanceof ClubGame)) throw new Error('not a club game');
          for (let s = 1; s <= g.n; s++) {
            for (let v = 1; v <= g.n; v++) expect(g.view(v).isJailed(s)).toBe(rules.jailed[s] > 0);
            if (rules.jailed[s] > 0) jailedSeen++;
          }
        },
      });
    }
    expect(jailedSeen).toBeGreaterThan(0);
  });
});

describe('club games with the random strategy', () => {
  it('C4 C4.1 C5 C8 C10 the random strategy answers every club decision legally on every table', () => {
    for (let n = 8; n <= 20; n++) {
      const tally = runBatch(makeJob(`club-${n}`, [], '11'), { from: 0, to: 150, check: true, strict: true });
      expect(tally.games).toBe(150);
      expect(tally.illegalDecisions, `club-${n}`).toBe(0);
    }
  });

  it('C18 club games end with a winner, a draw or at the day cap, and every winner holds C18', () => {
    const job = makeJob('club-14', [], '2');
    const seen = new Set<string>();
    for (let k = 0; k < 300; k++) {
      const g = playJobGame(job, k);
      seen.add(g.winner!);
      if (g.winner === 'town') expect(g.teamAlive.mafia).toBe(0);
      if (g.winner === 'mafia') {
        expect(g.teamAlive.town).toBe(0);
        expect(g.teamAlive.mafia).toBeGreaterThan(0);
      }
      if (g.winner === 'draw') expect(g.livingCount).toBe(0);
    }
    expect(seen.has('town') && seen.has('mafia')).toBe(true);
  });

  it('C17 C17.1 points are never negative and every living seat scores for each phase lived through', () => {
    const job = makeJob('club-12', [], '3');
    for (let k = 0; k < 200; k++) {
      const g = playJobGame(job, k);
      for (let s = 1; s <= g.n; s++) {
        expect(g.points[s]).toBeGreaterThanOrEqual(0);
        if (g.alive[s] === 1 && g.winner !== 'stalemate') expect(g.points[s]).toBeGreaterThanOrEqual(g.day + g.night - 1);
      }
    }
  });

  it('C17.5 the default club scoring table has only the rows C17 gives', () => {
    expect(loadSetup('club-12').scoring).toEqual({
      surviveDay: 1, surviveNight: 1, townVoteOnMafia: 5, mafiaVoteOnTown: 2, lawyerSavesTown: 12, jointShotAtTown: 2, killerShotAtTown: 2,
    });
  });

  it('G10 C4.2 a club run, shoot-outs and random immunities included, is reproducible', () => {
    const args = ['run', '--setup', `${FIX}/club-12-immunities.yaml`, '--games', '400', '--seed', '8', '--workers', '1', '--json'];
    const a = cli(args);
    const b = cli(args);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
  });
});

describe('the CLI on club tables', () => {
  it('C17 run --setup club-12 prints the outcome, per-role and point-distribution tables', () => {
    // A wide terminal: every table whole, one line a row (at 80 columns the role table is split).
    const r = cli(['run', '--setup', 'club-12', '--games', '2000', '--workers', '1'], { env: { COLUMNS: '200' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Setup\s+club-12 \(club rules, 12 players\): boss mafia×3 /);
    expect(r.stdout).toMatch(/│ outcome\s+│ games/);
    expect(r.stdout).toMatch(/│ role\s+│ team\s+│ seats\s+│ survival \(95% interval\)\s+│ leaves by/);
    expect(r.stdout).toMatch(/│ role \/ team\s+│ mean/);
    for (const role of ['boss', 'policeman', 'judge', 'lawyer', 'oligarch']) expect(r.stdout).toMatch(new RegExp(`│ ${role}\\s+│`));
    expect(r.stdout).toContain('townVoteOnMafia=5');
  });

  it('mafia-sim roles describes every role, the club ones included', () => {
    const r = cli(['roles'], { env: { COLUMNS: '300' } });
    expect(r.code).toBe(0);
    for (const id of ROLES.keys()) expect(r.stdout).toMatch(new RegExp(`^${id}\\s+(town|mafia)\\s+\\S.{20,}`, 'm'));
    expect(r.stdout).toMatch(/^marilyn-sister\s+town .*\[club\]$/m);
  });

  it('C6 C10 C11 C4.2 C4.3 C13 C14 C16.2 replay narrates every club effect', () => {
    const job = makeJob(join(ROOT, FIX, 'club-12-immunities.yaml'), [], '5');
    const c = new Chalk({ level: 0 });
    const text: string[] = [];
    for (let k = 0; k < 300; k++) text.push(...narrate(playJobGame(job, k, { keepLog: true }), c));
    const all = text.join('\n');
    for (const phrase of ['is blocked', 'is jailed', 'is released (bailed out)', 'is released (the Judge died)', 'is jailed (bailed a mafia-team player)',
      'Shoot-out between', 'cancels the execution of', 'is saved by the friend immunity', 'holds the newbie immunity',
      'the luck holds', 'duels', 'mafia — both die', 'Mafia joint kill:', 'lets the execution stand']) {
      expect(all, phrase).toContain(phrase);
    }
    expect(all).not.toMatch(/undefined/);
  });
});

describe('C4.5 the last word of the night\'s dead', () => {
  /** Every check of C4.5 on one game's record: the seats that died each night speak first thing the next day, once; nobody else does then. */
  function checkNightLastWords(log: readonly GameEvent[], k: number): number {
    let heard = 0;
    let died: number[] = [];
    for (let i = 0; i < log.length; i++) {
      const e = log[i];
      if (e.t === 'died') died.push(e.seat);
      // (A dawn that ends the game, or the day cap after it, leaves no next day: those dead are not heard.)
      if (e.t !== 'phase' || e.phase !== 'day') continue;
      // C4.5: right after the day begins, before the first speech: the night's dead, in the order announced.
      const words = [];
      let j = i + 1;
      while (log[j]?.t === 'lastWord') words.push((log[j++] as Extract<GameEvent, { t: 'lastWord' }>).seat);
      expect(words, `game ${k}, day ${e.n}: the last words opening the day`).toEqual(died);
      heard += died.length;
      died = [];
    }
    return heard;
  }

  for (const [setup, options] of [['club-12', []], ['club-20', []], ['club-10', ['start=night', 'nightFoulRate=0.02']]] as const) {
    it(`C4.5 C4.4 C19 ${[setup, ...options].join(' ')}: every player killed at night, and nobody else, gives a last word as the next day begins`, () => {
      const job = makeJob(setup, [...options], '45', ['smart']);
      let heard = 0;
      let spoken = 0;
      for (let k = 0; k < 60; k++) {
        const g = playJobGame(job, k, { keepLog: true });
        const log = g.log!;
        heard += checkNightLastWords(log, k);
        // C4.4 and C4.5 only: every last word is of a player killed at night or executed, once; a technical corpse has none (C19).
        const words = log.filter((e) => e.t === 'lastWord').map((e) => (e as { seat: number }).seat);
        const removed = g.eliminations.filter((x) => x.cause !== 'fouls').map((x) => x.seat);
        for (const s of words) expect(removed, `game ${k}: last word of ${s}`).toContain(s);
        expect(new Set(words).size).toBe(words.length);
        spoken += log.filter((e) => e.t === 'lastWord' && e.statements.length > 0).length;
      }
      expect(heard).toBeGreaterThan(60);
      expect(spoken, 'the smart strategy says something in some last words').toBeGreaterThan(10);
    });
  }

  it('C4.5 the night\'s last words reach every bot: each seat\'s view holds them, with their statements', () => {
    const job = makeJob('club-12', [], '46', ['smart']);
    let seen = 0;
    for (let k = 0; k < 20; k++) {
      const g = playJobGame(job, k, { keepLog: true });
      const log = g.log!;
      const nightWords = log.flatMap((e, i) => (e.t === 'lastWord' && log[i - 1]?.t === 'phase' ? [i] : []));
      for (let s = 1; s <= g.n; s++) {
        const mine = g.view(s).events();
        for (const i of nightWords) {
          expect(mine).toContainEqual(log[i]);
          seen++;
        }
      }
    }
    expect(seen).toBeGreaterThan(100);
  });
});

describe('C19 the technical corpse', () => {
  it('C19 C19.1 C19.2 the voice at night is no foul but a technical corpse before anyone acts; no technical corpse gives a last word', () => {
    const job = makeJob('club-12', ['nightFoulRate=0.03', 'foulRate=0.6'], '19');
    let byNight = 0;
    let byDay = 0;
    for (let k = 0; k < 200; k++) {
      const log = playJobGame(job, k, { keepLog: true }).log!;
      let phase = '';
      let acted = false;
      const corpses = new Set<number>();
      for (let i = 0; i < log.length; i++) {
        const e = log[i];
        if (e.t === 'phase') {
          phase = e.phase;
          acted = false;
          continue;
        }
        if (phase === 'night') {
          expect(e.t, `game ${k}: no foul at night at a club table (C19.1)`).not.toBe('foul');
          if (e.t === 'effect') {
            expect(e.what).toBe('voice at night: technical corpse');
            expect(acted, `game ${k}: the voice is drawn before anyone acts`).toBe(false);
            expect(log[i + 1]).toMatchObject({ t: 'eliminated', seat: e.seat, cause: 'fouls' });
            byNight++;
          } else if (e.t !== 'eliminated' && e.t !== 'released') acted = true;
        }
        if (e.t === 'eliminated' && e.cause === 'fouls') {
          corpses.add(e.seat);
          if (phase === 'day') {
            expect(log[i - 1]).toMatchObject({ t: 'foul', seat: e.seat }); // C19.2: the ladder's fourth foul
            byDay++;
          }
        }
        if (e.t === 'lastWord') expect(corpses.has(e.seat), `game ${k}: technical corpse ${e.seat} gives a last word`).toBe(false);
      }
    }
    expect(byNight).toBeGreaterThan(20);
    expect(byDay).toBeGreaterThan(5);
  });

  it('C19.1 C19.2 at a club table the discipline options belong to C19.1 and C19.2, at a Ukrainian one to U12 and U12.4', () => {
    const clause = (rules: 'club' | 'ukrainian', key: string) => RULE_SETS.get(rules)!.options.find((o) => o.key === key)?.clause;
    expect(clause('club', 'nightFoulRate')).toBe('C19.1');
    expect(clause('club', 'foulRate')).toBe('C19.2');
    expect(clause('club', 'foulWarningShare')).toBe('C19.2');
    expect(clause('ukrainian', 'nightFoulRate')).toBe('U12.4');
    expect(clause('ukrainian', 'foulRate')).toBe('U12');
  });
});

describe('clause coverage', () => {
  it('every clause of RULES.md section C is named by a test title or a club scenario name', () => {
    const clauses = ['C1', 'C2', 'C3', 'C4', 'C4.1', 'C4.2', 'C4.3', 'C4.4', 'C4.5', 'C5', 'C6', 'C7', 'C8', 'C9', 'C10', 'C10.1', 'C10.2', 'C10.3',
      'C11', 'C12', 'C13', 'C14', 'C15', 'C16', 'C16.1', 'C16.2', 'C17', 'C17.1', 'C17.2', 'C17.3', 'C17.4', 'C17.5', 'C18', 'C19', 'C19.1', 'C19.2'];
    const titles: string[] = [];
    const dir = join(ROOT, 'test', 'scenarios');
    for (const f of readdirSync(dir)) if (f.startsWith('club-') && f.endsWith('.yaml')) titles.push(readScenario(join(dir, f)).name);
    for (const f of ['club.test.ts', 'club-evening.test.ts', join('invariants', 'club.test.ts')]) {
      let src = '';
      try {
        src = readFileSync(join(ROOT, 'test', f), 'utf8');
      } catch {
        continue;
      }
      for (const m of src.matchAll(/\bit\(\s*[`'"]([^`'"]+)[`'"]/g)) titles.push(m[1]);
    }
    const named = (c: string) => titles.some((t) => t.split(/[\s,:]+/).includes(c));
    expect(clauses.filter((c) => !named(c))).toEqual([]);
  });
});
