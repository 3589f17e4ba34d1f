// mafia-sim play: a person at one seat, driven here by piped lines. The script of typed lines is made
// in-process by playing the same game with a host that answers from the menus (./session.ts's
// playSeat), then the built CLI is fed it as a person's keyboard would be.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Chalk } from 'chalk';
import { parseAnswers, statementOf } from '../src/play/answers.js';
import type { Question } from '../src/play/human.js';
import { menuOf, pick } from '../src/play/screen.js';
import { playSeat, type Host } from '../src/play/session.js';
import { jobFrom } from '../src/cli/common.js';
import type { Game } from '../src/engine/game.js';
import { cli } from './helpers/cli.js';

const plain = new Chalk({ level: 0 });

interface Table {
  setup: string;
  option?: string[];
  strategy?: string[];
  seed: string;
}

const flags = (t: Table) => ({ setup: t.setup, option: t.option ?? [], strategy: t.strategy ?? [], seed: t.seed });
const args = (t: Table, seat: number) => ['play', '--setup', t.setup, ...(t.option ?? []).flatMap((o) => ['--option', o]), ...(t.strategy ?? []).flatMap((s) => ['--strategy', s]), '--seed', t.seed, '--seat', String(seat)];

/**
 * Plays the game in-process answering as a simple person would — the first choice of every menu; in
 * each first speech, an accusation of the first seat offered — and returns the lines typed and the game.
 */
async function script(t: Table, seat: number): Promise<{ lines: string[]; game: Game }> {
  const lines: string[] = [];
  const host: Host = {
    turn: () => {},
    ask: async (q: Question) => {
      let menu = menuOf(q, plain);
      const typed: string[] = q.type === 'speech' ? (q.said.length === 0 && q.speech === 'speech' ? ['3', firstKey(menuOf(q, plain), '3')] : ['0']) : [menu.entries[0].key];
      let word: string | null = null;
      for (const line of typed) {
        lines.push(line);
        const e = pick(menu, line)!;
        if (typeof e.then === 'string') word = e.then;
        else menu = e.then();
      }
      return word;
    },
  };
  const { game } = await playSeat(jobFrom(flags(t)), seat, [], host);
  return { lines, game };
}

/** The key of the first entry of the sub-menu that `key` opens. */
function firstKey(menu: ReturnType<typeof menuOf>, key: string): string {
  const then = pick(menu, key)!.then;
  return typeof then === 'string' ? key : then().entries[0].key;
}

const UKRAINIAN: Table = { setup: 'ukrainian', strategy: ['smart'], seed: '5' };

/** The output up to the reveal (what was shown during the game), and the reveal itself. */
function split(stdout: string): { during: string; end: string } {
  const at = stdout.indexOf('The roles');
  expect(at, 'the game reached its reveal').toBeGreaterThan(0);
  return { during: stdout.slice(0, at), end: stdout.slice(at) };
}

