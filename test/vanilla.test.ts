// Section V (vanilla), calibrated against exact probabilities: the test works out by dynamic
// programming the outcome distribution of vanilla under the `random` strategy and checks that the
// simulator's seeded games land within a binomial bound of it; then scripted games for V2–V5.
import { describe, expect, it } from 'vitest';
import { vanillaExact } from '../src/calibration/exact.js';
import type { GameEvent } from '../src/model/events.js';
import type { Game } from '../src/engine/game.js';
import { playGame } from '../src/engine/play.js';
import { ROLES } from '../src/rules/catalogue.js';
import { deriveGameSeed } from '../src/rng.js';
import { runBatch } from '../src/runner/batch.js';
import { playJobGame } from '../src/runner/job.js';
import { loadSetup } from '../src/setup/load.js';
import type { Decision, DecisionRequest, Player } from '../src/strategy/types.js';
import type { PlayerView } from '../src/views/view.js';
import { random } from '../strategies/random.js';
import { makeJob } from './helpers/job.js';

// ---------------------------------------------------------------------------------------------
// The exact model. Under `random` every living player votes uniformly for another living player, so
// the vote profile is exchangeable in the players: with tie=random (a uniform pick among the tied)
// each of the L living players is eliminated with probability 1/L; with tie=none, nobody leaves with
// the probability q(L) that the top count is tied (counted exactly below), and otherwise each player
// is again equally likely. The night kill removes one townie (V3). A phase loop as in G2/G6: a day
// that would be day `maxDays` is not played, the game is a stalemate.

type Outcome = 'town' | 'mafia' | 'draw' | 'stalemate';
type Dist = Record<Outcome, number>;

interface VanillaModel {
  players: number;
  mafia: number;
  start: 'day' | 'night';
  win: 'parity' | 'elimination';
  tie: 'random' | 'none';
  maxDays: number;
}

/** q(L): the probability that L voters, each voting uniformly for one of the L−1 others, leave a tie at the top. */
function tieProbability(L: number): number {
  const votes = new Array<number>(L).fill(0); // votes[i] = index among the others of voter i's choice
  const counts = new Array<number>(L).fill(0);
  let ties = 0;
  let total = 0;
  for (;;) {
    counts.fill(0);
    for (let i = 0; i < L; i++) counts[votes[i] >= i ? votes[i] + 1 : votes[i]]++;
    const top = Math.max(...counts);
    if (counts.filter((c) => c === top).length > 1) ties++;
    total++;
    let i = 0;
    while (i < L && ++votes[i] === L - 1) votes[i++] = 0;
    if (i === L) break;
  }
  return ties / total;
}

function exactVanilla(m0: VanillaModel): Dist {
  const q = new Map<number, number>();
  const tieQ = (L: number) => {
    if (m0.tie === 'random') return 0;
    if (!q.has(L)) q.set(L, tieProbability(L));
    return q.get(L)!;
  };
  const memo = new Map<string, Dist>();
  const zero = (): Dist => ({ town: 0, mafia: 0, draw: 0, stalemate: 0 });
  const point = (o: Outcome): Dist => ({ ...zero(), [o]: 1 });
  const mix = (parts: [number, Dist][]): Dist => {
    const out = zero();
    for (const [p, d] of parts) for (const k of Object.keys(out) as Outcome[]) out[k] += p * d[k];
    return out;
  };
  // V5 and G5, written out from RULES.md.
  const winner = (t: number, m: number): Outcome | null => {
    if (t + m === 0) return 'draw';
    if (m === 0) return 'town';
    if (m0.win === 'parity' ? m >= t : t === 0) return 'mafia';
    return null;
  };
  // After an elimination step: the first win condition that holds ends the game.
  const afterStep = (t: number, m: number, next: 'day' | 'night', days: number): Dist => {
    const w = winner(t, m);
    return w ? point(w) : phase(t, m, next, days);
  };
  // The distribution from the start of a phase; `days` = days played so far.
  const phase = (t: number, m: number, ph: 'day' | 'night', days: number): Dist => {
    const key = `${t},${m},${ph},${days}`;
    const hit = memo.get(key);
    if (hit) return hit;
    let d: Dist;
    if (ph === 'night') {
      d = afterStep(t - 1, m, 'day', days);
    } else if (days + 1 >= m0.maxDays) {
      d = point('stalemate');
    } else {
      const L = t + m;
      const stay = tieQ(L);
      d = mix([
        [stay, phase(t, m, 'night', days + 1)], // nobody leaves; the phase after a day is a night
        [((1 - stay) * t) / L, afterStep(t - 1, m, 'night', days + 1)],
        [((1 - stay) * m) / L, afterStep(t, m - 1, 'night', days + 1)],
      ]);
    }
    memo.set(key, d);
    return d;
  };
  return phase(m0.players - m0.mafia, m0.mafia, m0.start, 0);
}

