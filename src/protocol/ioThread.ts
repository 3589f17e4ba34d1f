// The bot I/O thread (runs from dist/): owns the bot processes of one game thread and talks to them
// asynchronously, while the game thread, whose engine is synchronous, waits for each answer in
// Atomics.wait (src/protocol/bridge.ts). One thread per game thread, started at its first bot.
// Each reply is posted on the reply port, then the shared flag is raised and notified: the waiting
// game thread wakes and takes the message with receiveMessageOnPort.
import { spawn, type ChildProcess } from 'node:child_process';
import { BroadcastChannel, workerData, parentPort, type MessagePort } from 'node:worker_threads';
import { parseBotMessage, type BotMessage } from './wire.js';
import { BOT_PIDS_CHANNEL, botMark, type BotLaunch, type IoReply, type IoRequest } from './bridge.js';
import { MAX_MESSAGE_BYTES } from './settings.js';

const { flag, replies } = workerData as { flag: Int32Array; replies: MessagePort };
const pids = new BroadcastChannel(BOT_PIDS_CHANNEL);

interface Bot {
  readonly child: ChildProcess;
  /** Lines of stdout not yet taken. */
  readonly lines: string[];
  /** Set when the bot can no longer answer: why. */
  dead: string | null;
  /** The last lines the bot wrote on stderr (a crash's traceback ends there). */
  readonly stderr: string[];
  /** Wakes the request waiting for a line or the bot's end. */
  wake: (() => void) | null;
}

const bots = new Map<string, Bot>();

/** The most lines a bot may write ahead of the requests that ask for them. */
const MAX_PENDING_LINES = 1000;
/** What is kept of a stderr line with no end yet. */
const MAX_STDERR_LINE = 4096;

/** Ends a bot's whole process group: what it started (in its group) goes with it. */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
}

function reply(r: IoReply): void {
  replies.postMessage(r);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}

function launch(key: string, how: BotLaunch): Bot {
  // detached: its own process group, so a Ctrl-C at the terminal reaches the engine only; the engine
  // ends its bots itself (and the main thread kills any left at exit: src/protocol/bridge.ts). The run's
  // mark goes on its file-lock limit (bash spells it -x, dash -w), which whatever it starts inherits.
  const mark = botMark();
  const [file, args] = mark === null ? [how.file, how.args] : ['/bin/sh', ['-c', `ulimit -w ${mark} 2>/dev/null || ulimit -x ${mark} 2>/dev/null; exec "$0" "$@"`, how.file, ...how.args]];
  const child = spawn(file, args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...how.env }, detached: true });
  const bot: Bot = { child, lines: [], dead: null, stderr: [], wake: null };
  const wake = () => {
    const w = bot.wake;
    bot.wake = null;
    w?.();
  };
  let partial = '';
  // A bot that floods (a line without end, lines nobody asked for) is stopped, not buffered: it is out of step.
  const flood = (why: string) => {
    bot.dead ??= why;
    partial = '';
    bot.lines.length = 0;
    killGroup(child);
    wake();
  };
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    if (bot.dead !== null) return;
    const parts = (partial + chunk).split('\n');
    partial = parts.pop()!;
    for (const p of parts) {
      if (p.length > MAX_MESSAGE_BYTES) return flood(`wrote a line of more than ${MAX_MESSAGE_BYTES.toLocaleString('en-US')} characters (a message is one short line)`);
      if (p.trim() !== '') bot.lines.push(p);
    }
    if (partial.length > MAX_MESSAGE_BYTES) return flood(`wrote a line of more than ${MAX_MESSAGE_BYTES.toLocaleString('en-US')} characters (a message is one short line)`);
    if (bot.lines.length > MAX_PENDING_LINES) return flood(`wrote more than ${MAX_PENDING_LINES} lines no request asked for`);
    wake();
  });
  let errPartial = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (errPartial + chunk).split('\n');
    errPartial = parts.pop()!.slice(-MAX_STDERR_LINE);
    for (const p of parts) if (p.trim() !== '') bot.stderr.push(p.trim());
    bot.stderr.splice(0, Math.max(0, bot.stderr.length - 20));
  });
  child.stdin!.on('error', () => {}); // a bot that exits: reported by 'exit' below
  child.on('error', (e) => {
    bot.dead ??= `could not be started: ${e.message}`;
    wake();
  });
  child.on('exit', (code, signal) => {
    // What it started in its group ends with it (a child holding its stdout, a `sleep &`).
    killGroup(child);
    if (child.pid !== undefined) pids.postMessage({ pid: child.pid, alive: false });
    const last = telling(bot.stderr);
    bot.dead ??= signal === null ? `exited (code ${code})${last}` : `was killed by ${signal}${signal === 'SIGKILL' || signal === 'SIGSEGV' || signal === 'SIGABRT' ? ' (perhaps over its memory limit)' : ''}${last}`;
    wake();
  });
  if (child.pid !== undefined) pids.postMessage({ pid: child.pid, alive: true });
  bots.set(key, bot);
  return bot;
}

