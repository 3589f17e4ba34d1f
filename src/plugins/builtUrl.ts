// Where a worker entry module is: next to the module asking when it runs built (dist/); when it runs
// from its TypeScript source (vitest), the built copy in dist/, since a worker thread runs plain JS.
export function builtUrl(here: string, relative: string): URL {
  if (!here.endsWith('.ts')) return new URL(relative, here);
  const at = here.lastIndexOf('/src/');
  return new URL(relative, `${here.slice(0, at)}/dist${here.slice(at, -3)}.js`);
}
