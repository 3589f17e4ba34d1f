// One game with a person at one seat and bots at the others (`mafia-sim play`). The game is played
// from its seed with the person's answers so far; when it needs one more (NeedAnswer, ./human.ts),
// the host asks for it — asynchronously, a readline or a test's list — and the game is played again
// from the start with it. The words are the whole of the person's part: with the seed, the setup and
// the strategies they give the game again (`play --answers`).
import type { Game } from '../engine/game.js';
import { playGame } from '../engine/play.js';
import { UserError } from '../errors.js';
import type { RoleDef } from '../model/roles.js';
import { createRng, deriveGameSeed } from '../rng.js';
import { jobArgs, quote, type Job } from '../runner/job.js';
import { newPlayer } from '../strategy/audit.js';
import { strategyFor } from '../strategy/registry.js';
import { HumanSeat, NeedAnswer, type Question } from './human.js';

/** What shows the game to the person and asks them. */
export interface Host {
  /**
   * A question, shown once, in order: what the seat has seen since the last, then the question;
   * `given` is its answer when it was given in advance (`--answers`), else null (`ask` follows).
   */
  turn(q: Question, given: string | null): void;
  /** The person's answer as a word (./answers.ts), or null when the input has ended. */
  ask(q: Question): Promise<string | null>;
}

/** The input ended (EOF) before the game did: `words` are the answers given so far. */
export class InputEnded extends Error {
  override readonly name = 'InputEnded';
  constructor(readonly words: readonly string[]) {
    super('the input ended before the game did');
  }
}

/** The game a `play` plays: game 0 of the job's seed (the same game `replay --game 0` plays with bots only). */
export const PLAY_GAME = 0;

/** The seat a person takes when `--seat` is not given: drawn from the run's seed, its own stream. */
export function seatFromSeed(seed: string, players: number): number {
  return createRng(`${seed}/play-seat`).int(players) + 1;
}

/** Checks a table can be played at: one game (no club evening), and a seat of the table. */
export function checkPlayable(job: Job, seat: number): void {
  const n = job.setup.deck.length;
  if (job.setup.game.rules.series > 1) throw new UserError(`play plays one game: a club evening (series ${job.setup.game.rules.series}) cannot be played; drop --option series / --series`);
  if (!(seat >= 1 && seat <= n)) throw new UserError(`--seat ${seat}: expected a seat of the table (1..${n})`);
}

/** Plays the game with the person at `seat`, from the answers `given` on; returns the game and every answer. */
export async function playSeat(job: Job, seat: number, given: readonly string[], host: Host): Promise<{ game: Game; words: string[] }> {
  checkPlayable(job, seat);
  const words = [...given];
  const asked: string[] = [];
  let shown = 0; // questions the host has been shown
  const seed = deriveGameSeed(job.seed, PLAY_GAME);
  for (;;) {
    const human = new HumanSeat(words, asked, (q, word, i) => {
      if (i < shown) return;
      host.turn(q, word);
      shown = i + 1;
    });
    const playerFor = (s: number, role: RoleDef) => (s === seat ? human : newPlayer(strategyFor(job.strategies, role), s));
    try {
      const game = playGame(job.setup.game, job.setup.deck, playerFor, seed, { keepLog: true });
      if (human.used < words.length) {
        // Words beyond --answers were each asked for by a game before this one, which then went further.
        if (words.length > given.length) throw new UserError(`the game did not play the same way again: it ended after answer ${human.used} of ${words.length}; a strategy is not deterministic (G10)`);
        throw new UserError(`--answers: the game ended after ${human.used} of the ${words.length} answers given`);
      }
      return { game, words };
    } catch (e) {
      if (!(e instanceof NeedAnswer)) throw e;
      if (shown <= words.length) {
        host.turn(e.question, null);
        shown = words.length + 1;
      }
      const word = await host.ask(e.question);
      if (word === null) throw new InputEnded(words);
      words.push(word);
    }
  }
}

/** The command that plays the same game again with the same answers (the person's part included). */
export function playCommand(job: Job, seat: number, words: readonly string[]): string {
  const parts = ['mafia-sim', 'play', ...jobArgs(job), '--seed', quote(job.seed), '--seat', String(seat)];
  if (words.length > 0) parts.push('--answers', quote(words.join(',')));
  return parts.join(' ');
}
