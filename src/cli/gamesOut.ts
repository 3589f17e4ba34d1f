// Where `run --games-out` writes its lines (and `--html`, `--csv` their pages). A regular file (or a new path) is written to a temp file
// of its own beside the target and renamed into place only when the run is done, so the target is
// never half-written and two runs never write the same temp file; a FIFO, a device or stdout (`-`)
// is written straight through, and never replaced by a regular file. Everything that would stop the
// write is found before the first game. A temp file is removed on every exit the process sees.
import { randomBytes } from 'node:crypto';
import {
  accessSync, closeSync, constants, fstatSync, fsyncSync, lstatSync, openSync, readlinkSync, realpathSync, renameSync, rmSync, statSync, type Stats,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UserError } from '../errors.js';
import { OutputError, writeFully, type TextSink } from './output.js';

export interface GamesOut {
  write(text: string): void;
  /** What is written so far goes to the temp file (or the stream) now, not at the next block or the commit. */
  flush(): void;
  /** Everything written reaches the target (a temp file is renamed into place). */
  commit(): void;
  /** Drops what was written to a temp file (a no-op once committed, or when writing straight through). */
  abort(): void;
}

/** Lines are written in blocks of about this many characters. */
const BLOCK = 1 << 16;

/**
 * Whether the lines go to stdout: `-`, a name of stdout (/dev/stdout, …), or the very file stdout is
 * redirected to (opening that again would truncate it, and the two writers would overwrite each other).
 */
export function gamesOutIsStdout(path: string): boolean {
  return path === '-' || isStream(path, 1);
}

const STREAM_NAMES: Record<number, readonly string[]> = {
  1: ['/dev/stdout', '/dev/fd/1', '/proc/self/fd/1'],
  2: ['/dev/stderr', '/dev/fd/2', '/proc/self/fd/2'],
};

/** `path` names a stream itself (`-`, /dev/stdout, /dev/fd/2, …), not a file it may be redirected to. */
export function isStreamName(path: string): boolean {
  return path === '-' || STREAM_NAMES[1].includes(path) || STREAM_NAMES[2].includes(path);
}

/** `path` is the stream `fd` itself: one of its names, or the regular file it is redirected to. */
function isStream(path: string, fd: number): boolean {
  if (STREAM_NAMES[fd].includes(path)) return true;
  try {
    const a = statSync(path);
    const b = fstatSync(fd);
    return a.isFile() && a.dev === b.dev && a.ino === b.ino;
  } catch {
    return false;
  }
}

/**
 * Checks the target and opens it; bad targets are a UserError naming the flag and the path. Lines
 * for stdout go through `stdout` (so that a closed pipe ends the run quietly, as it does for the report).
 */
export function openGamesOut(path: string, stdout: TextSink): GamesOut {
  return openOutputFile('--games-out', path, stdout, 'games.jsonl');
}

/**
 * The same for any output file flag (`--html`, `--csv`): its errors name `option` and the path, and a
 * directory is refused with `example` as the file name to give.
 */
export function openOutputFile(option: string, path: string, stdout: TextSink, example: string): GamesOut {
  const flag = `${option} ${path}`;
  if (gamesOutIsStdout(path)) return buffered((text) => stdout.write(text), () => {}, () => {});
  // /dev/stderr, or a file stderr is redirected to: opening it again would truncate it.
  if (isStream(path, 2)) return direct(2, flag, false);

  const target = resolveLinks(path, flag);
  let st: Stats | null;
  try {
    st = statSync(target);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw cannot(flag, e);
    st = null;
  }
  if (st?.isDirectory()) throw new UserError(`${flag}: is a directory (give a file name, e.g. ${join(path, example)})`);
  if (st && !st.isFile()) {
    // A FIFO or a device: written straight through (opening a FIFO waits for its reader).
    let fd: number;
    try {
      fd = openSync(target, constants.O_WRONLY);
    } catch (e) {
      throw cannot(flag, e);
    }
    return direct(fd, flag, true);
  }
  return viaTempFile(target, st, flag);
}

