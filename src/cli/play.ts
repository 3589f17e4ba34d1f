// `mafia-sim play`: a person takes a seat in a seeded game against bots, answering at a plain readline
// on stdin — a terminal or a pipe alike (src/play/session.ts plays the game, src/play/screen.ts draws
// it). Exit 0 when the game ends, 1 when the input ends first, 130 on Ctrl-C; either way the command
// that goes on from the answers given is printed.
import { randomInt } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { ChalkInstance } from 'chalk';
import { parseAnswers } from '../play/answers.js';
import type { Question } from '../play/human.js';
import { answerText, introduction, menuOf, narrateSeen, pick, renderMenu, reveal, status, type Menu } from '../play/screen.js';
import { checkPlayable, InputEnded, playCommand, playSeat, replayPlayedCommand, seatFromSeed, type Host } from '../play/session.js';
import type { Job } from '../runner/job.js';
import type { PlayerView } from '../views/view.js';
import { printable } from '../text.js';
import { interruptible } from './interrupt.js';
import { jobFrom, parseCount, type JobFlags } from './common.js';
import type { Io } from './output.js';

export interface PlayFlags extends Omit<JobFlags, 'seed' | 'series'> {
  /** Without it, a new game is dealt from a seed drawn now (and printed). */
  seed?: string;
  seat?: string;
  answers?: string;
}

export interface PlayIo extends Io {
  readonly input: NodeJS.ReadableStream;
  /** Whether the input is a terminal, which echoes what is typed (a pipe does not: the answer is echoed). */
  readonly inputIsTerminal: boolean;
}

/** Seeds drawn for a new game are below this: six digits, short enough to read out and type. */
const NEW_SEED_LIMIT = 1_000_000;

export async function playGameCommand(flags: PlayFlags, io: PlayIo, c: ChalkInstance, width: number): Promise<number> {
  // A new game each time unless --seed is given; the seed is in the command printed at the end.
  const job = jobFrom({ ...flags, seed: flags.seed ?? String(randomInt(NEW_SEED_LIMIT)) });
  const players = job.setup.deck.length;
  const seat = flags.seat === undefined ? seatFromSeed(job.seed, players) : parseCount('--seat', flags.seat, 1, players);
  checkPlayable(job, seat);
  const given = flags.answers === undefined ? [] : parseAnswers(flags.answers);
  const write = (text: string) => io.stdout.write(text);
  const out = (lines: string | readonly string[]) => write(`${typeof lines === 'string' ? lines : lines.join('\n')}\n`);

  return interruptible(async (signal) => {
    const rl = createInterface({ input: io.input, terminal: false, crlfDelay: Infinity });
    // The iterator buffers lines: a pipe delivers many at once, and none may be lost between questions.
    const lines = rl[Symbol.asyncIterator]();
    signal.addEventListener('abort', () => rl.close());
    const screen = new Screen(job, write, c, width);
    const host: Host = {
      turn: (q, word) => screen.turn(q, word),
      ask: (q) => screen.ask(q, async () => {
        const r = await lines.next();
        if (r.done === true) return null;
        if (!io.inputIsTerminal) out(printable(r.value));
        return r.value;
      }),
    };
    try {
      const { game, words } = await playSeat(job, seat, given, host);
      screen.finish(game.view(seat));
      out(reveal(game, seat, c));
      out(['', c.dim('Play this game again, your answers included:'), `  ${playCommand(job, seat, words)}`]);
      out([c.dim("Replay it with every seat's role and night shown:"), `  ${replayPlayedCommand(job, seat, words)}`]);
      return 0;
    } catch (e) {
      if (!(e instanceof InputEnded)) throw e;
      const why = signal.aborted ? 'interrupted' : 'the input ended before the game did';
      io.stdout.write('\n');
      io.stderr.write(`mafia-sim: ${why} (${e.words.length} answer(s) given); to go on from here:\n  ${playCommand(job, seat, e.words)}\n`);
      return signal.aborted ? 130 : 1;
    } finally {
      rl.close();
    }
  });
}

/** Shows the game as the seat sees it, turn by turn, and reads answers through the menus. */
class Screen {
  /** How much of the seat's visible record has been narrated. */
  private cursor = 0;
  private introduced = false;
  /** The status line last shown: shown again only when it changes. */
  private lastStatus = '';

  constructor(
    private readonly job: Job,
    private readonly write: (text: string) => void,
    private readonly c: ChalkInstance,
    private readonly width: number,
  ) {}

  private out(lines: string | readonly string[]): void {
    this.write(`${typeof lines === 'string' ? lines : lines.join('\n')}\n`);
  }

  /** What happened since the last turn, then the question: its menu, or the answer given in advance. */
  turn(q: Question, given: string | null): void {
    this.catchUp(q.view);
    const now = status(q.view, this.c);
    this.out(now === this.lastStatus ? '' : ['', now]);
    this.lastStatus = now;
    if (given === null) this.out(renderMenu(menuOf(q, this.c), this.width, this.c));
    else this.out(`${this.c.yellow.bold(`? ${menuOf(q, this.c).title}`)}\n${this.c.cyan(`> ${answerText(q, given)}`)} ${this.c.dim('(--answers)')}`);
  }

  /** Reads lines until one picks an answer (sub-menus for a statement's parts); null at the end of input. */
  async ask(q: Question, readLine: () => Promise<string | null>): Promise<string | null> {
    let menu: Menu = menuOf(q, this.c);
    for (;;) {
      this.prompt();
      const line = await readLine();
      if (line === null) return null;
      const entry = pick(menu, line);
      if (entry === null) {
        const typed = line.trim();
        this.out(this.c.red(`  ${typed === '' ? 'nothing typed' : `"${printable(typed.slice(0, 20))}" is not one of the choices`}: ${menu.hint}`));
        continue;
      }
      if (typeof entry.then === 'string') return entry.then;
      menu = entry.then();
      this.out(renderMenu(menu, this.width, this.c));
    }
  }

  /**
   * The rest of the game as the seat saw it: out of the game, it still sees what is public, and is
   * told so from the phase after its last question on.
   */
  finish(view: PlayerView): void {
    this.introduce(view);
    const events = view.events(this.cursor);
    const me = view.seat;
    // The phase after the seat's death (told before this or among these events).
    const death = events.findIndex((e) => (e.t === 'died' || e.t === 'eliminated') && e.seat === me);
    const next = view.isAlive(me) ? -1 : events.findIndex((e, i) => i > death && e.t === 'phase');
    if (next < 0) return this.catchUp(view);
    this.out(narrateSeen(view, events.slice(0, next), this.c));
    this.out(['', this.c.dim('You are out of the game; it went on without you:')]);
    this.out(narrateSeen(view, events.slice(next), this.c));
    this.cursor += events.length;
  }

  private prompt(): void {
    this.write(this.c.cyan.bold('> '));
  }

  private introduce(view: PlayerView): void {
    if (this.introduced) return;
    this.introduced = true;
    this.out(introduction(view, this.job.setup.name, this.job.seed, this.c));
  }

  private catchUp(view: PlayerView): void {
    this.introduce(view);
    const events = view.events(this.cursor);
    this.cursor += events.length;
    if (events.length > 0) this.out(narrateSeen(view, events, this.c));
  }
}
