// Nothing lost, nothing silently wrong (issue 18): every write is checked (a full disk is one error
// line and exit 1, never a truncated file with exit 0), a reader that closes stdout early ends the
// program quietly, and `--games-out` writes a temp file of its own, renames it into place only over a
// regular file or a new path, writes straight to FIFOs, devices and stdout, and leaves nothing behind.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, closeSync, lstatSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OutputError, ReaderGone, writeFully } from '../src/cli/output.js';
import { BIN, ROOT } from './helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI with stdout sent to `stdoutFd` (a file descriptor) or captured. */
function run(args: string[], opts: { stdoutFd?: number; cwd?: string } = {}): Result {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: opts.cwd ?? ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', opts.stdoutFd ?? 'pipe', 'pipe'],
  });
  return { code: r.status, stdout: r.stdout ?? '', stderr: r.stderr };
}

/** One error line naming the problem, no stack trace. */
function expectOneLine(r: Result, says: RegExp): void {
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^mafia-sim: error: /);
  expect(lines[0]).toMatch(says);
  expect(r.stderr).not.toMatch(/^\s+at |node:internal|\.js:\d+/m);
}

/** The files in a folder other than the ones named (temp files included: they start with a dot). */
const left = (folder: string, ...expected: string[]) => readdirSync(folder).filter((f) => !expected.includes(f)).sort();

describe('writeFully', () => {
  const data = Buffer.from('0123456789');

  it('retries short writes until every byte is written', () => {
    const got: string[] = [];
    writeFully(9, data, 'test', (_fd, buf, off, len) => {
      const n = Math.min(3, len);
      got.push(Buffer.from(buf.subarray(off, off + n)).toString());
      return n;
    });
    expect(got.join('')).toBe('0123456789');
  });

  it('waits and retries on EAGAIN (a full non-blocking pipe)', () => {
    let calls = 0;
    writeFully(9, data, 'test', (_fd, _buf, _off, len) => {
      if (calls++ === 0) throw Object.assign(new Error('EAGAIN: resource temporarily unavailable, write'), { code: 'EAGAIN' });
      return len;
    });
    expect(calls).toBe(2);
  });

  it('a short write followed by ENOSPC is an OutputError saying how much was written', () => {
    let calls = 0;
    const attempt = () =>
      writeFully(9, data, '--games-out g.jsonl', (_fd, _buf, _off, len) => {
        if (calls++ === 0) return 4;
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      });
    expect(attempt).toThrow(OutputError);
    calls = 0;
    expect(attempt).toThrow('--games-out g.jsonl: cannot write: no space left on device (ENOSPC); 4 of 10 bytes written');
  });

  it('EPIPE on stdout is ReaderGone (quiet); on any other descriptor an OutputError', () => {
    const epipe = () => {
      throw Object.assign(new Error('EPIPE: broken pipe, write'), { code: 'EPIPE' });
    };
    expect(() => writeFully(1, data, 'stdout', epipe)).toThrow(ReaderGone);
    expect(() => writeFully(7, data, '--games-out fifo', epipe)).toThrow(/--games-out fifo: cannot write: the reader closed the pipe \(EPIPE\)/);
  });

  it('a write that keeps writing nothing is an error, not a hang', () => {
    expect(() => writeFully(9, data, 'test', () => 0)).toThrow(/the system wrote nothing/);
  });
});

