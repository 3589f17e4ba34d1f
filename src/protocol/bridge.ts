// How the synchronous engine waits for a bot in another process. The engine's decide() must return an
// answer, so a game thread that asks a protocol bot posts the request to its bot I/O thread
// (./ioThread.ts, which does the asynchronous pipe I/O) and blocks in Atomics.wait on a shared flag
// until the reply is posted, or until the decision's time limit passes. Built-in and in-process bots
// never come here: their hot path is unchanged (docs/protocol.md, "Why Atomics.wait").
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { BroadcastChannel, MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { BotMessage } from './wire.js';
import { workerEntry } from '../threads/pool.js';

/** How to start a bot: a program and its arguments, and variables added to the environment. */
export interface BotLaunch {
  readonly file: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

export type IoRequest =
  | { readonly type: 'start'; readonly id: number; readonly key: string; readonly launch: BotLaunch; readonly line: string }
  | { readonly type: 'call'; readonly id: number; readonly key: string; readonly line: string }
  | { readonly type: 'notify'; readonly key: string; readonly line: string }
  | { readonly type: 'kill'; readonly key: string };

export type IoReply = { readonly id: number; readonly ok: true; readonly message: BotMessage } | { readonly id: number; readonly ok: false; readonly error: string };

/** Where the I/O threads announce the bot processes they start and see end (the main thread kills what is left at exit). */
export const BOT_PIDS_CHANNEL = 'mafia-sim:bot-pids';

/** One per thread that plays games with protocol bots: its I/O thread and the flag it waits on. */
class Bridge {
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));
  private readonly replies: MessagePort;
  private readonly worker: Worker;
  private nextId = 1;

  constructor() {
    const { port1, port2 } = new MessageChannel();
    this.replies = port1;
    this.worker = new Worker(workerEntry('protocol/ioThread'), { workerData: { flag: this.flag, replies: port2 }, transferList: [port2] });
    // Neither keeps the process alive: when the games are over, so are the bots (their stdin closes).
    this.worker.unref();
    this.replies.unref();
  }

  /**
   * Sends the line made for its request id and waits at most `timeoutMs` for the answer: the bot's message, or why there is
   * none ('timeout' when the time ran out; the bot is then stopped, as it is out of step).
   */
  call(key: string, make: (id: number) => string, timeoutMs: number, launch?: BotLaunch): BotMessage | { problem: string } {
    const id = this.nextId++;
    const line = make(id);
    Atomics.store(this.flag, 0, 0);
    this.worker.postMessage(launch ? { type: 'start', id, key, launch, line } : { type: 'call', id, key, line });
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const left = deadline - performance.now();
      if (left <= 0 || Atomics.wait(this.flag, 0, 0, left) === 'timed-out') {
        if (this.take(id) === null) {
          this.worker.postMessage({ type: 'kill', key });
          return { problem: `did not answer within ${timeoutMs} ms` };
        }
      }
      const r = this.take(id);
      if (r !== null) return r.ok ? r.message : { problem: r.error };
      Atomics.store(this.flag, 0, 0);
    }
  }

  /** The reply to request `id` if it has come (earlier ones are dropped: their requests timed out). */
  private take(id: number): IoReply | null {
    for (;;) {
      const r = receiveMessageOnPort(this.replies)?.message as IoReply | undefined;
      if (r === undefined) return null;
      if (r.id === id) return r;
    }
  }

  notify(key: string, line: string): void {
    this.worker.postMessage({ type: 'notify', key, line });
  }

  kill(key: string): void {
    this.worker.postMessage({ type: 'kill', key });
  }
}

let bridge: Bridge | null = null;

/** This thread's bridge, started at its first use. */
export function botBridge(): Bridge {
  return (bridge ??= new Bridge());
}

/**
 * The variable every bot process (and whatever it starts) carries in its environment: this run's
 * token, set by the main thread before any thread starts, inherited by every thread's I/O thread.
 */
