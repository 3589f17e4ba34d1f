// G7, the hidden-information proof: a recording strategy (random play, usesHistory) captures everything
// its PlayerView exposes at every decision and speech of a few hundred seeded games, and each capture is
// compared with the true game afterwards. The expected knowledge is worked out here from RULES.md
// (U2: the black team know each other; V2: the mafia know each other), not from the view's own code.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../src/model/events.js';
import type { Game } from '../src/engine/game.js';
import { playGame } from '../src/engine/play.js';
import { deriveGameSeed } from '../src/rng.js';
import { ROLES } from '../src/rules/catalogue.js';
import { loadSetup } from '../src/setup/load.js';
import type { DecisionRequest, Strategy } from '../src/strategy/types.js';
import { PlayerView, PublicRecord, type KnownCheck } from '../src/views/view.js';
import { random } from '../strategies/random.js';
import { makeJob } from './helpers/job.js';
import { playJobGame } from '../src/runner/job.js';

interface Capture {
  /** The seat whose player was asked. */
  readonly seat: number;
  readonly what: string;
  readonly options: readonly number[] | null;
  readonly viewSeat: number;
  readonly role: string;
  readonly team: string;
  readonly allies: number[];
  /** knownRole(t) for t = 0..n+1 (0 and n+1 are not seats). */
  readonly known: (string | undefined)[];
  readonly living: number[];
  readonly checks: KnownCheck[];
  readonly frozenTonight: boolean;
  readonly nominees: readonly number[];
  readonly events: GameEvent[];
  readonly keys: string[];
  readonly ownKeys: (string | symbol)[];
  readonly json: string;
}

function capture(seat: number, view: PlayerView, what: string, request: DecisionRequest | null): Capture {
  const known: (string | undefined)[] = [];
  for (let t = 0; t <= view.players + 1; t++) known.push(view.knownRole(t));
  return {
    seat,
    what,
    options: request ? [...request.options] : null,
    viewSeat: view.seat,
    role: view.role,
    team: view.team,
    allies: view.knownAllies(),
    known,
    living: view.livingSeats(),
    checks: view.checks(),
    frozenTonight: view.frozenTonight,
    nominees: view.nominees(),
    events: view.events(),
    keys: Object.keys(view),
    ownKeys: Reflect.ownKeys(view),
    json: JSON.stringify(view),
  };
}

/** `random`'s decisions, recorded; declares usesHistory so the event record is kept. */
function recorder(into: Capture[]): Strategy {
  return {
    name: 'recorder',
    description: 'random play that records every view it is shown',
    usesHistory: true,
    createPlayer(seat) {
      const inner = random.createPlayer(seat);
      return {
        decide(view, request, rng) {
          into.push(capture(seat, view, request.kind, request));
          return inner.decide(view, request, rng);
        },
        speak(view, kind, rng) {
          into.push(capture(seat, view, kind, null));
          return inner.speak?.(view, kind, rng);
        },
      };
    },
  };
}

const PUBLIC_TYPES = new Set([
  'phase', 'speech', 'skipSpeech', 'nominate', 'vote', 'voteAll', 'tie', 'noElimination', 'eliminated', 'lastWord',
  'died', 'noDeaths', 'foul', 'effect', 'noteAnnounced', 'outcome', 'yield',
]);

const visibleTo = (e: GameEvent, seat: number) => e.to === undefined || e.to.includes(seat);

/** The seats whose roles `seat` knows from the start (RULES U2, V2): the other black/mafia-team seats. */
function trueAllies(g: Game, seat: number): number[] {
  if (g.roles[seat].team !== 'mafia') return [];
  const out: number[] = [];
  for (let s = 1; s <= g.n; s++) if (s !== seat && g.roles[s].team === 'mafia') out.push(s);
  return out;
}