describe('a full disk (/dev/full)', () => {
  it('run --json > /dev/full: one error line, exit 1 (not a stack trace, not exit 0)', () => {
    const full = openSync('/dev/full', 'w');
    try {
      const r = run(['run', '--games', '50', '--json', '--no-progress'], { stdoutFd: full });
      expect(r.code, r.stderr).toBe(1);
      expectOneLine(r, /stdout: cannot write: no space left on device \(ENOSPC\)/);
    } finally {
      closeSync(full);
    }
  });

  it('--games-out /dev/full: one error line, exit 1, no report', () => {
    const r = run(['run', '--games', '50', '--games-out', '/dev/full', '--no-progress']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toBe('');
    expectOneLine(r, /--games-out \/dev\/full: cannot write: no space left on device \(ENOSPC\)/);
  });
});

describe('a reader that closes stdout early (EPIPE)', () => {
  /** Runs the CLI with its stdout a pipe whose reading end is closed at once, as `| head -1` does. */
  function closedPipe(args: string[]): Promise<Result> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.destroy();
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout: '', stderr }));
    });
  }

  for (const args of [['--help'], ['run', '--games', '200', '--no-progress'], ['run', '--games', '200', '--json'], ['run', '--games', '5000', '--games-out', '-'], ['setups']]) {
    it(`mafia-sim ${args.join(' ')} | (closed): ends silently, exit 0, no stack trace`, async () => {
      const r = await closedPipe(args);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    });
  }

  it('mafia-sim --help | head -1 in a shell prints the first line and nothing on stderr', () => {
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" --help | head -1`], { encoding: 'utf8' });
    expect(r.stdout).toBe('Usage: mafia-sim [options] [command]\n');
    expect(r.stderr).toBe('');
  });
});

