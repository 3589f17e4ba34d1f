// Reading a setup or scenario file: the bounded reader every input goes through (src/plugins/inputFile.ts:
// a regular file of at most 1 MB, so `--setup /dev/zero` is refused, not read forever), then parsed
// as YAML (JSON is YAML) strictly: a duplicate key, a
// YAML warning, a number that is not finite (`.inf`, `1e400`), an alias bomb or nesting past the depth
// limit is one error line naming the file, the field and what was written. A `.json` file must also
// be JSON (a trailing comma, which YAML's flow style allows, is refused).
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { UserError } from '../errors.js';
import { readInputFile } from '../plugins/inputFile.js';

export { inputFileProblem, MAX_DATA_BYTES, MAX_INPUT_BYTES, readInputFile } from '../plugins/inputFile.js';

/** The setup and scenario files this process has read, by kind and path as given: the data, or what reading it threw. */
const READ = new Map<string, { readonly data: unknown } | { readonly error: unknown }>();

/**
 * A setup or scenario file's data, read and parsed once per process and handed to every reader: the
 * role plug-in loader (which imports the plug-ins a setup names before the synchronous loader runs),
 * the command line's path checks and the setup or scenario loader all get this one document, which
 * none of them writes to. What reading it threw (a UserError naming the file) is thrown again to each
 * reader; a reader that only looks for plug-ins passes over it and leaves it to the loader.
 */
export function readDataFile(path: string, what: 'setup' | 'scenario'): unknown {
  const key = `${what}:${path}`;
  let read = READ.get(key);
  if (read === undefined) {
    try {
      read = { data: parseData(readInputFile(path, what), path, what) };
    } catch (error) {
      read = { error };
    }
    READ.set(key, read);
  }
  if ('error' in read) throw read.error;
  return read.data;
}

/** The most aliases a YAML file may use, and how deep its mappings and lists may nest. */
export const MAX_YAML_ALIASES = 100;
export const MAX_YAML_DEPTH = 64;

/**
 * Parses YAML (or JSON) into plain data. Anything doubtful is a UserError `FILE: FIELD: …`: a syntax
 * error, a YAML warning (an unknown tag, say: the value would silently become text), a key given twice
 * (the parser would keep one of them), a number that is not finite (it would print as null).
 */
export function parseData(text: string, file: string, what: string): unknown {
  if (/\.json$/i.test(file)) {
    try {
      JSON.parse(text);
    } catch (e) {
      const message = (e as Error).message.split('\n')[0];
      const pos = / at position (\d+)/.exec(message);
      const at = pos ? ` (line ${text.slice(0, Number(pos[1])).split('\n').length})` : '';
      throw new UserError(`${file}: cannot read ${what}: not valid JSON: ${message.replace(/ at position \d+.*$/, '').replace(/ \(line \d+ column \d+\)$/, '')}${at}`);
    }
  }
  const deep = flowDepthOver(text, MAX_YAML_DEPTH);
  if (deep !== null) throw new UserError(`${file}: cannot read ${what}: nested too deep (at most ${MAX_YAML_DEPTH} levels are read) (line ${deep})`);
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false, prettyErrors: false });
  const line = (offset: number) => lines.linePos(offset).line;
  const problem = [...doc.errors, ...doc.warnings][0];
  if (problem) {
    const at = problem.pos ? ` (line ${line(problem.pos[0])})` : '';
    const message = /call stack/i.test(problem.message) ? `nested too deep (at most ${MAX_YAML_DEPTH} levels are read)` : problem.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    throw new UserError(`${file}: cannot read ${what}: ${message}${at}`);
  }
  walk(doc.contents, '', (field, msg) => {
    throw new UserError(`${file}: ${field || '(top)'}: ${msg}`);
  }, text, line, 0);
  try {
    return doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (e) {
    // The library's guard against an alias bomb ("billion laughs"), or nesting that exhausts the stack.
    const why = /alias/i.test((e as Error).message) ? `its aliases expand too far (an alias bomb?); at most ${MAX_YAML_ALIASES} aliases are followed` : (e as Error).message.split('\n')[0];
    throw new UserError(`${file}: cannot read ${what}: ${why}`);
  }
}

/**
 * The line where `[` and `{` first nest deeper than `max`, or null: found before the parser, which
 * takes seconds over a file of 100,000 brackets before its stack gives out. Quoted text is skipped
 * (a quote it misreads only makes the count lower; the walk below checks the parsed depth anyway).
 */
function flowDepthOver(text: string, max: number): number | null {
  let depth = 0;
  let line = 1;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    if (quote !== '') {
      if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{') {
      if (++depth > max) return line;
    } else if ((c === ']' || c === '}') && depth > 0) depth--;
  }
  return null;
}

/** Checks every map for repeated keys and every number for finiteness; `fail` names the field. */
function walk(node: Node | null, field: string, fail: (field: string, msg: string) => never, text: string, line: (offset: number) => number, depth: number): void {
  if (node === null || isAlias(node)) return;
  if (depth > MAX_YAML_DEPTH) fail(field.length > 60 ? `${field.slice(0, 60)}…` : field, `nested more than ${MAX_YAML_DEPTH} deep`);
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
      walk(pair.value as Node | null, here, fail, text, line, depth + 1);
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, i) => walk(item as Node | null, `${field}[${i}]`, fail, text, line, depth + 1));
  } else if (isScalar(node) && typeof node.value === 'number' && !Number.isFinite(node.value)) {
    const written = node.range ? text.slice(node.range[0], node.range[1]) : String(node.value);
    fail(field, `got ${written} (not a finite number)`);
  }
}

const join = (field: string, key: string) => (field === '' ? key : `${field}.${key}`);
