// A strategy played by a bot in another process over the bot protocol (docs/protocol.md): `exec:CMD`
// (any program), or a JS/TS plug-in run isolated (./pluginHost.ts). One process per bot per thread
// serves every game and seat that thread plays; each seat's player sends it requests through the
// thread's bridge (./bridge.ts) and turns what comes back into the engine's answers. A bot that does
// not answer in time, exits, or writes something that is not a message fails the game it was playing
// (a PluginError names the bot, the seat and the request) and is started afresh for the next game.
import { PluginError } from '../errors.js';
import type { Statement } from '../model/events.js';
import type { SpeechKind } from '../model/decisions.js';
import { GameStreams } from '../rng.js';
import type { Decision, DecisionRequest, GameTag, Player, Strategy } from '../strategy/types.js';
import type { PlayerView } from '../views/view.js';
import { fileURLToPath } from 'node:url';
import { workerEntry } from '../threads/pool.js';
import { botBridge, type BotLaunch } from './bridge.js';
import { botSettings, MAX_STATEMENTS_PER_SPEECH } from './settings.js';
import { PROTOCOL_VERSION, wireView, type BotMessage, type EngineMessage, type ViewMode } from './wire.js';
import { spawnSync } from 'node:child_process';

/** How long a bot may take to start and answer the hello (a TypeScript plug-in compiles first). */
const STARTUP_MS = 15_000;

const ENGINE = 'mafia-sim';

/** After this many games in a row that a bot failed, it is not started again in the run (on this thread). */
export const MAX_FAILURES_IN_A_ROW = 5;

/** One bot process (per thread): started at its first request, and again after it failed a game. */
class ProtocolBot {
  private running = false;
  /**
   * Why the bot is not started again: it could not start (each game would wait out the start's time
   * limit again), or it failed MAX_FAILURES_IN_A_ROW games in a row (a loop in decide would cost every
   * game of the run the decision's time limit). Each later game then fails at once, with the reason.
   */
  private broken: string | null = null;
  private failedThisGame = false;
  private failuresInARow = 0;
  private mode: ViewMode = 'delta';
  private game: GameTag | null = null;
  private gameId = 0;
  private static nextKey = 1;
  private readonly key = `bot${ProtocolBot.nextKey++}`;

  constructor(
    /** How the bot is named in messages: `exec:CMD`, or the plug-in's path. */
    readonly label: string,
    private readonly launch: () => BotLaunch,
  ) {}

  /** The game id of a new player's game; a new game ends the one before (games on a thread do not overlap). */
  gameOf(tag: GameTag): number {
    if (tag !== this.game) {
      if (this.game !== null && this.running) this.send({ type: 'end', game: this.gameId });
      if (this.game !== null && !this.failedThisGame) this.failuresInARow = 0;
      this.failedThisGame = false;
      this.game = tag;
      this.gameId = nextGameId++;
    }
    return this.gameId;
  }

  get fullView(): boolean {
    return this.mode === 'full';
  }

  private send(m: EngineMessage): void {
    botBridge().notify(this.key, JSON.stringify(m));
  }

  fail(seat: number, what: string, problem: string): never {
    if (!this.failedThisGame) {
      this.failedThisGame = true;
      if (++this.failuresInARow >= MAX_FAILURES_IN_A_ROW && this.broken === null) {
        this.broken = `${problem} (${what}); it failed ${this.failuresInARow} games in a row, so it is not started again`;
      }
    }
    this.running = false;
    botBridge().kill(this.key);
    throw new PluginError(`bot ${this.label} (seat ${seat}) ${problem} (${what})`);
  }

  private start(seat: number): void {
    // A bot that could not start (a hello never answered: an import that never finishes, a loop at
    // its top level, a program that reads and never writes) fails every later game at once with the
    // same reason, instead of making each wait out the start's time limit again.
    if (this.broken !== null) this.fail(seat, 'at its start', this.broken);
    const hello: EngineMessage = { type: 'hello', protocol: PROTOCOL_VERSION, engine: ENGINE };
    const m = botBridge().call(this.key, () => JSON.stringify(hello), Math.max(STARTUP_MS, botSettings().decisionTimeoutMs), this.launch());
    const problem =
      'problem' in m ? m.problem
      : m.type === 'error' ? `could not start: ${m.message}`
      : m.type !== 'hello' ? `answered the hello with a "${m.type}" message`
      : m.protocol !== PROTOCOL_VERSION ? `speaks protocol ${m.protocol}; mafia-sim speaks ${PROTOCOL_VERSION}`
      : null;
    if (problem !== null || 'problem' in m || m.type !== 'hello') {
      this.broken = problem;
      return this.fail(seat, 'at its start', problem!);
    }
    this.mode = m.view ?? 'delta';
    this.running = true;
  }

  /** Sends a request made for its id and returns the answer of the expected type. */
  ask<T extends BotMessage['type']>(seat: number, what: string, expect: T, make: (id: number) => EngineMessage): Extract<BotMessage, { type: T }> {
    if (!this.running) this.start(seat);
    const m = botBridge().call(this.key, (id) => JSON.stringify(make(id)), botSettings().decisionTimeoutMs);
    if ('problem' in m) return this.fail(seat, what, m.problem);
    if (m.type === 'error') throw new PluginError(`bot ${this.label} (seat ${seat}) reported an error (${what}): ${m.message}`);
    if (m.type !== expect) return this.fail(seat, what, `answered with a "${m.type}" message where a "${expect}" was expected`);
    return m as Extract<BotMessage, { type: T }>;
  }
}

