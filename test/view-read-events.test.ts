// PlayerView.readEvents, the allocation-free way to walk the visible record: at every decision of
// seeded games it hands over exactly what events(from) returns — the same event objects, in order, each
// with its type — for a reader going on from where it stopped, for one reading from further back, and
// after a reader that threw midway.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../src/model/events.js';
import { playJobGame } from '../src/runner/job.js';
import type { Strategy } from '../src/strategy/types.js';
import type { PlayerView } from '../src/views/view.js';
import { random } from '../strategies/random.js';
import { smart } from '../strategies/smart.js';
import { makeJob } from './helpers/job.js';

/** What readEvents(from) hands over: the events, and whether each came with its own type. */
function readFrom(view: PlayerView, from: number): { events: GameEvent[]; typed: boolean; count: number } {
  const events: GameEvent[] = [];
  let typed = true;
  const count = view.readEvents(from, (e, type) => {
    events.push(e);
    if (type !== e.t) typed = false;
  });
  return { events, typed, count };
}

/** Random play that, at every decision, checks readEvents against events() (usesHistory: the record is kept). */
function checker(problems: string[], seen: { checks: number }): Strategy {
  return {
    name: 'checker',
    description: 'random play; compares readEvents with events at every decision',
    usesHistory: true,
    createPlayer(seat) {
      const inner = random.createPlayer(seat);
      let cursor = 0; // the reader going on from where it stopped
      const check = (view: PlayerView) => {
        seen.checks++;
        const onward = readFrom(view, cursor); // first: the view's checkpoint path, as a bot reading at each decision takes
        const all = view.events();
        if (onward.count !== all.length) problems.push(`seat ${seat}: count ${onward.count}, events() has ${all.length}`);
        if (!sameEvents(onward.events, all.slice(cursor))) problems.push(`seat ${seat}: readEvents(${cursor}) differs from events(${cursor})`);
        cursor = onward.count;
        // A second reader, from further back: from the start and from the middle of the record.
        for (const from of [0, all.length >> 1]) {
          const back = readFrom(view, from);
          if (!sameEvents(back.events, all.slice(from))) problems.push(`seat ${seat}: readEvents(${from}) differs from events(${from})`);
          if (!back.typed) problems.push(`seat ${seat}: an event came with a type other than its own`);
        }
        for (const e of all) {
          if (e.to !== undefined && !e.to.includes(seat)) problems.push(`seat ${seat} was shown ${JSON.stringify(e)}`);
          if (!deeplyFrozen(e)) problems.push(`seat ${seat} was shown an event it could rewrite: ${JSON.stringify(e)}`);
        }
        if (!onward.typed) problems.push(`seat ${seat}: an event came with a type other than its own`);
      };
      /** Now and then a reader throws midway through the new events (a bot's bug); the readers after it must not notice. */
      const stumble = (view: PlayerView) => {
        if (seen.checks % 5 !== 0) return;
        let taken = 0;
        try {
          view.readEvents(cursor, () => {
            if (++taken === 2) throw new Error('a reader gave up');
          });
        } catch {
          // expected
        }
      };
      return {
        decide(view, request, rng) {
          stumble(view);
          check(view);
          return inner.decide(view, request, rng);
        },
        speak(view, kind, rng) {
          stumble(view);
          check(view);
          return inner.speak?.(view, kind, rng);
        },
      };
    },
  };
}

/** The event, and every array or object it holds (audience, seats, the deal, statements), frozen. */
function deeplyFrozen(x: unknown): boolean {
  if (typeof x !== 'object' || x === null) return true;
  return Object.isFrozen(x) && Object.values(x).every(deeplyFrozen);
}

/**
 * smart play by a vandal: at each decision it tries to rewrite every event it can see (the event, its
 * audience, its seats, the statements of a speech and the statements themselves), and rewrites what
 * it said itself, through the array it returned. Counts the attempts, and those that took.
 */
function vandal(tally: { tries: number; took: number; ownRewrites: number }): Strategy {
  const attempt = (write: () => void) => {
    tally.tries++;
    try {
      write();
      tally.took++;
    } catch (e) {
      if (!(e instanceof TypeError)) throw e;
    }
  };
  return {
    name: 'vandal',
    description: 'smart play that tries to rewrite the record',
    usesHistory: true,
    createPlayer(seat) {
      const inner = smart.createPlayer(seat);
      let said: { type: string; seat?: number }[] | null = null;
      const vandalise = (view: PlayerView) => {
        for (const e of view.events() as unknown as Record<string, unknown>[]) {
          attempt(() => void (e.t = 'noDeaths'));
          for (const key of ['to', 'seats', 'roles', 'statements']) if (Array.isArray(e[key])) attempt(() => void (e[key] as unknown[]).push(99));
          for (const st of (e.statements ?? []) as Record<string, unknown>[]) attempt(() => void (st.seat = 99));
        }
        // Its own array stays its own to change (the record holds a copy); the statements are frozen.
        if (said !== null && said.length > 0) {
          said.push({ type: 'accuse', seat: 1 });
          tally.ownRewrites++;
          attempt(() => void (said![0].seat = 99));
        }
      };
      return {
        decide(view, request, rng) {
          vandalise(view);
          return inner.decide(view, request, rng);
        },
        speak(view, kind, rng) {
          vandalise(view);
          const out = inner.speak?.(view, kind, rng);
          said = Array.isArray(out) ? (out as { type: string; seat?: number }[]) : null;
          return out;
        },
      };
    },
  };
}

