// Imports a plug-in file — an ES module (.js, .mjs) or TypeScript (.ts, .mts, through tsx's tsImport) —
// for the strategy and role loaders alike, and finds the export they look for.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { inputFileProblem } from './inputFile.js';

/** The largest plug-in source file imported. */
export const MAX_PLUGIN_BYTES = 4 * 1024 * 1024;

/**
 * Why a plug-in file cannot be imported, found before it is (null if it can): a device or a FIFO
 * (`--strategy town=/dev/zero` would read forever), a folder, a file over 4 MB.
 */
export function pluginFileProblem(file: string, name: string): string | null {
  if (!existsSync(file)) return `no such plug-in file ${name}`;
  const problem = inputFileProblem(file, MAX_PLUGIN_BYTES);
  return problem === null ? null : `cannot load ${name}: it ${problem}`;
}

/** A name that is a plug-in file (a path, or a name ending .js/.mjs/.cjs/.ts/.mts/.cts), not a built-in. */
export function isPluginPath(name: string): boolean {
  return /^\.{0,2}[\\/]/.test(name) || /\.(m|c)?(j|t)s$/.test(name);
}

export type Imported = { readonly exports: Record<string, unknown> } | { readonly problem: string };

/** The module's exports, or one line on why not: `no such plug-in file NAME`, or `cannot load NAME: …`. */
export async function importModule(file: string, name: string): Promise<Imported> {
  const problem = pluginFileProblem(file, name);
  if (problem !== null) return { problem };
  const url = pathToFileURL(file).href;
  try {
    if (/\.(m|c)?ts$/.test(file)) {
      const { tsImport } = await import('tsx/esm/api');
      return { exports: (await tsImport(url, import.meta.url)) as Record<string, unknown> };
    }
    return { exports: (await import(url)) as Record<string, unknown> };
  } catch (e) {
    return { problem: `cannot load ${name}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}` };
  }
}

/**
 * The first of the named exports (`default` first) that passes `is`. A CommonJS module (a .ts or .js
 * file outside an ESM package) arrives wrapped in one more `default`, so that one is searched too.
 */
export function findExport<T>(mod: Record<string, unknown>, names: readonly string[], is: (x: unknown) => x is T): T | undefined {
  const inner = mod.default as Record<string, unknown> | undefined;
  const candidates = [mod, ...(typeof inner === 'object' && inner !== null ? [inner] : [])];
  for (const m of candidates) for (const n of names) if (is(m[n])) return m[n] as T;
  return undefined;
}
