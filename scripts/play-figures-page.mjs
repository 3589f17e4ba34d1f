// The figures of "Play a Mafia player would recognise" in docs/strategies.md, made from
// docs/play-figures.json so that no figure on the page is typed by hand: `npm run play-figures --
// --write` plays the games, records the figures with a fingerprint of the games they were counted
// on, and writes the table between the markers. test/docs.test.ts checks that the page holds what
// this makes from the data file, and that the fingerprint is that of the games the code plays now.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const DOC = `${root}docs/strategies.md`;
export const DATA = `${root}docs/play-figures.json`;
export const START = '<!-- play-figures:start -->';
export const END = '<!-- play-figures:end -->';
export const STALE = 'the default play changed: npm run play-figures -- --write counts the figures anew';

/** The built-in setups the figures are counted on, at the default (no --strategy). */
export const SETUPS = ['ukrainian', 'club-12', 'club-20'];

/** Games of each setup the fingerprint covers (games 0 to PROBE_GAMES − 1 of the recorded seed). */
export const PROBE_GAMES = 100;

/**
 * How the first games of each setup end at the default (each game's winner, its last day and who is
 * alive at the end), as a short digest. `gameOf(setup)` gives a function that plays game k there.
 */
export function gamesFingerprint(gameOf) {
  const hash = createHash('sha256');
  for (const setup of SETUPS) {
    const play = gameOf(setup);
    for (let k = 0; k < PROBE_GAMES; k++) {
      const g = play(k);
      hash.update(`${setup} ${g.winner} ${g.day} ${g.alive.join('')}\n`);
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** The recorded figures: `{ fingerprint, seed, games, roleGames, setups: { NAME: figures } }`. */
export function readData() {
  return JSON.parse(readFileSync(DATA, 'utf8'));
}

export function dataText(data) {
  return `${JSON.stringify(data, null, 2)}\n`;
}

const pct = (x) => `${(x * 100).toFixed(1)}%`;
const count = (x) => x.toLocaleString('en-US');
const num = (x) => x.toFixed(2);
const signed = (x) => `${x > 0.0005 ? '+' : x < -0.0005 ? '−' : '±'}${Math.abs(x * 100).toFixed(1)}`;

/** A rate as "55.0% (53.5–56.5%)", or "—" where the rules have no such thing. */
function rateCell(r) {
  return r === null ? '—' : `${pct(r.share)} (${pct(r.low)}–${pct(r.high)})`;
}

/** A per-game mean as "1.02 (0.99–1.05)", or "—". */
function meanCell(m) {
  if (m === null) return '—';
  return m.low === null ? num(m.mean) : `${num(m.mean)} (${num(m.low)}–${num(m.high)})`;
}

/** The figures' rows: a label and how each setup's cell is drawn. */
const ROWS = [
  ['town win', (f) => rateCell(f.townWin)],
  ['real investigator voted out on day 1', (f) => rateCell(f.outDay1)],
  ['real investigator alive at the end', (f) => rateCell(f.alive)],
  ["the Commissar's note left (U9.2)", (f) => rateCell(f.noteLeft)],
  ['… and read out (he died that night)', (f) => rateCell(f.noteRead)],
  ['mafia investigator claimants per game', (f) => meanCell(f.mafiaClaimants)],
  ['lone nominees who left unvoted per game (U3.2)', (f) => meanCell(f.lonePassed)],
  ['… of them town players', (f) => meanCell(f.loneTownPassed)],
  ['nights all town night choices named one seat', (f) => `${rateCell(f.sameSeat)} of ${count(f.sameSeat.of)}`],
];

/** Whether a role's worth to its own team is significant and which way (town points, its team's sign). */
function verdict(v) {
  const own = v.team === 'town' ? 1 : -1;
  const low = Math.min(own * v.asIs.low, own * v.asIs.high);
  const high = Math.max(own * v.asIs.low, own * v.asIs.high);
  if (low > 0) return 'helps its team';
  if (high < 0) return `**hurts its team**`;
  return v.team === 'town' ? '**worth nothing measurable**' : 'worth nothing measurable';
}

/** A paired difference in town points with its interval, or "—" where the arm could not be played. */
function worthCell(d) {
  return d === null ? '—' : `${signed(d.diff)} (${signed(d.low)} to ${signed(d.high)})`;
}

function roleRows(data) {
  const rows = [];
  for (const setup of SETUPS) {
    for (const v of data.setups[setup].roles) rows.push(`| ${setup} | ${v.role} | ${v.team} | ${worthCell(v.asIs)} | ${worthCell(v.oneMore)} | ${verdict(v)} |`);
  }
  return rows;
}

/** The generated part of the page, from the data file. */
export function figuresTable(data) {
  const plays = SETUPS.map((s) => `${s}: town \`${data.setups[s].plays.town}\`, mafia \`${data.setups[s].plays.mafia}\``);
  return [
    `${count(data.games)} games per setup, seed ${data.seed}, at the default (what \`run\` plays with no \`--strategy\`; games fingerprint \`${data.fingerprint}\`). The default played:`,
    '',
    ...plays.map((p) => `- ${p}`),
    '',
    `| figure | ${SETUPS.join(' | ')} |`,
    `| --- | ${SETUPS.map(() => '---').join(' | ')} |`,
    ...ROWS.map(([label, cell]) => `| ${label} | ${SETUPS.map((s) => cell(data.setups[s])).join(' | ')} |`),
    '',
    `Each special role's worth to the town (\`mafia-sim role-values --setup S --games ${data.roleGames}\`, seed ${data.seed}; town win points, paired, 95% interval; positive helps the town): "as is" is the table against the table with one of the role's seats made plain, "one more" the table plus the role against the table plus a plain seat (— where that table is not a legal setup). The verdict reads "as is" for the role's own team.`,
    '',
    '| setup | role | team | as is | one more | verdict |',
    '| --- | --- | --- | --- | --- | --- |',
    ...roleRows(data),
  ].join('\n');
}

/** The page with the generated part between the markers replaced by the one the data makes. */
export function withTable(page, data) {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${DOC}: no ${START} … ${END} markers`);
  return `${page.slice(0, start + START.length)}\n${figuresTable(data)}\n${page.slice(end)}`;
}
