// Every command's help examples run and show what they claim. Each help page is read, its examples
// listed, and each one run as a user would (in a folder holding the files it names: my-table.yaml,
// ./my-bot.ts, shard-*.json …) with small game counts, and its output held to what it claims. An
// example this file does not know fails the test: a new example comes with its check.
import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliAsync, ROOT } from './helpers/cli.js';

type Result = { code: number | null; stdout: string; stderr: string };

interface Example {
  /** Flags that make it small: FLAG VALUE pairs, each replacing the example's own FLAG (FLAG OTHER VALUE: OTHER instead). */
  readonly small?: readonly string[];
  /** What it claims, checked on its output (stdout, or the files it writes in `dir`). */
  readonly shows: (r: Result, dir: string) => void;
  /** Its exit code when it is right to fail (play's input ends before the game does: 0 too). */
  readonly code?: number;
}

const json = (r: Result) => JSON.parse(r.stdout);
const lines = (path: string) => readFileSync(path, 'utf8').trim().split('\n');
const BOT = `export default {
  name: 'my-bot',
  description: 'a plug-in that picks at random (help examples)',
  createPlayer: () => ({ decide: (_view, req, rng) => (req.options.length ? rng.pick(req.options) : null) }),
};
`;

/** Every example of every help page, as the page prints it (without `mafia-sim `), and what it shows. */
const EXAMPLES: Record<string, Example> = {
  'run --games 1000 --seed 7': { small: ['--games', '30'], shows: (r) => expect(r.stdout).toMatch(/^Run +30 games, seed 7,/m) },
  'replay --seed 7 --game 3': { shows: (r) => expect(r.stdout).toMatch(/game 3\b/i) },
  'run --help': { shows: (r) => expect(r.stdout).toMatch(/^Usage: mafia-sim run/m) },

  run: { small: ['--games', '30'], shows: (r) => expect(r.stdout).toMatch(/^Setup +ukrainian \(ukrainian rules, 12 players\)/m) },
  'run --setup vanilla --option players=12 --option mafia=2 --option start=night': {
    small: ['--games', '30'],
    shows: (r) => {
      expect(r.stdout).toMatch(/^Setup +vanilla \(vanilla rules, 12 players\): mafia×2 townie×10/m);
      expect(r.stdout).toMatch(/start=night/);
    },
  },
  'run --games 100000 --seed 7 --json > report.json': {
    small: ['--games', '30'],
    shows: (_r, dir) => {
      const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
      expect([report.seed, report.games]).toEqual(['7', 30]);
    },
  },
  'run --setup my-table.yaml --option tie=random --games-out games.jsonl': {
    small: ['--games', '30'],
    shows: (r, dir) => {
      expect(r.stdout).toMatch(/^Setup +my-table \(vanilla rules, 9 players\)/m);
      expect(r.stdout).toMatch(/tie=random/);
      expect(lines(join(dir, 'games.jsonl'))).toHaveLength(30);
    },
  },
  'run --games 1000000 --shard 2/4 --json > shard-2.json': {
    small: ['--games', '40'],
    shows: (_r, dir) => expect(JSON.parse(readFileSync(join(dir, 'shard-2.json'), 'utf8')).range).toEqual({ first: 10, end: 20 }),
  },
  'run --setup club-12 --precision 0.5%': {
    // At 20% rather than 0.5%: the first batch already reaches it.
    small: ['--precision', '20%'],
    shows: (r) => expect(r.stdout).toMatch(/^Precision +town win ±\d+\.\d+% after [\d,]+ games \(asked for ±20\.00%\)/m),
  },
  'run --games 100000 --html report.html --csv report.csv': {
    small: ['--games', '30'],
    shows: (_r, dir) => {
      expect(readFileSync(join(dir, 'report.html'), 'utf8')).toMatch(/^<!doctype html>/i);
      expect(lines(join(dir, 'report.csv')).length).toBeGreaterThan(10);
    },
  },

  'merge shard-*.json --json > report.json': { shows: (_r, dir) => expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')).games).toBe(40) },
  'merge a.json b.json': { shows: (r) => expect(r.stdout).toMatch(/^Run +40 games/m) },
  'merge shard-*.json --html report.html': { shows: (_r, dir) => expect(readFileSync(join(dir, 'report.html'), 'utf8')).toMatch(/40 games/) },

  'replay --seed 1 --game 42': { shows: (r) => expect(r.stdout).toMatch(/game 42\b/i) },
  'replay --setup vanilla --option players=9 --seed 3 --game 0 --json': { shows: (r) => expect(json(r).roles ?? json(r).record?.roles).toHaveLength(9) },

  // play asks at the prompt; with nothing piped it ends where the input does (exit 1), with the command to go on.
  play: {
    code: 1,
    shows: (r) => expect(r.stderr).toMatch(/to go on from here:\n {2}mafia-sim play --setup ukrainian --seed \d+ --seat \d+$/m) },
  'play --setup vanilla --option players=7 --seat 3 --seed 5 --strategy smart': {
    code: 1,
    shows: (r) => {
      expect(r.stdout).toMatch(/^You are seat #3 of 7 \(vanilla, vanilla rules, seed 5\)/m);
      expect(r.stderr).toMatch(/^ {2}mafia-sim play --setup vanilla --option players=7 --strategy smart --seed 5 --seat 3$/m);
    },
  },
  'play --seed 5 --seat 3 --answers accuse:1,done,2': {
    code: 1,
    shows: (r) => expect(r.stderr).toMatch(/\(3 answer\(s\) given\)/) },

  'scenario test/scenarios/*.yaml': {
    shows: (r) => {
      const n = readdirSync(join(ROOT, 'test/scenarios')).filter((f) => f.endsWith('.yaml')).length;
      expect(r.stdout).toMatch(new RegExp(`^${n} scenario\\(s\\): \\d+ passed, 0 failed$`, 'm'));
    },
  },
  'scenario my-case.yaml --verbose': {
    shows: (r) => {
      expect(r.stdout).toMatch(/^PASS G1 G7 G9 G10 a seeded deal .*\(my-case\.yaml\)$/m);
      // The game's narration, every line under the scenario (a phase heading too); a check's result plain when piped.
      expect(r.stdout).toMatch(/^ {4}Day 1$/m);
      expect(r.stdout).not.toMatch(/^(Day|Night) \d/m);
      expect(r.stdout).toMatch(/^ {6}#\d+ \(Commissar\) checks #\d+: (black|red)$/m);
    },
  },

  'fuzz --games 5000 --seed 7': { small: ['--games', '20'], shows: (r) => expect(r.stdout).toMatch(/^Fuzz, seed 7 \(--games 20\): 20 games/m) },
  'fuzz --time 60s --strategy town=./my-bot.ts --role ./my-role.ts --out fuzz-out': {
    // A count of games, not a minute of them: the same report every time.
    // (enough cases that the bot, drawn into seven cases in ten, plays in one)
    small: ['--time', '--games', '100'],
    shows: (r) => {
      expect(r.stdout).toMatch(/my-bot/);
      expect(r.stdout).toMatch(/vigilante/);
    },
  },

  setups: { shows: (r) => expect(r.stdout).toMatch(/^club-12\b/m) },
  'setups --json': { shows: (r) => expect(json(r).setups.map((s: { name: string }) => s.name)).toContain('ukrainian') },
  roles: { shows: (r) => expect(r.stdout).toMatch(/\bcommissar\b/) },
  'roles --json': { shows: (r) => expect(JSON.stringify(json(r))).toMatch(/"commissar"/) },
  strategies: { shows: (r) => expect(r.stdout).toMatch(/^smart\b/m) },
  'run --strategy town=smart:revealBlacks=2 --strategy mafia=smart:fakeClaim=0.5': {
    small: ['--games', '20'],
    shows: (r) => expect(r.stdout.replace(/\s+/g, ' ')).toMatch(/Plays town (mix:)?smart:[^;]*revealBlacks=2\b[^;]*; mafia (mix:)?smart:fakeClaim=0\.5\b/),
  },

  'tournament --strategies random,smart': { small: ['--games', '10'], shows: (r) => expect(r.stdout).toMatch(/town ↓ +mafia → +│ random +│ smart/) },
  'tournament --setup vanilla --option players=9 --strategies random,smart --games 5000 --json': {
    small: ['--games', '10'],
    shows: (r) => expect(json(r).pairings ?? json(r).cells).toHaveLength(4),
  },
  'tournament --strategies smart,smart:fakeClaim=0.8,counterClaim=1,./my-bot.js': {
    small: ['--games', '6'],
    shows: (r) => {
      expect(r.stdout).toMatch(/│ smart:fakeClaim=0\.8,counterClaim=1 +│/);
      expect(r.stdout).toMatch(/my-bot/);
    },
  },

  'sweep --setup club-12 --vary players=8..20': { small: ['--games', '4'], shows: (r) => expect(r.stdout).toMatch(/4 games per point × 13 points/) },
  'sweep --setup vanilla --option players=13 --vary mafia=1..5 --vary start=day,night': { small: ['--games', '6'], shows: (r) => expect(r.stdout).toMatch(/6 games per point × 10 points/) },
  'sweep --strategy town=smart --vary town.smart.revealDay=1,2,3,4 --json': {
    small: ['--games', '6'],
    shows: (r) => expect(json(r).arms.map((a: { label: string }) => a.label)).toEqual([1, 2, 3, 4].map((d) => `town.smart.revealDay=${d}`)),
  },
  'sweep --setup club-12 --vary players=8..20 --csv club.csv --html club.html': {
    small: ['--games', '4'],
    shows: (_r, dir) => {
      const page = readFileSync(join(dir, 'club.html'), 'utf8');
      expect(page).toMatch(/^<!doctype html>/i);
      // The page says the command that made it (less where its outputs went).
      expect(page).toContain('mafia-sim sweep --setup club-12 --vary players=8..20 --games 4<');
      expect(page).not.toContain('does not record the command');
      expect(existsSync(join(dir, 'club.csv'))).toBe(true);
    },
  },

  'compare ukrainian ukrainian --right tie=random': { small: ['--games', '10'], shows: (r) => expect(r.stdout).toMatch(/^Arms +1\. baseline +2\. tie=random/m) },
  'compare --setup ukrainian --right strategy=town=smart:revealDay=2': { small: ['--games', '10'], shows: (r) => expect(r.stdout).toMatch(/2\. strategy=town=smart:revealDay=2/) },
  'compare club-12 club-13': {
    small: ['--games', '10', '--html', 'compare.html'],
    shows: (r, dir) => {
      expect(r.stdout).toMatch(/^Setup +club-12 \(12 players\), club-13 \(13 players\)/m);
      // Its page (with --html) is titled by its setups and says the command that made it.
      const page = readFileSync(join(dir, 'compare.html'), 'utf8');
      expect(page).toContain('<title>mafia-sim compare: club-12 vs club-13');
      expect(page).toContain('mafia-sim compare club-12 club-13 --games 10<');
    },
  },
  'compare --setup vanilla --option players=9 --side 2:mafia=3 --side 3:start=night --json': {
    small: ['--games', '10'],
    shows: (r) => expect(json(r).arms.map((a: { label: string }) => a.label)).toEqual(['baseline', 'mafia=3', 'start=night']),
  },

  'role-values --setup club-12': { small: ['--games', '10'], shows: (r) => expect(r.stdout).toMatch(/^│ policeman +│ town +│/m) },
  'role-values --setup ukrainian --games 40000 --json': { small: ['--games', '10'], shows: (r) => expect(JSON.stringify(json(r))).toMatch(/"commissar"/) },

  'balance --setup vanilla --knob mafia --option players=13': { small: ['--games', '20'], shows: (r) => expect(r.stdout).toMatch(/^Best: mafia=\d+/m) },
  'balance --setup club-12 --knob mafiaShare --range 0.2..0.45': { small: ['--games', '20'], shows: (r) => expect(r.stdout).toMatch(/^Best: mafiaShare=0\.\d+/m) },
  'balance --setup ukrainian --knob tie --target 45%': {
    small: ['--games', '20'],
    shows: (r) => {
      expect(r.stdout).toMatch(/^Target +town win 45\.0%/m);
      expect(r.stdout).toMatch(/^Best: tie=\S+/m);
    },
  },

  'exploit --setup ukrainian': { small: ['--games', '10'], shows: (r) => expect(r.stdout).toMatch(/^Exploitability/m) },
  'exploit --setup club-12 --strategy town=smart:revealDay=2 --strategy mafia=smart --games 20000': {
    small: ['--games', '10'],
    shows: (r) => expect(r.stdout).toMatch(/^Strategy +town=(mix:)?smart:revealDay=2\b/m),
  },
  'exploit --setup vanilla --option players=9 --games 4000 --json': { small: ['--games', '10'], shows: (r) => expect(json(r).sides).toHaveLength(2) },

  'tune --setup ukrainian --state ukrainian.tune.json': {
    small: ['--games', '20', '--first', '10', '--rounds', '1'],
    shows: (_r, dir) => expect(existsSync(join(dir, 'ukrainian.tune.json'))).toBe(true),
  },
  'tune --setup club-12 --games 4000 --json': { small: ['--games', '20', '--first', '10', '--rounds', '1'], shows: (r) => expect([json(r).setup.name, json(r).history.length]).toEqual(['club-12', 1]) },
  'tune --setup vanilla --params bloc,nominateAt --games 2000': {
    small: ['--games', '20', '--first', '10', '--rounds', '2'],
    shows: (r) => {
      // Each round's best move is of a parameter named, and so is every move of the certificate.
      const moves = [...r.stdout.matchAll(/(?:best |^ {2}(?:town|mafia) +)([a-zA-Z]+)=/gm)].map((m) => m[1]);
      expect(moves.length).toBeGreaterThanOrEqual(4);
      for (const k of moves) expect(['bloc', 'nominateAt']).toContain(k);
    },
  },

  'equilibrium --setup ukrainian --state ukrainian.eq.json': {
    small: ['--games', '20', '--first', '10', '--matrix-games', '20', '--iterations', '1', '--climb', '1'],
    shows: (_r, dir) => expect(existsSync(join(dir, 'ukrainian.eq.json'))).toBe(true),
  },
  'equilibrium --setup club-12 --games 2000 --matrix-games 2000 --json': {
    small: ['--games', '20', '--first', '10', '--matrix-games', '20', '--iterations', '1', '--climb', '1'],
    shows: (r) => expect(json(r).mix.town.length).toBeGreaterThan(0),
  },
  'equilibrium --setup ukrainian --hold reader --games 2000 --matrix-games 2000': {
    small: ['--games', '20', '--first', '10', '--matrix-games', '20', '--iterations', '1', '--climb', '1'],
    shows: (r) => expect(r.stdout).toMatch(/holding reader;/),
  },

  'likelihoods --setup ukrainian --games 20000': { small: ['--games', '20'], shows: (r) => expect(r.stdout).toMatch(/^Likelihoods of the public acts: ukrainian \(12 players\), 20 games$/m) },
  'likelihoods --setup ukrainian --strategy town=smart:reader=posterior --json': {
    small: ['--games', '20'],
    shows: (r) => expect([json(r).rules, json(r).games, json(r).command]).toEqual(['ukrainian', 20, expect.stringMatching(/--strategy town=smart:reader=posterior /)]),
  },

  calibrate: { small: ['--games', '1000'], shows: (r) => expect(r.stdout).toMatch(/^Calibration: vanilla rules, random play, seed 1;/m) },
  'calibrate --games 1000000 --json > calibration.json': {
    small: ['--games', '1000'],
    shows: (_r, dir) => expect(JSON.stringify(JSON.parse(readFileSync(join(dir, 'calibration.json'), 'utf8')))).toMatch(/"exact"/),
  },
};

const COMMANDS = ['', 'run', 'merge', 'replay', 'play', 'scenario', 'fuzz', 'setups', 'roles', 'strategies', 'tournament', 'sweep', 'compare', 'role-values', 'balance', 'exploit', 'tune', 'equilibrium', 'likelihoods', 'calibrate'];

/** The examples a help page lists (the indented `mafia-sim …` lines after `Examples:`). */
function examplesOf(help: string): string[] {
  const at = help.search(/^Examples?:$/m);
  return at < 0 ? [] : [...help.slice(at).matchAll(/^ {2}mafia-sim (.*)$/gm)].map((m) => m[1].trim());
}

/** `example`'s argument list, made small: its --games (and the like) replaced, globs expanded, `> FILE` split off. */
function argsOf(example: string, e: Example, dir: string): { args: string[]; to: string | null } {
  const redirect = /^(.*?)\s*>\s*(\S+)$/.exec(example);
  const words = (redirect ? redirect[1] : example).split(/\s+/).filter((w) => w !== '');
  const args: string[] = [];
  for (const w of words) {
    if (w.includes('*')) {
      const [folder, pattern] = w.includes('/') ? [join(ROOT, w.slice(0, w.lastIndexOf('/'))), w.slice(w.lastIndexOf('/') + 1)] : [dir, w];
      const re = new RegExp(`^${pattern.replace(/\./g, '\\.').replace(/\*/g, '.*')}$`);
      const found = readdirSync(folder).filter((f) => re.test(f)).sort();
      args.push(...found.map((f) => (w.includes('/') ? join(folder, f) : f)));
    } else args.push(w);
  }
  // FLAG VALUE replaces the example's FLAG (or is added); FLAG OTHER VALUE (OTHER a flag) replaces FLAG by OTHER.
  const small = e.small ?? [];
  for (let i = 0; i < small.length; i += 2) {
    const swap = small[i + 1].startsWith('--');
    const [flag, value] = swap ? [small[i + 1], small[i + 2]] : [small[i], small[i + 1]];
    const at = args.indexOf(small[i]);
    if (at >= 0) args.splice(at, 2, flag, value);
    else args.push(flag, value);
    if (swap) i++;
  }
  return { args, to: redirect ? redirect[2] : null };
}

/** The files the examples name; each example runs in a copy of this folder, as a user's would run beside them. */
let fixtures = '';
const listed: Record<string, string[]> = {};

beforeAll(async () => {
  fixtures = mkdtempSync(join(tmpdir(), 'help-examples-'));
  writeFileSync(join(fixtures, 'my-table.yaml'), 'rules: vanilla\nroles: {mafia: 2, townie: 7}\n');
  writeFileSync(join(fixtures, 'my-bot.ts'), BOT);
  writeFileSync(join(fixtures, 'my-bot.js'), BOT);
  copyFileSync(join(ROOT, 'roles/vigilante.ts'), join(fixtures, 'my-role.ts'));
  copyFileSync(join(ROOT, 'test/scenarios/g1-seeded-deal-holds.yaml'), join(fixtures, 'my-case.yaml'));
  // Shards for merge's examples: the two halves of one 40-game run.
  for (const i of [1, 2]) {
    const r = await cliAsync(['run', '--games', '40', '--shard', `${i}/2`, '--json', '--workers', '1']);
    writeFileSync(join(fixtures, `shard-${i}.json`), r.stdout);
    writeFileSync(join(fixtures, i === 1 ? 'a.json' : 'b.json'), r.stdout);
  }
  for (const c of COMMANDS) {
    const r = await cliAsync([...(c === '' ? [] : [c]), '--help'], { env: { COLUMNS: '200' } });
    listed[c] = examplesOf(r.stdout);
  }
}, 120_000);

describe('every help example runs and shows what it claims', () => {
  it('every example a help page lists is checked here, and every check is of a listed example', () => {
    const all = Object.values(listed).flat();
    for (const c of COMMANDS) expect(listed[c].length, `${c || 'mafia-sim'} --help`).toBeGreaterThan(0);
    expect([...new Set(all)].sort()).toEqual(Object.keys(EXAMPLES).sort());
  });

  for (const [example, e] of Object.entries(EXAMPLES)) {
    it(`mafia-sim ${example}`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'help-example-'));
      cpSync(fixtures, dir, { recursive: true });
      const { args, to } = argsOf(example, e, dir);
      const r = await runIn(dir, args, to);
      const ok = e.code === undefined ? [0] : [e.code];
      expect(ok, `exit ${r.code}: ${r.stderr}`).toContain(r.code);
      e.shows(r, dir);
    }, 300_000);
  }
});

/** Runs the CLI in `cwd` with `args`; stdout also written to `to` (an example's `> FILE`). */
async function runIn(cwd: string, args: string[], to: string | null): Promise<Result> {
  const r = await cliAsync(args, { cwd, timeoutMs: 280_000, env: { COLUMNS: '100' } });
  if (to !== null) writeFileSync(join(cwd, to), r.stdout);
  return r;
}
