// The `smart` strategy and strategy specs, in-process: smart beats random on each side by a margin far
// outside sampling error, never answers illegally, never reads past its view, and parameters parse.
import { describe, expect, it, vi } from 'vitest';
import type { Game } from '../src/engine/game.js';
import type { GameEvent } from '../src/model/events.js';
import { UserError } from '../src/errors.js';
import type { Rng } from '../src/rng.js';
import { runBatch } from '../src/runner/batch.js';
import { playJobGame } from '../src/runner/job.js';
import { wilson } from '../src/stats/intervals.js';
import { parseStrategies, splitSpec, strategyFromSpec } from '../src/strategy/registry.js';
import type { DecisionKind, DecisionRequest, Player, Strategy } from '../src/strategy/types.js';
import { PlayerView, PublicRecord } from '../src/views/view.js';
import { Table, tableOf } from '../strategies/smart/table.js';
import { Mind } from '../strategies/smart/mind.js';
import { Reading } from '../strategies/smart/reading.js';
import { smart } from '../strategies/smart.js';
import { splitStrategyList } from '../src/strategy/specList.js';
import { makeJob } from './helpers/job.js';

const GAMES = 800;

/**
 * Plays 30 games of the job with smart at every seat, calling `watch` before each of a seat's
 * decisions and speeches with a Mind of its own kept up to date beside the player's.
 */
function playWatched(job: ReturnType<typeof makeJob>, watch: (view: PlayerView, seat: number, mind: Mind) => void): void {
  const watched: Strategy = {
    ...smart,
    createPlayer(seat) {
      const inner = smart.createPlayer(seat);
      let mind: Mind | null = null;
      const look = (view: PlayerView) => {
        mind ??= new Mind(view);
        mind.update(view);
        watch(view, seat, mind);
      };
      return {
        decide(view, request, rng) {
          look(view);
          return inner.decide(view, request, rng);
        },
        speak(view, kind, rng) {
          look(view);
          return inner.speak!(view, kind, rng);
        },
      };
    },
  };
  const j = { ...job, strategies: { ...job.strategies, everyone: watched } };
  for (let k = 0; k < 30; k++) playJobGame(j, k);
}

/** Town wins of a batch with its Wilson 95% interval; every game must finish and every decision be legal. */
function townWins(setup: string, options: string[], strategies: string[]) {
  const tally = runBatch(makeJob(setup, options, '11', strategies), { from: 0, to: GAMES });
  expect(tally.failed).toBe(0);
  expect(tally.illegalDecisions).toBe(0);
  return { share: tally.outcomes.town / tally.games, ...wilson(tally.outcomes.town, tally.games) };
}

/*
 * Each comparison plays the same game seeds (the same deals) with one side's strategy changed, and asks
 * that the two Wilson 95% intervals of the town's win rate do not overlap. Non-overlapping 95% intervals
 * are a stricter test than a two-proportion test at 5%; the margins found are many times wider still
 * (e.g. Ukrainian town 12% → 85% with smart town), so the test is not a coin toss on the seed.
 */
describe.each([
  ['ukrainian', []],
  ['club-12', []],
  ['vanilla', ['players=9', 'mafia=2']],
])('smart against random on %s', (setup, options) => {
  it('G9 smart town beats random town against the same (random) mafia', () => {
    const smartTown = townWins(setup, options, ['town=smart', 'mafia=random']);
    const randomTown = townWins(setup, options, ['town=random', 'mafia=random']);
    expect(smartTown.low).toBeGreaterThan(randomTown.high);
  });

  it('smart mafia beat random mafia against the same town (random, then smart)', () => {
    for (const town of ['random', 'smart']) {
      const smartMafia = townWins(setup, options, [`town=${town}`, 'mafia=smart']);
      const randomMafia = townWins(setup, options, [`town=${town}`, 'mafia=random']);
      expect(smartMafia.high).toBeLessThan(randomMafia.low);
    }
  });
});