/** The stderr line that says most about a bot's end: the last about memory (node's heap message, Python's MemoryError), else the last naming an error (a traceback's last line), else the last; never a native stack frame. */
function telling(stderr: readonly string[]): string {
  if (stderr.length === 0) return '';
  const lines = [...stderr].reverse();
  const line = lines.find((l) => /out of memory|MemoryError/i.test(l) && !/^\d+:/.test(l)) ?? lines.find((l) => /error/i.test(l) && !/^\d+:/.test(l)) ?? lines[0];
  return `; on stderr: ${line.length > 200 ? `${line.slice(0, 200)}…` : line}`;
}

function kill(key: string): void {
  const bot = bots.get(key);
  if (!bot) return;
  bots.delete(key);
  bot.dead ??= 'was stopped';
  const w = bot.wake;
  bot.wake = null;
  w?.();
  killGroup(bot.child);
}

/** The bot's next message, or why there is none; a line that is not a message kills the bot (it is out of step). */
async function nextMessage(key: string, bot: Bot): Promise<BotMessage | { problem: string }> {
  while (bot.lines.length === 0) {
    if (bot.dead !== null) return { problem: bot.dead };
    await new Promise<void>((resolve) => (bot.wake = resolve));
  }
  const m = parseBotMessage(bot.lines.shift()!);
  if ('problem' in m) kill(key);
  return m;
}

async function handle(req: IoRequest): Promise<void> {
  if (req.type === 'kill') return kill(req.key);
  let bot = bots.get(req.key);
  if (req.type === 'notify') {
    if (bot && bot.dead === null) bot.child.stdin!.write(req.line + '\n');
    return;
  }
  if (req.type === 'start') {
    if (bot) kill(req.key);
    bot = launch(req.key, req.launch);
  }
  if (!bot || bot.dead !== null) return reply({ id: req.id, ok: false, error: bot?.dead ?? 'is not running' });
  bot.child.stdin!.write(req.line + '\n');
  // Answers to earlier requests (that timed out) are skipped: the game thread has moved on.
  for (;;) {
    const m = await nextMessage(req.key, bot);
    if ('problem' in m) return reply({ id: req.id, ok: false, error: m.problem });
    if (req.type === 'start' || m.type === 'hello' || m.id === undefined || m.id === req.id) return reply({ id: req.id, ok: true, message: m });
  }
}

// Requests are handled one at a time, in order: the game thread waits for each. A kill is not queued:
// it ends the request still waiting for the bot it stops (the game thread gave up on it).
let queue = Promise.resolve();
parentPort!.on('message', (req: IoRequest) => {
  if (req.type === 'kill') return kill(req.key);
  queue = queue.then(() => handle(req)).catch((e: unknown) => {
    if ('id' in req) reply({ id: req.id, ok: false, error: `the bot I/O thread failed: ${e instanceof Error ? e.message : String(e)}` });
  });
});
