// Section G of RULES.md (every rule set): the deal, the phase loop, nights, days, the win check, the
// day cap, statements, illegal decisions and the single source of chance — checked on the vanilla and
// Ukrainian rule sets with random, scripted, passive and lying players.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameEvent, Statement } from '../src/model/events.js';
import type { Game } from '../src/engine/game.js';
import { playGame } from '../src/engine/play.js';
import { buildReport } from '../src/report/report.js';
import { ROLES } from '../src/rules/catalogue.js';
import { ukrainian } from '../src/rules/ukrainian/index.js';
import { runBatch } from '../src/runner/batch.js';
import { gameRecord, playJobGame, type Job } from '../src/runner/job.js';
import { compileSetup } from '../src/setup/compile.js';
import { loadSetup } from '../src/setup/load.js';
import type { Decision, DecisionRequest, Player, Strategy } from '../src/strategy/types.js';
import type { PlayerView } from '../src/views/view.js';
import { random } from '../strategies/random.js';
import { makeJob } from './helpers/job.js';

const BLACK = new Set(['don', 'mafia', 'courtesan']);
const UKRAINIAN_DEAL = ['don', 'mafia', 'mafia', 'courtesan', 'commissar', 'doctor', 'maniac', 'citizen', 'citizen', 'citizen', 'citizen', 'citizen'];

/** A job whose every seat plays `strategy` (in-process strategies are not in the CLI registry). */
function jobWith(strategy: Strategy, setup = 'ukrainian', options: string[] = [], seed = '1'): Job {
  const job = makeJob(setup, options, seed);
  return { ...job, strategies: { ...job.strategies, everyone: strategy } };
}

type Script = (view: PlayerView, request: DecisionRequest) => Decision | undefined | 'random';

/** `random`, except where the script answers. */
function scriptedPlayer(seat: number, script: Script, speak?: Player['speak']): Player {
  const inner = random.createPlayer(seat);
  return {
    decide(view, request, rng) {
      const a = script(view, request);
      return a === 'random' ? inner.decide(view, request, rng) : a;
    },
    speak,
  };
}

function playDeal(setupName: string, options: string[], deal: readonly string[], script: Script, seed = 'g', speak?: Player['speak']): Game {
  const setup = loadSetup(setupName, options);
  return playGame(setup.game, setup.deck, (seat) => scriptedPlayer(seat, script, speak), seed, {
    keepLog: true,
    fixedDeal: deal.map((r) => ROLES.get(r)!),
  });
}

const phasesOf = (g: Game) => g.log!.flatMap((e) => (e.t === 'phase' ? [`${e.phase}${e.n}`] : []));

/** The log split by phase: [phase label, events of that phase]. */
function segments(g: Game): [string, GameEvent[]][] {
  const out: [string, GameEvent[]][] = [['intro', []]];
  for (const e of g.log!) {
    if (e.t === 'phase') out.push([`${e.phase}${e.n}`, []]);
    else out[out.length - 1][1].push(e);
  }
  return out;
}

describe('G1 the deal', () => {
  it('G1 the deal is a permutation of the setup roles, the same for the same game seed', () => {
    const job = makeJob('ukrainian', [], '4');
    const deck = [...job.setup.deck.map((r) => r.id)].sort().join();
    for (let k = 0; k < 30; k++) {
      const roles = gameRecord(playJobGame(job, k), k).roles;
      expect([...roles].sort().join()).toBe(deck);
      expect(gameRecord(playJobGame(job, k), k).roles).toEqual(roles);
    }
  });

  it('G1 the seeded shuffle is uniform: each seat holds the Don in 1/12 of games (z = 4)', () => {
    // A false failure at z = 4 per seat has probability ≈ 6·10⁻⁵; for 12 seats < 10⁻³ (fixed seed).
    const job = makeJob('vanilla', ['players=12', 'mafia=1', 'maxDays=2'], '12');
    const N = 3000;
    const mafiaSeat = new Array<number>(13).fill(0);
    for (let k = 0; k < N; k++) mafiaSeat[1 + playJobGame(job, k).roles.slice(1).findIndex((r) => r.id === 'mafia')]++;
    const p = 1 / 12;
    for (let s = 1; s <= 12; s++) expect(Math.abs(mafiaSeat[s] / N - p), `seat ${s}`).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / N));
  });

  it('G1 a fixed deal (scenario) is dealt as given, seat 1 first', () => {
    const g = playDeal('ukrainian', [], [...UKRAINIAN_DEAL].reverse(), () => 'random');
    expect(g.roles.slice(1).map((r) => r.id)).toEqual([...UKRAINIAN_DEAL].reverse());
  });
});

