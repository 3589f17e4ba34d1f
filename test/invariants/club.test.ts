// Invariant fuzzing of the club rules: many seeded random games of every club-N table and of some
// option and mixed variants, with the engine's invariants (and the club's, engine/invariants.ts) checked
// after every phase, and every player guarded: a dead or jailed player is never asked to decide or to
// speak, and every seat option offered is a living seat. MAFIA_FUZZ_GAMES sets the total (npm run fuzz).
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/engine/game.js';
import { ClubGame } from '../../src/rules/club/index.js';
import type { RulesGame } from '../../src/rules/ruleSet.js';
import { checkInvariants, InvariantError } from '../../src/engine/invariants.js';
import { playGame } from '../../src/engine/play.js';
import { deriveGameSeed } from '../../src/rng.js';
import { replayCommand, type Job } from '../../src/runner/job.js';
import type { DecisionKind, Player } from '../../src/strategy/types.js';
import { random } from '../../strategies/random.js';
import { ROOT } from '../helpers/cli.js';
import { makeJob } from '../helpers/job.js';

const FIX = join(ROOT, 'test', 'fixtures', 'club');
const VARIANTS: [string, string[]][] = [];
for (let n = 8; n <= 20; n++) VARIANTS.push([`club-${n}`, []]);
VARIANTS.push(
  ['club-12', ['jailShields=true']],
  ['club-16', ['start=night']],
  ['club-14', ['foulRate=0.15']],
  ['club-12', ['nightFoulRate=0.02']],
  ['club-20', ['nightOrder=sportsman,maniac,killer,mafia,doctor,policeman,oligarch-brother,oligarch,judge,marilyn-sister,marilyn']],
  [join(FIX, 'club-12-immunities.yaml'), []],
  [join(FIX, 'mixed-club-courtesan.yaml'), []],
  [join(FIX, 'mixed-ukrainian-sportsman.yaml'), []],
);

const TOTAL = Number(process.env.MAFIA_FUZZ_GAMES ?? 0) || 150 * VARIANTS.length;
const PER_VARIANT = Math.ceil(TOTAL / VARIANTS.length);
const YES_NO_KINDS: ReadonlySet<DecisionKind> = new Set<DecisionKind>(['cancel', 'note', 'voteAll']);

/** The random strategy, with a guard around it that fails on a decision or speech no rule allows. */
function guarded(seat: number, fail: (what: string) => void): Player {
  const inner = random.createPlayer(seat);
  return {
    decide(view, request, rng) {
      if (!view.isAlive(seat)) fail(`dead seat ${seat} asked to ${request.kind}`);
      if (view.isJailed(seat)) fail(`jailed seat ${seat} asked to ${request.kind} (C10.1)`);
      if (!YES_NO_KINDS.has(request.kind)) {
        for (const s of request.options) if (!view.isAlive(s)) fail(`seat ${seat} offered dead seat ${s} for ${request.kind}`);
      }
      return inner.decide(view, request, rng);
    },
    speak(view, kind) {
      if (kind !== 'lastWord' && !view.isAlive(seat)) fail(`dead seat ${seat} asked for a ${kind}`);
      // C10.1, C10.4: a jailed player speaks only right after a speaker yields him the floor.
      const last = view.events(view.events().length - 1)[0];
      const yielded = last?.t === 'yield' && last.target === seat;
      if (kind !== 'lastWord' && view.isJailed(seat) && !yielded) fail(`jailed seat ${seat} asked for a ${kind} (C10.1, C10.4)`);
      if (kind === 'lastWord' && view.isAlive(seat)) fail(`living seat ${seat} asked for a last word`);
      return undefined;
    },
  };
}

function fuzz(job: Job, games: number): { games: number; phases: number } {
  let phases = 0;
  for (let k = 0; k < games; k++) {
    const problems: string[] = [];
    const onPhaseEnd = (g: Game, rules: RulesGame) => {
      phases++;
      checkInvariants(g, rules);
    };
    try {
      playGame(job.setup.game, job.setup.deck, (seat) => guarded(seat, (w) => problems.push(w)), deriveGameSeed(job.seed, k), {
        keepLog: true,
        onPhaseEnd,
        checkDecisions: true,
      });
    } catch (e) {
      throw new Error(`${(e as Error).message}\n  replay: ${replayCommand(job, k, true)}`);
    }
    if (problems.length > 0) throw new Error(`${problems[0]}\n  replay: ${replayCommand(job, k)}`);
  }
  return { games, phases };
}

