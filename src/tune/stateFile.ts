// The --state file of `mafia-sim tune` and `mafia-sim equilibrium`: every finished unit of play (a
// halving stage, a confirmation, a matrix cell), so that a run stopped at any point and started again
// with the same --state replays its decisions from the file and plays only what is missing. Rewritten
// whole after each unit through a temp file renamed into place: the file is always one whole state,
// never half of one.
//
// A state file is input like any other (issue 32): read by the bounded reader (a device or a FIFO is
// refused, not read forever), and trusted in nothing. It is taken only if it replays to itself, which
// is checked in three steps, none of which plays a game:
//   1. its schema: every field of its type, counts whole numbers of at least 0, and each unit agreeing
//      with itself — arm 0 is the baseline (its own pairs table all 0), every other arm's paired
//      outcomes add up, row by row, to the baseline's, on no more games than its range holds;
//   2. its identity: it was made by the same command — the same setup, options and seed, the same
//      table (a setup file edited since is another table), and the same settings that decide which
//      units are played (tune's start, --params, --first and --games; equilibrium's also --matrix-games,
//      --epsilon and --climb; not how far it goes: --rounds, --iterations, --budget may change);
//   3. its history: the command's own decisions, run on the kept units alone (replay, before the first
//      game), ask for exactly the units the file holds — each on the games and with the arms recorded —
//      until they ask for one it lacks. A unit edited so that the halving, a confirmation or the matrix
//      would have decided otherwise, a unit moved to other games, a unit no run of this command plays:
//      each breaks the chain.
// Whatever is wrong is one error line naming the field, exit 2, before anything is played or written.
// Its folder must be writable before the first game is played.
import { accessSync, closeSync, constants, existsSync, openSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { OutputError, UserError } from '../errors.js';
import { MAX_DATA_BYTES, readInputFile } from '../setup/dataFile.js';
import { WINNERS } from '../model/events.js';
import { firstDifference } from '../report/consistency.js';
import { Interrupted, type StateKey, type UnitCache, type UnitResult } from './tune.js';

/** 2: the key holds the table and the settings, and a file must replay to itself. */
export const STATE_FORMAT = 2;

/** Which command's units a state file keeps (a tune's file is no equilibrium's). */
export type StateKind = 'tune-state' | 'equilibrium-state';

interface StateData {
  readonly format: number;
  readonly kind: StateKind;
  readonly key: StateKey;
  readonly units: Record<string, UnitResult>;
}

export function openStateFile(path: string, key: StateKey, kind: StateKind = 'tune-state'): UnitCache & { readonly resumed: number } {
  const what = kind === 'tune-state' ? 'tune' : 'equilibrium';
  const flag = `--state ${path}`;
  checkWritable(path, flag);
  let units: Record<string, UnitResult> = {};
  if (existsSync(path)) {
    const text = readInputFile(path, `${what} state`, MAX_DATA_BYTES);
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (e) {
      throw new UserError(`${flag}: not a ${what} state file (${(e as Error).message.split('\n')[0]})`);
    }
    const data = checkedState(raw, flag, kind);
    checkIdentity(data.key, key, flag, what);
    units = data.units;
  }
  const resumed = Object.keys(units).length;
  return {
    resumed,
    get: (id) => units[id],
    put(id, r) {
      units = { ...units, [id]: r };
      const tmp = `${path}.tmp-${process.pid}`;
      const body: StateData = { format: STATE_FORMAT, kind, key, units };
      try {
        writeFileSync(tmp, JSON.stringify(body) + '\n');
        renameSync(tmp, path);
      } catch (e) {
        rmSync(tmp, { force: true });
        // After play: a failed run (exit 1); the file still holds every unit saved before this one.
        throw new OutputError(flag, (e as NodeJS.ErrnoException).code, `${(e as Error).message.split('\n')[0]}; ${path} keeps the ${Object.keys(units).length - 1} units saved before, and the same command continues from them`);
      }
    },
    async replay(walk) {
      // The command's decisions on the kept units alone: the first unit the file lacks (or holds for other
      // games or arms) ends a walk, as an interrupt ends a run. Every kept unit must be one a walk asks
      // for: the walk that goes as far as the units allow, or one stopped after fewer rounds
      // (iterations), as --rounds, --iterations and --budget stop a run, which leaves its closing units
      // (equilibrium's value) for a later run to play again.
      const accounted = new Set<string>();
      /** Per unit, how the first walk that asked for it for other games or arms wanted it. */
      const mismatches = new Map<string, string>();
      const walkTo = async (limit: number) => {
        let next: string | null = null;
        const kept: UnitCache = {
          get(id, from, to, arms) {
            const u = units[id];
            const d = u === undefined ? null : firstDifference({ from, to, arms }, { from: u.from, to: u.to, arms: u.arms }, `units.${id}`);
            if (u === undefined || d !== null) {
              next = id;
              if (d && !mismatches.has(id)) mismatches.set(id, `${d.path}: ${d.have}, but the ${what}, replaying the units before it, plays ${d.want} there`);
              throw new Interrupted();
            }
            accounted.add(id);
            return u;
          },
          put() {
            // Never called: a walk ends before it would play a unit.
          },
        };
        const reached = await walk(kept, limit);
        return { reached, next: next as string | null };
      };
      const full = await walkTo(Number.MAX_SAFE_INTEGER);
      const left = () => Object.keys(units).filter((id) => !accounted.has(id));
      for (let limit = 1; limit <= full.reached && left().length > 0; limit++) await walkTo(limit);
      const stray = full.next !== null && left().includes(full.next) ? full.next : left()[0];
      if (stray === undefined) return;
      const why = mismatches.get(stray) ?? `units.${stray}: a unit the ${what} never plays, replaying the units before it (${full.next === null ? 'it ends before it' : `it asks for ${full.next} next`})`;
      throw new UserError(`${flag}: ${why}: the file does not replay to itself`);
    },
  };
}

/** The file was made by the same command: the same setup, options and seed, table and settings. */
function checkIdentity(have: StateKey, want: StateKey, flag: string, what: string): void {
  if (have.setup !== want.setup || JSON.stringify(have.overrides) !== JSON.stringify(want.overrides) || have.seed !== want.seed) {
    const was = `--setup ${have.setup}${have.overrides.map((o) => ` --option ${o}`).join('')} --seed ${have.seed}`;
    throw new UserError(`${flag}: made by a ${what} of ${was}, not this one; use another file or the same setup, options and seed`);
  }
  const table = firstDifference(want.table, have.table, 'key.table');
  if (table) throw new UserError(`${flag}: ${table.path}: ${table.have} in the file, ${table.want} here: the setup changed since the file was made; use another file`);
  const settings = firstDifference(want.settings, have.settings, 'key.settings');
  if (settings) throw new UserError(`${flag}: ${settings.path}: ${settings.have} in the file, ${settings.want} here: a state file continues only the same ${what} (its --strategy, --games, --first…); use another file`);
}

const got = (v: unknown) => {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 60 ? `${s.slice(0, 60)}…` : s;
};

/** The file (if it exists) and its folder can be written: found before any game is played. */
function checkWritable(path: string, flag: string): void {
  const dir = dirname(resolve(path));
  let st;
  try {
    st = statSync(dir);
  } catch {
    throw new UserError(`${flag}: cannot write: no such folder ${dir}`);
  }
  if (!st.isDirectory()) throw new UserError(`${flag}: cannot write: ${dir} is not a folder`);
  try {
    if (existsSync(path)) accessSync(path, constants.W_OK);
    // The temp file a save writes, made and removed now: what access() cannot tell (root on a
    // read-only mount, a folder of another user's) shows before the first game, not after it.
    const probe = `${path}.tmp-${process.pid}`;
    closeSync(openSync(probe, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL));
    rmSync(probe, { force: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'EROFS' ? 'read-only file system' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'ENOENT' ? 'no file can be made there' : (e as Error).message.split('\n')[0].replace(/^[A-Z]+: /, '');
    throw new UserError(`${flag}: cannot write: ${why}${code ? ` (${code})` : ''}`);
  }
  if (existsSync(path) && statSync(path).isDirectory()) throw new UserError(`${flag}: is a folder; give a file name, e.g. ${resolve(path, 'tune.json')}`);
}

const MAX_UNIT_ID = 4000;

/** The state, every field checked; a UserError names the first field that is wrong. */
function checkedState(raw: unknown, flag: string, kind: StateKind): StateData {
  const fail = (field: string, why: string): never => {
    throw new UserError(`${flag}: ${field}: ${why}`);
  };
  const what = kind === 'tune-state' ? 'tune' : 'equilibrium';
  if (!isRecord(raw) || raw.kind !== kind) throw new UserError(`${flag}: not a ${what} state file (no "kind": "${kind}")`);
  if (raw.format !== STATE_FORMAT) fail('format', `must be ${STATE_FORMAT}, got ${got(raw.format)}${raw.format === 1 ? ' (a file of an earlier mafia-sim, whose history cannot be checked; use another file)' : ''}`);
  const key = raw.key;
  if (!isRecord(key)) return fail('key', `must be a mapping of setup, overrides, seed, table and settings, got ${got(key)}`);
  if (typeof key.setup !== 'string') fail('key.setup', `must be text, got ${got(key.setup)}`);
  if (!Array.isArray(key.overrides) || !key.overrides.every((o) => typeof o === 'string')) fail('key.overrides', `must be a list of key=value texts, got ${got(key.overrides)}`);
  if (typeof key.seed !== 'string') fail('key.seed', `must be text, got ${got(key.seed)}`);
  if (!isRecord(key.table)) fail('key.table', `must be the table's summary (setup, rules, roles, options…), got ${got(key.table)}`);
  if (!isRecord(key.settings)) fail('key.settings', `must be a mapping of the command's settings, got ${got(key.settings)}`);
  if (!isRecord(raw.units)) return fail('units', `must be a mapping of unit id to its result, got ${got(raw.units)}`);
  const count = (field: string, v: unknown): number =>
    typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : fail(field, `must be a whole number of at least 0, got ${got(v)}`);
  for (const [id, u] of Object.entries(raw.units)) {
    const at = `units.${id}`;
    // An equilibrium's cell is named by both of its profiles in full (`cell:TOWN|MAFIA`), which a
    // population of well-specified smart profiles takes past 200 characters; the bound only keeps junk out.
    if (id.length > MAX_UNIT_ID || !/^[\x21-\x7e]+$/.test(id)) fail(`units.${id.slice(0, 40)}`, `not a unit id (printable text without spaces, at most ${MAX_UNIT_ID} characters)`);
    if (!isRecord(u)) return fail(at, `must be a mapping of arms, from, to, pairs and base, got ${got(u)}`);
    if (!Array.isArray(u.arms) || u.arms.length === 0 || !u.arms.every((a) => Array.isArray(a) && a.every((s) => typeof s === 'string'))) {
      fail(`${at}.arms`, `must be a list of arms, each a list of strategy specs, got ${got(u.arms)}`);
    }
    const from = count(`${at}.from`, u.from);
    const to = count(`${at}.to`, u.to);
    if (to <= from) fail(`${at}.to`, `must be more than from (${from}), got ${to}`);
    const base = u.base;
    if (!isRecord(base)) return fail(`${at}.base`, `must be a mapping of ${WINNERS.join(', ')} to counts, got ${got(base)}`);
    for (const k of Object.keys(base)) if (!(WINNERS as readonly string[]).includes(k)) fail(`${at}.base.${k}`, `not an outcome (${WINNERS.join(', ')})`);
    const baseCounts = WINNERS.map((w) => count(`${at}.base.${w}`, base[w]));
    const games = baseCounts.reduce((a, b) => a + b, 0);
    if (games > to - from) fail(`${at}.base`, `counts ${games} games, more than its range ${from}–${to - 1} holds (${to - from})`);
    const pairs = u.pairs;
    const arms = (u.arms as unknown[]).length;
    if (!Array.isArray(pairs) || pairs.length !== arms) return fail(`${at}.pairs`, `must be a list of one ${WINNERS.length}×${WINNERS.length} table per arm (${arms}), got ${got(pairs)}`);
    pairs.forEach((table, i) => {
      const field = `${at}.pairs[${i}]`;
      if (!Array.isArray(table) || table.length !== WINNERS.length || !table.every((row) => Array.isArray(row) && row.length === WINNERS.length)) {
        fail(field, `must be a ${WINNERS.length}×${WINNERS.length} table of counts, got ${got(table)}`);
      }
      const rows = (table as unknown[][]).map((row, b) => row.map((n, o) => count(`${field}[${b}][${o}]`, n)));
      // Arm 0 is the baseline itself: its table is all 0. Every other arm pairs each of the base's games.
      if (i === 0) {
        if (rows.some((row) => row.some((n) => n !== 0))) fail(field, `arm 0 is the baseline itself, so its table is all 0, got ${got(rows)}`);
        return;
      }
      rows.forEach((row, b) => {
        const sum = row.reduce((a, n) => a + n, 0);
        if (sum !== baseCounts[b]) fail(`${field}[${b}]`, `pairs ${sum} games the baseline ended ${WINNERS[b]}, but base.${WINNERS[b]} is ${baseCounts[b]}: the unit does not add up`);
      });
    });
  }
  return raw as unknown as StateData;
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
