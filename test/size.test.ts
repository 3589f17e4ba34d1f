// Sizes a newcomer can read: no source file over 500 lines, no function over 80 (its declaration to
// its closing brace, nested functions counted in their parent too). Functions are found with the
// TypeScript compiler's parser: declarations, methods, accessors, constructors, function expressions
// and arrow functions alike.
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/cli.js';

const MAX_FILE_LINES = 500;
const MAX_FUNCTION_LINES = 80;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

const FILES = ['src', 'strategies'].flatMap(sources).map((f) => f.split(sep).join('/'));
const TEXT = new Map(FILES.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]));

/** A file's lines, as `wc -l` counts them. */
const lines = (file: string) => TEXT.get(file)!.split('\n').length - (TEXT.get(file)!.endsWith('\n') ? 1 : 0);

/** Every function of a file with a body: `file:line name (N lines)` for those longer than `max`. */
function longFunctions(file: string, max: number): string[] {
  const source = ts.createSourceFile(file, TEXT.get(file)!, ts.ScriptTarget.Latest, true);
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = lineOf(node.getStart(source));
      const length = lineOf(node.end) - first + 1;
      if (length > max) out.push(`${file}:${first} ${nameOf(node, source)} (${length} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** A function's name, or the name it is assigned to, or `(anonymous)`. */
function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = (node as { name?: ts.Node }).name;
  if (named !== undefined) return named.getText(source);
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name !== undefined) return parent.name.getText(source);
  return ts.isConstructorDeclaration(node) ? 'constructor' : '(anonymous)';
}

describe('sizes (issue 33: a codebase a newcomer can pick up)', () => {
  it('reads the sources it checks and finds long functions', () => {
    expect(FILES.length).toBeGreaterThan(100);
    expect(longFunctions('src/cli/main.ts', 10).length).toBeGreaterThan(0);
  });

  it(`no file in src/ or strategies/ is over ${MAX_FILE_LINES} lines`, () => {
    expect(FILES.filter((f) => lines(f) > MAX_FILE_LINES).map((f) => `${f} (${lines(f)} lines)`)).toEqual([]);
  });

  it(`no function in src/ or strategies/ is over ${MAX_FUNCTION_LINES} lines`, () => {
    expect(FILES.flatMap((f) => longFunctions(f, MAX_FUNCTION_LINES))).toEqual([]);
  });
});
