// The command line as a user meets it: bad input exits 2 with one line and no stack trace, help shows
// examples, the catalogues are complete, and `run --games-out`, `run --json` and `replay` agree.
// Spawning costs ~0.3 s a process, so the processes are all started in beforeAll, side by side: the
// games commands and a few bad inputs run the real binary; the many one-line checks call the built
// CLI's `main` in-process (what bin/mafia-sim.js runs: the shim only sets the exit code from it, and
// prints a stack trace if it throws, which counts as exit 70 here).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRoles, renderSetups, type RoleInfo, type SetupCatalogue } from '../src/cli/catalogue.js';
import { terminalWidth } from '../src/cli/common.js';
import { RULE_SETS } from '../src/rules/registry.js';
import { ELIMINATION_CAUSES } from '../src/model/events.js';
import { ROLES } from '../src/rules/catalogue.js';
import { optionSpecs } from '../src/setup/compile.js';
import { BUILTIN_SETUPS } from '../src/setup/builtin.js';
import { cliAsync, ROOT } from './helpers/cli.js';

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The built CLI's main(), in this process, with stdout and stderr captured; one call at a time. */
async function cliInProcess(args: string[]): Promise<Result> {
  const { main } = (await import(pathToFileURL(join(ROOT, 'dist/src/cli/main.js')).href)) as {
    main: (argv: string[], io: { stdout: { write(s: string): void }; stderr: { write(s: string): void } }) => Promise<number>;
  };
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (s: string) => void (stdout += s) }, stderr: { write: (s: string) => void (stderr += s) } };
  try {
    return { code: await main(args, io), stdout, stderr };
  } catch (err) {
    return { code: 70, stdout, stderr: stderr + ((err as Error).stack ?? String(err)) }; // what the shim prints
  }
}

/** Runs the commands a few at a time; results keyed by name. */
async function runAll(commands: Record<string, string[]>): Promise<Record<string, Result>> {
  const names = Object.keys(commands);
  const out: Record<string, Result> = {};
  let next = 0;
  const lane = async () => {
    while (next < names.length) {
      const name = names[next++];
      out[name] = await cliAsync(commands[name]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, Math.min(6, cpus().length)) }, lane));
  return out;
}

const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-cli-'));
const file = (name: string, text: string | Buffer) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

// Bad input, each also asked to write a games file that must not appear. `spawn`: run the real binary
// (always for what could hang or exhaust memory if it were not refused: devices, FIFOs, huge tables).
// Every case: exit 2, one error line naming the problem (file, field, value), nothing on stdout, no
// stack trace, no raw control character, no games file (issue 18).
const T = 'rules: vanilla\nroles: {mafia: 1, townie: 3}\n'; // a valid table, to spoil one field at a time
const DEAL = 'deal: [don, mafia, mafia, courtesan, commissar, doctor, maniac, citizen, citizen, citizen, citizen, citizen]\n';
const scenario = (name: string, body: string) => file(name, `name: "U1 bad input"\nsetup: ukrainian\n${DEAL}${body}`);
const fifo = join(dir, 'setup.fifo.yaml');
spawnSync('mkfifo', [fifo]);
const plainFile = file('plain.txt', 'not a directory\n');
const ESC = '\x1b[31m';