describe('G2 phases', () => {
  const expected = (start: 'day' | 'night', count: number) => {
    const out: string[] = [];
    let d = 0;
    let n = 0;
    let next = start;
    for (let i = 0; i < count; i++) {
      out.push(next === 'day' ? `day${++d}` : `night${++n}`);
      next = next === 'day' ? 'night' : 'day';
    }
    return out;
  };

  for (const [setup, start] of [['ukrainian', 'day'], ['ukrainian', 'night'], ['vanilla', 'day'], ['vanilla', 'night']] as const) {
    it(`G2 ${setup} start=${start}: night 0 (team only, nobody asked), then ${start} 1, then day and night alternate`, () => {
      let askedBeforeFirstPhase = 0;
      const strategy: Strategy = {
        name: 'watch',
        description: 'random, noting when it is first asked',
        createPlayer(seat) {
          const inner = random.createPlayer(seat);
          return {
            decide(view, request, rng) {
              if (view.day === 0 && view.night === 0) askedBeforeFirstPhase++;
              return inner.decide(view, request, rng);
            },
          };
        },
      };
      const job = jobWith(strategy, setup, [`start=${start}`], '2');
      for (let k = 0; k < 40; k++) {
        const g = playJobGame(job, k, { keepLog: true });
        const phases = phasesOf(g);
        expect(phases).toEqual(expected(start, phases.length));
        const [intro] = segments(g);
        expect(intro[1].map((e) => e.t).sort()).toEqual(['deal', 'team']);
        const team = intro[1].find((e) => e.t === 'team') as Extract<GameEvent, { t: 'team' }>;
        expect(team.seats.map((s) => g.roles[s].team)).toEqual(team.seats.map(() => 'mafia'));
        expect(team.seats).toHaveLength(g.roles.slice(1).filter((r) => r.team === 'mafia').length);
      }
      expect(askedBeforeFirstPhase).toBe(0);
    });
  }
});

