// Every byte the CLI writes goes through here, so that no write is silently short: fs.writeSync may
// write less than it was given (a disk filling up), and Node's own stdout stream ignores that count
// when stdout is a file. A failed write is an OutputError (one line, exit 1); stdout closed by its
// reader (EPIPE: `mafia-sim run | head -1`) is ReaderGone, which ends the program quietly.
import { writeSync } from 'node:fs';
import { OutputError } from '../errors.js';

/** A write that could not be completed (src/errors.ts): one line, exit 1. */
export { OutputError };

/** The reader of stdout went away (EPIPE); nobody is left to tell, so the program just stops. */
export class ReaderGone extends Error {
  override readonly name = 'ReaderGone';
}

/** Where text goes: stdout, stderr, or (in tests) a string. */
export interface TextSink {
  write(text: string): void;
}

type WriteFn = (fd: number, buffer: Uint8Array, offset: number, length: number) => number;

/** How often a write that wrote nothing is tried again before it is an error. */
const ZERO_WRITE_RETRIES = 100;
/** A pipe or terminal in non-blocking mode says EAGAIN when full: wait this long, then try again. */
const EAGAIN_WAIT_MS = 2;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes all of `data` to `fd`, retrying short writes; throws OutputError (or ReaderGone for EPIPE on
 * stdout) when the system refuses. `write` is replaceable for tests.
 */
export function writeFully(fd: number, data: Uint8Array, target: string, write: WriteFn = writeSync): void {
  let offset = 0;
  let idle = 0;
  while (offset < data.length) {
    let n: number;
    try {
      n = write(fd, data, offset, data.length - offset);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        Atomics.wait(pause, 0, 0, EAGAIN_WAIT_MS);
        continue;
      }
      if (code === 'EPIPE' && fd === 1) throw new ReaderGone('stdout closed by its reader');
      throw new OutputError(target, code, describeWriteError(e as NodeJS.ErrnoException, offset, data.length));
    }
    if (n > 0) {
      offset += n;
      idle = 0;
    } else if (++idle > ZERO_WRITE_RETRIES) {
      throw new OutputError(target, undefined, `the system wrote nothing (${offset} of ${data.length} bytes written)`);
    }
  }
}

function describeWriteError(e: NodeJS.ErrnoException, written: number, total: number): string {
  const what =
    e.code === 'ENOSPC' ? 'no space left on device'
    : e.code === 'EDQUOT' ? 'disk quota exceeded'
    : e.code === 'EPIPE' ? 'the reader closed the pipe'
    : e.code === 'EFBIG' ? 'file too large'
    : e.code === 'EIO' ? 'input/output error'
    : (e.message.split('\n')[0].replace(/^[A-Z]+: /, '').replace(/, write$/, '') || 'write failed');
  const partly = written > 0 ? `; ${written} of ${total} bytes written` : '';
  return `${what}${e.code ? ` (${e.code})` : ''}${partly}`;
}

/** A sink writing to a file descriptor through writeFully. */
export function fdSink(fd: number, target: string): TextSink {
  return { write: (text) => writeFully(fd, Buffer.from(text, 'utf8'), target) };
}

/** stderr: a failure to write there cannot be reported anywhere, so it is dropped. */
export function quietSink(fd: number): TextSink {
  const inner = fdSink(fd, 'stderr');
  return {
    write(text) {
      try {
        inner.write(text);
      } catch {
        // nowhere left to say so
      }
    },
  };
}

/** The program's two streams. */
export interface Io {
  readonly stdout: TextSink;
  readonly stderr: TextSink;
}

export function processIo(): Io {
  return { stdout: fdSink(1, 'stdout'), stderr: quietSink(2) };
}
