// Answers checked at the engine's boundary (src/engine/game.ts, issue 17 item 4): what a bot that is
// not audited says in a speech must be a list of well-formed statements (G8) and what it decides a
// legal option (G9); anything else — a Promise, null, a statement of no known type or with a seat
// off the table — is dropped, counted illegal, and the game's first is kept as a line naming the bot.
import { describe, expect, it } from 'vitest';
import type { GameEvent, Statement } from '../src/model/events.js';
import { playGame } from '../src/engine/play.js';
import { loadSetup } from '../src/setup/load.js';
import type { Player } from '../src/strategy/types.js';
import { random } from '../strategies/random.js';

const setup = loadSetup('vanilla', ['players=7', 'mafia=2']);

function play(speak: () => unknown, decide?: Player['decide']) {
  let given: Statement | null = null;
  const g = playGame(setup.game, setup.deck, (seat) => ({
    label: 'plug-in test-bot',
    decide: decide ?? ((view, request, rng) => random.createPlayer(seat).decide(view, request, rng)),
    speak: () => {
      const said = speak() as Statement[];
      if (Array.isArray(said) && typeof said[0] === 'object' && said[0] !== null) given = said[0];
      return said;
    },
  }), '11', { keepLog: true });
  const spoken = (g.log as GameEvent[]).filter((e): e is Extract<GameEvent, { t: 'speech' | 'lastWord' }> => e.t === 'speech' || e.t === 'lastWord');
  return { g, spoken, given: given as Statement | null };
}

describe('G8 statements checked at the boundary', () => {
  it('well-formed statements are relayed as copies, and the speaker\'s own are frozen', () => {
    const { g, spoken, given } = play(() => [{ type: 'accuse', seat: 2 }, { type: 'claim', role: 'citizen' }]);
    expect(g.illegalDecisions).toBe(0);
    expect(spoken[0].statements).toEqual([{ type: 'accuse', seat: 2 }, { type: 'claim', role: 'citizen' }]);
    expect(spoken[0].statements[0]).not.toBe(given); // a copy, which no getter can change later
    expect(() => ((given as { seat: number }).seat = 5)).toThrow(TypeError); // and what it said stays said
    expect(spoken[0].statements[0]).toEqual({ type: 'accuse', seat: 2 });
  });

  it('a null statement, one of no known type, one about a seat off the table: dropped and counted, the rest relayed', () => {
    const { g, spoken } = play(() => [null, { type: 'shout', seat: 2 }, { type: 'accuse', seat: 99 }, { type: 'check', seat: 3, result: 'green' }, { type: 'vouch', seat: 3 }]);
    expect(spoken[0].statements).toEqual([{ type: 'vouch', seat: 3 }]);
    expect(g.illegalDecisions).toBe(4 * spoken.length);
    expect(g.firstIllegal).toMatch(/^plug-in test-bot \(seat \d+\) answered (speech|lastWord) with null$/);
  });

  it('a speech that is not a list (a Promise) is dropped and counted, with the hint for async bots', () => {
    const { g, spoken } = play(() => Promise.resolve([]));
    expect(spoken.every((e) => e.statements.length === 0)).toBe(true);
    expect(g.illegalDecisions).toBeGreaterThan(0);
    expect(g.firstIllegal).toMatch(/answered (speech|lastWord) with a Promise: decide is synchronous in-process; use the protocol \(exec:\) for async bots/);
  });
});

describe('G9 decisions checked at the boundary', () => {
  it('a decide that returns a Promise is illegal with the hint; one that rejects does not end the process', async () => {
    const { g } = play(() => [], () => Promise.reject(new Error('no')) as unknown as number);
    expect(g.illegalDecisions).toBeGreaterThan(0);
    expect(g.firstIllegal).toMatch(/^plug-in test-bot \(seat \d+\) answered \w+ with a Promise: decide is synchronous in-process/);
    await new Promise((r) => setTimeout(r, 10)); // an unhandled rejection would fail the test run here
  });
});