let nextGameId = 1;

/** One seat's player of a protocol bot for one game: it sends the events its seat has not been sent yet. */
class ProtocolPlayer implements Player {
  readonly label: string;
  private cursor = 0;
  private first = true;
  private seed = -1;

  constructor(
    private readonly bot: ProtocolBot,
    private readonly seat: number,
    private readonly game: number,
    private readonly gameSeed: string,
  ) {
    this.label = `bot ${bot.label}`;
  }

  private view(view: PlayerView) {
    // The first draw of a copy of the seat's stream (G10), which stays untouched: an isolated plug-in
    // (./pluginHost.ts) is handed that stream whole, as it would be in-process.
    if (this.seed < 0) this.seed = new GameStreams(this.gameSeed).seat(this.seat).int(0x80000000);
    const full = this.bot.fullView;
    const { view: wire, next } = wireView(view, full ? 0 : this.cursor, this.first || full ? this.gameSeed : null);
    return { wire, next };
  }

  decide(view: PlayerView, request: DecisionRequest): Decision | undefined {
    const { wire, next } = this.view(view);
    const { game, seat, seed } = this;
    const { kind, options, canPass, intent } = request;
    const m = this.bot.ask(seat, `${kind} request`, 'decision', (id) => ({ type: 'decide', id, game, seat, seed, kind, options, canPass, intent, view: wire }));
    this.cursor = next;
    this.first = false;
    // Anything but a number or null is an illegal answer, replaced by the rule's default (G9).
    return m.answer as Decision;
  }

  speak(view: PlayerView, kind: SpeechKind): readonly Statement[] | undefined {
    const { wire, next } = this.view(view);
    const { game, seat, seed } = this;
    const m = this.bot.ask(seat, `${kind}`, 'statements', (id) => ({ type: 'speak', id, game, seat, seed, kind, view: wire }));
    if (m.statements.length > MAX_STATEMENTS_PER_SPEECH) this.bot.fail(seat, kind, `made ${m.statements.length} statements in one speech; at most ${MAX_STATEMENTS_PER_SPEECH}`);
    this.cursor = next;
    this.first = false;
    return m.statements;
  }
}

/** A strategy whose players are seats of one bot process (per thread). */
export function protocolStrategy(label: string, description: string, launch: () => BotLaunch): Strategy {
  const bot = new ProtocolBot(label, launch);
  return {
    name: label,
    description,
    usesHistory: true,
    createPlayer(seat: number, game?: GameTag): Player {
      const tag = game ?? { seed: '' };
      return new ProtocolPlayer(bot, seat, bot.gameOf(tag), tag.seed);
    },
  };
}

/** `exec:CMD`: CMD run by /bin/sh, under the memory limit (node's heap limit, and ulimit -v for other programs). */
export function execLaunch(command: string): BotLaunch {
  const mb = botSettings().memoryMb;
  // ulimit -v caps address space, which V8 reserves far beyond its heap: a node bot gets a heap limit instead.
  const node = /^\s*(\S*\/)?node(js)?(\s|$)/.test(command);
  const limit = node ? '' : `ulimit -v ${mb * 1024} 2>/dev/null; `;
  return { file: '/bin/sh', args: ['-c', `${limit}exec ${command}`], env: { NODE_OPTIONS: `--max-old-space-size=${mb}` } };
}

const execBots = new Map<string, Strategy>();
const commandChecks = new Map<string, string | null>();

/**
 * Why `exec:CMD` cannot start, found before any game: its program is not on the PATH (or not a file
 * that exists). Null when it can, or when the command does not start with a plain program word (a
 * quoted name, a variable, an assignment): the bot's start then says what is wrong, game by game.
 */
export function commandProblem(command: string): string | null {
  let problem = commandChecks.get(command);
  if (problem === undefined) {
    const program = /^\s*([\w./+-]+)(\s|$)/.exec(command)?.[1];
    const found = program === undefined || spawnSync('/bin/sh', ['-c', 'command -v -- "$1" >/dev/null', 'sh', program]).status === 0;
    problem = found ? null : `${program}: command not found`;
    commandChecks.set(command, problem);
  }
  return problem;
}

/** The strategy of `exec:CMD` (one per command per thread, so one process). */
export function execStrategy(command: string): Strategy {
  let s = execBots.get(command);
  if (!s) execBots.set(command, (s = protocolStrategy(`exec:${command}`, `a bot in another process: ${command} (docs/protocol.md)`, () => execLaunch(command))));
  return s;
}

const isolatedBots = new Map<string, Strategy>();

/**
 * A JS/TS plug-in run isolated (--isolate): in a node process of its own, behind the protocol
 * (./pluginHost.ts), its heap limited to the bot memory limit. One per plug-in and parameters per thread.
 */
export function isolatedStrategy(file: string, name: string, params: string): Strategy {
  const spec = params === '' ? file : `${file}:${params}`;
  let s = isolatedBots.get(spec);
  if (!s) {
    const host = fileURLToPath(workerEntry('protocol/pluginHost'));
    const launch = (): BotLaunch => ({ file: process.execPath, args: [`--max-old-space-size=${botSettings().memoryMb}`, host, spec], env: {} });
    isolatedBots.set(spec, (s = protocolStrategy(params === '' ? name : `${name}:${params}`, `the plug-in ${name}, isolated (docs/protocol.md)`, launch)));
  }
  return s;
}