describe('strategy specs', () => {
  it('split into team or role, name and parameters', () => {
    expect(splitSpec('smart')).toEqual({ who: null, name: 'smart', params: [] });
    expect(splitSpec('town=smart:revealBlacks=2,note=first')).toEqual({
      who: 'town',
      name: 'smart',
      params: [['revealBlacks', '2'], ['note', 'first']],
    });
    expect(splitSpec('smart:bloc=false')).toEqual({ who: null, name: 'smart', params: [['bloc', 'false']] });
    expect(splitSpec('mafia=./bots/x.ts:k=1').name).toBe('./bots/x.ts');
  });

  it('an unknown parameter, a bad value or a malformed pair is a UserError naming it', () => {
    const error = (spec: string) => {
      try {
        parseStrategies([spec]);
      } catch (e) {
        expect(e).toBeInstanceOf(UserError);
        return (e as Error).message;
      }
      throw new Error(`${spec} was accepted`);
    };
    expect(error('smart:foo=1')).toMatch(/unknown parameter "foo" for strategy smart/);
    expect(error('smart:selfHeal=2')).toMatch(/selfHeal=2: must be at most 1/);
    expect(error('smart:selfHeal=lots')).toMatch(/selfHeal=lots: expected a number/);
    expect(error('town=smart:note=sometimes')).toMatch(/note=sometimes: expected one of black, first, never/);
    expect(error('smart:bloc=maybe')).toMatch(/bloc=maybe: expected true or false/);
    expect(error('smart:revealDay')).toMatch(/parameter "revealDay" should be key=value/);
    expect(error('random:x=1')).toMatch(/unknown parameter "x" for strategy random \(it takes no parameters\)/);
    expect(error('town=./nowhere.js')).toMatch(/plug-in \.\/nowhere\.js was not loaded/);
  });

  it('parameters reach the strategy: an investigator told never to reveal claims only in a defence (U3.6), a tie speech or a last word', () => {
    const quiet = strategyFromSpec('smart:revealBlacks=100,revealDay=1000');
    expect(quiet.name).toBe('smart');
    const job = makeJob('ukrainian', [], '3', ['random', 'town=smart:revealBlacks=100,revealDay=1000']);
    let claims = 0;
    for (let k = 0; k < 40; k++) {
      for (const e of playJobGame(job, k, { keepLog: true }).log!) {
        if (e.t === 'speech' && !e.again && !e.defence && e.statements.some((x) => x.type === 'claim' && x.role === 'commissar')) claims++;
      }
    }
    expect(claims).toBe(0);
    let defaults = 0;
    const usual = makeJob('ukrainian', [], '3', ['random', 'town=smart']);
    for (let k = 0; k < 40; k++) {
      for (const e of playJobGame(usual, k, { keepLog: true }).log!) {
        if (e.t === 'speech' && !e.again && e.statements.some((x) => x.type === 'claim' && x.role === 'commissar')) defaults++;
      }
    }
    expect(defaults).toBeGreaterThan(5);
  });

  it('tournament lists: a key=value item continues the parameters of the strategy before it', () => {
    expect(splitStrategyList(['random,smart:fakeClaim=1,counterClaim=0,smart'])).toEqual(['random', 'smart:fakeClaim=1,counterClaim=0', 'smart']);
    expect(splitStrategyList(['random', 'smart'])).toEqual(['random', 'smart']);
    expect(() => splitStrategyList(['fakeClaim=1,smart'])).toThrow(UserError);
    expect(() => splitStrategyList(['smart,smart'])).toThrow(/listed twice/);
  });
});

