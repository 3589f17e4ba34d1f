// The module structure docs/architecture.md describes, held by the suite: no import cycle (type imports
// included), and the layers import only downwards — the shared vocabulary (src/model) from nothing,
// the views never from the engine or the rules, the engine never from a rule set's code, the bots
// only through the view and the strategy interface, the strategy registry no bot (it is given them),
// and no module from a layer above its own (LAYERS), without exception. Dynamic `import('…')` counts as
// an import; one of a computed path (a plug-in the user names) is a named exception with its reason.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/cli.js';

interface Import {
  readonly to: string;
  readonly typeOnly: boolean;
}

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

const FILES = ['src', 'strategies', 'roles'].flatMap(sources);
const KNOWN = new Set(FILES);

/** Line comments and block-comment lines (` * …`): what they say is not an import. */
const COMMENT = /^\s*(\/\/|\/?\*)/;

/**
 * A file's relative imports, as repository paths: static imports and re-exports (`import type`
 * too), and dynamic `import('…')` of a literal path, `typeof import('…')` counted as a type import.
 * A dynamic import of anything else (`import(url)`) is returned in `computed`: the layers cannot be
 * read from it, so each must be a named exception (DYNAMIC_EXCEPTIONS).
 */
function importsOf(file: string, text: string): { imports: Import[]; computed: string[] } {
  const imports: Import[] = [];
  const computed: string[] = [];
  const add = (spec: string, typeOnly: boolean) => {
    if (!spec.startsWith('.')) return; // a package (node:fs, commander, tsx/esm/api)
    const to = normalize(join(dirname(file), spec)).replace(/\.js$/, '.ts');
    if (KNOWN.has(to)) imports.push({ to, typeOnly });
  };
  for (const m of text.matchAll(/^(import|export)(\s+type)?[^'"]*?from\s+'(\.[^']+)'/gm)) add(m[3], m[2] !== undefined);
  for (const line of text.split('\n')) {
    if (COMMENT.test(line)) continue;
    for (const m of line.matchAll(/(typeof\s+)?\bimport\(/g)) {
      const arg = argumentOf(line, m.index! + m[0].length);
      const literal = /^(['"`])([^'"`$]+)\1$/.exec(arg);
      if (literal) add(literal[2], m[1] !== undefined);
      else computed.push(`${file}: import(${arg})`);
    }
  }
  return { imports, computed };
}

/** The text from `from` to the parenthesis that closes the one before it, trimmed. */
function argumentOf(line: string, from: number): string {
  let depth = 1;
  for (let i = from; i < line.length; i++) {
    if (line[i] === '(') depth++;
    else if (line[i] === ')' && --depth === 0) return line.slice(from, i).trim();
  }
  return line.slice(from).trim();
}

const READ = FILES.map((file) => [file, importsOf(file, readFileSync(join(ROOT, file), 'utf8'))] as const);
const IMPORTS = new Map<string, Import[]>(READ.map(([file, r]) => [file, r.imports]));
const COMPUTED = READ.flatMap(([, r]) => r.computed);

/**
 * The dynamic imports of a computed path, each by design, with the reason: the layers do not apply to
 * a module the user names at run time.
 */
const DYNAMIC_EXCEPTIONS: ReadonlyArray<{ readonly file: string; readonly imports: string; readonly why: string }> = [
  { file: join('src', 'plugins', 'importModule.ts'), imports: 'import(url)', why: 'loads a plug-in (a strategy or a role) from the path the user gives: its place in the layers is its own' },
];

/**
 * The layers, top first: a file may import files of its own layer or of any layer below, never above.
 * A path is placed by its longest matching prefix (a file named here is placed apart from its folder).
 * Same-layer imports are allowed; the cycle test keeps them from going round.
 */
const LAYERS: ReadonlyArray<{ readonly name: string; readonly paths: readonly string[] }> = [
  { name: 'command line', paths: ['src/cli'] },
  { name: 'tools', paths: ['src/workbench', 'src/tune', 'src/exploit', 'src/equilibrium', 'src/fuzz', 'src/play', 'src/bench'] },
  { name: 'batches and reports', paths: ['src/report', 'src/runner', 'src/scenario', 'src/tournament', 'src/calibration'] },
  // The built-in bots and role plug-ins, written against the plug-in interface; and the package entry
  // (src/index.ts), which is that interface and gives the registry the built-in bots (strategies/index.ts).
  { name: 'bots and plug-ins', paths: ['strategies', 'roles', 'src/index.ts'] },
  // The protocol runs a bot in another process as a Strategy; the registry hands out both kinds, the
  // built-in ones as its callers give them.
  { name: 'setup and strategy', paths: ['src/setup', 'src/strategy', 'src/protocol', 'src/stats'] },
  { name: 'rules', paths: ['src/rules'] },
  // The kernel, and the interface through which it runs any rule set (what a rule set and an option are).
  { name: 'engine', paths: ['src/engine', 'src/rules/ruleSet.ts', 'src/rules/options.ts'] },
  // What a player may know, and the interface a player (a strategy) is: the engine asks through both.
  { name: 'views', paths: ['src/views', 'src/strategy/types.ts', 'src/strategy/audit.ts'] },
  { name: 'vocabulary and platform', paths: ['src/model', 'src/rng.ts', 'src/errors.ts', 'src/text.ts', 'src/plugins', 'src/threads'] },
];

/** The layer of a repository path: the index in LAYERS (0 is the top) of its longest matching prefix. */
function layerOf(file: string): number {
  let best = -1;
  let length = -1;
  LAYERS.forEach((layer, i) => {
    for (const p of layer.paths) {
      const path = join(...p.split('/'));
      if ((file === path || file.startsWith(path + sep)) && path.length > length) {
        best = i;
        length = path.length;
      }
    }
  });
  return best;
}

/** The strongly connected components of more than one file (Tarjan). */
function cycles(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    on.add(v);
    for (const { to } of IMPORTS.get(v)!) {
      if (!index.has(to)) {
        visit(to);
        low.set(v, Math.min(low.get(v)!, low.get(to)!));
      } else if (on.has(to)) low.set(v, Math.min(low.get(v)!, index.get(to)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const f of FILES) if (!index.has(f)) visit(f);
  return found;
}

/** Imports from files under `from` into files under any of `into` (runtime ones only, unless `types`). */
function crossings(from: string, into: readonly string[], types = true): string[] {
  const out: string[] = [];
  for (const [file, imports] of IMPORTS) {
    if (!file.startsWith(from)) continue;
    for (const i of imports) if ((types || !i.typeOnly) && into.some((d) => i.to.startsWith(d))) out.push(`${file} → ${relative('.', i.to)}`);
  }
  return out;
}

describe('architecture (docs/architecture.md)', () => {
  it('reads the imports it checks: the kernel imports the views, the rule sets import the kernel', () => {
    expect(FILES.length).toBeGreaterThan(50);
    expect(IMPORTS.get(join('src', 'engine', 'game.ts'))!.map((i) => i.to)).toContain(join('src', 'views', 'view.ts'));
    expect(crossings(join('src', 'rules'), [join('src', 'engine')]).length).toBeGreaterThan(0);
  });

  it('sees dynamic imports: a literal relative path is an import like any other, a computed one is named', () => {
    const probe = importsOf(join('src', 'cli', 'probe.ts'), "const m = await import('../engine/game.js');\ntype T = typeof import('../rules/registry.js');\n// import('../views/view.js') in a comment\nconst p = await import(pathOf(x));\n");
    expect(probe.imports).toEqual([{ to: join('src', 'engine', 'game.ts'), typeOnly: false }, { to: join('src', 'rules', 'registry.ts'), typeOnly: true }]);
    expect(probe.computed).toEqual([`${join('src', 'cli', 'probe.ts')}: import(pathOf(x))`]);
    // The plug-in loader's import of the user's file is found in the sources.
    expect(COMPUTED.some((c) => c.startsWith(join('src', 'plugins', 'importModule.ts')))).toBe(true);
  });

  it('a dynamic import of a computed path is only where the design needs one, with the reason', () => {
    expect(COMPUTED.sort()).toEqual(DYNAMIC_EXCEPTIONS.map((e) => `${e.file}: ${e.imports}`).sort());
    for (const e of DYNAMIC_EXCEPTIONS) expect(e.why.length).toBeGreaterThan(20);
  });

  it('no import cycle among src/, strategies/ and roles/, type imports included', () => {
    expect(cycles()).toEqual([]);
  });

  it('src/model, the shared vocabulary, imports nothing outside itself', () => {
    const model = join('src', 'model');
    const outside = [...IMPORTS].flatMap(([file, imports]) => (file.startsWith(model) ? imports.filter((i) => !i.to.startsWith(model)).map((i) => `${file} → ${i.to}`) : []));
    expect(outside).toEqual([]);
  });

  it('G7 the views read the record and the facts a rule set publishes: they import neither the engine nor the rules', () => {
    expect(crossings(join('src', 'views'), [join('src', 'engine'), join('src', 'rules'), join('src', 'runner')])).toEqual([]);
  });

  it("the engine runs any rule set through its interface: no runtime import of a rule set's code", () => {
    expect(crossings(join('src', 'engine'), [join('src', 'rules')], false)).toEqual([]);
  });

  it('G7 the bots (strategies/) see the game only through the view and the strategy interface', () => {
    expect(crossings('strategies', [join('src', 'engine'), join('src', 'rules'), join('src', 'runner'), join('src', 'setup')])).toEqual([]);
    expect(crossings('roles', [join('src', 'engine'), join('src', 'rules'), join('src', 'runner'), join('src', 'setup')])).toEqual([]);
  });

  it('every file has a layer (LAYERS)', () => {
    expect(FILES.filter((f) => layerOf(f) < 0)).toEqual([]);
  });

  it('no import runs back up a layer (LAYERS), type imports included, without exception', () => {
    const upward: string[] = [];
    for (const [file, imports] of IMPORTS) {
      for (const { to } of imports) {
        if (layerOf(to) < layerOf(file)) upward.push(`${file} → ${to} (${LAYERS[layerOf(file)].name} → ${LAYERS[layerOf(to)].name})`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('the strategy registry is given the built-in bots: nothing below them imports strategies/ or roles/', () => {
    const bots = LAYERS.findIndex((l) => l.name === 'bots and plug-ins');
    const below = [...IMPORTS.keys()].filter((f) => layerOf(f) > bots);
    expect(below).toContain(join('src', 'strategy', 'registry.ts'));
    const up = below.flatMap((f) => IMPORTS.get(f)!.filter((i) => i.to.startsWith('strategies' + sep) || i.to.startsWith('roles' + sep)).map((i) => `${f} → ${i.to}`));
    expect(up).toEqual([]);
  });
});