describe('--games-out targets', () => {
  it('a directory is refused with one line before the first game (a run of 10^8 games ends at once)', () => {
    const r = run(['run', '--games', '100000000', '--games-out', dir]);
    expect(r.code).toBe(2);
    expectOneLine(r, /--games-out .*: is a directory/);
  });

  it('an unwritable path (under a regular file) is refused with one line before the first game', () => {
    const f = join(dir, 'plain.txt');
    writeFileSync(f, 'x');
    const r = run(['run', '--games', '100000000', '--games-out', join(f, 'games.jsonl')]);
    expect(r.code).toBe(2);
    expectOneLine(r, /--games-out .*plain\.txt\/games\.jsonl: cannot write: .*ENOTDIR/);
  });

  it('`-` writes the lines to stdout (the report goes to stderr) and creates no file named -', () => {
    const cwd = mkdtempSync(join(dir, 'dash-'));
    const r = run(['run', '--games', '30', '--games-out', '-', '--json'], { cwd });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l).index)).toEqual([...Array(30).keys()]);
    expect(JSON.parse(r.stderr).games).toBe(30);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('/dev/stdout is stdout itself: redirected to a file, that file gets exactly the lines (not truncated by a second open)', () => {
    const target = join(dir, 'via-dev-stdout.jsonl');
    const fd = openSync(target, 'w');
    try {
      const r = run(['run', '--games', '30', '--games-out', '/dev/stdout', '--json'], { stdoutFd: fd });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stderr).games).toBe(30);
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(target, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l).index)).toEqual([...Array(30).keys()]);
  });

  it('a FIFO is written straight through and stays a FIFO', async () => {
    const fifo = join(dir, 'games.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const reader = new Promise<string>((resolve, reject) => {
      const cat = spawn('cat', [fifo]);
      let text = '';
      cat.stdout.setEncoding('utf8').on('data', (d: string) => (text += d));
      cat.on('error', reject);
      cat.on('close', () => resolve(text));
    });
    const child = spawn(process.execPath, [BIN, 'run', '--games', '30', '--games-out', fifo, '--json'], { cwd: ROOT, stdio: 'ignore' });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect((await reader).trimEnd().split('\n')).toHaveLength(30);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(left(dir).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('a device (/dev/null) is written straight through, not replaced', () => {
    const r = run(['run', '--games', '30', '--games-out', '/dev/null', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('a symbolic link stays a link: the file it points to is replaced', () => {
    const folder = mkdtempSync(join(dir, 'link-'));
    writeFileSync(join(folder, 'real.jsonl'), 'old\n');
    symlinkSync('real.jsonl', join(folder, 'link.jsonl'));
    const r = run(['run', '--games', '30', '--games-out', join(folder, 'link.jsonl'), '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(join(folder, 'link.jsonl')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(folder, 'real.jsonl'), 'utf8').trimEnd().split('\n')).toHaveLength(30);
    expect(left(folder)).toEqual(['link.jsonl', 'real.jsonl']);
  });

  it('a dangling symbolic link is refused: it would create a file the user did not name (issue 32)', () => {
    const folder = mkdtempSync(join(dir, 'dangling-'));
    symlinkSync('real.jsonl', join(folder, 'link.jsonl'));
    const r = run(['run', '--games', '30', '--games-out', join(folder, 'link.jsonl'), '--json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mafia-sim: error: --games-out .*link\.jsonl: a symbolic link to .*real\.jsonl, which does not exist/);
    expect(left(folder)).toEqual(['link.jsonl']);
  });

  it('an existing file is replaced whole, keeping its permissions', () => {
    const target = join(dir, 'existing.jsonl');
    writeFileSync(target, 'old content that is longer than nothing\n'.repeat(1000));
    chmodSync(target, 0o640);
    const r = run(['run', '--games', '30', '--games-out', target, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(target, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l).index)).toEqual([...Array(30).keys()]);
    expect(statSync(target).mode & 0o777).toBe(0o640);
  });

  it('two runs writing the same target at once each write a temp file of their own: the result is one run, whole', async () => {
    const folder = mkdtempSync(join(dir, 'race-'));
    const target = join(folder, 'games.jsonl');
    const one = (seed: string) =>
      new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, [BIN, 'run', '--games', '12000', '--seed', seed, '--workers', '1', '--games-out', target, '--json'], { cwd: ROOT, stdio: 'ignore' });
        child.on('close', resolve);
      });
    const codes = await Promise.all([one('1'), one('2')]);
    expect(codes).toEqual([0, 0]);
    const records = readFileSync(target, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as { index: number; seed: string });
    expect(records.map((r) => r.index)).toEqual([...Array(12000).keys()]);
    const runSeed = records[0].seed.split('/')[0];
    expect(records.every((r) => r.seed === `${runSeed}/${r.index}`)).toBe(true);
    expect(left(folder)).toEqual(['games.jsonl']);
  });
});

/** A 64 KB tmpfs, when this process may mount one (root); the tests below skip otherwise. */
function smallDisk(): string | null {
  const mnt = mkdtempSync(join(tmpdir(), 'mafia-sim-tmpfs-'));
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mnt], { encoding: 'utf8' });
  if (r.status === 0) return mnt;
  rmSync(mnt, { recursive: true, force: true });
  return null;
}

const disk = process.platform === 'linux' ? smallDisk() : null;
afterAll(() => {
  if (disk === null) return;
  spawnSync('umount', [disk]);
  rmSync(disk, { recursive: true, force: true });
});

describe.skipIf(disk === null)('a small disk (64 KB tmpfs)', () => {
  it('--games 100 --games-out on it: one ENOSPC line, exit 1, no half-written target and no temp file', () => {
    const target = join(disk!, 'g.jsonl');
    const r = run(['run', '--games', '100', '--games-out', target, '--no-progress']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toBe('');
    expectOneLine(r, /--games-out .*g\.jsonl: cannot write: no space left on device \(ENOSPC\)/);
    expect(left(disk!)).toEqual([]);
  });

  it('an old target stays as it was when the new one does not fit', () => {
    const target = join(disk!, 'kept.jsonl');
    writeFileSync(target, 'the previous run\n');
    const r = run(['run', '--games', '100', '--games-out', target, '--no-progress']);
    expect(r.code).toBe(1);
    expect(readFileSync(target, 'utf8')).toBe('the previous run\n');
    expect(left(disk!)).toEqual(['kept.jsonl']);
    rmSync(target);
  });

  it('--json > a nearly full disk: exit 1 with one line, not exit 0 with truncated JSON', () => {
    writeFileSync(join(disk!, 'filler'), Buffer.alloc(60 * 1024));
    const fd = openSync(join(disk!, 'report.json'), 'w');
    try {
      const r = run(['run', '--games', '100', '--json', '--no-progress'], { stdoutFd: fd });
      expect(r.code, r.stderr).toBe(1);
      expectOneLine(r, /stdout: cannot write: no space left on device \(ENOSPC\); \d+ of \d+ bytes written/);
    } finally {
      closeSync(fd);
      rmSync(join(disk!, 'filler'));
    }
  });
});