/** Why `seat` must not see the private event `e`, or null if it may. */
function privateEventProblem(g: Game, e: GameEvent, seat: number, allies: readonly number[]): string | null {
  const black = (s: number) => s === seat || allies.includes(s);
  switch (e.t) {
    case 'team': {
      const want = [seat, ...allies].sort((a, b) => a - b).join();
      return [...e.seats].sort((a, b) => a - b).join() === want ? null : `team event ${e.seats} for seat ${seat}`;
    }
    case 'action':
      if (e.kind === 'mafiaKill' || e.kind === 'courtesanShot') return g.roles[seat].team === 'mafia' && black(e.seat) ? null : 'a mafia shot';
      return e.seat === seat ? null : `another seat's ${e.kind}`;
    case 'propose':
      return g.roles[seat].team === 'mafia' && black(e.seat) ? null : 'a mafia proposal';
    case 'frozen':
    case 'check':
    case 'note':
      return e.seat === seat ? null : `another seat's ${e.t}`;
    case 'saved':
      return e.seat === seat || g.roles[seat].id === 'doctor' ? null : 'a heal';
    default:
      return `private event ${e.t}`; // the deal, or a type nobody should receive privately
  }
}

/** The checks a seat made, from the whole record (every private event included), with their nights. */
function checksInRecord(log: readonly GameEvent[], seat: number): { target: number; result: string; night: number }[] {
  let night = 0;
  const out: { target: number; result: string; night: number }[] = [];
  for (const e of log) {
    if (e.t === 'phase' && e.phase === 'night') night = e.n;
    if (e.t === 'check' && e.seat === seat) out.push({ target: e.target, result: e.result, night });
  }
  return out;
}

/** Checks every capture of one game against the true game; returns the problems found. */
function audit(g: Game, captures: readonly Capture[], revealRoles: boolean): string[] {
  const problems: string[] = [];
  const bad = (c: Capture | null, msg: string) => {
    if (problems.length < 20) problems.push(`${g.seed}${c ? ` seat ${c.seat} (${c.what})` : ''}: ${msg}`);
  };
  const log = g.log!;
  const visible: GameEvent[][] = [[]];
  for (let s = 1; s <= g.n; s++) visible.push(log.filter((e) => visibleTo(e, s)));

  // What each seat may receive at all, checked once per (seat, event).
  for (let s = 1; s <= g.n; s++) {
    const allies = trueAllies(g, s);
    for (const e of visible[s]) {
      if (e.to === undefined) {
        if (!PUBLIC_TYPES.has(e.t)) bad(null, `public ${e.t} event ${JSON.stringify(e)}`);
        if (e.t === 'died' || e.t === 'eliminated') {
          const want = revealRoles ? g.roles[e.seat].id : undefined;
          if (e.role !== want) bad(null, `${e.t} of seat ${e.seat} announces role ${e.role}`);
        }
      } else {
        const p = privateEventProblem(g, e, s, allies);
        if (p) bad(null, `seat ${s} receives ${p}: ${JSON.stringify(e)}`);
      }
    }
  }
  for (const e of log) {
    if (JSON.stringify(JSON.parse(JSON.stringify(e))) !== JSON.stringify(e)) bad(null, `event is not plain data: ${e.t}`);
  }

  const lastSeen = new Array<number>(g.n + 1).fill(0);
  for (const c of captures) {
    const s = c.seat;
    const allies = trueAllies(g, s);
    const allyOrSelf = (t: number) => t === s || allies.includes(t);
    if (c.viewSeat !== s) bad(c, `shown the view of seat ${c.viewSeat}`);
    if (c.role !== g.roles[s].id || c.team !== g.roles[s].team) bad(c, `own role ${c.role}/${c.team}`);
    if (c.allies.join() !== allies.join()) bad(c, `knownAllies ${c.allies} (true team ${allies})`);
    for (let t = 0; t < c.known.length; t++) {
      const isSeat = t >= 1 && t <= g.n;
      const want = !isSeat
        ? undefined
        : allyOrSelf(t) || (revealRoles && !c.living.includes(t))
          ? g.roles[t].id
          : undefined;
      if (c.known[t] !== want) bad(c, `knownRole(${t}) = ${c.known[t]}, expected ${want}`);
    }
    // events(): exactly the events addressed to this seat or public, in order, up to now.
    const mine = visible[s];
    if (c.events.length < lastSeen[s]) bad(c, 'events() shrank');
    lastSeen[s] = c.events.length;
    for (let i = 0; i < c.events.length; i++) {
      if (c.events[i] !== mine[i]) {
        bad(c, `events()[${i}] is ${JSON.stringify(c.events[i])}, not the ${i}-th event visible to the seat`);
        break;
      }
    }
    // checks(): only the player's own, and the same as its own private check results.
    const ownChecks = checksInRecord(log, s);
    const heard = c.events.flatMap((e) => (e.t === 'check' ? [{ target: e.target, result: e.result }] : []));
    if (JSON.stringify(c.checks) !== JSON.stringify(ownChecks.slice(0, c.checks.length))) bad(c, `checks() ${JSON.stringify(c.checks)}`);
    if (JSON.stringify(c.checks.map(({ target, result }) => ({ target, result }))) !== JSON.stringify(heard)) {
      bad(c, `checks() ${JSON.stringify(c.checks)} differ from own check events ${JSON.stringify(heard)}`);
    }
    // frozenTonight: only what the player was told tonight (U5.3: only a freeze that stops them).
    const sinceNight = c.events.slice(c.events.findLastIndex((e) => e.t === 'phase'));
    const told = sinceNight.some((e) => e.t === 'frozen' && e.seat === s);
    if (c.frozenTonight !== told) bad(c, `frozenTonight ${c.frozenTonight}, told ${told}`);
    // nominees(): the public nominations of the latest day.
    const dayStart = c.events.findLastIndex((e) => e.t === 'phase' && e.phase === 'day');
    const nominated = dayStart < 0 ? [] : c.events.slice(dayStart).flatMap((e) => (e.t === 'nominate' ? [e.target] : []));
    if (c.nominees.join() !== nominated.join()) bad(c, `nominees() ${c.nominees}, public nominations ${nominated}`);
    // The legal options of a request tell nothing the player does not know.
    if (c.options) {
      const problem = optionsProblem(g, c, allies);
      if (problem) bad(c, problem);
    }
    // No route to the game through the object itself: no own properties at all (the seat is a getter).
    if (c.keys.length !== 0 || c.ownKeys.length !== 0 || c.json !== '{}') {
      bad(c, `the view exposes ${JSON.stringify(c.ownKeys.map(String))} / ${c.json}`);
    }
  }
  return problems;
}