describe('smart', () => {
  it('U3.6 a nominated commissar who has not claimed yet claims and reports his checks in his defence speech', () => {
    // smart's own defaults: at the Ukrainian tuned point the commissar claims on day 1, before any defence.
    const job = makeJob('ukrainian', [], '2', ['smart:tuned=false']);
    let defences = 0;
    for (let k = 0; k < 200; k++) {
      const log = playJobGame(job, k, { keepLog: true }).log!;
      const deal = log.find((e) => e.t === 'deal');
      const commissar = deal && deal.t === 'deal' ? deal.roles.indexOf('commissar') + 1 : 0;
      let claimed = false;
      for (const e of log) {
        if (e.t !== 'speech' && e.t !== 'lastWord') continue;
        if (e.seat !== commissar) continue;
        const claims = e.statements.some((x) => x.type === 'claim' && x.role === 'commissar');
        if (e.t === 'speech' && e.defence && !claimed) {
          defences++;
          expect(claims, `game ${k}`).toBe(true);
        }
        claimed ||= claims;
      }
    }
    expect(defences).toBeGreaterThanOrEqual(10);
  });

  it('answers a decision kind it does not know uniformly at random among the legal options', () => {
    const job = makeJob('ukrainian', [], '5', ['smart']);
    const g = playJobGame(job, 0, { keepLog: true });
    const p = smart.createPlayer(1);
    const seen = new Map<number | null, number>();
    const rng = lcg(7);
    const request: DecisionRequest = { kind: 'somethingNew' as DecisionKind, options: [2, 3, 4], canPass: true };
    for (let i = 0; i < 4000; i++) {
      const d = p.decide(g.view(1), request, rng);
      seen.set(d ?? null, (seen.get(d ?? null) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual([2, 3, 4, null].sort());
    // Each of the 4 answers has probability 1/4: 4000 draws put each within ±5 sd (sd ≈ 27) of 1000.
    for (const count of seen.values()) expect(Math.abs(count - 1000)).toBeLessThan(140);
  });

  it.each([['ukrainian'], ['club-12'], ['club-20']])(
    'G7 the Table kept from game to game carries nothing over: a game played after others is byte-identical to it played first, in fresh modules (%s)',
    async (setup) => {
      // Fresh module instances: no Table exists yet, so the first game below makes a new one. The fresh
      // registry is given the fresh bots, as test/setup.ts gives the first ones.
      vi.resetModules();
      const { registerBuiltIns } = await import('../src/strategy/registry.js');
      registerBuiltIns((await import('../strategies/index.js')).BUILT_IN_STRATEGIES);
      const { playJobGame: play } = await import('../src/runner/job.js');
      const { tableOf: tableFor } = await import('../strategies/smart/table.js');
      const { makeJob: jobFor } = await import('./helpers/job.js');
      const job = jobFor(setup, [], '31', ['smart']);
      const game = (k: number) => {
        const g = play(job, k, { keepLog: true });
        const table = tableFor(g.view(1).publicRecord);
        return { log: JSON.stringify(g.log), table, json: JSON.stringify(table) };
      };
      const first = game(7); // on a new Table
      for (let k = 0; k < 7; k++) game(k);
      const again = game(7); // on the same Table, after seven other games
      expect(again.table).toBe(first.table); // (the Table was kept, not made anew)
      expect(again.log).toBe(first.log);
      expect(again.json).toBe(first.json);
    },
  );

  it.each([['ukrainian'], ['club-12']])(
    'G7 its table of a game is a function of the public record alone: rebuilt from it, or from it without a single private event, it is the same (%s)',
    (setup) => {
      const job = makeJob(setup, [], '17', ['smart']);
      for (let k = 0; k < 8; k++) {
        const g = playJobGame(job, k, { keepLog: true });
        const used = JSON.stringify(tableOf(g.view(1).publicRecord)); // the table the game's seats shared
        const fresh = new Table(new PublicRecord(g, true));
        fresh.update();
        expect(JSON.stringify(fresh)).toBe(used);
        // The same game with every private event gone, and every public fact kept.
        const publicOnly = Object.create(g, { log: { value: g.log!.filter((e) => e.to === undefined) } }) as Game;
        const blind = new Table(new PublicRecord(publicOnly, true));
        blind.update();
        expect(JSON.stringify(blind)).toBe(used);
        expect(JSON.parse(used).journal.length).toBeGreaterThan(40);
      }
    },
  );

  it.each([['ukrainian'], ['club-12']])(
    'the private reading of a town seat, kept up to date event by event (or taken from the public one), is a fresh recomputation from the evidence up to rounding (%s)',
    (setup) => {
      const job = makeJob(setup, [], '23', ['smart']);
      let compared = 0;
      let worst = 0;
      playWatched(job, (view, seat, mind) => {
        if (view.team !== 'town' || !view.isAlive(seat)) return;
        const kept = mind.suspicion(true);
        const fresh = new Reading(view.players, [...mind.known], mind.investigator ? seat : 0);
        fresh.recompute(tableOf(view.publicRecord), mind.attackedMe);
        // Over the living seats of open colour, the ones it weighs: a settled seat's score is ±50 and
        // the dead are no options, and the upkeep leaves a small remainder on those (a vote of a dead
        // man against a seat killed later, a tell by a seat of known colour).
        for (let s = 1; s <= view.players; s++) if (view.isAlive(s) && mind.known[s] === 0) worst = Math.max(worst, Math.abs(kept[s] - fresh.sus[s]));
        compared++;
      });
      expect(compared).toBeGreaterThan(1000);
      expect(worst).toBeLessThan(1e-9);
    },
  );

  it.each([['ukrainian'], ['club-20']])(
    "a plain player's settled reds taken from the table (Mind.plainRed) are his own reading's, seat by seat (%s)",
    (setup) => {
      const job = makeJob(setup, [], '29', ['smart']);
      let compared = 0;
      let differ = 0;
      playWatched(job, (view, seat, mind) => {
        if (view.team !== 'town') return;
        const shared = mind.plainRed();
        if (shared === null) return;
        const colour = mind.settled();
        for (let s = 1; s <= view.players; s++) {
          const own = s !== seat && (colour[s] === -1 || mind.known[s] === -1) ? 1 : 0;
          if (shared[s] !== own) differ++;
        }
        compared++;
      });
      expect(compared).toBeGreaterThan(1000);
      expect(differ).toBe(0);
    },
  );

  it('G7 decides and speaks the same when what other seats hide differs (roles, checks, private events)', () => {
    // Every decision of every seat is asked twice more, of two fresh smart players fed the same random
    // draws: one sees the real view, the other a view of a doctored game where the other seats'
    // hidden facts differ. The answers must be equal.
    let compared = 0;
    for (const setup of ['ukrainian', 'club-12']) {
      const job = makeJob(setup, [], '21', ['smart']);
      for (let k = 0; k < 12; k++) {
        let game: Game | null = null;
        const probes = new Map<number, { real: Player; shadow: Player; view: PlayerView }>();
        const probe = (seat: number): { real: Player; shadow: Player; view: PlayerView } | null => {
          if (!game) return null;
          let p = probes.get(seat);
          if (!p) {
            p = { real: smart.createPlayer(seat), shadow: smart.createPlayer(seat), view: new PlayerView(doctored(game, seat), seat) };
            probes.set(seat, p);
          }
          return p;
        };
        const watched: Strategy = {
          ...smart,
          createPlayer(seat) {
            const inner = smart.createPlayer(seat);
            return {
              decide(view, request, rng) {
                const p = probe(seat);
                if (p) {
                  const tape: number[] = [];
                  const a = p.real.decide(view, request, recording(tape));
                  const b = p.shadow.decide(p.view, request, replaying(tape));
                  expect(b).toEqual(a);
                  compared++;
                }
                return inner.decide(view, request, rng);
              },
              speak(view, kind, rng) {
                const p = probe(seat);
                if (p) {
                  const tape: number[] = [];
                  const a = p.real.speak!(view, kind, recording(tape));
                  const b = p.shadow.speak!(p.view, kind, replaying(tape));
                  expect(b).toEqual(a);
                  compared++;
                }
                return inner.speak!(view, kind, rng);
              },
            };
          },
        };
        const strategies = parseStrategies([]);
        const j = { ...job, strategies: { ...strategies, everyone: watched } };
        playJobGame(j, k, { keepLog: true, onPhaseEnd: (g) => (game ??= g) });
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});

/**
 * The same game as seen through a distorting lens for everything `seat` may not know: the other seats'
 * roles are shuffled among themselves (those not known to the seat), the
 * other seats' checks and private events are rewritten, and their night flags flipped. The roles of
 * known allies stay: they are part of what the seat knows (U2, C3).
 */
function doctored(g: Game, seat: number): Game {
  const view = g.view(seat);
  const others = (ally: boolean) => {
    const out: number[] = [];
    for (let s = 1; s <= g.n; s++) if (s !== seat && view.isKnownAlly(s) === ally) out.push(s);
    return out;
  };
  // Rotate the roles of the seats not known to be allies (an ally's role is known): each moves on one seat.
  const roles = [...g.roles];
  const hidden = others(false);
  hidden.forEach((s, i) => (roles[s] = g.roles[hidden[(i + 1) % hidden.length]]));
  const hide = (e: GameEvent): GameEvent => {
    if (!e.to || e.to.includes(seat)) return e;
    return { t: 'check', seat: e.to[0] ?? 1, target: 1, result: 'black', to: e.to };
  };
  const flipOthers = (a: readonly number[]) => a.map((x, s) => (s === seat ? x : 1 - (x ? 1 : 0)));
  return new Proxy(g, {
    get(target, key, receiver) {
      switch (key) {
        case 'roles':
          return roles;
        case 'log':
          return target.log ? target.log.map(hide) : null;
        case 'checks':
          return [...target.checks.filter((c) => c.by === seat), { by: seat === 1 ? 2 : 1, target: seat, result: 'black', night: 1 }];
        case 'frozen':
        case 'healed':
          return flipOthers(target[key]);
        default: {
          const v = Reflect.get(target, key, receiver);
          return typeof v === 'function' ? v.bind(receiver) : v;
        }
      }
    },
  });
}

/** A small seeded generator for tests (not the game's: these draws only feed probe players). */
function lcg(seed: number): Rng {
  let x = seed >>> 0;
  const next = () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
  return fromNext(next);
}

function fromNext(next: () => number): Rng {
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    chance: (p) => p > 0 && next() < p,
    pick: (items) => items[int(items.length)],
    shuffle(items) {
      for (let i = items.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [items[i], items[j]] = [items[j], items[i]];
      }
      return items;
    },
  };
}

const tapeSource = lcg(99);

function recording(tape: number[]): Rng {
  return fromNext(() => {
    const x = tapeSource.next();
    tape.push(x);
    return x;
  });
}

function replaying(tape: number[]): Rng {
  let i = 0;
  return fromNext(() => {
    if (i >= tape.length) throw new Error('the shadow player drew more random numbers than the real one');
    return tape[i++];
  });
}
