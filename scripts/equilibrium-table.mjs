// The table of shipped equilibria in docs/strategies.md ("What each setup plays"), made from
// strategies/smart/equilibria.json so it cannot go stale: `node scripts/equilibrium-table.mjs --write`
// rewrites it between its markers (npm run equilibria does so after each setup); test/docs.test.ts
// checks the page holds what this makes.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const DOC = `${root}docs/strategies.md`;
export const BEGIN = '<!-- equilibria:begin (scripts/equilibrium-table.mjs) -->';
export const END = '<!-- equilibria:end -->';

const pct = (x) => `${(x * 100).toFixed(1)}%`;
const points = (x) => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(x * 100).toFixed(1)}`;

/** One profile as the parameters it sets, with its share. */
function profiles(mix) {
  return mix.map((p) => `${p.spec.replace(/^smart:?/, '') || '(smart\'s defaults)'}${mix.length > 1 ? ` (${pct(p.weight)})` : ''}`).join('; ');
}

/** The table's markdown from the data file's entries. */
export function equilibriumTable(data) {
  const rows = Object.entries(data).map(([setup, e]) => {
    const cert = (c) => (c === null ? 'no move' : `\`${c.move}\` ${points(c.gain)} (${points(c.low)} to ${points(c.high)})`);
    const found = (side) => (e.exploit === undefined ? 'not measured' : cert(e.exploit.best[side]));
    return `| ${setup} | ${pct(e.townWin.share)} (${pct(e.townWin.low)}–${pct(e.townWin.high)}) | ${cert(e.certificate.town)} | ${cert(e.certificate.mafia)} | ${found('town')} | ${found('mafia')} | ${e.games.toLocaleString('en-US')} | \`${profiles(e.mix.town)}\` | \`${profiles(e.mix.mafia)}\` |`;
  });
  return [
    '| setup | town win at the equilibrium (95%) | best town response (points) | best mafia response (points) | exploit: best town change | exploit: best mafia change | games | town plays | mafia plays |',
    '| --- | --- | --- | --- | --- | --- | ---: | --- | --- |',
    ...rows,
  ].join('\n');
}

export function currentTable() {
  return equilibriumTable(JSON.parse(readFileSync(`${root}strategies/smart/equilibria.json`, 'utf8')));
}

/** The page with the table between its markers replaced. */
export function withTable(page, table) {
  const a = page.indexOf(BEGIN);
  const b = page.indexOf(END);
  if (a < 0 || b < a) throw new Error(`${DOC}: no ${BEGIN} … ${END} markers`);
  return `${page.slice(0, a + BEGIN.length)}\n${table}\n${page.slice(b)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const page = readFileSync(DOC, 'utf8');
  const next = withTable(page, currentTable());
  if (process.argv.includes('--write')) writeFileSync(DOC, next);
  else if (next !== page) {
    console.error('equilibrium-table: docs/strategies.md is not current; run node scripts/equilibrium-table.mjs --write');
    process.exit(1);
  }
}
