// The bot protocol (docs/protocol.md): bots in other processes, talking JSON lines, play wherever a
// strategy spec is accepted. The example bots (bots/) play a tournament against smart; every message
// of a game, both ways, is valid against docs/protocol.schema.json; a seat is sent only what it has
// not seen; and the same seed gives the same games on any number of threads.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobFromSpec } from '../src/runner/job.js';
import { runGames } from '../src/runner/parallel.js';
import { cliAsync, ROOT } from './helpers/cli.js';
import { validate } from './helpers/jsonSchema.js';

const NODE_BOT = 'exec:node bots/node_bot.mjs';
const PYTHON_BOT = 'exec:python3 bots/python_bot.py';
const HAVE_PYTHON = spawnSync('python3', ['--version']).status === 0;
if (!HAVE_PYTHON) console.warn('test/protocol.test.ts: python3 is not on PATH: the Python example bot is not tested here (CI has it)');
const SCHEMA = JSON.parse(readFileSync(join(ROOT, 'docs/protocol.schema.json'), 'utf8')) as Record<string, unknown>;

interface TournamentJson {
  pairings: { town: string; mafia: string; games: number; failedGames: number; illegalDecisions: number; outcomes: Record<string, number> }[];
}

async function tournament(bot: string) {
  const r = await cliAsync(['tournament', '--games', '8', '--strategies', `smart,${bot}`, '--json', '--no-progress']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as TournamentJson;
}

function expectCleanTournament(t: TournamentJson, bot: string) {
  expect(t.pairings.map((p) => [p.town, p.mafia])).toEqual([['smart', 'smart'], ['smart', bot], [bot, 'smart'], [bot, bot]]);
  for (const p of t.pairings) {
    expect(p.games).toBe(8);
    expect(p.failedGames).toBe(0);
    expect(p.illegalDecisions).toBe(0); // it answered every request, within the options
  }
}

/** The lines of a game played by the Node bot with its traffic recorded both ways (through tee). */
function recorded(dir: string) {
  const lines = (f: string) => readFileSync(join(dir, f), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  return { requests: lines('in.jsonl'), answers: lines('out.jsonl') };
}

describe('the bot protocol (docs/protocol.md)', () => {
  it('the Node example bot plays a tournament against smart: every game finishes, every answer legal', async () => {
    expectCleanTournament(await tournament(NODE_BOT), NODE_BOT);
  });

  it.skipIf(!HAVE_PYTHON)('the Python example bot (standard library only) plays a tournament against smart: every game finishes, every answer legal', async () => {
    expectCleanTournament(await tournament(PYTHON_BOT), PYTHON_BOT);
  });

  describe('the messages of two games, recorded both ways', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mafia-protocol-'));
    const bot = `exec:tee ${dir}/in.jsonl | node bots/node_bot.mjs | tee ${dir}/out.jsonl`;
    const r = await cliAsync(['run', '--games', '2', '--setup', 'club-12', '--strategy', `town=${bot}`, '--strategy', 'mafia=smart', '--json', '--no-progress']);
    const { requests, answers } = recorded(dir);

    it('the run finished both games', () => {
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).games).toBe(2);
    });

    it('every request and every answer is valid against docs/protocol.schema.json', () => {
      expect(requests.length).toBeGreaterThan(20);
      expect(new Set(requests.map((m) => m.type))).toEqual(new Set(['hello', 'decide', 'speak', 'end']));
      expect(new Set(answers.map((m) => m.type))).toEqual(new Set(['hello', 'decision', 'statements']));
      for (const m of [...requests, ...answers]) expect(validate(SCHEMA, m), JSON.stringify(m).slice(0, 300)).toEqual([]);
    });

    it('the validator rejects what the schema forbids (a decision without an id, a statement of an unknown type)', () => {
      expect(validate(SCHEMA, { type: 'decision', answer: 3 })).not.toEqual([]);
      expect(validate(SCHEMA, { type: 'statements', id: 2, statements: [{ type: 'shout', seat: 3 }] })).not.toEqual([]);
      expect(validate(SCHEMA, { type: 'statements', id: 2, statements: [null] })).not.toEqual([]);
    });

    it('each answer carries its request id, in order', () => {
      const asked = requests.filter((m) => m.type === 'decide' || m.type === 'speak').map((m) => m.id);
      expect(answers.filter((m) => m.type !== 'hello').map((m) => m.id)).toEqual(asked);
    });

    it('C4.5 a seat killed at night is asked for its last word (kind lastWord) as the next day begins, and the bot answers it', () => {
      type Ev = { t: string; seat?: number; phase?: string };
      const atDawn = requests.filter((m) => {
        if (m.type !== 'speak' || m.kind !== 'lastWord') return false;
        const view = m.view as { phase: string; alive: number[]; events: Ev[] };
        const dayBegins = view.events.findIndex((e) => e.t === 'phase' && e.phase === 'day');
        return view.phase === 'day' && !view.alive.includes(m.seat as number) && dayBegins >= 0 &&
          view.events.slice(0, dayBegins).some((e) => e.t === 'died' && e.seat === m.seat) &&
          view.events.slice(dayBegins + 1).every((e) => e.t === 'lastWord');
      });
      expect(atDawn.length).toBeGreaterThan(0);
      for (const m of atDawn) expect(answers.find((a) => a.id === m.id)?.type).toBe('statements');
    });

    it("a seat's first request of a game carries the table and every event; later ones the events since the last", () => {
      const bySeat = new Map<string, Record<string, unknown>[]>();
      for (const m of requests) if (m.type === 'decide' || m.type === 'speak') bySeat.set(`${m.game}:${m.seat}`, [...(bySeat.get(`${m.game}:${m.seat}`) ?? []), m]);
      expect(new Set(requests.filter((m) => m.game !== undefined).map((m) => m.game)).size).toBe(2);
      for (const [key, list] of bySeat) {
        const views = list.map((m) => m.view as { table?: { team: string }; from: number; events: unknown[] });
        expect(views[0].table?.team, key).toBe('town');
        expect(views[0].from, key).toBe(0);
        for (let i = 1; i < views.length; i++) {
          expect(views[i].table, key).toBeUndefined();
          expect(views[i].from, key).toBe(views[i - 1].from + views[i - 1].events.length);
        }
        // One seed per seat per game, on every request.
        expect(new Set(list.map((m) => m.seed)).size, key).toBe(1);
      }
    });

    it('G7 a seat is sent no event addressed to other seats', () => {
      for (const m of requests) {
        if (m.type !== 'decide' && m.type !== 'speak') continue;
        for (const e of (m.view as { events: { to?: number[] }[] }).events) if (e.to !== undefined) expect(e.to).toContain(m.seat);
      }
    });
  });

  it('a bot that asks for the full view in its hello gets the table and the whole record with every request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mafia-protocol-'));
    const r = await cliAsync(['run', '--games', '1', '--strategy', `town=exec:tee ${dir}/in.jsonl | node test/fixtures/bots/full_view_bot.mjs`, '--json', '--no-progress']);
    expect(r.code, r.stderr).toBe(0);
    const asked = readFileSync(join(dir, 'in.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>).filter((m) => m.type === 'decide' || m.type === 'speak');
    expect(asked.length).toBeGreaterThan(10);
    const lengths = new Map<number, number>();
    for (const m of asked) {
      const view = m.view as { table?: unknown; from: number; events: unknown[] };
      expect(view.table).toBeDefined();
      expect(view.from).toBe(0);
      const seat = m.seat as number;
      expect(view.events.length).toBeGreaterThanOrEqual(lengths.get(seat) ?? 0); // the whole record, which only grows
      lengths.set(seat, view.events.length);
    }
  });

  it('G10 the same seed gives the same games in-process and on 2 threads (chunks of 3 games)', async () => {
    const job = await jobFromSpec({ setupArg: 'ukrainian', overrides: [], strategies: [`town=${NODE_BOT}`, 'mafia=smart'], seed: '5' });
    const inProcess = await runGames(job, { first: 0, end: 9, workers: 1, chunkGames: 3 });
    const threads = await runGames(job, { first: 0, end: 9, workers: 2, chunkGames: 3, isolate: true });
    expect(inProcess.tally.failed).toBe(0);
    expect(JSON.stringify(threads.tally.toJSON())).toBe(JSON.stringify(inProcess.tally.toJSON()));
  });
});
