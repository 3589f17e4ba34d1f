// The module structure docs/architecture.md describes, held by the suite: no import cycle (type imports
// included), and the layers import only downwards — the shared vocabulary (src/model) from nothing,
// the views never from the engine or the rules, the engine never from a rule set's code, the bots
// only through the view and the strategy interface.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
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

/** Each file's relative imports and re-exports (static and `import type`), as repository paths. */
const IMPORTS = new Map<string, Import[]>(
  FILES.map((file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const out: Import[] = [];
    for (const m of text.matchAll(/^(import|export)(\s+type)?[^'"]*?from\s+'(\.[^']+)'/gm)) {
      const to = normalize(join(dirname(file), m[3])).replace(/\.js$/, '.ts');
      if (KNOWN.has(to)) out.push({ to, typeOnly: m[2] !== undefined });
    }
    return [file, out];
  }),
);

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
});