/** A regular file or a new path: a temp file of this run beside it, renamed over it at commit. */
function viaTempFile(target: string, existing: Stats | null, flag: string): GamesOut {
  const dir = dirname(target);
  let dirStat: Stats;
  try {
    dirStat = statSync(dir);
  } catch (e) {
    throw cannot(flag, e, (e as NodeJS.ErrnoException).code === 'ENOENT' ? `no such directory ${dir}` : undefined);
  }
  if (!dirStat.isDirectory()) throw new UserError(`${flag}: cannot write: ${dir} is not a directory`);
  try {
    if (existing) accessSync(target, constants.W_OK);
    accessSync(dir, constants.W_OK);
  } catch (e) {
    throw cannot(flag, e);
  }
  const tmp = join(dir, `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.partial`);
  let fd: number;
  try {
    // O_EXCL: a name no other run can be using. The target's permissions carry over to its replacement.
    fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, existing ? existing.mode & 0o7777 : 0o666);
  } catch (e) {
    throw cannot(flag, e);
  }
  leftovers.add(tmp);
  ensureExitCleanup();
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    closeSync(fd);
  };
  return buffered(
    (text) => writeFully(fd, Buffer.from(text, 'utf8'), flag),
    () => {
      try {
        fsyncSync(fd); // the data is on disk before the name points at it
        close();
        renameSync(tmp, target);
      } catch (e) {
        throw new OutputError(flag, (e as NodeJS.ErrnoException).code, errorText(e));
      }
      leftovers.delete(tmp);
    },
    () => {
      try {
        close();
      } catch {
        // the file is removed below either way
      }
      rmSync(tmp, { force: true });
      leftovers.delete(tmp);
    },
  );
}

/** Straight to an open descriptor (a FIFO, a device, stderr); `owned` descriptors are closed at the end. */
function direct(fd: number, flag: string, owned: boolean): GamesOut {
  let open = owned;
  const close = () => {
    if (open) closeSync(fd);
    open = false;
  };
  return buffered((text) => writeFully(fd, Buffer.from(text, 'utf8'), flag), close, () => {
    try {
      close();
    } catch {
      // nothing of ours to remove
    }
  });
}

function buffered(flushText: (text: string) => void, commit: () => void, abort: () => void): GamesOut {
  let buffer = '';
  let done = false;
  const flush = () => {
    const text = buffer;
    buffer = '';
    if (text) flushText(text);
  };
  return {
    write(text) {
      buffer += text;
      if (buffer.length > BLOCK) flush();
    },
    flush() {
      if (!done) flush();
    },
    commit() {
      if (done) return;
      flush();
      done = true;
      commit();
    },
    abort() {
      if (done) return;
      done = true;
      buffer = '';
      abort();
    },
  };
}

/** The path with its symbolic links followed (a link is kept: its target is what gets written; a dangling one is refused). */
function resolveLinks(path: string, flag: string): string {
  let p = resolve(path);
  for (let hops = 0; hops < 40; hops++) {
    let st: Stats;
    try {
      st = lstatSync(p);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return p;
      throw cannot(flag, e);
    }
    if (!st.isSymbolicLink()) return p;
    try {
      return realpathSync(p);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw cannot(flag, e);
      // A dangling link would create a file where the user did not name one: refused.
      throw new UserError(`${flag}: a symbolic link to ${resolve(dirname(p), readlinkSync(p))}, which does not exist; give the file itself, or a path that is not a link`);
    }
  }
  throw new UserError(`${flag}: cannot write: too many levels of symbolic links`);
}

function cannot(flag: string, e: unknown, detail?: string): UserError {
  return new UserError(`${flag}: cannot write: ${detail ?? errorText(e)}`);
}

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOTDIR: 'a part of the path is not a directory',
  ENOENT: 'no such file or directory',
  ENOSPC: 'no space left on device',
  ENXIO: 'no reader on the other end',
  EISDIR: 'is a directory',
  ELOOP: 'too many levels of symbolic links',
};

function errorText(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code && REASONS[code]) return `${REASONS[code]} (${code})`;
  return e instanceof Error ? e.message.split('\n')[0] : String(e);
}

/** Temp files not yet renamed or removed: removed if the process exits first. */
const leftovers = new Set<string>();
let exitHook = false;

function ensureExitCleanup(): void {
  if (exitHook) return;
  exitHook = true;
  process.on('exit', () => {
    for (const tmp of leftovers) rmSync(tmp, { force: true });
  });
}