describe('mafia-sim play', () => {
  it('plays a whole game from piped answers, re-prompts on invalid ones, reveals every role and prints the command that plays it again', async () => {
    const seat = 3;
    const { lines, game } = await script(UKRAINIAN, seat);
    const input = ['99', 'abc', ...lines].join('\n') + '\n';
    const r = cli(args(UKRAINIAN, seat), { input });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // The two bad lines are refused with the way to answer, and asked again.
    expect(r.stdout).toContain('"99" is not one of the choices: type 1 to 4 to add a statement, or 0 when done');
    expect(r.stdout).toContain('"abc" is not one of the choices');
    const { end } = split(r.stdout);
    for (let s = 1; s <= game.n; s++) expect(end).toMatch(new RegExp(`#${s}\\s+${game.roles[s].name}\\s`));
    expect(end).toContain(`Result: ${game.winner}`);
    // The command printed replays the same game, answers included, with nothing on stdin.
    const command = /\n {2}(mafia-sim play .*)\n/.exec(end)![1];
    expect(command).toContain('--answers ');
    const again = cli(command.replace(/^mafia-sim /, '').split(' ').map((w) => w.replace(/^'(.*)'$/, '$1')));
    expect(again.code).toBe(0);
    expect(split(again.stdout).end).toBe(end);
    expect(again.stdout).toContain('(--answers)');
    // And the replay command narrates the same game omnisciently, checked (G7, G9, G10), with the same outcome.
    const replayLine = /\n {2}(mafia-sim replay .*)\n/.exec(end)![1];
    const replay = cli([...replayLine.replace(/^mafia-sim /, '').split(' ').map((w) => w.replace(/^'(.*)'$/, '$1')), '--check']);
    expect(replay.code, replay.stderr).toBe(0);
    // (A narrated line too wide for the width continues on the next, indented.)
    expect(replay.stdout.replace(/\n +/g, ' ')).toContain(`Deal: ${game.roles.slice(1).map((r, i) => `#${i + 1} ${r.id}`).join(', ')}`);
    expect(replay.stdout).toContain(`Outcome: ${game.winner} after ${game.day} day(s)`);
    // Piped, with neither NO_COLOR nor FORCE_COLOR: plain text, no colour codes.
    const piped = cli(command.replace(/^mafia-sim /, '').split(' ').map((w) => w.replace(/^'(.*)'$/, '$1')), { env: { NO_COLOR: '', FORCE_COLOR: '' } });
    expect(piped.stdout).toBe(again.stdout);
    expect(piped.stdout).not.toContain('\u001b[');
  });

  it('G7: shows the seat only what its view holds — no other role before the reveal, no one else\'s night', async () => {
    // Every seat of one deal in turn (smart bots): what was shown before the reveal names a seat's
    // role only for the player itself and its known team mates, and never shows another's check.
    const t: Table = { setup: 'ukrainian', strategy: ['smart'], seed: '11' };
    for (const seat of [1, 4, 7, 10, 12]) {
      const { lines, game } = await script(t, seat);
      const r = cli(args(t, seat), { input: lines.join('\n') + '\n' });
      expect(r.code, r.stderr).toBe(0);
      const { during } = split(r.stdout);
      const me = game.roles[seat];
      const ally = (s: number) => s === seat || (me.knowsTeam === true && game.roles[s].knowsTeam === true && game.roles[s].team === me.team);
      for (const m of during.matchAll(/#(\d+) \(([^)]+)\)/g)) {
        const s = Number(m[1]);
        expect(ally(s), `seat ${seat} (${me.name}) was shown #${s} (${m[2]})`).toBe(true);
        expect(m[2]).toBe(s === seat ? 'you' : game.roles[s].name);
      }
      for (let s = 1; s <= game.n; s++) if (!ally(s)) expect(during).not.toMatch(new RegExp(`#${s} \\((?!you)`));
      expect(during).not.toContain('Deal:');
      // Checks: only the seat's own.
      for (const m of during.matchAll(/#(\d+)(?: \([^)]*\))? checks #/g)) expect(Number(m[1])).toBe(seat);
      if (me.team === 'town') expect(during).not.toContain('the team');
    }
  });

  it('shows the seat its own private results: a commissar sees its checks, in the narration and the status line', async () => {
    const t = UKRAINIAN;
    const probe = await script(t, 1);
    const seat = probe.game.roles.findIndex((r, i) => i > 0 && r.id === 'commissar');
    const { lines } = await script(t, seat);
    const r = cli(args(t, seat), { input: lines.join('\n') + '\n' });
    expect(r.code, r.stderr).toBe(0);
    const { during } = split(r.stdout);
    expect(during).toMatch(new RegExp(`#${seat} \\(you\\) checks #\\d+: +(red|black)`));
    expect(during).toMatch(/your checks: #\d+ (red|black)/);
  });

  it('ends cleanly when the input ends first: a message with the command that goes on, exit 1, every line whole', async () => {
    const seat = 3;
    const { lines } = await script(UKRAINIAN, seat);
    const half = Math.floor(lines.length / 2);
    const r = cli(args(UKRAINIAN, seat), { input: lines.slice(0, half).join('\n') + '\n' });
    expect(r.code).toBe(1);
    expect(r.stdout.endsWith('\n')).toBe(true);
    expect(r.stdout).not.toContain('The roles');
    const lines2 = r.stderr.trimEnd().split('\n');
    expect(lines2[0]).toMatch(/^mafia-sim: the input ended before the game did \(\d+ answer\(s\) given\); to go on from here:$/);
    // Going on from there with the rest of the lines finishes the same game as the whole script.
    const goOn = lines2[1].trim().replace(/^mafia-sim /, '').split(' ').map((w) => w.replace(/^'(.*)'$/, '$1'));
    const rest = cli(goOn, { input: lines.slice(half).join('\n') + '\n' });
    const whole = cli(args(UKRAINIAN, seat), { input: lines.join('\n') + '\n' });
    expect(rest.code, rest.stderr).toBe(0);
    expect(split(rest.stdout).end).toBe(split(whole.stdout).end);
    // Nothing at all on stdin: the first question is never answered.
    const none = cli(args(UKRAINIAN, seat), { input: '' });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('(0 answer(s) given)');
  });

  it('refuses bad flags with one line and exit 2: a seat off the table, an answer that is not a choice, too few answers to replay, an evening', () => {
    const seat = cli(['play', '--seed', '1', '--seat', '13']);
    expect(seat.code).toBe(2);
    expect(seat.stderr).toBe('mafia-sim: error: --seat 13: expected a whole number from 1 to 12\n');
    const answer = cli(['play', '--setup', 'vanilla', '--seed', '1', '--seat', '1', '--answers', '99']);
    expect(answer.code).toBe(2);
    expect(answer.stderr).toMatch(/^mafia-sim: error: --answers: answer 1 \(99\): .+\n$/);
    const short = cli(['replay', '--setup', 'vanilla', '--seed', '1', '--game', '0', '--seat', '1', '--answers', '']);
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/^mafia-sim: error: --answers: the game asks for more than the 0 answers given/);
    const evening = cli(['play', '--setup', 'club-12', '--option', 'series=2', '--seed', '1']);
    expect(evening.code).toBe(2);
    expect(evening.stderr).toMatch(/^mafia-sim: error: play plays one game/);
  });

  it('takes a seat drawn from the seed when --seat is not given, the same for the same seed', () => {
    const seatOf = (seed: string) => /You are seat #(\d+) of 12 \(ukrainian, ukrainian rules, seed \d+\)/.exec(cli(['play', '--seed', seed], { input: '' }).stdout)![1];
    expect(seatOf('7')).toBe(seatOf('7'));
    const seats = new Set(['1', '2', '3', '4', '5', '6', '7', '8'].map(seatOf));
    expect(seats.size).toBeGreaterThan(1);
    // Without --seed, a seed is drawn and named: in the introduction and in the command that goes on.
    const fresh = cli(['play'], { input: '' });
    const seed = /seed (\d+)\)\./.exec(fresh.stdout)![1];
    expect(fresh.stderr).toContain(`--seed ${seed} --seat `);
  });
});

describe('mafia-sim play, out of the game', () => {
  it('a seat killed before its first question is still introduced, told it is out, and shown the rest of the game to the reveal', () => {
    const r = cli(['play', '--setup', 'vanilla', '--option', 'start=night', '--seed', '1', '--seat', '3', '--strategy', 'random']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^You are seat #3 of 7 \(vanilla, vanilla rules, seed 1\)\.\nYour role: Townie, team town\./);
    const { during } = split(r.stdout);
    expect(during).toMatch(/Dawn: #3 \(you\) was killed\n\nYou are out of the game; it went on without you:\n\nDay 1\n/);
    expect(r.stdout).toContain('--answers \'\'');
  });
});

describe('mafia-sim play, a bot that does not replay', () => {
  it('G10: a plug-in with state kept across games is caught when the game is played again, one error line, exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mafia-play-'));
    const bot = join(dir, 'stateful-bot.mjs');
    writeFileSync(
      bot,
      `let calls = 0; // kept across games: a game no longer follows from its seed alone
export default {
  name: 'stateful',
  description: 'picks by a counter kept across games (test)',
  usesHistory: true,
  createPlayer: () => ({ decide: (view, req) => (req.options.length ? req.options[++calls % req.options.length] : null) }),
};
`,
    );
    try {
      const r = cli(['play', '--setup', 'vanilla', '--option', 'players=7', '--strategy', bot, '--seed', '2', '--seat', '1'], { input: '0\n'.repeat(40) + '2\n'.repeat(40) });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^mafia-sim: error: the game did not play the same way again(:| before answer \d+:).* a strategy is not deterministic \(G10\)( \(rules: docs\/rules\.md\))?\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('what play tells the seat', () => {
  it('names the roles of the table with their counts, and says why a vote leaves the voter out (V4, U3.3)', async () => {
    const titles: string[] = [];
    const host: Host = {
      turn: () => {},
      ask: async (q: Question) => {
        const menu = menuOf(q, plain);
        if (q.type === 'decision') titles.push(`${q.request.kind}|${menu.title}|${q.request.options.includes(q.view.seat)}|${q.view.nominees().includes(q.view.seat)}`);
        // Every speech says nothing ("0: done"); every decision takes the first choice.
        return pick(menu, q.type === 'speech' ? '0' : menu.entries[0].key)!.then as string;
      },
    };
    const vanilla = jobFrom(flags({ setup: 'vanilla', option: ['players=7'], strategy: ['smart'], seed: '5' }));
    await playSeat(vanilla, 3, [], host);
    const votes = titles.filter((t) => t.startsWith('vote|'));
    expect(votes.length).toBeGreaterThan(0);
    // At a vanilla table every living player is a candidate: the list never has the voter, and says why.
    for (const t of votes) expect(t).toMatch(/— not yourself: nobody votes for themself \(V4\)\|false\|/);
    expect(cli(['play', '--setup', 'vanilla', '--option', 'players=7', '--seat', '3', '--seed', '5']).stdout).toMatch(/^Roles at this table: Mafia ×2, Townie ×5\.$/m);
    // A Ukrainian voter is told so only when he is on the block; otherwise he is simply not a candidate.
    titles.length = 0;
    for (const seat of [1, 2, 3, 4]) await playSeat(jobFrom(flags(UKRAINIAN)), seat, [], host);
    const ukrainian = titles.filter((x) => x.startsWith('vote|'));
    expect(ukrainian.some((t) => t.endsWith('|true'))).toBe(true);
    expect(ukrainian.some((t) => t.endsWith('|false'))).toBe(true);
    for (const t of ukrainian) expect(t.includes('— not yourself: nobody votes for themself (U3.3)')).toBe(t.endsWith('|true'));
  });
});

describe('play answers', () => {
  it('reads statements as words, refusing a role not at the table and the speaker\'s own seat', () => {
    const roles = [{ id: 'commissar', name: 'Commissar', team: 'town', traits: { investigator: true, protector: false, killer: false }, night: null }] as const;
    expect(statementOf('check:5:black', 3, 12, roles)).toEqual({ statement: { type: 'check', seat: 5, result: 'black' } });
    expect(statementOf('claim:doctor', 3, 12, roles)).toHaveProperty('problem');
    expect(statementOf('accuse:3', 3, 12, roles)).toHaveProperty('problem');
    expect(statementOf('vouch:13', 3, 12, roles)).toHaveProperty('problem');
    expect(parseAnswers(' 4, Done ,pass')).toEqual(['4', 'done', 'pass']);
    expect(parseAnswers('')).toEqual([]);
  });
});