const BAD: Record<string, { args: string[]; says: RegExp; spawn?: boolean }> = {
  // Setup files: reading them.
  'missing setup file': { args: ['run', '--setup', join(dir, 'no-such-table.yaml')], says: /no-such-table\.yaml/ },
  'malformed YAML': { args: ['run', '--setup', file('broken.yaml', 'rules: [ukrainian\nroles: {don: 1\n')], says: /broken\.yaml: cannot read setup/ },
  'malformed JSON': { args: ['run', '--setup', file('broken.json', '{"rules": "vanilla", "roles": {')], says: /broken\.json: cannot read setup: .*\(line 1\)/ },
  'a setup that is a list': { args: ['run', '--setup', file('list.yaml', '- rules\n- roles\n')], says: /list\.yaml: a setup file must be a mapping/ },
  'setup /dev/zero (a device)': { args: ['run', '--setup', '/dev/zero'], says: /\/dev\/zero: cannot read setup: is a character device, not a regular file/, spawn: true },
  'setup a FIFO': { args: ['run', '--setup', fifo], says: /setup\.fifo\.yaml: cannot read setup: is a FIFO \(named pipe\), not a regular file/, spawn: true },
  'setup a directory': { args: ['run', '--setup', dir], says: /mafia-sim-cli-\w+: cannot read setup: is a directory/ },
  'setup over 1 MB': { args: ['run', '--setup', file('huge.yaml', `${T}# ${'x'.repeat(1024 * 1024)}\n`)], says: /huge\.yaml: cannot read setup: is 1,048,\d+ bytes; at most 1 MB/ },
  'setup not UTF-8': { args: ['run', '--setup', file('latin1.yaml', Buffer.from('name: caf\xe9\n', 'latin1'))], says: /latin1\.yaml: cannot read setup: is not UTF-8 text/ },
  'YAML warning (unknown tag)': { args: ['run', '--setup', file('tag.yaml', 'rules: vanilla\nroles: {mafia: 1, townie: !int 3}\n')], says: /tag\.yaml: cannot read setup: Unresolved tag: !int \(line 2\)/, spawn: true },
  'duplicate top-level key': { args: ['run', '--setup', file('dup.yaml', `rules: ukrainian\n${T}`)], says: /dup\.yaml: rules: key given twice \(lines 1 and 2\)/ },
  'duplicate nested key': { args: ['run', '--setup', file('dup2.yaml', 'rules: vanilla\nroles:\n  mafia: 1\n  townie: 3\n  mafia: 2\n')], says: /dup2\.yaml: roles\.mafia: key given twice \(lines 3 and 5\)/ },
  'duplicate key in JSON': { args: ['run', '--setup', file('dup.json', '{"rules": "vanilla", "roles": {"mafia": 1, "townie": 3}, "roles": {}}')], says: /dup\.json: roles: key given twice/ },
  // Setup files: their fields.
  'unknown field': { args: ['run', '--setup', file('field.yaml', `${T}optoins: {}\n`)], says: /field\.yaml: optoins: unknown field \(did you mean "options"\?\)/ },
  'unknown rule set': { args: ['run', '--setup', file('rules.yaml', 'rules: ukranian\nroles: {mafia: 1}\n')], says: /rules\.yaml: rules: unknown rule set "ukranian" \(did you mean "ukrainian"\?\)/ },
  'roles missing': { args: ['run', '--setup', file('noroles.yaml', 'rules: vanilla\n')], says: /noroles\.yaml: roles: missing/ },
  'roles not a mapping': { args: ['run', '--setup', file('roleslist.yaml', 'rules: vanilla\nroles: [mafia, townie]\n')], says: /roleslist\.yaml: roles: must be a mapping/ },
  'unknown role': {
    args: ['run', '--setup', file('typo.yaml', 'rules: ukrainian\nroles: {don: 1, mafai: 2, courtesan: 1, citizen: 8}\n')],
    says: /typo\.yaml: roles\.mafai: unknown role "mafai".*did you mean "mafia"/,
    spawn: true,
  },
  'role of another rule set': { args: ['run', '--setup', file('mix.yaml', 'rules: vanilla\nroles: {mafia: 1, doctor: 3}\n')], says: /mix\.yaml: roles\.doctor: the vanilla rule set has no role "doctor"/ },
  'negative count': { args: ['run', '--setup', file('neg.yaml', 'rules: vanilla\nroles: {mafia: 1, townie: -3}\n')], says: /neg\.yaml: roles\.townie: count must be a whole number from 0 to 100, got -3/ },
  'fractional count': { args: ['run', '--setup', file('frac.yaml', 'rules: vanilla\nroles: {mafia: 1, townie: 2.5}\n')], says: /frac\.yaml: roles\.townie: count must be a whole number from 0 to 100, got 2\.5/ },
  'a billion townies': { args: ['run', '--setup', file('billion.yaml', 'rules: vanilla\nroles: {mafia: 1, townie: 1000000000}\n')], says: /billion\.yaml: roles\.townie: count must be a whole number from 0 to 100, got 1000000000/, spawn: true },
  'more than 100 players in all': { args: ['run', '--setup', file('crowd.yaml', 'rules: vanilla\nroles: {mafia: 60, townie: 60}\n')], says: /crowd\.yaml: roles: a table has at most 100 players, got 120/, spawn: true },
  'one player': { args: ['run', '--setup', file('alone.yaml', 'rules: vanilla\nroles: {mafia: 1}\n')], says: /alone\.yaml: roles: a game needs at least 2 players, got 1/ },
  'count .inf': { args: ['run', '--setup', file('inf.yaml', 'rules: vanilla\nroles: {mafia: 1, townie: .inf}\n')], says: /inf\.yaml: roles\.townie: got \.inf \(not a finite number\)/ },
  'option .nan': { args: ['run', '--setup', file('nan.yaml', `${T}options: {maxDays: .nan}\n`)], says: /nan\.yaml: options\.maxDays: got \.nan \(not a finite number\)/ },
  'count 1e400 in JSON': { args: ['run', '--setup', file('big.json', '{"rules": "vanilla", "roles": {"mafia": 1, "townie": 1e400}}')], says: /big\.json: roles\.townie: got 1e400 \(not a finite number\)/ },
  'scoring -.inf': { args: ['run', '--setup', file('ninf.yaml', `${T}scoring: {win: -.inf}\n`)], says: /ninf\.yaml: scoring\.win: got -\.inf \(not a finite number\)/ },
  'scoring 1e308': { args: ['run', '--setup', file('huge-points.yaml', `${T}scoring: {win: 1e308}\n`)], says: /huge-points\.yaml: scoring\.win: points must be a number from 0 to 1000000, got 1e\+308/ },
  'scoring negative': { args: ['run', '--setup', file('negpts.yaml', `${T}scoring: {draw: -1}\n`)], says: /negpts\.yaml: scoring\.draw: points must be a number from 0 to 1000000, got -1/ },
  'unknown scoring event': { args: ['run', '--setup', file('event.yaml', `${T}scoring: {wins: 1}\n`)], says: /event\.yaml: scoring\.wins: unknown scoring event "wins" \(did you mean "win"\?\)/ },
  'unknown option in a file': { args: ['run', '--setup', file('opt.yaml', `${T}options: {ties: none}\n`)], says: /opt\.yaml: options\.ties: unknown option "ties".*did you mean "tie"/ },
  'bad option value in a file': { args: ['run', '--setup', file('optval.yaml', `${T}options: {tie: sometimes}\n`)], says: /optval\.yaml: options\.tie: bad value "sometimes": expected one of random, none/ },
  'immunities outside club': { args: ['run', '--setup', file('imm.yaml', `${T}immunities: {newbie: [1]}\n`)], says: /imm\.yaml: immunities\.newbie: the vanilla rule set has no immunities \(they are a club rule, C16\) \(rules: docs\/rules\.md\)$/ },
  'immunity seat off the table': { args: ['run', '--setup', file('immseat.yaml', 'rules: club\nroles: {mafia: 2, boss: 1, policeman: 1, doctor: 1, marilyn: 1, judge: 1, sportsman: 1}\nimmunities: {newbie: [9]}\n')], says: /immseat\.yaml: immunities\.newbie: 9 is not a seat of this table \(1\.\.8\)/ },
  'name too long': { args: ['run', '--setup', file('longname.yaml', `name: ${'n'.repeat(201)}\n${T}`)], says: /longname\.yaml: name: is 201 characters long; at most 200/ },
  'name with an ANSI escape': { args: ['run', '--setup', file('ansi.yaml', `name: "red \\e[31mtable"\n${T}`)], says: /ansi\.yaml: name: contains a control character \(\\x1b\)/ },
  'description with a newline': { args: ['run', '--setup', file('desc.yaml', `description: "two\\nlines"\n${T}`)], says: /desc\.yaml: description: contains a control character \(\\n\)/ },
  'name not text': { args: ['run', '--setup', file('numname.yaml', `name: [1, 2]\n${T}`)], says: /numname\.yaml: name: must be text, got \[1,2\]/ },
  'escape in an echoed path': { args: ['run', '--setup', `no-such-${ESC}table`], says: /--setup no-such-\\x1b\[31mtable: no such built-in setup or file/ },
  // Flags.
  'unknown option': { args: ['run', '--option', 'foo=1'], says: /--option foo=1: unknown option "foo"/ },
  'option without =': { args: ['run', '--option', 'tie'], says: /--option tie: expected key=value/ },
  'bad option value': { args: ['run', '--option', 'tie=sometimes'], says: /--option tie=sometimes: bad value "sometimes": expected one of revote-then-all/ },
  'bad option value (number)': { args: ['run', '--option', 'maxDays=many'], says: /--option maxDays=many: bad value "many": expected a whole number/ },
  'option out of range': { args: ['run', '--setup', 'vanilla', '--option', 'players=5000'], says: /--option players=5000: must be at most 100\b/ },
  'negative --games': { args: ['run', '--games', '-5'], says: /--games -5/ },
  'non-numeric --games': { args: ['run', '--games', 'abc'], says: /--games abc/ },
  'zero --games': { args: ['run', '--games', '0'], says: /--games 0: expected a whole number from 1/ },
  'bad --seed': { args: ['run', '--seed', 'junk'], says: /--seed junk/ },
  'too long --seed': { args: ['run', '--seed', '1234567890123456'], says: /--seed 1234567890123456: expected a whole number ≥ 0 \(at most 15 digits\)/ },
  'bad --shard': { args: ['run', '--shard', '4/3'], says: /--shard 4\/3: expected I\/N/ },
  'impossible vanilla counts': { args: ['run', '--setup', 'vanilla', '--option', 'mafia=9', '--option', 'players=5'], says: /mafia \(9\).*players \(5\)/ },
  'unknown strategy': { args: ['run', '--strategy', 'randon'], says: /--strategy randon: unknown strategy "randon".*did you mean "random"/ },
  'unknown strategy parameter': { args: ['run', '--strategy', 'smart:foo=1'], says: /--strategy smart:foo=1: unknown parameter "foo" for strategy smart/ },
  'strategy for no team or role': { args: ['run', '--strategy', 'bishop=random'], says: /--strategy bishop=random: "bishop" is neither a team \(town, mafia\) nor a role/ },
  'missing plug-in file': { args: ['run', '--strategy', 'town=./no-such-bot.mjs'], says: /--strategy town=\.\/no-such-bot\.mjs: no such plug-in file/ },
  'sweep: a range not of numbers': { args: ['sweep', '--vary', 'players=8..x'], says: /^mafia-sim: error: --vary players=8\.\.x: expected a range a\.\.b or a\.\.b:step of numbers, e\.g\. 8\.\.20 or 0\.2\.\.0\.4:0\.05$/ },
  'sweep: a bad value in a list': { args: ['sweep', '--vary', 'players=8,x'], says: /^mafia-sim: error: --vary players=8,x: --option players=x: expected a whole number/ },
  'compare without arms': { args: ['compare'], says: /^mafia-sim: error: compare: arms 1 \(baseline\) and 2 .* play the same table with the same strategies, so every difference would be zero/ },
  'compare of the default spelt out': { args: ['compare', '--setup', 'ukrainian', '--right', 'strategy=town=smart'], says: /^mafia-sim: error: compare: arms 1 \(baseline\) and 2 \(strategy=town=smart\) play the same table/ },
  'tune of a held parameter': { args: ['tune', '--setup', 'vanilla', '--params', 'bloc,temperature'], says: /^mafia-sim: error: --params bloc,temperature: tune never moves temperature: it is held/ },
  'unknown flag': { args: ['run', '--gmaes', '3'], says: /^mafia-sim: error: unknown option '--gmaes' \(did you mean --games\?\)$/ },
  'unknown command': { args: ['frobnicate'], says: /unknown command 'frobnicate'/, spawn: true },
  'too many --workers': { args: ['run', '--workers', '1000'], says: /--workers 1000: expected a whole number from 1 to \d+/ },
  'replay without --game': { args: ['replay'], says: /--game/ },
  'bad --game': { args: ['replay', '--game', 'x1'], says: /--game x1/ },
  // A single-valued flag given twice is refused, not silently the last.
  '--setup twice': { args: ['run', '--setup', 'vanilla', '--setup', 'ukrainian'], says: /--setup given twice \(vanilla, then ukrainian\): give it once/ },
  '-s and --setup': { args: ['run', '-s', 'vanilla', '--setup', 'vanilla'], says: /--setup given twice \(vanilla, then vanilla\)/ },
  '--games twice': { args: ['run', '--games', '1', '--games', '2'], says: /--games given twice \(1, then 2\)/ },
  '-n and --games': { args: ['run', '-n', '5', '--games', '5'], says: /--games given twice \(5, then 5\)/ },
  '--seed twice': { args: ['run', '--seed', '1', '--seed', '2'], says: /--seed given twice \(1, then 2\)/ },
  '--workers twice': { args: ['run', '--workers', '1', '--workers', '2'], says: /--workers given twice \(1, then 2\)/ },
  '--shard twice': { args: ['run', '--shard', '1/2', '--shard', '2/2'], says: /--shard given twice \(1\/2, then 2\/2\)/ },
  '--games-out twice': { args: ['run', '--games-out', join(dir, 'bad-a.jsonl'), '--games-out', join(dir, 'bad-b.jsonl')], says: /--games-out given twice/ },
  '--series twice': { args: ['run', '--setup', 'club-8', '--series', '2', '--series', '3'], says: /--series given twice \(2, then 3\)/ },
  'replay --game twice': { args: ['replay', '--game', '1', '--game', '2'], says: /--game given twice \(1, then 2\)/ },
  'tournament --games twice': { args: ['tournament', '--strategies', 'random', '--games', '1', '--games', '2'], says: /--games given twice \(1, then 2\)/ },
  // Errors name the flag the user typed.
  '--series on a non-club setup': { args: ['run', '--series', '3'], says: /^mafia-sim: error: --series 3: unknown option "series" for the ukrainian rule set: evenings \(C16\.1\) are a club rule.*docs\/rules\.md/ },
  '--series and --option series': { args: ['run', '--setup', 'club-8', '--series', '3', '--option', 'series=2'], says: /--series 3 and --option series=2 say the same thing: give one/ },
  '--series 0': { args: ['run', '--setup', 'club-8', '--series', '0'], says: /--series 0: expected a whole number from 1 to 1000/ },
  'tournament: unknown strategy': { args: ['tournament', '--strategies', 'random,nosuch'], says: /^mafia-sim: error: --strategies random,nosuch: unknown strategy "nosuch"/ },
  'tournament: unknown parameter': { args: ['tournament', '--strategies', 'random,smart:foo=1'], says: /^mafia-sim: error: --strategies random,smart:foo=1: unknown parameter "foo"/ },
  // --games-out targets that cannot be written: refused before the first game.
  'unwritable --games-out': { args: ['run', '--games', '2', '--games-out', join(dir, 'no-such-dir', 'games.jsonl')], says: /--games-out .*games\.jsonl: cannot write: no such directory/, spawn: true },
  '--games-out a directory': { args: ['run', '--games', '100000000', '--games-out', dir], says: /--games-out .*: is a directory/, spawn: true },
  '--games-out under a file': { args: ['run', '--games', '100000000', '--games-out', join(plainFile, 'games.jsonl')], says: /--games-out .*plain\.txt\/games\.jsonl: cannot write: .*\(ENOTDIR\)/ },
  // --html and --csv targets: refused before the first game, like --games-out's (issue 16).
  '--html a directory': { args: ['run', '--games', '100000000', '--html', dir], says: /--html .*: is a directory \(give a file name, e\.g\. .*report\.html\)/, spawn: true },
  'unwritable --html': { args: ['merge', 'x.json', '--html', join(dir, 'no-such-dir', 'r.html')], says: /--html .*r\.html: cannot write: no such directory/ },
  '--csv under a file': { args: ['tournament', '--strategies', 'random', '--games', '100000000', '--csv', join(plainFile, 'r.csv')], says: /--csv .*plain\.txt\/r\.csv: cannot write: .*\(ENOTDIR\)/, spawn: true },
  'calibrate --csv a directory': { args: ['calibrate', '--games', '100000000', '--csv', dir], says: /--csv .*: is a directory/, spawn: true },
  '--html twice': { args: ['run', '--html', join(dir, 'a.html'), '--html', join(dir, 'b.html')], says: /--html given twice/ },
  '--html - and --games-out -': { args: ['run', '--html', '-', '--games-out', '-'], says: /--games-out - and --html -: only one output can go to stdout/ },
  // Scenario files.
  'scenario: a seat that is not at the table': { args: ['scenario', scenario('s-99.yaml', 'script:\n  night 1:\n    maniac: { maniacKill: 99 }\n')], says: /s-99\.yaml: script\.night 1\.maniac\.maniacKill: 99 is not a seat of this table \(1\.\.12\)/ },
  'scenario: seat 0': { args: ['scenario', scenario('s-0.yaml', 'script:\n  day 1:\n    1: { vote: 0 }\n')], says: /s-0\.yaml: script\.day 1\.1\.vote: 0 is not a seat of this table/ },
  'scenario: yes for a seat': { args: ['scenario', scenario('s-yes.yaml', 'script:\n  night 1:\n    doctor: { heal: yes }\n')], says: /s-yes\.yaml: script\.night 1\.doctor\.heal: expected a seat number \(1\.\.12\) or none; got "yes"/ },
  'scenario: a seat for yes/no': { args: ['scenario', scenario('s-note.yaml', 'script:\n  night 1:\n    commissar: { note: 4 }\n')], says: /s-note\.yaml: script\.night 1\.commissar\.note: expected yes, no or none; got 4/ },
  'scenario: setup /dev/zero': { args: ['scenario', file('s-zero.yaml', `name: x\nsetup: /dev/zero\n${DEAL}`)], says: /s-zero\.yaml: setup: \/dev\/zero: is a character device, not a regular file/, spawn: true },
  'scenario: missing setup file': { args: ['scenario', file('s-nofile.yaml', `name: x\nsetup: no-such.yaml\n${DEAL}`)], says: /s-nofile\.yaml: setup: no-such\.yaml: no such built-in setup or file/ },
  'scenario: /dev/zero itself': { args: ['scenario', '/dev/zero'], says: /\/dev\/zero: cannot read scenario: is a character device/, spawn: true },
  'scenario: a directory': { args: ['scenario', dir], says: /: cannot read scenario: is a directory/ },
  'scenario: duplicate key': { args: ['scenario', scenario('s-dup.yaml', 'script:\n  night 1:\n    doctor: { heal: 3, heal: 4 }\n')], says: /s-dup\.yaml: script\.night 1\.doctor\.heal: key given twice/ },
  'scenario: name with an escape': { args: ['scenario', file('s-esc.yaml', `name: "\\e]0;pwned\\a"\nsetup: ukrainian\n${DEAL}`)], says: /s-esc\.yaml: name: contains a control character \(\\x1b\)/ },
  'scenario: unknown option': { args: ['scenario', scenario('s-opt.yaml', 'options: { ties: none }\nexpect: [{ winner: null }]\n')], says: /s-opt\.yaml: options\.ties: unknown option "ties"/ },
  'scenario: bad option value': { args: ['scenario', scenario('s-optval.yaml', 'options: { tie: maybe }\nexpect: [{ winner: null }]\n')], says: /s-optval\.yaml: options\.tie: bad value "maybe"/ },
  'scenario: .inf': { args: ['scenario', scenario('s-inf.yaml', 'expect: [{ days: .inf }]\n')], says: /s-inf\.yaml: expect\[0\]\.days: got \.inf \(not a finite number\)/ },
  'scenario: unknown role in the deal': { args: ['scenario', file('s-role.yaml', 'name: x\nsetup: ukrainian\ndeal: [don, mafai]\n')], says: /s-role\.yaml: deal\[1\]: unknown role "mafai"/ },
  'scenario: unknown field': { args: ['scenario', scenario('s-field.yaml', 'expects: []\n')], says: /s-field\.yaml: expects: unknown field \(did you mean "expect"\?\)/ },
};
const badOut = (name: string) => join(dir, `bad-${name.replace(/\W+/g, '-')}.jsonl`);

const SEED = '5';
const GAMES = 24;
const REPLAYED = [0, 13, 23];
const JOB = ['--seed', SEED, '--option', 'tie=random', '--option', 'maxDays=12'];
const gamesOut = join(dir, 'games.jsonl');

let results: Record<string, Result> = {};
let commandNames: string[] = [];

beforeAll(async () => {
  const spawned: Record<string, string[]> = {
    help: ['--help'],
    run: ['run', '--games', String(GAMES), ...JOB, '--games-out', gamesOut, '--json'],
    replayText: ['replay', ...JOB, '--game', String(REPLAYED[1])],
  };
  for (const k of REPLAYED) spawned[`replay${k}`] = ['replay', ...JOB, '--game', String(k), '--json'];
  const inProcess: Record<string, string[]> = {
    version: ['--version'],
    setups: ['setups'],
    roles: ['roles'],
    setupsJson: ['setups', '--json'],
    rolesJson: ['roles', '--json'],
  };
  for (const [name, b] of Object.entries(BAD)) {
    const writes = b.args[0] === 'run' && !b.args.includes('--games-out');
    (b.spawn ? spawned : inProcess)[`bad:${name}`] = writes ? [...b.args, '--games-out', badOut(name)] : b.args;
  }
  const running = runAll(spawned);
  const local: Record<string, Result> = {};
  for (const [name, args] of Object.entries(inProcess)) local[name] = await cliInProcess(args);
  // The command list decides which help pages to ask for.
  const helpText = (await cliInProcess(['--help'])).stdout;
  const section = helpText.split(/^Commands:\n/m)[1]?.split(/\n\n/)[0] ?? '';
  commandNames = [...section.matchAll(/^ {2}([a-z][\w-]*)\b/gm)].map((m) => m[1]).filter((c) => c !== 'help');
  for (const c of commandNames) local[`help:${c}`] = await cliInProcess([c, '--help']);
  results = { ...local, ...(await running) };
  results['help:'] = results.help;
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bad input', () => {
  for (const [name, b] of Object.entries(BAD)) {
    it(`${name}: exit 2, one stderr line, no stack trace, nothing on stdout, no games file`, () => {
      const r = results[`bad:${name}`];
      expect(r.code, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines, r.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(/^mafia-sim: error: /);
      expect(lines[0]).toMatch(b.says);
      expect(r.stderr).not.toMatch(/^\s+at |node:internal|\.js:\d+/m);
      expect(r.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/); // no raw control character
    });
  }

  it(`the suite has at least 60 cases (it has ${Object.keys(BAD).length})`, () => {
    expect(Object.keys(BAD).length).toBeGreaterThanOrEqual(60);
  });

  it('bad input leaves no games file behind (not even a partial one)', () => {
    const left = readdirSync(dir).filter((f) => f.startsWith('bad-') || f.startsWith('.bad-') || f.endsWith('.partial'));
    expect(left).toEqual([]);
    expect(existsSync(join(dir, 'no-such-dir'))).toBe(false);
  });
});

describe('help, version and catalogues', () => {
  it('--help lists the commands and every help page shows an example', () => {
    expect(commandNames).toEqual(expect.arrayContaining(['run', 'replay', 'scenario', 'setups', 'roles']));
    for (const c of ['', ...commandNames]) {
      const r = results[`help:${c}`];
      expect(r.code, `${c} --help`).toBe(0);
      expect(r.stdout, `${c || 'mafia-sim'} --help`).toMatch(/Examples?:\n\s+mafia-sim \S/);
    }
  });

  it('--help points to docs/rules.md for the clause IDs, and lists the exit codes', () => {
    expect(results['help:'].stdout).toMatch(/docs\/rules\.md/);
    // Reflowed to the width: any space may be a line break.
    expect(results['help:'].stdout).toMatch(/0\s+ok,\s+1\s+failed\s+games\s+or\s+expectations,\s+2\s+bad\s+input,\s+70\s+internal\s+error,\s+130\s+interrupted/);
    expect(results['help:run'].stdout).toMatch(/docs\/rules\.md/);
  });

  it('--version prints the package version', () => {
    expect(results.version.code).toBe(0);
    expect(results.version.stdout.trim()).toBe(pkg.version);
  });

  it('setups lists every built-in setup, roles lists every role', () => {
    expect(results.setups.code).toBe(0);
    for (const s of BUILTIN_SETUPS) expect(results.setups.stdout).toMatch(new RegExp(`^${s.name}\\b`, 'm'));
    expect(results.roles.code).toBe(0);
    // One entry a role; a description that does not fit continues on indented lines.
    const listed = results.roles.stdout.trim().split('\n').filter((l) => !l.startsWith(' ')).map((l) => l.split(/\s+/)[0]);
    expect([...listed].sort()).toEqual([...ROLES.keys()].sort());
  });
});

describe('setups --json and roles --json', () => {
  it('setups --json is the data the text list is drawn from: every built-in setup and every rule set\'s options', () => {
    expect(results.setupsJson.code).toBe(0);
    const catalogue = JSON.parse(results.setupsJson.stdout) as SetupCatalogue;
    expect(catalogue.setups.map((x) => x.name)).toEqual(BUILTIN_SETUPS.map((b) => b.name));
    expect(catalogue.setups.find((x) => x.name === 'ukrainian')).toMatchObject({ rules: 'ukrainian', players: 12, roles: { don: 1, mafia: 2, citizen: 5 } });
    for (const r of RULE_SETS.values()) {
      const listed = catalogue.ruleSets.find((x) => x.rules === r.id)!;
      expect(listed.options.map((o) => o.key)).toEqual(optionSpecs(r).map((o) => o.key));
      for (const o of listed.options) expect(o.clause).toMatch(/^[GVUC]\d+(\.\d+)?$/);
    }
    // At the width the command laid it out for (stdout's: src/cli/common.ts terminalWidth).
    expect(renderSetups(catalogue, terminalWidth(process.stdout))).toBe(results.setups.stdout.trimEnd());
  });

  it('roles --json is the data the text list is drawn from: every role, its team and its rule sets', () => {
    expect(results.rolesJson.code).toBe(0);
    const roles = JSON.parse(results.rolesJson.stdout) as RoleInfo[];
    expect(roles.map((r) => r.id).sort()).toEqual([...ROLES.keys()].sort());
    expect(roles.find((r) => r.id === 'doctor')).toMatchObject({ team: 'town', rules: ['ukrainian', 'club'] });
    expect(renderRoles(roles, terminalWidth(process.stdout))).toBe(results.roles.stdout.trimEnd());
  });
});

describe('run, --games-out and replay', () => {
  const records = () => readFileSync(gamesOut, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);

  it('run --json reports games, seed, setup and the four outcomes (stalemate apart from draw)', () => {
    const r = results.run;
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.games).toBe(GAMES);
    expect(report.seed).toBe(SEED);
    expect(report.setup).toMatchObject({ name: 'ukrainian', rules: 'ukrainian', players: 12 });
    expect(report.setup.options).toMatchObject({ tie: 'random', maxDays: 12 });
    expect(Object.keys(report.outcomes).sort()).toEqual(['draw', 'mafia', 'stalemate', 'town']);
    const sum = Object.values(report.outcomes as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(sum).toBe(GAMES);
  });

  it('run --games-out writes one JSON line per game: index, seed, winner, days, eliminations (with cause), points', () => {
    const lines = records();
    expect(lines).toHaveLength(GAMES);
    const report = JSON.parse(results.run.stdout);
    const winners: Record<string, number> = { town: 0, mafia: 0, draw: 0, stalemate: 0 };
    lines.forEach((rec, i) => {
      expect(rec.index).toBe(i);
      expect(rec.seed).toBe(`${SEED}/${i}`);
      expect(Object.keys(winners)).toContain(rec.winner);
      winners[rec.winner as string]++;
      expect(Number.isInteger(rec.days) && (rec.days as number) >= 1 && (rec.days as number) <= 12).toBe(true);
      const elims = rec.eliminations as Record<string, unknown>[];
      expect(Array.isArray(elims)).toBe(true);
      for (const e of elims) {
        expect(ELIMINATION_CAUSES).toContain(e.cause);
        expect(e.seat).toBeGreaterThanOrEqual(1);
      }
      expect(rec.points).toHaveLength(12);
    });
    expect(winners).toEqual(report.outcomes); // the file and the report describe the same games
  });

  it('replay --json prints exactly the --games-out line of that game', () => {
    const lines = readFileSync(gamesOut, 'utf8').trimEnd().split('\n');
    for (const k of REPLAYED) {
      const r = results[`replay${k}`];
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.trim()).toBe(lines[k]);
    }
  });

  it("replay's narrated outcome is the batch's outcome for that game", () => {
    const r = results.replayText;
    expect(r.code, r.stderr).toBe(0);
    const rec = records()[REPLAYED[1]];
    const m = /Outcome: (\w+) after (\d+) day/.exec(r.stdout);
    expect(m, r.stdout.slice(-300)).not.toBeNull();
    expect([m![1], Number(m![2])]).toEqual([rec.winner, rec.days]);
    expect(r.stdout).toMatch(new RegExp(`Game ${REPLAYED[1]}\\b`));
  });
});
