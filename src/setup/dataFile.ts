// Reading a setup or scenario file: a regular file of at most 1 MB (checked before a byte is read, so
// `--setup /dev/zero` or a FIFO is refused, not read forever), parsed as YAML (JSON is YAML) strictly:
// a duplicate key, a YAML warning or a number that is not finite (`.inf`, `1e400`) is one error line
// naming the file, the field and what was written.
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { UserError } from '../errors.js';

/** The largest setup or scenario file read: far above any real one, far below what hurts. */
export const MAX_INPUT_BYTES = 1024 * 1024;

/** Why a path cannot be read as an input file (not a regular file, too big), or null. */
export function inputFileProblem(path: string): string | null {
  let st: Stats;
  try {
    st = statSync(path);
  } catch (e) {
    return systemReason(e);
  }
  return statProblem(st);
}

function statProblem(st: Stats): string | null {
  if (st.isDirectory()) return 'is a directory, not a file';
  if (st.isFIFO()) return 'is a FIFO (named pipe), not a regular file';
  if (st.isCharacterDevice()) return 'is a character device, not a regular file';
  if (st.isBlockDevice()) return 'is a block device, not a regular file';
  if (st.isSocket()) return 'is a socket, not a regular file';
  if (!st.isFile()) return 'is not a regular file';
  if (st.size > MAX_INPUT_BYTES) return `is ${st.size.toLocaleString('en-US')} bytes; at most 1 MB (${MAX_INPUT_BYTES.toLocaleString('en-US')} bytes) is read`;
  return null;
}

/** The text of an input file, refused (UserError naming `what`) unless it is a regular file ≤ 1 MB of UTF-8. */
export function readInputFile(path: string, what: string): string {
  const refuse = (why: string): never => {
    throw new UserError(`${path}: cannot read ${what}: ${why}`);
  };
  const problem = inputFileProblem(path);
  if (problem) refuse(problem);
  let fd: number;
  try {
    // Non-blocking: should the path have become a FIFO since, opening it must not wait for a writer.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    return refuse(systemReason(e));
  }
  try {
    const again = statProblem(fstatSync(fd));
    if (again) refuse(again);
    // Read at most one byte past the limit: a file that grew since is refused, not read on and on.
    const buf = Buffer.alloc(MAX_INPUT_BYTES + 1);
    let got = 0;
    for (;;) {
      const n = readSync(fd, buf, got, buf.length - got, null);
      if (n === 0) break;
      got += n;
      if (got > MAX_INPUT_BYTES) refuse(`is more than 1 MB (${MAX_INPUT_BYTES.toLocaleString('en-US')} bytes)`);
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

/**
 * Parses YAML (or JSON) into plain data. Anything doubtful is a UserError `FILE: FIELD: …`: a syntax
 * error, a YAML warning (an unknown tag, say: the value would silently become text), a key given twice
 * (the parser would keep one of them), a number that is not finite (it would print as null).
 */
export function parseData(text: string, file: string, what: string): unknown {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false, prettyErrors: false });
  const line = (offset: number) => lines.linePos(offset).line;
  const problem = [...doc.errors, ...doc.warnings][0];
  if (problem) {
    const at = problem.pos ? ` (line ${line(problem.pos[0])})` : '';
    throw new UserError(`${file}: cannot read ${what}: ${problem.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}${at}`);
  }
  walk(doc.contents, '', (field, msg) => {
    throw new UserError(`${file}: ${field || '(top)'}: ${msg}`);
  }, text, line);
  return doc.toJS({ maxAliasCount: 100 });
}

/** Checks every map for repeated keys and every number for finiteness; `fail` names the field. */
function walk(node: Node | null, field: string, fail: (field: string, msg: string) => never, text: string, line: (offset: number) => number): void {
  if (node === null || isAlias(node)) return;
  if (isMap(node)) {
    const seen = new Map<string, number>();
    for (const pair of node.items) {
      const keyNode = pair.key as Node | null;
      const key = isScalar(keyNode) ? String(keyNode.value) : String(keyNode);
      const here = join(field, key);
      const at = keyNode?.range ? line(keyNode.range[0]) : 0;
      const first = seen.get(key);
      if (first !== undefined) fail(here, `key given twice (lines ${first} and ${at}); give it once`);
      seen.set(key, at);
      walk(pair.value as Node | null, here, fail, text, line);
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, i) => walk(item as Node | null, `${field}[${i}]`, fail, text, line));
  } else if (isScalar(node) && typeof node.value === 'number' && !Number.isFinite(node.value)) {
    const written = node.range ? text.slice(node.range[0], node.range[1]) : String(node.value);
    fail(field, `got ${written} (not a finite number)`);
  }
}

const join = (field: string, key: string) => (field === '' ? key : `${field}.${key}`);

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