/** The living seats a request leaves out must be explained by what the player knows. */
function optionsProblem(g: Game, c: Capture, allies: readonly number[]): string | null {
  const opts = c.options!;
  if (c.what === 'note' || c.what === 'voteAll') return opts.every((o) => o === 0 || o === 1) ? null : `yes/no options ${opts}`;
  if (!opts.every((o) => c.living.includes(o))) return `options ${opts} include a dead seat`;
  const left = c.living.filter((s) => s !== c.seat && !opts.includes(s));
  const ok = (allowed: readonly number[]) => (left.every((s) => allowed.includes(s)) ? null : `options leave out ${left}`);
  switch (c.what) {
    case 'vote':
    case 'revote':
      if (opts.includes(c.seat)) return 'may vote for self';
      return g.config.rulesId === 'vanilla' ? ok([]) : opts.every((o) => c.nominees.includes(o)) ? null : `votes ${opts} outside nominees ${c.nominees}`;
    case 'nominate':
      return opts.includes(c.seat) ? 'may nominate self' : ok(c.nominees);
    case 'mafiaKill':
    case 'propose':
    case 'courtesanShot':
      return ok(allies);
    case 'freeze':
    case 'heal': {
      // U5.2 / U8: the one barred seat is the player's own earlier target.
      const ownTargets = c.events.flatMap((e) => (e.t === 'action' && e.seat === c.seat && e.target !== null ? [e.target] : []));
      return ok(ownTargets);
    }
    default:
      return ok([]);
  }
}

function playRecorded(setupName: string, overrides: string[], seed: string, games: number): { problems: string[]; captures: number; sawPrivate: number } {
  const setup = loadSetup(setupName, overrides);
  const captures: Capture[] = [];
  const strategy = recorder(captures);
  const problems: string[] = [];
  let total = 0;
  let sawPrivate = 0;
  for (let k = 0; k < games && problems.length === 0; k++) {
    captures.length = 0;
    const g = playGame(setup.game, setup.deck, (seat) => strategy.createPlayer(seat), deriveGameSeed(seed, k), { keepLog: true });
    problems.push(...audit(g, captures, setup.game.revealRoles));
    total += captures.length;
    sawPrivate += captures.filter((c) => c.events.some((e) => e.to !== undefined)).length;
  }
  return { problems, captures: total, sawPrivate };
}