function sameEvents(a: readonly GameEvent[], b: readonly GameEvent[]): boolean {
  return a.length === b.length && a.every((e, i) => e === b[i]);
}

describe('PlayerView.readEvents', () => {
  it.each([
    ['ukrainian', []],
    ['club-12', []],
    ['vanilla', ['players=9', 'mafia=2']],
  ])('G7 hands over what events(from) returns, typed, onward and from further back (%s)', (setup, options) => {
    const problems: string[] = [];
    const seen = { checks: 0 };
    const job = makeJob(setup, options, '4');
    const j = { ...job, strategies: { ...job.strategies, everyone: checker(problems, seen) } };
    for (let k = 0; k < 15; k++) playJobGame(j, k);
    expect(problems.slice(0, 5)).toEqual([]);
    expect(seen.checks).toBeGreaterThan(200);
  });

  it.each([['ukrainian'], ['club-12']])(
    'G7 G8 no bot can rewrite what another reads: not an event, its audience or seats, nor a statement, not even its own once said (%s)',
    (setup) => {
      // smart's own defaults (tuned=false): the vandal wraps the bare strategy, not a setup's tuned values.
      const job = makeJob(setup, [], '6', ['smart:tuned=false']);
      const tally = { tries: 0, took: 0, ownRewrites: 0 };
      const spoiled = { ...job, strategies: { ...job.strategies, everyone: vandal(tally) } };
      for (let k = 0; k < 6; k++) {
        const clean = playJobGame(job, k, { keepLog: true });
        const vandalised = playJobGame(spoiled, k, { keepLog: true });
        // Every write was refused, so the vandals played exactly the game smart plays.
        expect(JSON.stringify(vandalised.log)).toBe(JSON.stringify(clean.log));
      }
      expect(tally.tries).toBeGreaterThan(1000);
      expect(tally.took).toBe(0);
      expect(tally.ownRewrites).toBeGreaterThan(10);
    },
  );

  it.each([['ukrainian'], ['club-12']])(
    'G7 G8 a vandal at a table of audited bots (handed the record unfrozen) still cannot rewrite what they read (%s)',
    (setup) => {
      const job = makeJob(setup, [], '8', ['smart:tuned=false']);
      const tally = { tries: 0, took: 0, ownRewrites: 0 };
      // The mafia vandalise; the town are smart's own, audited players, whose speeches are not frozen when said.
      const mixed = { ...job, strategies: { ...job.strategies, byTeam: new Map([['mafia', vandal(tally)]]) } };
      for (let k = 0; k < 6; k++) {
        const clean = playJobGame(job, k, { keepLog: true });
        const vandalised = playJobGame(mixed, k, { keepLog: true });
        expect(JSON.stringify(vandalised.log)).toBe(JSON.stringify(clean.log));
      }
      expect(tally.tries).toBeGreaterThan(500);
      expect(tally.took).toBe(0);
    },
  );

  it.each([
    ['ukrainian', []],
    ['club-20', []],
    ['vanilla', ['players=9', 'mafia=2']],
  ])('G7 the audited built-ins never write to the record: against a record frozen throughout they play the same games (%s)', (setup, options) => {
    // smart's own defaults: tuned values go to the registry's strategies only, not to copies of them.
    const job = makeJob(setup, options, '9', ['smart:tuned=false', 'citizen=random']);
    // Copies of the strategies are not audited, so every event is frozen before they read it; a write
    // would throw (modules are strict) and a read that differed would change the game. They also get
    // copies of the nominee lists, and the record copies of what they say: an audited bot that wrote
    // to the list it was lent, or to a speech once said, would play another game than its copy.
    const { everyone, byTeam, byRole } = job.strategies;
    const copy = (m: ReadonlyMap<string, Strategy>) => new Map([...m].map(([k, v]) => [k, { ...v }]));
    const frozen = { ...job, strategies: { ...job.strategies, everyone: { ...everyone }, byTeam: copy(byTeam), byRole: copy(byRole) } };
    let eventsFrozen = 0;
    for (let k = 0; k < 25; k++) {
      const audited = playJobGame(job, k, { keepLog: true });
      const unaudited = playJobGame(frozen, k, { keepLog: true });
      expect(JSON.stringify(unaudited.log)).toBe(JSON.stringify(audited.log));
      expect(audited.log!.some((e) => Object.isFrozen(e))).toBe(false); // what the audit saves: no freezing at all
      eventsFrozen += unaudited.log!.filter((e) => Object.isFrozen(e)).length;
    }
    expect(eventsFrozen).toBeGreaterThan(25 * 20);
  });

  it('reads nothing and returns 0 for a strategy that does not declare usesHistory', () => {
    let delivered = 0;
    let counted = 0;
    const quiet: Strategy = {
      name: 'quiet',
      description: 'random play without history',
      createPlayer(seat) {
        const inner = random.createPlayer(seat);
        return {
          decide(view, request, rng) {
            counted += view.readEvents(0, () => delivered++);
            return inner.decide(view, request, rng);
          },
        };
      },
    };
    const job = makeJob('ukrainian');
    playJobGame({ ...job, strategies: { ...job.strategies, everyone: quiet } }, 0);
    expect([delivered, counted]).toEqual([0, 0]);
  });
});