// A binomial bound at z = 4: were the games' seed drawn at random, one rate would fall outside
// p ± 4·sqrt(p(1−p)/N) with probability ≈ 6.3·10⁻⁵ (two-sided normal tail), so the ~20 rate checks
// below would fail falsely with probability < 1.3·10⁻³. The seed is fixed, so the result is
// reproducible; a wrong simulator misses the bound by far more (see the discrimination check).
const Z = 4;
const halfWidth = (p: number, n: number) => Z * Math.sqrt((p * (1 - p)) / n);
const GAMES = 4000;

const MODELS: VanillaModel[] = [
  { players: 5, mafia: 1, start: 'day', win: 'parity', tie: 'random', maxDays: 40 },
  { players: 5, mafia: 1, start: 'night', win: 'parity', tie: 'random', maxDays: 40 },
  { players: 7, mafia: 2, start: 'day', win: 'parity', tie: 'random', maxDays: 40 },
  { players: 7, mafia: 2, start: 'night', win: 'parity', tie: 'random', maxDays: 40 },
  { players: 7, mafia: 2, start: 'night', win: 'elimination', tie: 'random', maxDays: 40 },
  { players: 6, mafia: 2, start: 'night', win: 'elimination', tie: 'random', maxDays: 40 },
  { players: 5, mafia: 1, start: 'day', win: 'parity', tie: 'none', maxDays: 40 },
  { players: 7, mafia: 2, start: 'day', win: 'elimination', tie: 'none', maxDays: 4 },
];

const overridesOf = (m: VanillaModel) => [
  `players=${m.players}`, `mafia=${m.mafia}`, `start=${m.start}`, `win=${m.win}`, `tie=${m.tie}`, `maxDays=${m.maxDays}`,
];

