// One game with a person at one seat and bots at the others (`mafia-sim play`). The game is played
// from its seed with the person's answers so far; when it needs one more (NeedAnswer, ./human.ts),
// the host asks for it — asynchronously, a readline or a test's list — and the game is played again
// from the start with it. The words are the whole of the person's part: with the seed, the setup and
// the strategies they give the game again (`play --answers`).
import type { Game } from '../engine/game.js';
import { playGame, type PlayOptions } from '../engine/play.js';
import { UserError } from '../errors.js';
import type { RoleDef } from '../model/roles.js';
import { createRng, deriveGameSeed } from '../rng.js';
import { jobArgs, quote, type Job } from '../runner/job.js';
import { newPlayer } from '../strategy/audit.js';
import { strategyFor } from '../strategy/registry.js';
import { HumanSeat, NeedAnswer, type OnAnswer, type Question } from './human.js';

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
  if (job.setup.game.rules.series > 1) throw new UserError(`play plays one game: a club evening (series ${job.setup.game.rules.series}) cannot be played; drop the series option`);
  if (!(seat >= 1 && seat <= n)) throw new UserError(`--seat ${seat}: expected a seat of the table (1..${n})`);
}

/**
 * Plays the game once with the person's `words`: the game, and how many words it took; NeedAnswer
 * out of it when the words run out. `asked` holds what each word answered (filled in as it goes).
 */
export function playWithWords(job: Job, seat: number, words: readonly string[], asked: string[], onAnswer: OnAnswer, options: PlayOptions = {}): { game: Game; used: number } {
  const human = new HumanSeat(words, asked, onAnswer);
  const playerFor = (s: number, role: RoleDef) => (s === seat ? human : newPlayer(strategyFor(job.strategies, role), s));
  const game = playGame(job.setup.game, job.setup.deck, playerFor, deriveGameSeed(job.seed, PLAY_GAME), { ...options, keepLog: true });
  return { game, used: human.used };
}

/** Plays the game with the person at `seat`, from the answers `given` on; returns the game and every answer. */
export async function playSeat(job: Job, seat: number, given: readonly string[], host: Host): Promise<{ game: Game; words: string[] }> {
  checkPlayable(job, seat);
  const words = [...given];
  const asked: string[] = [];
  let shown = 0; // questions the host has been shown
  const onAnswer: OnAnswer = (q, word, i) => {
    if (i < shown) return;
    host.turn(q, word);
    shown = i + 1;
  };
  for (;;) {
    try {
      const { game, used } = playWithWords(job, seat, words, asked, onAnswer);
      if (used < words.length) {
        // Words beyond --answers were each asked for by a game before this one, which then went further.
        if (words.length > given.length) throw new UserError(`the game did not play the same way again: it ended after answer ${used} of ${words.length}; a strategy is not deterministic (G10)`);
        throw tooMany(used, words.length);
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

const tooMany = (used: number, given: number) => new UserError(`--answers: the game ended after ${used} of the ${given} answers given`);

/**
 * The game a `play` played, again, from all its answers and without asking (`replay --seat --answers`):
 * too few answers or too many is an error naming --answers.
 */
export function replayPlayed(job: Job, seat: number, words: readonly string[], options: PlayOptions = {}): Game {
  checkPlayable(job, seat);
  try {
    const { game, used } = playWithWords(job, seat, words, [], () => {}, options);
    if (used < words.length) throw tooMany(used, words.length);
    return game;
  } catch (e) {
    if (e instanceof NeedAnswer) throw new UserError(`--answers: the game asks for more than the ${words.length} answers given (play it with mafia-sim play to answer the rest)`);
    throw e;
  }
}

/** The command that plays the same game again with the same answers (the person's part included). */
export function playCommand(job: Job, seat: number, words: readonly string[]): string {
  const parts = ['mafia-sim', 'play', ...jobArgs(job), '--seed', quote(job.seed), '--seat', String(seat)];
  if (words.length > 0) parts.push('--answers', quote(words.join(',')));
  return parts.join(' ');
}

/** The command that narrates the played game as `replay` does, every seat's night included. */
export function replayPlayedCommand(job: Job, seat: number, words: readonly string[]): string {
  return ['mafia-sim', 'replay', ...jobArgs(job), '--seed', quote(job.seed), '--game', String(PLAY_GAME), '--seat', String(seat), '--answers', quote(words.join(','))].join(' ');
}