describe('G3 nights', () => {
  it('G3 every living, able role acts each night, all effects resolve at dawn, then deaths are announced', () => {
    const job = makeJob('ukrainian', [], '33');
    let killedButActed = 0;
    for (let k = 0; k < 150; k++) {
      const g = playJobGame(job, k, { keepLog: true });
      const alive = new Set(g.roles.map((_, s) => s).filter((s) => s > 0));
      for (const [label, events] of segments(g)) {
        if (label.startsWith('night')) {
          const firstDawn = events.findIndex((e) => e.t === 'died' || e.t === 'noDeaths' || e.t === 'saved');
          expect(firstDawn, `${g.seed} ${label}: no dawn`).toBeGreaterThanOrEqual(0);
          const acts = events.slice(firstDawn).filter((e) => ['action', 'propose', 'check', 'frozen', 'note'].includes(e.t));
          expect(acts, `${g.seed} ${label}: an action after the dawn`).toEqual([]);
          const night = events.slice(0, firstDawn);
          const did = (seat: number, t: string) => night.some((e) => e.t === t && (e as { seat: number }).seat === seat);
          const able = (seat: number, t: string) => did(seat, t) || did(seat, 'frozen');
          for (const s of alive) {
            const role = g.roles[s].id;
            if (role === 'courtesan') expect(did(s, 'action'), `${g.seed} ${label} courtesan`).toBe(true);
            if (role === 'doctor' || role === 'maniac') expect(able(s, 'action'), `${g.seed} ${label} ${role}`).toBe(true);
            if (role === 'commissar') expect(able(s, 'check'), `${g.seed} ${label} commissar`).toBe(true);
            if (role === 'don' || role === 'mafia') expect(did(s, 'action') || did(s, 'propose'), `${g.seed} ${label} ${role}`).toBe(true);
          }
          for (const e of events) {
            if (e.t !== 'died') continue;
            if (night.some((a) => (a.t === 'action' || a.t === 'check') && a.seat === e.seat)) killedButActed++;
          }
        }
        for (const e of events) if (e.t === 'died' || e.t === 'eliminated') alive.delete(e.seat);
      }
    }
    // A player killed in the night still acts that night (effects resolve at dawn).
    expect(killedButActed).toBeGreaterThan(20);
  });

  for (const reveal of [false, true]) {
    it(`G3 revealRoles=${reveal}: a dead player's role is ${reveal ? '' : 'not '}announced, in the events and in the views`, () => {
      for (const setup of ['ukrainian', 'vanilla']) {
        let deaths = 0;
        let lookedUp = 0;
        const strategy: Strategy = {
          name: 'look',
          description: 'random, checking what it knows of the dead',
          usesHistory: true,
          createPlayer(seat) {
            const inner = random.createPlayer(seat);
            return {
              decide(view, request, rng) {
                for (let s = 1; s <= view.players; s++) {
                  if (view.isAlive(s) || view.isKnownAlly(s)) continue;
                  lookedUp++;
                  expect(view.knownRole(s) !== undefined).toBe(reveal);
                }
                return inner.decide(view, request, rng);
              },
            };
          },
        };
        const job = jobWith(strategy, setup, [`revealRoles=${reveal}`], '3');
        for (let k = 0; k < 30; k++) {
          const g = playJobGame(job, k);
          for (const e of g.log!) {
            if (e.t !== 'died' && e.t !== 'eliminated') continue;
            deaths++;
            expect(e.role).toBe(reveal ? g.roles[e.seat].id : undefined);
          }
        }
        expect(deaths).toBeGreaterThan(30);
        expect(lookedUp).toBeGreaterThan(30);
      }
    });
  }
});

