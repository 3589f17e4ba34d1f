// The worked examples' outputs in docs/balancing.md, made from docs/balancing-examples.json so that no
// figure on the page is typed by hand: `node scripts/balancing-page.mjs --write` puts under each
// example's command the output recorded for it. `npm run balancing-examples -- --write` plays the
// commands and records what they print, with a fingerprint of the games they were played on.
// test/docs.test.ts checks that the page holds what this makes, and that the fingerprint is that of
// the games the code plays now (when the games change, the figures must be made again).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { examples } from './examples.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const DOC = `${root}docs/balancing.md`;
export const DATA = `${root}docs/balancing-examples.json`;

/**
 * The tables and bots the examples play, each as a job (setup, --option values, --strategy specs):
 * when one of their games changes, the recorded outputs are stale.
 */
export const PROBES = [
  { setup: 'club-12', options: [], strategies: ['random'] },
  { setup: 'ukrainian', options: [], strategies: ['random'] },
  { setup: 'ukrainian', options: [], strategies: ['smart'] },
  { setup: 'vanilla', options: ['players=13'], strategies: ['random'] },
  { setup: 'vanilla', options: ['players=9'], strategies: ['smart'] },
];

/** Games of each probe the fingerprint covers (seed 1, games 0 to PROBE_GAMES − 1). */
export const PROBE_GAMES = 200;

/**
 * How the probes' first games end (each game's winner, its last day and who is alive at the end), as a
 * short digest. `gameOf(probe)` gives a function that plays game k of that probe with seed 1.
 */
export function gamesFingerprint(gameOf) {
  const hash = createHash('sha256');
  for (const probe of PROBES) {
    const play = gameOf(probe);
    for (let k = 0; k < PROBE_GAMES; k++) {
      const g = play(k);
      hash.update(`${g.winner} ${g.day} ${g.alive.join('')}\n`);
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** The recorded outputs: `{ fingerprint, examples: [{ command, output: [line, …] }] }`. */
export function readData() {
  return JSON.parse(readFileSync(DATA, 'utf8'));
}

/** The data file's text for a fingerprint and the examples' outputs (each as scripts/examples.mjs normalises it). */
export function dataText(fingerprint, outputs) {
  const examples = outputs.map(({ command, output }) => ({ command, output: output.replace(/\n$/, '').split('\n') }));
  return `${JSON.stringify({ fingerprint, examples }, null, 2)}\n`;
}

/**
 * The page with each example's output replaced by the one recorded for its command. Throws when an
 * example has no recorded output, or an output is recorded for a command the page no longer shows.
 */
export function withOutputs(page, data) {
  const recorded = new Map(data.examples.map((e) => [e.command, `${e.output.join('\n')}\n`]));
  const found = examples(page);
  for (const ex of found) if (!recorded.has(ex.command)) throw new Error(`${ex.command}: no output recorded in docs/balancing-examples.json; run npm run balancing-examples -- --write`);
  const shown = new Set(found.map((ex) => ex.command));
  for (const command of recorded.keys()) if (!shown.has(command)) throw new Error(`${command}: recorded in docs/balancing-examples.json, but not an example of docs/balancing.md; run npm run balancing-examples -- --write`);
  let out = page;
  // From the last example back, so that replacing one does not move the ones before it.
  for (const ex of [...found].reverse()) out = out.slice(0, ex.start) + recorded.get(ex.command) + out.slice(ex.end);
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const page = readFileSync(DOC, 'utf8');
  const next = withOutputs(page, readData());
  if (process.argv.includes('--write')) writeFileSync(DOC, next);
  else if (next !== page) {
    console.error('balancing-page: docs/balancing.md does not show the recorded outputs; run node scripts/balancing-page.mjs --write');
    process.exit(1);
  }
}
