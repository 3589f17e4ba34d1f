// The hostile-input catalogue (issue 32): each case is a command a careless user or an attacker might
// type, the files it finds, and what must come of it — one error line and exit 2 with nothing written
// or overwritten, or a correct result. Run by test/hostile/catalogue.test.ts (each case a test) and by
// scripts/hostile-catalogue.mjs (npm run hostile: one line per case, clean / crash / hang /
// wrong-success / leak). A case runs in a fresh temp folder of its own, its cwd.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(ROOT, 'bin', 'mafia-sim.js');

const SETUP = 'rules: vanilla\nroles: { townie: 5, mafia: 2 }\n';
const PLUGIN = "export default { name: 'plain', createPlayer() { return { decide(view, request) { return request.canPass ? null : request.options[0]; } }; } };\n";
/** "Billion laughs": ten aliases of ten aliases of … (a million strings from 300 bytes). */
const ALIAS_BOMB = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...['b', 'c', 'd', 'e', 'f', 'g'].map((k, i) => `${k}: &${k} [${Array(10).fill(`*${'abcdefg'[i]}`).join(', ')}]`)].join('\n') + '\n';
const ERROR_LINE = /^mafia-sim: error: [^\n]+\n$/;

/** A tune state of `tune --setup vanilla --games 200` (seed 1), and one of its units. */
const UNIT = { arms: [['town=smart', 'mafia=smart'], ['town=smart', 'mafia=smart:bloc=false']], from: 0, to: 200, pairs: [[[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], [[40, 6, 0, 0], [10, 144, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]], base: { town: 46, mafia: 154, draw: 0, stalemate: 0 } };
const STATE = { format: 2, kind: 'tune-state', key: { setup: 'vanilla', overrides: [], seed: '1', table: {}, settings: {} }, units: { r0: UNIT } };
const withUnit = (edit) => ({ ...STATE, units: { r0: { ...UNIT, ...edit } } });

/** A tune (or equilibrium) of `args` played with `--state file`, its state edited by `edit` (a forger's work: every count still adds up). */
function state(dir, file, args, edit) {
  const r = spawnSync(process.execPath, [BIN, ...args, '--state', file], { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  const s = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  edit?.(s);
  writeFileSync(join(dir, file), JSON.stringify(s));
}
const TUNE = ['tune', '--setup', 'vanilla', '--params', 'bloc,nominateBlind', '--games', '40', '--first', '20', '--rounds', '2', '--workers', '1'];

/** Writes shard `i/n` of `run --setup vanilla --games 40 --json` (or of `args`) to `file`, edited by `edit` and checksummed again (a forger's work). */
function shard(dir, file, which, edit, args = ['run', '--setup', 'vanilla', '--games', '40']) {
  const r = spawnSync(process.execPath, [BIN, ...args, '--shard', which, '--json', '--workers', '1'], { cwd: dir, encoding: 'utf8' });
  const { checksum: _, ...body } = JSON.parse(r.stdout);
  edit?.(body);
  writeFileSync(join(dir, file), JSON.stringify({ ...body, checksum: `sha256:${createHash('sha256').update(JSON.stringify(body)).digest('hex')}` }, null, 2));
}
const COMPARE = ['compare', '--setup', 'vanilla', '--strategy', 'random', '--right', 'mafia=1', '--games', '40'];

const FIXTURES = join(ROOT, 'test', 'fixtures');
const HOSTILE_BOT = join(FIXTURES, 'bots', 'hostile_bot.mjs');
/** The children the spawning bot leaves are `sleep TAG.K`: a number of this run, to count them by. */
const TAG = 40_000 + 2 * Math.floor(Math.random() * 10_000);

/** A --json run report's check: every one of `games` games failed, the first saying `says`, and none played. */
const failedGames = (games, says) => ({ stdout }) => {
  let r;
  try {
    r = JSON.parse(stdout);
  } catch {
    return `stdout is not a JSON report: ${JSON.stringify(stdout.slice(0, 200))}`;
  }
  if (r.failedGames !== games) return `${r.failedGames} failed games of ${games}`;
  return says.test(r.failures[0]?.error ?? '') ? null : `the first failure ${JSON.stringify(r.failures[0]?.error)} does not match ${says}`;
};

/** Errors of the house style: one line, exit 2. `says`: what the line must contain. */
const refused = (says, extra = {}) => ({ code: 2, stderr: says, ...extra });

/**
 * Each case: `id`, `what` (one line), `files` (name → text; a name ending in / is a folder), `links`
 * (name → target), `fifos`, `args`, `expect` ({ code, stderr: RegExp, unchanged: [names], absent:
 * [names] }), `timeoutMs` (default 20 s), `skip` (a reason the case cannot run here).
 */
export const CASES = [
  // 1. One rule for every output path.
  {
    id: 'games-out-is-setup', what: 'run --setup ./t.yaml --games-out ./t.yaml',
    files: { 't.yaml': SETUP }, args: ['run', '--setup', './t.yaml', '--games', '5', '--games-out', './t.yaml'],
    expect: refused(/--games-out \.\/t\.yaml: the same file as --setup \.\/t\.yaml/, { unchanged: ['t.yaml'] }),
  },
  {
    id: 'html-is-setup', what: 'run --setup ./t.yaml --html ./t.yaml',
    files: { 't.yaml': SETUP }, args: ['run', '--setup', './t.yaml', '--games', '5', '--html', './t.yaml'],
    expect: refused(/--html \.\/t\.yaml: the same file as --setup \.\/t\.yaml/, { unchanged: ['t.yaml'] }),
  },
  {
    id: 'games-out-is-plugin', what: 'run --games-out ./b.mjs --strategy town=./b.mjs',
    files: { 'b.mjs': PLUGIN }, args: ['run', '--setup', 'vanilla', '--games', '5', '--games-out', './b.mjs', '--strategy', 'town=./b.mjs'],
    expect: refused(/--games-out \.\/b\.mjs: the same file as --strategy town=\.\/b\.mjs/, { unchanged: ['b.mjs'] }),
  },
  {
    id: 'games-out-is-html', what: 'run --games-out F --html F',
    args: ['run', '--setup', 'vanilla', '--games', '5', '--games-out', 'F', '--html', 'F'],
    expect: refused(/--html F: the same file as --games-out F/, { absent: ['F'] }),
  },
  {
    id: 'html-is-csv', what: 'run --html F --csv F',
    args: ['run', '--setup', 'vanilla', '--games', '5', '--html', 'F', '--csv', 'F'],
    expect: refused(/--csv F: the same file as --html F/, { absent: ['F'] }),
  },
  {
    id: 'csv-is-setup-hard-link', what: 'run --setup ./t.yaml --csv HARDLINK (a second name of the setup file)',
    files: { 't.yaml': SETUP }, hardLinks: { 'h.yaml': 't.yaml' }, args: ['run', '--setup', './t.yaml', '--games', '5', '--csv', 'h.yaml'],
    expect: refused(/--csv h\.yaml: the same file as --setup \.\/t\.yaml/, { unchanged: ['t.yaml'] }),
  },
  {
    id: 'games-out-links-to-setup', what: 'run --setup ./t.yaml --games-out LINK (a symbolic link to the setup file)',
    files: { 't.yaml': SETUP }, links: { 'l.jsonl': 't.yaml' }, args: ['run', '--setup', './t.yaml', '--games', '5', '--games-out', 'l.jsonl'],
    expect: refused(/--games-out l\.jsonl: the same file as --setup \.\/t\.yaml/, { unchanged: ['t.yaml'] }),
  },
  {
    id: 'games-out-is-redirected-stdout', what: 'run --json > r.json --games-out r.json',
    stdoutTo: 'r.json', args: ['run', '--setup', 'vanilla', '--games', '5', '--json', '--games-out', 'r.json'],
    expect: refused(/--games-out r\.json: the same file as stdout, which is redirected to it: give --games-out - for stdout itself, or another file/),
  },
  {
    id: 'html-is-redirected-stdout', what: 'run > r.html --html r.html',
    stdoutTo: 'r.html', args: ['run', '--setup', 'vanilla', '--games', '5', '--html', 'r.html'],
    expect: refused(/--html r\.html: the same file as stdout, which is redirected to it/),
  },
  {
    id: 'games-out-dangling-link', what: 'run --games-out DANGLING (a symbolic link to a file that does not exist)',
    links: { 'd.jsonl': 'nowhere.jsonl' }, args: ['run', '--setup', 'vanilla', '--games', '5', '--games-out', 'd.jsonl'],
    expect: refused(/--games-out d\.jsonl: a symbolic link to .*nowhere\.jsonl, which does not exist/, { absent: ['nowhere.jsonl'] }),
  },
  {
    id: 'games-out-dangling-link-folder', what: 'run --games-out DANGLING (a link into a folder that does not exist)',
    links: { 'd.jsonl': 'nodir/x.jsonl' }, args: ['run', '--setup', 'vanilla', '--games', '5', '--games-out', 'd.jsonl'],
    expect: refused(/--games-out d\.jsonl: a symbolic link to .*nodir\/x\.jsonl, which does not exist/),
  },
  {
    id: 'state-is-setup', what: 'tune --setup ./t.yaml --state ./t.yaml',
    files: { 't.yaml': SETUP }, args: ['tune', '--setup', './t.yaml', '--state', './t.yaml', '--games', '200'],
    expect: refused(/--state \.\/t\.yaml: the same file as --setup \.\/t\.yaml/, { unchanged: ['t.yaml'] }),
  },
  {
    id: 'html-is-merged-report', what: 'merge a.json --html a.json',
    files: { 'a.json': '{}\n' }, args: ['merge', 'a.json', '--html', 'a.json'],
    expect: refused(/--html a\.json: the same file as report a\.json/, { unchanged: ['a.json'] }),
  },
  {
    id: 'games-out-is-role-plugin', what: 'run --setup s.yaml (naming the role plug-in ./r.mjs) --games-out r.mjs',
    files: { 's.yaml': 'rules: ukrainian\nroles: { citizen: 6, ./r.mjs: 1, mafia: 2, don: 1, commissar: 1 }\n', 'r.mjs': "export default { id: 'r', name: 'R', team: 'town', description: 'r' };\n" },
    args: ['run', '--setup', 's.yaml', '--games', '5', '--games-out', 'r.mjs'],
    expect: refused(/--games-out r\.mjs: the same file as s\.yaml: roles\.\.\/r\.mjs/, { unchanged: ['r.mjs'] }),
  },

  // 2. One bounded reader for every input.
  {
    id: 'merge-dev-zero', what: 'merge /dev/zero',
    args: ['merge', '/dev/zero'], expect: refused(/\/dev\/zero: cannot read report: is a character device, not a regular file/),
  },
  {
    id: 'merge-fifo', what: 'merge FIFO (nobody writes to it)',
    fifos: ['pipe.json'], args: ['merge', 'pipe.json'], expect: refused(/pipe\.json: cannot read report: is a FIFO/),
  },
  {
    id: 'strategy-dev-zero', what: 'run --strategy town=/dev/zero',
    args: ['run', '--games', '3', '--strategy', 'town=/dev/zero'], expect: refused(/--strategy town=\/dev\/zero: cannot load \/dev\/zero: it is a character device/),
  },
  {
    id: 'strategy-dev-zero-isolated', what: 'run --isolate --strategy town=/dev/zero',
    args: ['run', '--games', '3', '--isolate', '--strategy', 'town=/dev/zero'], expect: refused(/--strategy town=\/dev\/zero: cannot load \/dev\/zero: it is a character device/),
  },
  {
    id: 'strategy-fifo', what: 'run --strategy town=./bot.mjs (a FIFO)',
    fifos: ['bot.mjs'], args: ['run', '--games', '3', '--strategy', 'town=./bot.mjs'], expect: refused(/--strategy town=\.\/bot\.mjs: cannot load \.\/bot\.mjs: it is a FIFO/),
  },
  {
    id: 'role-plugin-dev-zero', what: 'run --setup s.yaml, which names a role plug-in at /dev/zero',
    files: { 's.yaml': 'rules: ukrainian\nroles: { citizen: 6, /dev/zero: 1, mafia: 2, don: 1, commissar: 1 }\n' },
    args: ['run', '--setup', 's.yaml', '--games', '3'], expect: refused(/s\.yaml: roles\.\/dev\/zero: cannot load \/dev\/zero: it is a character device/),
  },
  {
    id: 'setup-dev-zero', what: 'run --setup /dev/zero',
    args: ['run', '--setup', '/dev/zero', '--games', '3'], expect: refused(/\/dev\/zero: cannot read setup: is a character device/),
  },
  {
    id: 'setup-alias-bomb', what: 'run --setup BOMB.yaml ("billion laughs")',
    files: { 'bomb.yaml': `rules: vanilla\nroles: { townie: 5, mafia: 2 }\n${ALIAS_BOMB}` },
    args: ['run', '--setup', 'bomb.yaml', '--games', '3'], expect: refused(/bomb\.yaml: cannot read setup: its aliases expand too far/),
  },
  {
    id: 'scenario-alias-bomb', what: 'scenario BOMB.yaml ("billion laughs")',
    files: { 'bomb.yaml': `name: bomb\nsetup: vanilla\n${ALIAS_BOMB}` },
    args: ['scenario', 'bomb.yaml'], expect: refused(/bomb\.yaml: cannot read scenario: its aliases expand too far/),
  },
  {
    id: 'setup-deep-nesting', what: 'run --setup DEEP.yaml (lists nested 100,000 deep)',
    files: { 'deep.yaml': `rules: vanilla\nroles: { townie: 5, mafia: 2 }\nx: ${'['.repeat(100000)}${']'.repeat(100000)}\n` },
    args: ['run', '--setup', 'deep.yaml', '--games', '3'], expect: refused(/deep\.yaml: (cannot read setup: nested too deep|x\[0\].*: nested more than 64 deep)/),
  },
  {
    id: 'setup-json-trailing-comma', what: 'run --setup t.json (a trailing comma)',
    files: { 't.json': '{"rules": "vanilla", "roles": {"townie": 5, "mafia": 2},}\n' },
    args: ['run', '--setup', 't.json', '--games', '3'], expect: refused(/t\.json: cannot read setup: not valid JSON/),
  },
  {
    id: 'table-too-large', what: 'run --setup club-8 --option players=1000',
    args: ['run', '--setup', 'club-8', '--option', 'players=1000'], expect: refused(/--option players=1000: must be at most \d+/),
  },
  {
    id: 'table-too-large-file', what: 'run --setup FILE with 600 mafia and 600 townies',
    files: { 'crowd.yaml': 'rules: vanilla\nroles: { mafia: 600, townie: 600 }\n' },
    args: ['run', '--setup', 'crowd.yaml'], expect: refused(/crowd\.yaml: roles\.mafia: count must be a whole number from 0 to \d+, got 600|crowd\.yaml: roles: a table has at most \d+ players/),
  },

  // 3. Structured inputs validated: tune state, shards for merge, compare's arms.
  ...[
    ['state-wrong-shape', 'a JSON file of the wrong shape', { kind: 'tune-state', format: 2 }, /--state st\.json: key: must be a mapping of setup, overrides, seed, table and settings/],
    ['state-old-format', 'a file of format 1 (no table, no settings)', { ...STATE, format: 1 }, /--state st\.json: format: must be 2, got 1 \(a file of an earlier mafia-sim/],
    ['state-null-key', 'key: null', { ...STATE, key: null }, /--state st\.json: key: must be a mapping/],
    ['state-units-null', 'units: null', { ...STATE, units: null }, /--state st\.json: units: must be a mapping/],
    ['state-negative-count', 'a negative count', withUnit({ base: { ...UNIT.base, town: -5 } }), /--state st\.json: units\.r0\.base\.town: must be a whole number of at least 0, got -5/],
    ['state-string-number', 'a number given as a string', withUnit({ from: '0' }), /--state st\.json: units\.r0\.from: must be a whole number of at least 0, got "0"/],
    ['state-pairs-do-not-add-up', 'pairs that do not add up to the base', withUnit({ base: { town: 40, mafia: 160, draw: 0, stalemate: 0 } }), /--state st\.json: units\.r0\.pairs\[1\]\[0\]: pairs 46 games the baseline ended town, but base\.town is 40/],
    ['state-more-games-than-range', 'more games than the range holds', withUnit({ to: 100 }), /--state st\.json: units\.r0\.base: counts 200 games, more than its range/],
  ].map(([id, what, data, says]) => ({
    id, what: `tune --state FILE: ${what}`,
    files: { 'st.json': JSON.stringify(data) }, args: ['tune', '--setup', 'vanilla', '--games', '200', '--state', 'st.json'],
    expect: refused(says, { unchanged: ['st.json'] }),
  })),
  {
    id: 'equilibrium-state-wrong-shape', what: 'equilibrium --state FILE: a unit without arms',
    files: { 'eq.json': JSON.stringify({ format: 2, kind: 'equilibrium-state', key: STATE.key, units: { 'cell:a|b': { from: 0 } } }) },
    args: ['equilibrium', '--setup', 'vanilla', '--state', 'eq.json'],
    expect: refused(/--state eq\.json: units\.cell:a\|b\.arms: must be a list of arms/, { unchanged: ['eq.json'] }),
  },
  ...[
    ['state-forged-history', 'a stage\'s counts edited (still adding up) so the halving would have kept another move', (s) => {
      const pairs = s.units.r0s0.pairs;
      const last = pairs.length - 1;
      pairs[last] = pairs[last].map((row, b) => (b < 2 ? [row.reduce((a, n) => a + n, 0), 0, 0, 0] : row));
    }, TUNE, /--state st\.json: units\.r0s1\.arms\[1\]\[0\]: .*, but the tune, replaying the units before it, plays .* there: the file does not replay to itself/],
    ['state-stray-unit', 'a unit added that no run of the tune plays', (s) => (s.units.r9s0 = s.units.r0s0), TUNE, /--state st\.json: units\.r9s0: a unit the tune never plays, replaying the units before it/],
    ['state-moved-unit', 'a confirmation moved to other games', (s) => ((s.units.r0c.from += 7), (s.units.r0c.to += 7)), TUNE, /--state st\.json: units\.r0c\.from: 5000007, but the tune, replaying the units before it, plays 5000000 there/],
    ['state-other-settings', 'made by the same tune with another --games', undefined, TUNE.map((a) => (a === '40' ? '80' : a)), /--state st\.json: key\.settings\.finalGames: 40 in the file, 80 here: a state file continues only the same tune/],
  ].map(([id, what, edit, args, says]) => ({
    id, what: `tune --state FILE: ${what}`,
    make: (dir) => state(dir, 'st.json', TUNE, edit),
    args: [...args, '--state', 'st.json'], expect: refused(says, { unchanged: ['st.json'] }), timeoutMs: 60_000,
  })),
  {
    id: 'state-setup-edited', what: 'tune --setup ./t.yaml --state FILE: the setup file edited since the state was made',
    files: { 't.yaml': SETUP },
    make: (dir) => {
      state(dir, 'st.json', ['tune', '--setup', './t.yaml', '--params', 'bloc', '--games', '40', '--first', '20', '--rounds', '2', '--workers', '1']);
      writeFileSync(join(dir, 't.yaml'), SETUP.replace('townie: 5', 'townie: 6'));
    },
    args: ['tune', '--setup', './t.yaml', '--params', 'bloc', '--games', '40', '--first', '20', '--rounds', '2', '--workers', '1', '--state', 'st.json'],
    expect: refused(/--state st\.json: key\.table\.players: 7 in the file, 8 here: the setup changed since the file was made/, { unchanged: ['st.json'] }), timeoutMs: 60_000,
  },
  {
    id: 'equilibrium-state-stray-unit', what: 'equilibrium --state FILE: a unit added that no run of the equilibrium plays',
    make: (dir) => state(dir, 'eq.json', ['equilibrium', '--setup', 'vanilla', '--games', '20', '--first', '10', '--matrix-games', '20', '--climb', '1', '--iterations', '1', '--workers', '1'], (s) => (s.units['i7town0s0'] = s.units['cell:smart|smart'])),
    args: ['equilibrium', '--setup', 'vanilla', '--games', '20', '--first', '10', '--matrix-games', '20', '--climb', '1', '--iterations', '1', '--workers', '1', '--state', 'eq.json'],
    expect: refused(/--state eq\.json: units\.i7town0s0: a unit the equilibrium never plays/, { unchanged: ['eq.json'] }), timeoutMs: 60_000,
  },
  {
    id: 'equilibrium-state-is-setup', what: 'equilibrium --setup ./t.yaml --state ./t.yaml',
    files: { 't.yaml': SETUP }, args: ['equilibrium', '--setup', './t.yaml', '--state', './t.yaml'],
    expect: refused(/--state \.\/t\.yaml: the same file as --setup \.\/t\.yaml/, { unchanged: ['t.yaml'] }),
  },
  {
    id: 'state-dev-zero', what: 'tune --state /dev/zero',
    args: ['tune', '--setup', 'vanilla', '--games', '200', '--state', '/dev/zero'], expect: refused(/\/dev\/zero: cannot read tune state: is a character device/),
  },
  {
    id: 'state-fifo', what: 'tune --state FIFO',
    fifos: ['st.json'], args: ['tune', '--setup', 'vanilla', '--games', '200', '--state', 'st.json'], expect: refused(/st\.json: cannot read tune state: is a FIFO/),
  },
  {
    id: 'state-missing-folder', what: 'tune --state nodir/st.json (no such folder)',
    args: ['tune', '--setup', 'vanilla', '--games', '200', '--state', 'nodir/st.json'], expect: refused(/--state nodir\/st\.json: cannot write: no such folder/),
  },
  {
    id: 'state-unwritable-folder', what: 'tune --state in a folder that cannot be written (/proc)',
    args: ['tune', '--setup', 'vanilla', '--games', '200', '--state', '/proc/st.json'], expect: refused(/--state \/proc\/st\.json: cannot write: /),
    skip: existsSync('/proc/self') ? null : 'no /proc',
  },
  {
    id: 'tune-state-folder-unwritable', what: 'sweep --tune --tune-state DIR under a file (a part of the path is not a folder)',
    files: { 'f.txt': 'x\n' }, args: ['sweep', '--setup', 'vanilla', '--vary', 'mafia=1,2', '--games', '200', '--tune', '--tune-state', 'f.txt/states'],
    expect: refused(/--tune-state f\.txt\/states: cannot write: /, { unchanged: ['f.txt'] }),
  },
  {
    id: 'tune-state-folder-proc', what: 'sweep --tune --tune-state /proc/DIR (no file can be made there)',
    args: ['sweep', '--setup', 'vanilla', '--vary', 'mafia=1,2', '--games', '200', '--tune', '--tune-state', '/proc/mafia-sim-states'],
    expect: refused(/--tune-state \/proc\/mafia-sim-states: cannot write in \/proc: /), skip: existsSync('/proc/self') ? null : 'no /proc',
  },
  ...[
    ['merge-forged-seat-count', 'a seat\'s win count edited, the checksum recomputed', (r) => (r.seats[0].win.count += 1), /b\.json: .*seats: win counts sum to \d+, but the outcomes give \d+ seat wins/],
    ['merge-forged-seat-swap', 'two seats\' wins traded, the checksum recomputed', (r) => ((r.seats[0].win.count += 1), (r.seats[1].win.count -= 1)), /b\.json: .*seats\[0\]\.win\.share: .* is not what the report's own counts give/],
    ['merge-forged-setup', 'the table\'s rule set edited, the checksum recomputed', (r) => (r.setup.rules = 'club'), /b\.json: .*setup\.rules: "club", but vanilla plays vanilla rules/],
    ['merge-shifted-range', 'the second shard\'s range shifted, the checksum recomputed', (r) => ((r.range.first += 10), (r.range.end += 10)), /games 20–29 are in none of the reports/],
    ['merge-stretched-partial', 'the second shard marked partial and its range stretched, the checksum recomputed', (r) => ((r.partial = true), (r.range.end += 20)), /b\.json: .*games \+ failedGames \(20\) is not the range's 40 games/],
    ['merge-forged-out-day-1', 'every seat out on day 1 in every game, the checksum recomputed', (r) => r.seats.forEach((s) => (s.outDay1.count = r.games)), /b\.json: .*seats\[0\]: survival \d+ \+ outDay1 20 \+ killedNight1 \d+ is \d+, more than the 20 games/],
    ['merge-forged-length', 'every game 50 days longer, the checksum recomputed', (r) => (r.length.histogram = r.length.histogram.map(([d, n]) => [d + 50, n])), /b\.json: .*length\.histogram: a game of \d+ days; games last 0 to maxDays \(40\) days/],
    ['merge-forged-death-days', 'a role\'s death days zeroed, the checksum recomputed', (r) => (r.roles[0].deathDays = 0), /b\.json: .*roles\[0\] \(mafia\)\.deathDays: 0 for \d+ deaths/],
  ].map(([id, what, edit, says]) => ({
    id, what: `merge a.json b.json: ${what}`,
    make: (dir) => {
      shard(dir, 'a.json', '1/2');
      shard(dir, 'b.json', '2/2', edit);
    },
    args: ['merge', 'a.json', 'b.json', '--json'], expect: refused(says),
  })),
  {
    id: 'merge-forged-option', what: 'merge a.json b.json: both shards given a rule option the rule set does not have, the checksums recomputed',
    make: (dir) => {
      shard(dir, 'a.json', '1/2', (r) => (r.setup.options.bogus = 3));
      shard(dir, 'b.json', '2/2', (r) => (r.setup.options.bogus = 3));
    },
    args: ['merge', 'a.json', 'b.json', '--json', '--html', 'm.html'], expect: refused(/a\.json: .*setup\.options\.bogus: not an option of the vanilla rule set/, { absent: ['m.html'] }),
  },
  {
    id: 'merge-club-size-variant', what: 'merge the shards of club-12 --option players=25 (the built-in table club-25)',
    make: (dir) => {
      const args = ['run', '--setup', 'club-12', '--option', 'players=25', '--strategy', 'random', '--games', '6'];
      shard(dir, 'a.json', '1/2', undefined, args);
      shard(dir, 'b.json', '2/2', undefined, args);
    },
    args: ['merge', 'a.json', 'b.json', '--json'], expect: { code: 0, check: ({ stdout }) => (JSON.parse(stdout).setup.name === 'club-25' ? null : `merged setup ${JSON.parse(stdout).setup.name}`) },
  },
  ...[
    ['merge-compare-forged-pairs', 'an arm\'s paired outcomes moved', (d) => ((d.arms[1].vsBaseline.pairs[0][0] += 3), (d.arms[1].vsBaseline.pairs[1][1] -= 3)), /b\.json: .*arms\[1\]\.vsBaseline\.pairs\[0\]: pairs \d+ games the baseline ended town, but its run has outcomes\.town \d+/],
    ['merge-compare-forged-difference', 'an arm\'s town difference edited', (d) => (d.arms[1].vsBaseline.outcomes.town.diff += 0.25), /b\.json: .*arms\[1\]\.vsBaseline\.outcomes\.town\.diff: .* is not what the report's own counts give/],
  ].map(([id, what, edit, says]) => ({
    id, what: `merge a.json b.json of compare: ${what}, the checksum recomputed`,
    make: (dir) => {
      shard(dir, 'a.json', '1/2', undefined, COMPARE);
      shard(dir, 'b.json', '2/2', edit, COMPARE);
    },
    args: ['merge', 'a.json', 'b.json', '--json'], expect: refused(says),
  })),
  {
    id: 'compare-no-arms', what: 'compare (no setups, no settings)',
    args: ['compare', '--games', '100'], expect: refused(/compare: arms 1 \(baseline\) and 2 .* play the same table/),
  },
  {
    id: 'compare-same-arms', what: 'compare vanilla vanilla',
    args: ['compare', 'vanilla', 'vanilla', '--games', '100'], expect: refused(/compare: arms 1 \(baseline\) and 2 .* play the same table/),
  },

  // 4. Bounded bots: a time limit always, caps on what a bot writes, no process left behind.
  {
    id: 'exec-bot-never-answers', what: 'run --games 20 with an exec: bot that reads stdin and never answers',
    args: ['run', '--setup', 'vanilla', '--games', '20', '--json', '--strategy', `town=exec:node ${HOSTILE_BOT} silent`],
    expect: { code: 1, check: failedGames(20, /did not answer within 15000 ms \(at its start\)/) }, timeoutMs: 60_000,
  },
  {
    id: 'isolated-plugin-loops', what: 'run --games 20 --isolate with a plug-in whose decide never returns (no --decision-timeout)',
    args: ['run', '--setup', 'vanilla', '--games', '20', '--json', '--isolate', '--strategy', `town=${join(FIXTURES, 'plugins', 'loop-plugin.mjs')}`],
    expect: { code: 1, check: failedGames(20, /did not answer within 1000 ms/) }, timeoutMs: 60_000,
  },
  {
    id: 'isolated-plugin-import-never-ends', what: 'run --games 20 --isolate with a plug-in whose import never finishes',
    args: ['run', '--setup', 'vanilla', '--games', '20', '--json', '--isolate', '--strategy', `town=${join(FIXTURES, 'plugins', 'endless-import-plugin.mjs')}`],
    expect: { code: 1, check: failedGames(20, /did not answer within 15000 ms \(at its start\)|exited/) }, timeoutMs: 60_000,
  },
  {
    id: 'exec-bot-floods-statements', what: 'run --games 20 with an exec: bot that makes 100,000 statements a speech',
    args: ['run', '--setup', 'vanilla', '--games', '20', '--json', '--strategy', `town=exec:node ${HOSTILE_BOT} flood`],
    expect: { code: 1, check: failedGames(20, /wrote a line of more than 65,536 characters/) }, timeoutMs: 60_000,
  },
  {
    id: 'exec-bot-chatty', what: 'run --games 20 with an exec: bot that makes 1,000 statements a speech',
    args: ['run', '--setup', 'vanilla', '--games', '20', '--json', '--strategy', `town=exec:node ${HOSTILE_BOT} chatty`],
    expect: { code: 1, check: failedGames(20, /made 1000 statements in one speech; at most 64/) }, timeoutMs: 60_000,
  },
  {
    id: 'exec-bot-endless-line', what: 'run --games 20 with an exec: bot that writes a 10 MB line',
    args: ['run', '--setup', 'vanilla', '--games', '20', '--json', '--strategy', `town=exec:node ${HOSTILE_BOT} longline`],
    expect: { code: 1, check: failedGames(20, /wrote a line of more than 65,536 characters/) }, timeoutMs: 60_000,
  },
  {
    id: 'exec-bot-leaves-processes', what: 'run with an exec: bot that starts children: in its group, under setsid, double-forked, holding stdout, with a cleared environment',
    args: ['run', '--setup', 'vanilla', '--games', '5', '--json', '--strategy', `town=exec:node ${HOSTILE_BOT} spawn ${TAG}`],
    marker: `sleep ${TAG}.`, expect: { code: 0 }, timeoutMs: 60_000,
  },
  {
    id: 'replay-exec-bot-leaves-processes', what: 'replay with an exec: bot that starts children (the main thread waits for it)',
    args: ['replay', '--setup', 'vanilla', '--game', '0', '--strategy', `town=exec:node ${HOSTILE_BOT} spawn ${TAG + 1}`],
    marker: `sleep ${TAG + 1}.`, expect: { code: 0 }, timeoutMs: 60_000,
  },
];

/** Makes a case's folder and files; returns its path. */
export function prepare(c, root = tmpdir()) {
  const dir = mkdtempSync(join(root, `hostile-${c.id}-`));
  for (const [name, text] of Object.entries(c.files ?? {})) {
    const path = join(dir, name);
    if (name.endsWith('/')) mkdirSync(path, { recursive: true });
    else {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    }
  }
  for (const [name, target] of Object.entries(c.links ?? {})) symlinkSync(target, join(dir, name));
  for (const [name, target] of Object.entries(c.hardLinks ?? {})) spawnSync('ln', [join(dir, target), join(dir, name)]);
  for (const name of c.fifos ?? []) spawnSync('mkfifo', [join(dir, name)]);
  c.make?.(dir);
  for (const [name, mode] of Object.entries(c.modes ?? {})) chmodSync(join(dir, name), mode);
  return dir;
}

/**
 * Runs one case: { verdict, detail, code, stderr, ms }. verdict: clean (as expected), crash (exit 70,
 * a signal or a stack trace), hang (past its time), wrong-success (exit 0 where an error was due, or
 * an input changed), leak (a process left behind), or wrong (any other difference: detail says).
 */
export async function runCase(c, opts = {}) {
  const dir = prepare(c, opts.root);
  const before = Object.fromEntries((c.expect.unchanged ?? []).map((f) => [f, readFileSync(join(dir, f))]));
  const args = typeof c.args === 'function' ? c.args(dir) : c.args;
  const running = c.marker ? countProcesses(c.marker) : 0;
  const started = Date.now();
  // `stdoutTo`: the command's stdout redirected to that file of the case's folder (`> r.json`).
  const stdoutFd = c.stdoutTo ? openSync(join(dir, c.stdoutTo), 'w') : undefined;
  const r = await spawnCapture(process.execPath, [BIN, ...args], { cwd: dir, timeoutMs: c.timeoutMs ?? 20_000, env: c.env, stdoutFd });
  if (stdoutFd !== undefined) closeSync(stdoutFd);
  const ms = Date.now() - started;
  const out = { code: r.code, stderr: r.stderr, stdout: r.stdout, ms, dir };
  const verdict = (v, detail = '') => {
    if (!opts.keep) rmSync(dir, { recursive: true, force: true });
    return { ...out, verdict: v, detail };
  };
  if (r.timedOut) return verdict('hang', `still running after ${c.timeoutMs ?? 20_000} ms`);
  if (c.marker) {
    // Processes a command leaves are counted after it, against those running before it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const left = countProcesses(c.marker) - running;
    if (left > 0) {
      killProcesses(c.marker);
      return verdict('leak', `${left} process(es) named ${c.marker} outlived the command`);
    }
  }
  if (r.code === 70 || r.code === null || /\n\s+at .+:\d+:\d+\)?\n/.test(r.stderr)) return verdict('crash', firstLine(r.stderr) || `signal ${r.signal}`);
  for (const [f, was] of Object.entries(before)) {
    if (!existsSync(join(dir, f)) || !readFileSync(join(dir, f)).equals(was)) return verdict('wrong-success', `${f} was changed (exit ${r.code})`);
  }
  for (const f of c.expect.absent ?? []) if (existsSync(join(dir, f))) return verdict('wrong-success', `${f} was written (exit ${r.code})`);
  const partials = readdirSync(dir).filter((f) => f.endsWith('.partial') || /\.tmp-\d+$/.test(f));
  if (partials.length > 0) return verdict('wrong', `left ${partials.join(', ')}`);
  if (r.code !== c.expect.code) return verdict(r.code === 0 ? 'wrong-success' : 'wrong', `exit ${r.code}, expected ${c.expect.code}: ${firstLine(r.stderr)}`);
  if (c.expect.code === 2 && !ERROR_LINE.test(r.stderr)) return verdict('wrong', `not one error line: ${JSON.stringify(r.stderr.slice(0, 300))}`);
  if (c.expect.stderr && !c.expect.stderr.test(r.stderr)) return verdict('wrong', `stderr ${JSON.stringify(firstLine(r.stderr))} does not match ${c.expect.stderr}`);
  if (c.expect.check) {
    const problem = c.expect.check(out);
    if (problem) return verdict('wrong', problem);
  }
  return verdict('clean', firstLine(r.stderr));
}

const firstLine = (s) => s.split('\n').find((l) => l.trim() !== '') ?? '';

/** Runs a program; kills its whole process group when it is over time. */
export function spawnCapture(file, args, { cwd, timeoutMs, env, input, stdoutFd }) {
  return new Promise((resolve) => {
    const child = spawn(file, args, { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, stdio: [input === undefined ? 'ignore' : 'pipe', stdoutFd ?? 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone
      }
    }, timeoutMs);
    if (input !== undefined) child.stdin.end(input);
    child.stdout?.setEncoding('utf8').on('data', (d) => (stdout = stdout.length < 1 << 20 ? stdout + d : stdout));
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr = stderr.length < 1 << 20 ? stderr + d : stderr));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut });
    });
  });
}

/** The processes whose command line contains `marker` (Linux: /proc). */
export function processesWith(marker) {
  if (!existsSync('/proc/self/cmdline')) return [];
  const found = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (cmd.includes(marker)) found.push(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

export const countProcesses = (marker) => processesWith(marker).length;

export function killProcesses(marker) {
  for (const pid of processesWith(marker)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
}