describe('G7 hidden information: what a PlayerView exposes', () => {
  const cases: [string, string[], number][] = [
    ['ukrainian', [], 150],
    ['ukrainian', ['revealRoles=true'], 100],
    ['ukrainian', ['start=night', 'tie=random'], 50],
    ['vanilla', [], 250],
    ['vanilla', ['players=9', 'mafia=3', 'start=night', 'revealRoles=true'], 150],
  ];
  for (const [setup, overrides, games] of cases) {
    it(`G7 ${setup} ${overrides.join(' ') || '(defaults)'}: over ${games} games no view reveals a role, check or private event it should not`, () => {
      const { problems, captures, sawPrivate } = playRecorded(setup, overrides, '7', games);
      expect(problems).toEqual([]);
      expect(captures).toBeGreaterThan(games * 5); // the recorder was really asked
      expect(sawPrivate).toBeGreaterThan(0); // and private events did reach their owners
    });
  }

  it('G7 the view object gives no route to the game: no own keys, empty JSON, getters give plain values (the table roles as frozen data; the public record likewise)', () => {
    const setup = loadSetup('ukrainian');
    let view: PlayerView | null = null;
    playGame(setup.game, setup.deck, (seat) => ({
      decide(v, request, rng) {
        if (seat === 4) view = v;
        return random.createPlayer(seat).decide(v, request, rng);
      },
    }), 'route', {});
    const v = view as unknown as PlayerView;
    expect(v).not.toBeNull();
    expect(Object.keys(v)).toEqual([]);
    expect(Reflect.ownKeys(v)).toEqual([]);
    expect(JSON.stringify(v)).toBe('{}');
    expect(v.seat).toBe(4);
    expect(Object.getPrototypeOf(v)).toBe(PlayerView.prototype);
    // The table's roles are public data: plain values all the way down, frozen, no functions.
    const plainFrozen = (x: unknown): void => {
      expect(JSON.parse(JSON.stringify(x))).toEqual(x);
      const walk = (y: unknown): void => {
        if (typeof y !== 'object' || y === null) return expect(typeof y).not.toBe('function');
        expect(Object.isFrozen(y)).toBe(true);
        for (const z of Object.values(y)) walk(z);
      };
      walk(x);
    };
    const sealed = (x: object, proto: object) => {
      expect(Object.getPrototypeOf(x)).toBe(proto);
      expect(Reflect.ownKeys(x)).toEqual([]);
      expect(JSON.stringify(x)).toBe('{}');
      for (const name of Object.getOwnPropertyNames(proto)) {
        const d = Object.getOwnPropertyDescriptor(proto, name)!;
        if (!d.get) expect(typeof d.value).toBe('function');
        else if (name === 'publicRecord') sealed(d.get.call(x), PublicRecord.prototype);
        else if (name === 'tableRoles') plainFrozen(d.get.call(x));
        else expect(['string', 'number', 'boolean']).toContain(typeof d.get.call(x));
      }
      for (const probe of ['g', 'game', '_g', 'state', 'roles', 'log', 'spectator']) expect((x as Record<string, unknown>)[probe]).toBeUndefined();
    };
    sealed(v, PlayerView.prototype);
  });

  it.each([['ukrainian'], ['club-12']])(
    'G7 the public record is one for the table and shows only public events; readPrivateEvents only those addressed to the seat (%s)',
    (setup) => {
      const job = makeJob(setup, [], '3', ['smart']);
      let checked = 0;
      for (let k = 0; k < 20; k++) {
        const g = playJobGame(job, k, { keepLog: true });
        const log = g.log!;
        const record = g.view(1).publicRecord;
        for (let s = 2; s <= g.n; s++) expect(g.view(s).publicRecord).toBe(record);
        expect(record.events()).toEqual(log.filter((e) => e.to === undefined));
        for (let s = 1; s <= g.n; s++) {
          const mine: GameEvent[] = [];
          const count = g.view(s).readPrivateEvents(0, (e, type) => {
            expect(type).toBe(e.t);
            mine.push(e);
          });
          const addressed = log.filter((e) => e.to !== undefined && e.to.includes(s));
          expect(mine).toEqual(addressed);
          expect(count).toBe(addressed.length);
          // Going on from the end hands nothing more; from the middle, the rest.
          expect(g.view(s).readPrivateEvents(count, () => expect.unreachable())).toBe(count);
          const rest: GameEvent[] = [];
          g.view(s).readPrivateEvents(count >> 1, (e) => rest.push(e));
          expect(rest).toEqual(addressed.slice(count >> 1));
          checked += addressed.length;
        }
      }
      expect(checked).toBeGreaterThan(200);
    },
  );

  it('G7 a strategy cannot re-point its view at another seat', () => {
    const setup = loadSetup('ukrainian');
    const tried: string[] = [];
    playGame(setup.game, setup.deck, (seat) => ({
      decide(v, request, rng) {
        const before = v.seat;
        try {
          (v as unknown as { seat: number }).seat = (before % 12) + 1;
        } catch {
          // a frozen view throws in strict mode: that is fine
        }
        tried.push(`${before}->${v.seat}`);
        if (v.seat !== seat) throw new Error(`view of seat ${seat} now shows seat ${v.seat}`);
        return random.createPlayer(seat).decide(v, request, rng);
      },
    }), 'repoint', {});
    expect(tried.length).toBeGreaterThan(10);
  });

  it('G7 U5.3 a Don frozen by the Courtesan is not told (the freeze has no effect on him, and her target is hers alone)', () => {
    const setup = loadSetup('ukrainian', ['start=night']);
    const deal = ['courtesan', 'don', 'mafia', 'mafia', 'commissar', 'doctor', 'maniac', 'citizen', 'citizen', 'citizen', 'citizen', 'citizen'];
    const seen: boolean[] = [];
    const g = playGame(setup.game, setup.deck, (seat) => ({
      decide(v, request, rng) {
        if (v.night === 1 && request.kind === 'freeze') return 2; // the Courtesan freezes the Don
        if (v.night === 1 && request.kind === 'mafiaKill') seen.push(v.frozenTonight);
        return random.createPlayer(seat).decide(v, request, rng);
      },
    }), 'frozen-don', { keepLog: true, fixedDeal: deal.map((r) => ROLES.get(r)!) });
    expect(g.log!.some((e) => e.t === 'action' && e.kind === 'freeze' && e.target === 2)).toBe(true);
    expect(seen).toEqual([false]);
  });

  it('G7 knownRole of a number that is not a seat (0, n+1, 2.5) reveals nothing, even under revealRoles', () => {
    const setup = loadSetup('ukrainian', ['revealRoles=true']);
    const seen = new Set<string>();
    playGame(setup.game, setup.deck, (seat) => ({
      decide(v, request, rng) {
        for (const t of [0, -1, 13, 999, 2.5, NaN]) seen.add(String(v.knownRole(t)));
        return random.createPlayer(seat).decide(v, request, rng);
      },
    }), 'not-a-seat', {});
    expect([...seen]).toEqual(['undefined']);
  });

  it('G7 events() is empty for a strategy that does not declare usesHistory, and full for one that does', () => {
    const lengths = { without: 0, with: 0 };
    const spy = (key: 'without' | 'with'): Strategy => ({
      name: key,
      description: 'counts the events it is shown',
      usesHistory: key === 'with',
      createPlayer: (seat) => ({
        decide(v, request, rng) {
          lengths[key] += v.events().length;
          return random.createPlayer(seat).decide(v, request, rng);
        },
      }),
    });
    for (const key of ['without', 'with'] as const) {
      const job = makeJob('vanilla');
      const s = spy(key);
      playJobGame({ ...job, strategies: { ...job.strategies, everyone: s } }, 0);
    }
    expect(lengths.without).toBe(0);
    expect(lengths.with).toBeGreaterThan(0);
  });
});