describe('vanilla against the exact dynamic programme', () => {
  it('V4 the exact tie probability: 3 voters tie unless two pick the same seat; 2 voters always tie', () => {
    expect(tieProbability(2)).toBe(1);
    // 3 voters, 2 choices each: a tie (1-1-1) happens when the votes form a cycle: 2 of the 8 profiles.
    expect(tieProbability(3)).toBeCloseTo(2 / 8, 12);
  });

  for (const model of MODELS) {
    const label = `${model.players}/${model.mafia} start=${model.start} win=${model.win} tie=${model.tie}${model.maxDays < 40 ? ` maxDays=${model.maxDays}` : ''}`;
    it(`V1 V2 V3 V4 V5 G6 ${label}: ${GAMES} seeded random games match the exact outcome probabilities (z = 4)`, () => {
      const exact = exactVanilla(model);
      const total = exact.town + exact.mafia + exact.draw + exact.stalemate;
      expect(total).toBeCloseTo(1, 12);
      const job = makeJob('vanilla', overridesOf(model), '20240601');
      const tally = runBatch(job, { from: 0, to: GAMES, strict: true });
      expect(tally.games).toBe(GAMES);
      expect(tally.illegalDecisions).toBe(0);
      for (const o of ['town', 'mafia', 'stalemate', 'draw'] as const) {
        const p = exact[o];
        const seen = tally.outcomes[o] / GAMES;
        if (p === 0) {
          expect(tally.outcomes[o], `${o} is impossible`).toBe(0);
          continue;
        }
        const h = halfWidth(p, GAMES);
        expect(Math.abs(seen - p), `${o}: simulated ${seen.toFixed(4)}, exact ${p.toFixed(4)} ± ${h.toFixed(4)}`).toBeLessThanOrEqual(h);
      }
    });
  }

  it('V4 V5 G6 src/calibration/exact.ts (what `mafia-sim calibrate` uses) agrees with this independent model to 12 digits', () => {
    for (const model of MODELS) {
      const mine = exactVanilla(model);
      const theirs = vanillaExact(model);
      expect(theirs.town).toBeCloseTo(mine.town, 12);
      expect(theirs.mafia).toBeCloseTo(mine.mafia, 12);
      expect(theirs.stalemate).toBeCloseTo(mine.stalemate, 12);
    }
  });

  it('V2 V4 V5 the bound discriminates: each option changes the exact town rate by more than twice the bound', () => {
    // (7/2 by day, parity and elimination give the same rate: a day starts with an odd table, so
    // parity is only ever reached before a night, which then removes a townie either way.)
    const dayParity = MODELS[2];
    const nightParity = MODELS[3];
    const pairs: [VanillaModel, Partial<VanillaModel>][] = [
      [dayParity, { start: 'night' }],
      [dayParity, { tie: 'none' }],
      [nightParity, { win: 'elimination' }],
    ];
    for (const [base, change] of pairs) {
      const p = exactVanilla(base).town;
      const q = exactVanilla({ ...base, ...change }).town;
      expect(Math.abs(p - q), JSON.stringify(change)).toBeGreaterThan(2 * halfWidth(p, GAMES));
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Scripted games. A script answers per (phase, seat, decision); anything not scripted plays `random`.

type Script = (view: PlayerView, request: DecisionRequest) => Decision | undefined | 'random';

function scripted(script: Script): (seat: number) => Player {
  return (seat) => {
    const inner = random.createPlayer(seat);
    return {
      decide(view, request, rng) {
        const a = script(view, request);
        return a === 'random' ? inner.decide(view, request, rng) : a;
      },
    };
  };
}

const setups = new Map<string, ReturnType<typeof loadSetup>>();

function playVanilla(deal: string[], options: string[], script: Script, seed = 's'): Game {
  const overrides = [`players=${deal.length}`, `mafia=${deal.filter((r) => r === 'mafia').length}`, ...options];
  const key = overrides.join(' ');
  if (!setups.has(key)) setups.set(key, loadSetup('vanilla', overrides));
  const setup = setups.get(key)!;
  return playGame(setup.game, setup.deck, scripted(script), seed, { keepLog: true, fixedDeal: deal.map((r) => ROLES.get(r)!) });
}

const eventsOf = <T extends GameEvent['t']>(g: Game, t: T) => g.log!.filter((e): e is Extract<GameEvent, { t: T }> => e.t === t);

describe('V2 start and team knowledge', () => {
  for (const start of ['day', 'night'] as const) {
    it(`V2 start=${start}: no introduction night, the first phase is ${start} 1`, () => {
      const job = makeJob('vanilla', [`start=${start}`], '3');
      for (let k = 0; k < 20; k++) {
        const g = playJobGame(job, k, { keepLog: true });
        const phases = eventsOf(g, 'phase');
        expect(phases[0]).toMatchObject({ phase: start, n: 1 });
        const before = g.log!.slice(0, g.log!.indexOf(phases[0]));
        expect(before.map((e) => e.t).sort()).toEqual(['deal', 'team']); // nobody acts before the first phase
      }
    });
  }

  it('V2 the mafia know each other from the start; townies know nobody', () => {
    const deal = ['townie', 'mafia', 'townie', 'mafia', 'townie', 'mafia', 'townie'];
    const seen = new Map<number, string>();
    playVanilla(deal, [], (view) => {
      if (!seen.has(view.seat)) {
        const roles = [1, 2, 3, 4, 5, 6, 7].map((s) => view.knownRole(s) ?? '?').join(',');
        seen.set(view.seat, `${view.knownAllies().join(',')}|${roles}`);
      }
      return 'random';
    });
    expect(seen.get(2)).toBe('4,6|?,mafia,?,mafia,?,mafia,?');
    expect(seen.get(4)).toBe('2,6|?,mafia,?,mafia,?,mafia,?');
    expect(seen.get(1)).toBe('|townie,?,?,?,?,?,?');
    expect(seen.get(7)).toBe('|?,?,?,?,?,?,townie');
  });
});

describe('V3 the night kill', () => {
  it('V3 over many random games the night kill only ever removes townies, one per night, decided once', () => {
    const job = makeJob('vanilla', ['players=9', 'mafia=3', 'start=night'], '11');
    let nights = 0;
    for (let k = 0; k < 300; k++) {
      const g = playJobGame(job, k, { keepLog: true });
      for (const e of g.eliminations) if (e.phase === 'night') expect(g.roles[e.seat].id).toBe('townie');
      // Per night: exactly one mafiaKill decision, and one death.
      let kills = 0;
      let deaths = 0;
      for (const e of g.log!) {
        if (e.t === 'phase') {
          if (e.phase === 'day' && e.n > 1) expect([kills, deaths]).toEqual([1, 1]);
          kills = deaths = 0;
          if (e.phase === 'night') nights++;
        }
        if (e.t === 'action' && e.kind === 'mafiaKill') kills++;
        if (e.t === 'died') deaths++;
      }
    }
    expect(nights).toBeGreaterThan(300);
  });

  it('V3 the kill is offered only living non-mafia seats, and is asked of one mafia seat', () => {
    const asked: { seat: number; options: readonly number[] }[] = [];
    const deal = ['mafia', 'townie', 'mafia', 'townie', 'townie', 'townie', 'townie'];
    playVanilla(deal, ['start=night'], (view, request) => {
      if (request.kind === 'mafiaKill') asked.push({ seat: view.seat, options: request.options });
      return 'random';
    });
    expect(asked.length).toBeGreaterThan(0);
    expect(asked[0]).toEqual({ seat: 1, options: [2, 4, 5, 6, 7] });
    for (const a of asked) expect(a.options.every((s) => deal[s - 1] === 'townie')).toBe(true);
  });

  it('V3 G9 a kill aimed at a fellow mafia member is illegal: counted, and replaced by a random legal kill', () => {
    const deal = ['mafia', 'mafia', 'townie', 'townie', 'townie', 'townie', 'townie'];
    const victims = new Set<number>();
    for (let seed = 0; seed < 30; seed++) {
      // Night 1 only is scripted; the rest is random play.
      const g = playVanilla(deal, ['start=night', 'maxDays=2'], (view, request) => (request.kind === 'mafiaKill' && view.night === 1 ? 2 : 'random'), `kill${seed}`);
      const firstNight = g.eliminations.find((e) => e.phase === 'night' && e.day === 1)!;
      expect(deal[firstNight.seat - 1]).toBe('townie');
      victims.add(firstNight.seat);
      expect(g.illegalDecisions).toBe(1);
    }
    expect(victims.size).toBeGreaterThan(2); // the replacement is random, not a fixed seat
  });
});

describe('V4 the day vote', () => {
  const deal = ['mafia', 'townie', 'townie', 'townie'];
  const pairVotes: Script = (view, request) => (request.kind === 'vote' ? ({ 1: 2, 2: 1, 3: 4, 4: 3 } as Record<number, number>)[view.seat] : 'random');

  it('V4 every living player votes once, for another living player, and most votes is eliminated', () => {
    const g = playVanilla(['mafia', 'townie', 'townie', 'townie', 'townie'], ['maxDays=2'], (view, request) =>
      request.kind === 'vote' ? (view.seat === 3 ? 4 : 3) : 'random');
    const votes = eventsOf(g, 'vote');
    expect(votes.map((v) => v.seat)).toEqual([1, 2, 3, 4, 5]);
    expect(votes.every((v) => v.target !== v.seat)).toBe(true);
    expect(eventsOf(g, 'eliminated')[0]).toMatchObject({ seat: 3, cause: 'vote' });
  });

  it('V4 tie=none: a tied vote eliminates nobody', () => {
    const g = playVanilla(deal, ['tie=none', 'maxDays=2'], pairVotes);
    expect(eventsOf(g, 'tie')[0].seats).toEqual([1, 2, 3, 4]);
    expect(eventsOf(g, 'noElimination')).toHaveLength(1);
    expect(g.eliminations.filter((e) => e.phase === 'day')).toEqual([]);
  });

  it('V4 tie=random: a uniformly random one of the tied leaves', () => {
    const leavers = new Map<number, number>();
    const N = 800;
    for (let k = 0; k < N; k++) {
      const g = playVanilla(deal, ['tie=random', 'maxDays=2'], pairVotes, `tie${k}`);
      const out = g.eliminations.filter((e) => e.phase === 'day');
      expect(out).toHaveLength(1);
      leavers.set(out[0].seat, (leavers.get(out[0].seat) ?? 0) + 1);
    }
    for (const seat of [1, 2, 3, 4]) {
      const seen = (leavers.get(seat) ?? 0) / N;
      expect(Math.abs(seen - 0.25), `seat ${seat}`).toBeLessThanOrEqual(halfWidth(0.25, N));
    }
  });

  it('V4 G9 a self-vote, a dead seat, 999 or a missing vote is illegal, counted, and replaced by a uniformly random legal vote', () => {
    const N = 600;
    const hits = new Map<number, number>();
    let illegal = 0;
    const bad = [undefined, 1, 999, 2.5, 'x' as unknown as number];
    for (let k = 0; k < N; k++) {
      const g = playVanilla(['townie', 'mafia', 'townie', 'townie', 'townie'], ['maxDays=2'], (view, request) =>
        request.kind === 'vote' && view.seat === 1 ? bad[k % bad.length] : 'random', `bad${k}`);
      const mine = eventsOf(g, 'vote').find((v) => v.seat === 1)!;
      expect(mine.target).not.toBe(1);
      hits.set(mine.target, (hits.get(mine.target) ?? 0) + 1);
      illegal += g.illegalDecisions;
    }
    expect(illegal).toBe(N);
    for (const target of [2, 3, 4, 5]) {
      const seen = (hits.get(target) ?? 0) / N;
      expect(Math.abs(seen - 0.25), `seat ${target}`).toBeLessThanOrEqual(halfWidth(0.25, N));
    }
  });

  it('V4 G9 a vote for a dead seat is illegal and counted', () => {
    // Night 1 kills seat 3; on day 1 seat 2 votes for the dead seat 3.
    const g = playVanilla(['mafia', 'townie', 'townie', 'townie', 'townie'], ['start=night', 'maxDays=2'], (view, request) => {
      if (request.kind === 'mafiaKill') return view.night === 1 ? 3 : 'random';
      if (request.kind === 'vote' && view.seat === 2) return 3;
      return 'random';
    });
    expect(g.illegalDecisions).toBe(1);
    expect(eventsOf(g, 'vote').find((v) => v.seat === 2)!.target).not.toBe(3);
  });
});

describe('V5 the win', () => {
  // Seats 1,2 mafia; 3,4,5 townies; night first: night 1 leaves 2 mafia against 2 town.
  const deal = ['mafia', 'mafia', 'townie', 'townie', 'townie'];
  // By day everybody votes for the lowest living mafia seat (a mafia player votes for the other one).
  const voteMafia: Script = (view, r) => {
    if (r.kind !== 'vote') return 'random';
    const target = r.options.includes(1) || view.seat === 1 ? 1 : 2;
    return target === view.seat ? r.options.find((s) => s !== view.seat)! : target;
  };

  it('V5 win=parity: mafia win as soon as mafia ≥ town', () => {
    const g = playVanilla(deal, ['start=night', 'win=parity'], voteMafia);
    expect(g.winner).toBe('mafia');
    expect(g.eliminations).toHaveLength(1);
    expect(eventsOf(g, 'phase').map((p) => `${p.phase}${p.n}`)).toEqual(['night1']);
  });

  it('V5 win=elimination: parity does not end the game; mafia win only when no town is alive, and town can still win', () => {
    const winners = new Set<string>();
    for (let k = 0; k < 40; k++) {
      const g = playVanilla(deal, ['start=night', 'win=elimination'], voteMafia, `elim${k}`);
      // Night 1: 2 v 2 and the game goes on; day 1 removes mafia seat 1; night 2: 1 v 1; day 2 is a
      // tie of two, broken at random.
      expect(g.eliminations.slice(0, 2).map((e) => e.phase)).toEqual(['night', 'day']);
      expect(g.eliminations[1].seat).toBe(1);
      const living = [1, 2, 3, 4, 5].filter((s) => g.alive[s] === 1);
      if (g.winner === 'mafia') expect(living).toEqual([2]);
      else expect(g.winner === 'town' && !living.includes(2) && living.length === 1).toBe(true);
      winners.add(g.winner!);
    }
    expect([...winners].sort()).toEqual(['mafia', 'town']);
  });

  it('V5 town wins when no mafia is alive, under either win option', () => {
    for (const win of ['parity', 'elimination']) {
      const g = playVanilla(['mafia', 'townie', 'townie', 'townie'], [`win=${win}`], (view, r) =>
        r.kind === 'vote' ? (view.seat === 1 ? 2 : 1) : 'random');
      expect(g.winner).toBe('town');
      expect(g.eliminations).toEqual([{ seat: 1, cause: 'vote', phase: 'day', n: 1, day: 1 }]);
    }
  });
});

describe('V1 roles', () => {
  it('V1 the vanilla setup deals N players with exactly M mafia, the rest townies', () => {
    for (const [players, mafia] of [[5, 1], [7, 2], [12, 3]]) {
      const job = makeJob('vanilla', [`players=${players}`, `mafia=${mafia}`]);
      const g = playJobGame(job, 0);
      const ids = g.roles.slice(1).map((r) => r.id);
      expect(ids).toHaveLength(players);
      expect(ids.filter((r) => r === 'mafia')).toHaveLength(mafia);
      expect(ids.filter((r) => r === 'townie')).toHaveLength(players - mafia);
      expect(deriveGameSeed(job.seed, 0)).toBe(g.seed);
    }
  });
});
