// `mafia-sim replay`: replays one game of a run from its seed and narrates it (or prints its record).
import type { ChalkInstance } from 'chalk';
import { checkInvariants, InvariantError } from '../engine/invariants.js';
import { replayedDifferently } from '../scenario/checks.js';
import { informationProblem } from '../scenario/information.js';
import type { Game } from '../engine/game.js';
import type { RulesGame } from '../rules/ruleSet.js';
import { gameRecord, playJobGame, type GameRecord, type Job } from '../runner/job.js';
import type { PlayOptions } from '../engine/play.js';
import { UserError } from '../errors.js';
import { parseAnswers } from '../play/answers.js';
import { PLAY_GAME, replayPlayed } from '../play/session.js';
import { UNLIMITED } from '../report/fit.js';
import { fitNarration, narrate } from '../report/narrate.js';
import { jobFrom, parseCount, type JobFlags } from './common.js';

export interface ReplayFlags extends JobFlags {
  game: string;
  /**
   * Check the invariants after every phase, as `run --check` does, and every seat's view against the
   * record (G7, as fuzz does), and play the game a second time: it must give the same record (G10).
   * An InvariantError if any fails.
   */
  check?: boolean;
  /** A game `play` played: the person's seat and answers (./play.ts); game 0 only. */
  seat?: string;
  answers?: string;
}

export function replayGame(flags: ReplayFlags, c: ChalkInstance, width = UNLIMITED): { record: GameRecord; text: string } {
  const index = parseCount('--game', flags.game, 0);
  const job = jobFrom(flags);
  const onPhaseEnd = (g: Game, rules: RulesGame) => {
    checkInvariants(g, rules);
    const leak = informationProblem(g);
    if (leak !== null) throw new InvariantError(leak);
  };
  const checks = flags.check === true ? { onPhaseEnd, checkDecisions: true, keepLog: true } : { keepLog: true };
  const play = playedGame(flags, job, index);
  const g = play(checks);
  if (flags.check === true) {
    // G10: the same seed gives the same game (a bot with state shared between games does not).
    const first = JSON.stringify(gameRecord(g, index));
    const again = JSON.stringify(gameRecord(play(checks), index));
    if (again !== first) throw new InvariantError(replayedDifferently(index, first, again));
  }
  const head = `${c.bold(`Game ${index}`)} of setup ${job.setup.name}, seed ${job.seed} (game seed ${g.seed})`;
  return { record: gameRecord(g, index), text: [head, ...fitNarration(narrate(g, c), width)].join('\n') };
}

/** How the game is played: by the job's bots, or (`--seat`, `--answers`) with a person's answers at one seat. */
function playedGame(flags: ReplayFlags, job: Job, index: number): (options: PlayOptions) => Game {
  if (flags.seat === undefined && flags.answers === undefined) return (options) => playJobGame(job, index, options);
  if (flags.seat === undefined || flags.answers === undefined) throw new UserError(`${flags.seat === undefined ? '--answers' : '--seat'} needs ${flags.seat === undefined ? '--seat' : '--answers'}: together they replay a game of mafia-sim play`);
  if (index !== PLAY_GAME) throw new UserError(`--game ${flags.game}: a game of mafia-sim play is game ${PLAY_GAME} (with --seat and --answers)`);
  const seat = parseCount('--seat', flags.seat, 1, job.setup.deck.length);
  const words = parseAnswers(flags.answers);
  return (options) => replayPlayed(job, seat, words, options);
}
