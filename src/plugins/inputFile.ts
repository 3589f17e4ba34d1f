// The bounded reader every input file goes through (issue 32): a setup, a scenario, a report given to
// merge, a tune or equilibrium state, a plug-in's source. A regular file of at most a size limit,
// checked before a byte is read, so that `--setup /dev/zero`, `merge FIFO` or `tune --state
// /dev/zero` is refused with one line, not read forever; read to at most one byte past the limit.
// The parsing of setups and scenarios is src/setup/dataFile.ts's.
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { UserError } from '../errors.js';

/** The largest setup or scenario file read: far above any real one, far below what hurts. */
export const MAX_INPUT_BYTES = 1024 * 1024;

/** The largest report (merge) or tune state file read: a report of every metric of a 200-seat table is a few MB. */
export const MAX_DATA_BYTES = 64 * 1024 * 1024;

const size = (n: number) => (n >= 1024 * 1024 ? `${n / (1024 * 1024)} MB` : `${n / 1024} KB`);

/** Why a path cannot be read as an input file (not a regular file, too big), or null. */
export function inputFileProblem(path: string, maxBytes = MAX_INPUT_BYTES): string | null {
  let st: Stats;
  try {
    st = statSync(path);
  } catch (e) {
    return systemReason(e);
  }
  return statProblem(st, maxBytes);
}

function statProblem(st: Stats, maxBytes: number): string | null {
  if (st.isDirectory()) return 'is a directory, not a file';
  if (st.isFIFO()) return 'is a FIFO (named pipe), not a regular file';
  if (st.isCharacterDevice()) return 'is a character device, not a regular file';
  if (st.isBlockDevice()) return 'is a block device, not a regular file';
  if (st.isSocket()) return 'is a socket, not a regular file';
  if (!st.isFile()) return 'is not a regular file';
  if (st.size > maxBytes) return `is ${st.size.toLocaleString('en-US')} bytes; at most ${size(maxBytes)} (${maxBytes.toLocaleString('en-US')} bytes) is read`;
  return null;
}

/** The text of an input file, refused (UserError naming `what`) unless it is a regular file of UTF-8 of at most `maxBytes` (1 MB). */
export function readInputFile(path: string, what: string, maxBytes = MAX_INPUT_BYTES): string {
  const refuse = (why: string): never => {
    throw new UserError(`${path}: cannot read ${what}: ${why}`);
  };
  const problem = inputFileProblem(path, maxBytes);
  if (problem) refuse(problem);
  let fd: number;
  try {
    // Non-blocking: should the path have become a FIFO since, opening it must not wait for a writer.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    return refuse(systemReason(e));
  }
  try {
    const again = statProblem(fstatSync(fd), maxBytes);
    if (again) refuse(again);
    // Read at most one byte past the limit: a file that grew since is refused, not read on and on.
    const buf = Buffer.alloc(Math.min(maxBytes, fstatSync(fd).size + 65536) + 1);
    let got = 0;
    for (;;) {
      const n = readSync(fd, buf, got, buf.length - got, null);
      if (n === 0) break;
      got += n;
      if (got > maxBytes) refuse(`is more than ${size(maxBytes)} (${maxBytes.toLocaleString('en-US')} bytes)`);
      if (got === buf.length) refuse('grew while it was read');
    }
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(buf.subarray(0, got));
    } catch {
      return refuse('is not UTF-8 text');
    }
  } finally {
    closeSync(fd);
  }
}

function systemReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  const reasons: Record<string, string> = {
    ENOENT: 'no such file',
    EACCES: 'permission denied',
    EISDIR: 'is a directory, not a file',
    ENOTDIR: 'a part of the path is not a directory',
    ELOOP: 'too many levels of symbolic links',
  };
  return code && reasons[code] ? `${reasons[code]} (${code})` : e instanceof Error ? e.message.split('\n')[0] : String(e);
}