export const BOT_RUN_VARIABLE = 'MAFIA_SIM_BOT_RUN';

/**
 * This run's mark, a number from the token: every bot starts with its limit on file locks set to it
 * (./ioThread.ts). Linux has not enforced that limit since 2.4.25, so it changes nothing a bot does;
 * and it is inherited by whatever a bot starts — through a cleared environment (env -i), a session of
 * its own (setsid), a double fork, closed file descriptors — so the run finds every such process by it
 * (/proc/PID/limits). Null outside a command (no token).
 */
export function botMark(): number | null {
  const token = process.env[BOT_RUN_VARIABLE];
  const hex = token?.split('.')[1];
  return hex === undefined || !/^[0-9a-f]{8,}$/.test(hex) ? null : 1_000_000_000 + (parseInt(hex.slice(0, 8), 16) % 1_000_000_000);
}

/**
 * In the main thread of a command: kills, at exit, every bot process an I/O thread (of any thread)
 * started and has not seen end — a bot stuck in a loop ignores its closed stdin — with its process
 * group; then every process still descended from this one (what an in-process plug-in started), and
 * every process that carries this run's mark in its limits or its token in its environment (Linux:
 * /proc), which finds what a bot started in a session of its own (setsid), with a cleared environment
 * (env -i), or let go of by a double fork.
 */
let reaping = false;

export function reapBotsAtExit(): void {
  if (reaping) return;
  reaping = true;
  const token = `${process.pid}.${randomBytes(6).toString('hex')}`;
  process.env[BOT_RUN_VARIABLE] = token;
  const mark = botMark()!;
  const live = new Set<number>();
  const channel = new BroadcastChannel(BOT_PIDS_CHANNEL);
  channel.onmessage = (e) => {
    const { pid, alive } = (e as unknown as { data: { pid: number; alive: boolean } }).data;
    if (alive) live.add(pid);
    else live.delete(pid);
  };
  channel.unref();
  process.once('exit', () => {
    for (const pid of live) {
      try {
        process.kill(-pid, 'SIGKILL'); // its process group (it was started detached), its children too
      } catch {
        // gone already
      }
    }
    killLeftovers(`${BOT_RUN_VARIABLE}=${token}`, mark);
  });
}

/**
 * SIGKILLs every process descended from this one, whose file-lock limit is `mark` or whose environment
 * holds `entry` (none where there is no /proc). Again until a pass finds none: a process forked while
 * its parent was being killed is found by the next.
 */
export function killLeftovers(entry: string, mark: number): void {
  const wanted = Buffer.from(`\0${entry}\0`);
  const first = Buffer.from(`${entry}\0`);
  const limit = new RegExp(`^Max file locks\\s+${mark}\\s`, 'm');
  const killed = new Set<number>();
  for (let pass = 0; pass < 10; pass++) {
    let pids: number[];
    try {
      pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p)).map(Number).filter((p) => p !== process.pid && !killed.has(p));
    } catch {
      return;
    }
    const parent = new Map<number, number>();
    for (const pid of pids) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
        // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
        parent.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      } catch {
        // gone meanwhile
      }
    }
    const ours = (pid: number) => {
      for (let p = parent.get(pid), hops = 0; p !== undefined && p > 1 && hops < 64; p = parent.get(p), hops++) if (p === process.pid) return true;
      return false;
    };
    let found = 0;
    for (const pid of pids) {
      try {
        const carries = ours(pid) || limit.test(readFileSync(`/proc/${pid}/limits`, 'latin1')) || hasEntry(readFileSync(`/proc/${pid}/environ`), wanted, first);
        if (!carries) continue;
        process.kill(pid, 'SIGKILL');
        killed.add(pid);
        found++;
      } catch {
        // gone, or not ours to read or kill
      }
    }
    if (found === 0) return;
  }
}

const hasEntry = (env: Buffer, wanted: Buffer, first: Buffer) => env.indexOf(wanted) >= 0 || env.subarray(0, first.length).equals(first);