describe('G4 days', () => {
  for (const setup of ['ukrainian', 'vanilla']) {
    it(`G4 U3.6 ${setup}: a day is speeches, then (before a vote) the defences, then the vote, then the eliminated player's last word, in that order`, () => {
      const job = makeJob(setup, setup === 'vanilla' ? ['players=9', 'mafia=2'] : [], '44');
      let lastWords = 0;
      for (let k = 0; k < 80; k++) {
        const g = playJobGame(job, k, { keepLog: true });
        const alive = new Set(g.roles.map((_, s) => s).filter((s) => s > 0));
        for (const [label, events] of segments(g)) {
          if (label.startsWith('day')) {
            const order = events.map((e) => e.t);
            const firstVote = order.indexOf('vote');
            const daySpeech = (e: GameEvent) => e.t === 'speech' && !e.again && !e.defence;
            const speeches = events.filter(daySpeech).map((e) => (e as { seat: number }).seat);
            // Everyone living speaks once before any vote.
            expect([...speeches].sort((a, b) => a - b)).toEqual([...alive].sort((a, b) => a - b));
            if (firstVote >= 0) expect(Math.max(...events.map((e, i) => (daySpeech(e) ? i : -1)))).toBeLessThan(firstVote);
            // U3.6: before a vote, the nominees' defences, in nomination order, after the last day speech.
            const defences = events.flatMap((e, i) => (e.t === 'speech' && e.defence ? [[i, e.seat]] : []));
            const nominees = events.flatMap((e) => (e.t === 'nominate' ? [e.target] : []));
            if (setup === 'ukrainian' && firstVote >= 0) {
              expect(defences.map(([, seat]) => seat)).toEqual(nominees);
              for (const [i] of defences) expect(i).toBeLessThan(firstVote);
            } else expect(defences).toEqual([]);
            const out = events.flatMap((e, i) => (e.t === 'eliminated' ? [[i, e.seat]] : []));
            for (const [i, seat] of out) {
              expect(events.slice(i).some((e) => e.t === 'vote' || e.t === 'voteAll'), `${g.seed} ${label}: a vote after the elimination`).toBe(false);
              const word = events.findIndex((e) => e.t === 'lastWord' && e.seat === seat);
              expect(word, `${g.seed} ${label}: last word of ${seat}`).toBeGreaterThan(i);
              lastWords++;
            }
            // The last word closes the day.
            if (out.length > 0) expect(order.slice(order.indexOf('lastWord')).every((t) => t === 'lastWord' || t === 'outcome')).toBe(true);
          }
          for (const e of events) if (e.t === 'died' || e.t === 'eliminated') alive.delete(e.seat);
        }
      }
      expect(lastWords).toBeGreaterThan(50);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// G5: the win conditions written out from RULES.md, independently of the rule sets' code.

const vanillaWinner = (win: 'parity' | 'elimination') => (g: Game, alive: ReadonlySet<number>): string | null => {
  const m = [...alive].filter((s) => g.roles[s].team === 'mafia').length;
  const t = alive.size - m;
  if (alive.size === 0) return 'draw';
  if (m === 0) return 'town';
  if (win === 'parity' ? m >= t : t === 0) return 'mafia';
  return null;
};

function ukrainianWinner(g: Game, alive: ReadonlySet<number>): string | null {
  const roles = [...alive].map((s) => g.roles[s].id);
  const black = roles.filter((r) => BLACK.has(r)).length;
  const red = roles.length - black;
  if (roles.length === 0) return 'draw'; // G5
  if (black === 0) return 'town'; // U11.1
  if (roles.length === 2 && black === 1 && roles.includes('maniac')) return 'draw'; // U11.2
  if (black >= red && !(roles.includes('doctor') && roles.includes('maniac'))) return 'mafia'; // U11.3
  return null;
}

/** Walks the log: after every elimination step, the game ends iff a win condition holds, with that result. */
function checkWinSteps(g: Game, winner: (g: Game, alive: ReadonlySet<number>) => string | null): string[] {
  const problems: string[] = [];
  const alive = new Set(g.roles.map((_, s) => s).filter((s) => s > 0));
  const log = g.log!;
  const stepGoesOn = new Set(['died', 'eliminated', 'lastWord', 'saved']);
  let steps = 0;
  for (let i = 0; i < log.length; i++) {
    const e = log[i];
    if (e.t !== 'died' && e.t !== 'eliminated' && e.t !== 'lastWord' && e.t !== 'saved') continue;
    if (e.t === 'died' || e.t === 'eliminated') alive.delete(e.seat);
    const next = log[i + 1];
    if (next && stepGoesOn.has(next.t)) continue;
    steps++;
    const w = winner(g, alive);
    if (w !== null && next?.t !== 'outcome') problems.push(`${g.seed}: ${w} holds after event ${i} but the game goes on with ${next?.t}`);
    // (A stalemate may follow a step that decided nothing: the cap came next.)
    if (next?.t === 'outcome' && next.winner !== (w ?? 'stalemate')) problems.push(`${g.seed}: the game ended ${next.winner}, the rules say ${w}`);
  }
  const end = log[log.length - 1];
  if (end.t !== 'outcome') problems.push(`${g.seed}: no outcome`);
  else if (end.winner === 'stalemate' && g.day !== g.config.maxDays) problems.push(`${g.seed}: stalemate on day ${g.day}`);
  if (steps === 0 && end.t === 'outcome' && end.winner !== 'stalemate') problems.push(`${g.seed}: ended without a step`);
  return problems;
}

describe('G5 the win check', () => {
  const cases: [string, string[], (g: Game, a: ReadonlySet<number>) => string | null][] = [
    ['vanilla', ['players=8', 'mafia=2'], vanillaWinner('parity')],
    ['vanilla', ['players=8', 'mafia=2', 'win=elimination', 'start=night'], vanillaWinner('elimination')],
    ['ukrainian', [], ukrainianWinner],
    ['ukrainian', ['foulRate=0.3'], ukrainianWinner], // U12.3 removals are steps in the middle of a day
  ];
  for (const [setup, options, winner] of cases) {
    it(`G5 ${setup} ${options.join(' ')}: after every elimination step the first win condition that holds ends the game`, () => {
      const job = makeJob(setup, options, '55');
      const problems: string[] = [];
      const seen = new Set<string>();
      for (let k = 0; k < 300 && problems.length === 0; k++) {
        const g = playJobGame(job, k, { keepLog: true });
        problems.push(...checkWinSteps(g, winner));
        seen.add(g.winner!);
      }
      expect(problems).toEqual([]);
      expect(seen.has('town') && seen.has('mafia')).toBe(true);
    });
  }

  it('G5 U11 the Ukrainian conditions are applied in their listed order (the maniac draw before black parity)', () => {
    // The maniac and one black player left: U11.2 (draw) and U11.3 (black ≥ red, no doctor) both hold.
    const job = makeJob('ukrainian', [], '56');
    let both = 0;
    for (let k = 0; k < 600 && both < 3; k++) {
      const g = playJobGame(job, k);
      const living = g.roles.map((r, s) => (s > 0 && g.alive[s] === 1 ? r.id : null)).filter((r): r is string => r !== null);
      if (living.length === 2 && living.includes('maniac') && living.some((r) => BLACK.has(r))) {
        both++;
        expect(g.winner).toBe('draw');
      }
    }
    expect(both).toBeGreaterThan(0);
  });

  it('G5 nobody alive is a draw: three tied players all voted out together', () => {
    // A Ukrainian table of three: Don, Doctor, Maniac (1 black vs 2 red, the Doctor and Maniac alive: no win).
    const setup = compileSetup({ name: 'three', source: 'test', rules: ukrainian, roles: { don: 1, doctor: 1, maniac: 1 }, options: {}, scoring: {}, params: {} });
    const nominate: Record<number, number> = { 1: 2, 2: 3, 3: 1 };
    const player = (seat: number): Player => ({
      decide(_view, request) {
        if (request.kind === 'nominate') return nominate[seat];
        if (request.kind === 'vote' || request.kind === 'revote') return nominate[seat]; // a 1-1-1 tie, twice
        if (request.kind === 'voteAll') return 1; // yes: all tied leave
        return request.canPass ? null : request.options[0];
      },
    });
    const g = playGame(setup.game, setup.deck, player, 'empty', { keepLog: true, fixedDeal: ['don', 'doctor', 'maniac'].map((r) => ROLES.get(r)!) });
    expect(g.livingCount).toBe(0);
    expect(g.winner).toBe('draw'); // not U11.1 "no black alive": nobody is alive at all
    expect(g.eliminations.map((e) => e.seat).sort()).toEqual([1, 2, 3]);
    expect(g.log!.filter((e) => e.t === 'lastWord')).toHaveLength(3);
    expect(g.log!.at(-1)).toMatchObject({ t: 'outcome', winner: 'draw', day: 1 });
  });
});

// ---------------------------------------------------------------------------------------------

/** Passes on every decision that may be passed; otherwise the first legal option. */
const passive: Strategy = {
  name: 'passive',
  description: 'never nominates, never kills, never acts',
  createPlayer: () => ({ decide: (_v, r) => (r.canPass ? null : r.kind === 'note' ? 0 : r.options[0]) }),
};

describe('G6 the day cap', () => {
  it('G6 Ukrainian games where nobody nominates or kills end as stalemate at day maxDays, apart from draws', () => {
    const job = jobWith(passive, 'ukrainian', ['maxDays=6'], '6');
    const tally = runBatch(job, { from: 0, to: 20, strict: true });
    const report = buildReport(job, tally, { first: 0, end: 20, partial: false });
    expect(report.outcomes).toEqual({ town: 0, mafia: 0, draw: 0, stalemate: 20 });
    expect(report.outcomeRates.stalemate.share).toBe(1);
    expect(report.outcomeRates.draw.count).toBe(0);
    const g = playJobGame(job, 0, { keepLog: true });
    expect(g.winner).toBe('stalemate');
    expect(g.day).toBe(6);
    expect(g.eliminations).toEqual([]);
    // Day 6 is reached, not played: days 1–5 and nights 1–5.
    expect(phasesOf(g).filter((p) => p.startsWith('day'))).toEqual(['day1', 'day2', 'day3', 'day4', 'day5']);
    expect(g.log!.at(-1)).toMatchObject({ t: 'outcome', winner: 'stalemate', day: 6 });
    // U13: a stalemate scores every player 0.5, the same as a draw but counted apart.
    expect(gameRecord(g, 0).points).toEqual(new Array(12).fill(0.5));
  });

  it('G6 the default cap is 40 days', () => {
    const g = playJobGame(jobWith(passive), 0);
    expect([g.winner, g.day]).toEqual(['stalemate', 40]);
  });
});

describe('G8 statements', () => {
  it('G8 lies are relayed publicly and unchanged to every other player, and never checked or punished', () => {
    // Every player claims to be the commissar, reports the next seat black and accuses it, and vouches
    // for itself — most of it false. Everyone else must hear exactly that.
    const lie = (seat: number): Statement[] => [
      { type: 'claim', role: 'commissar' },
      { type: 'check', seat: (seat % 12) + 1, result: 'black' },
      { type: 'accuse', seat: (seat % 12) + 1 },
      { type: 'vouch', seat },
    ];
    const heard = new Map<number, Map<string, string>>(); // listener → (speech key → statements)
    const liar: Strategy = {
      name: 'liar',
      description: 'random play; lies in every speech and last word',
      usesHistory: true,
      createPlayer(seat) {
        const inner = random.createPlayer(seat);
        return {
          decide(view, request, rng) {
            const mine = heard.get(seat) ?? new Map<string, string>();
            view.events().forEach((e, i) => {
              if ((e.t === 'speech' || e.t === 'lastWord') && e.seat !== seat) mine.set(`${e.t}${i}:${e.seat}`, JSON.stringify(e.statements) + (e.to ? 'private' : ''));
            });
            heard.set(seat, mine);
            return inner.decide(view, request, rng);
          },
          speak: () => lie(seat),
        };
      },
    };
    for (const setup of ['ukrainian', 'vanilla']) {
      heard.clear();
      const job = jobWith(liar, setup, setup === 'vanilla' ? ['players=12', 'mafia=3'] : [], '8');
      const g = playJobGame(job, 0);
      expect(g.illegalDecisions).toBe(0);
      const spoken = g.log!.filter((e) => e.t === 'speech' || e.t === 'lastWord');
      expect(spoken.length).toBeGreaterThan(12);
      expect(spoken.some((e) => e.t === 'lastWord')).toBe(true);
      let relayed = 0;
      for (const e of spoken) {
        expect(e.to).toBeUndefined();
        expect((e as { statements: Statement[] }).statements).toEqual(lie((e as { seat: number }).seat));
      }
      for (const [listener, m] of heard) {
        for (const [key, said] of m) {
          const speaker = Number(key.split(':')[1]);
          expect(said, `seat ${listener} heard ${key}`).toBe(JSON.stringify(lie(speaker)));
          relayed++;
        }
      }
      expect(relayed, setup).toBeGreaterThan(50);
    }
  });
});

describe('G9 illegal decisions', () => {
  it('G9 U3.3 an illegal vote (seat 999, a dead seat, a non-nominee, nothing) becomes the last nominee (the one before, for the last nominee) and is counted', () => {
    // Day 1 (speaking from seat 1): seat 1 nominates 5, seat 2 nominates 7, seat 3 nominates 9.
    const nominations: Record<number, number> = { 1: 5, 2: 7, 3: 9 };
    const bad = [999, undefined, 0, 2.5, 10, null];
    const g = playDeal('ukrainian', [], UKRAINIAN_DEAL, (view, request) => {
      if (view.day !== 1) return 'random';
      if (request.kind === 'nominate') return nominations[view.seat] ?? null;
      if (request.kind === 'vote') return bad[view.seat % bad.length] as Decision; // 10: living, not nominated
      return 'random';
    });
    const [, day1] = segments(g).find(([l]) => l === 'day1')!;
    const votes = day1.filter((e): e is Extract<GameEvent, { t: 'vote' }> => e.t === 'vote');
    expect(votes).toHaveLength(12);
    for (const v of votes) expect(v.target).toBe(v.seat === 9 ? 7 : 9);
    expect(day1.find((e) => e.t === 'eliminated')).toMatchObject({ seat: 9, cause: 'vote' });
    expect(g.illegalDecisions).toBe(12); // random play after day 1 is always legal
  });

  it('G9 a vote for a dead seat is illegal; illegal decisions add up in the game record and the report', () => {
    // Everyone answers every request with the lowest dead seat (or 999 while nobody is dead).
    const deadSeat: Strategy = {
      name: 'necro',
      description: 'always names a dead seat',
      createPlayer: () => ({
        decide(view) {
          for (let s = 1; s <= view.players; s++) if (!view.isAlive(s)) return s;
          return 999;
        },
      }),
    };
    const job = jobWith(deadSeat, 'vanilla', ['players=7', 'mafia=2'], '9');
    const tally = runBatch(job, { from: 0, to: 25, strict: true });
    const report = buildReport(job, tally, { first: 0, end: 25, partial: false });
    let sum = 0;
    let decisions = 0;
    for (let k = 0; k < 25; k++) {
      const g = playJobGame(job, k, { keepLog: true });
      sum += gameRecord(g, k).illegalDecisions;
      // Every vote and every kill was illegal: each is one illegal decision.
      decisions += g.log!.filter((e) => e.t === 'vote' || (e.t === 'action' && e.kind === 'mafiaKill')).length;
    }
    expect(sum).toBe(decisions);
    expect(report.illegalDecisions).toBe(sum);
    expect(report.games).toBe(25);
  });

  it('G9 passing where passing is not allowed is illegal (vanilla kill: replaced by a random townie)', () => {
    const g = playDeal('vanilla', ['players=5', 'mafia=1', 'start=night', 'maxDays=2'], ['mafia', 'townie', 'townie', 'townie', 'townie'], (v, r) =>
      r.kind === 'mafiaKill' && v.night === 1 ? null : 'random');
    expect(g.illegalDecisions).toBe(1);
    expect(g.eliminations[0]).toMatchObject({ phase: 'night', day: 1 });
    expect(g.roles[g.eliminations[0].seat].id).toBe('townie');
  });
});

describe('G10 randomness', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('G10 all chance comes from the seed: Math.random is never called', () => {
    const spy = vi.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random called');
    });
    for (const [setup, options] of [['ukrainian', ['foulRate=0.2', 'tie=random']], ['vanilla', []]] as const) {
      const job = makeJob(setup, [...options], '10');
      const tally = runBatch(job, { from: 0, to: 50, strict: true });
      expect(tally.games).toBe(50);
      playJobGame(job, 3, { keepLog: true });
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it('G10 the same seed gives the same game event for event, with scripted and random players alike', () => {
    const a = playDeal('ukrainian', ['foulRate=0.1'], UKRAINIAN_DEAL, () => 'random', 'same');
    const b = playDeal('ukrainian', ['foulRate=0.1'], UKRAINIAN_DEAL, () => 'random', 'same');
    const c = playDeal('ukrainian', ['foulRate=0.1'], UKRAINIAN_DEAL, () => 'random', 'other');
    expect(JSON.stringify(a.log)).toBe(JSON.stringify(b.log));
    expect(JSON.stringify(a.log)).not.toBe(JSON.stringify(c.log));
  });
});