describe(`club invariants (${PER_VARIANT} games per variant)`, () => {
  for (const [setup, options] of VARIANTS) {
    const label = `${setup.startsWith(ROOT) ? relative(ROOT, setup) : setup}${options.length ? ` ${options.join(' ')}` : ''}`;
    it(`C4.1 C8 C10.1 C10.2 C18 ${label}: no dead or jailed actor, no execution on a void vote, no negative points`, () => {
      const job = makeJob(setup, options, '20240');
      const { games, phases } = fuzz(job, PER_VARIANT);
      expect(games).toBe(PER_VARIANT);
      expect(phases).toBeGreaterThan(games);
    });
  }
});

describe('the club invariants catch what they claim to', () => {
  /** A finished-phase club game to tamper with (club-8, seed fixed, event record kept). */
  const game = () => {
    const job = makeJob('club-8', ['maxDays=3'], '1');
    let found: { g: Game; club: ClubGame } | null = null;
    playGame(job.setup.game, job.setup.deck, (seat) => random.createPlayer(seat), deriveGameSeed('1', 0), {
      keepLog: true,
      onPhaseEnd: (g, rules) => {
        if (rules instanceof ClubGame) found ??= { g, club: rules };
      },
    });
    return found! as { g: Game; club: ClubGame };
  };

  it('C10.2 a player still jailed after their Judge died is caught', () => {
    const { g, club } = game();
    const judge = g.roles.findIndex((r, s) => s > 0 && r.id === 'judge');
    const other = judge === 1 ? 2 : 1;
    (g.alive as number[])[judge] = 0;
    club.jailed[other] = judge;
    expect(() => checkInvariants(g, club)).toThrow(InvariantError);
  });

  it('C10.1 a vote by a jailed player in the record is caught', () => {
    const { g, club } = game();
    const [seat, target] = g.living().filter((s) => club.jailed[s] === 0);
    g.log!.push({ t: 'jailed', seat, reason: 'judge' }, { t: 'phase', phase: 'day', n: 9 }, { t: 'vote', seat, target, round: 1 });
    expect(() => checkInvariants(g, club)).toThrow(new RegExp(`jailed seat ${seat} votes`));
  });

  it('C10.4 a jailed player who speaks without a yield, or twice a day, is caught', () => {
    const { g, club } = game();
    const [seat] = g.living().filter((s) => club.jailed[s] === 0);
    g.log!.push({ t: 'jailed', seat, reason: 'judge' }, { t: 'phase', phase: 'day', n: 9 }, { t: 'speech', seat, statements: [] });
    expect(() => checkInvariants(g, club)).toThrow(new RegExp(`jailed seat ${seat} speaks`));
    const second = game();
    const [s2, o2] = second.g.living().filter((s) => second.club.jailed[s] === 0);
    second.g.log!.push({ t: 'jailed', seat: s2, reason: 'judge' }, { t: 'phase', phase: 'day', n: 9 },
      { t: 'yield', seat: o2, target: s2 }, { t: 'speech', seat: s2, statements: [] }, { t: 'yield', seat: o2, target: s2 });
    expect(() => checkInvariants(second.g, second.club)).toThrow(new RegExp(`jailed seat ${s2} is given the floor twice in one day`));
  });

  it('C4.2 an execution after a void vote in the record is caught', () => {
    const { g, club } = game();
    const s = g.living()[0];
    g.log!.push({ t: 'phase', phase: 'day', n: 9 }, { t: 'noElimination', reason: 'a tie between 4 players' }, { t: 'eliminated', seat: s, cause: 'vote' });
    expect(() => checkInvariants(g, club)).toThrow(/executed on a void vote/);
  });

  it('C17 negative points are caught', () => {
    const { g, club } = game();
    g.points[2] = -1;
    expect(() => checkInvariants(g, club)).toThrow(/points/);
  });
});
