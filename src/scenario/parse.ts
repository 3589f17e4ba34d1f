// Reads and validates a scenario file: a fixed deal, scripted decisions per phase, and expectations.
import { dirname, resolve } from 'node:path';
import { UserError } from '../errors.js';
import type { Statement } from '../model/events.js';
import { BUILTIN_SETUPS, builtinSetup } from '../setup/builtin.js';
import { inputFileProblem, readDataFile } from '../setup/dataFile.js';
import { closest, textProblem } from '../text.js';
import { DECISION_KINDS, SCRIPT_SETTINGS, SPEECH_KINDS, YES_NO_KINDS } from '../model/decisions.js';
import { ROLES } from '../rules/catalogue.js';
import { loadedRoles } from '../setup/rolePlugins.js';
import { CHECKS, type CheckName } from './checks.js';
/** Script entries that set state as the phase begins instead of answering a request. */
export const SETTINGS = SCRIPT_SETTINGS;

/** seat → (decision kind, speech kind or setting → answer) for one phase. */
export type PhaseScript = Map<number | 'all', Map<string, number | null | readonly Statement[]>>;

export interface Expectation {
  readonly after?: string;
  readonly alive?: readonly number[];
  readonly dead?: readonly number[];
  readonly eliminated?: readonly number[];
  readonly frozen?: readonly number[];
  readonly healed?: readonly number[];
  readonly checks?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  readonly events?: readonly Record<string, unknown>[];
  readonly noEvents?: readonly Record<string, unknown>[];
  readonly sequence?: readonly Record<string, unknown>[];
  readonly counts?: readonly { readonly times: number; readonly event: Record<string, unknown> }[];
  readonly fouls?: Readonly<Record<string, number>>;
  readonly nominees?: readonly number[];
  readonly winner?: string | null;
  readonly days?: number;
  readonly points?: Readonly<Record<string, number>>;
  readonly illegalDecisions?: number;
  /** Fuzz checks (./checks.ts) the whole game must pass: a fuzz repro's expectation. */
  readonly holds?: readonly CheckName[];
}

export interface Scenario {
  readonly file: string;
  readonly name: string;
  readonly setup: string;
  readonly options: readonly string[];
  readonly seed: string;
  /** The game's index in the run of `seed` (default 0): the game seed is (seed, game). */
  readonly game: number;
  readonly deal: readonly string[];
  /**
   * The seed's own shuffle deals, and it must deal `deal` (a fuzz repro): the game's stream then draws
   * what the fuzzed game drew. Otherwise `deal` is fixed instead of shuffled.
   */
  readonly seededDeal: boolean;
  readonly fallback: string;
  readonly script: ReadonlyMap<string, PhaseScript>;
  readonly expect: readonly Expectation[];
}

const FIELDS = ['name', 'setup', 'options', 'seed', 'game', 'deal', 'seededDeal', 'fallback', 'script', 'expect'];
const EXPECT_FIELDS = ['after', 'alive', 'dead', 'eliminated', 'frozen', 'healed', 'checks', 'events', 'noEvents', 'sequence', 'counts', 'nominees', 'fouls', 'winner', 'days', 'points', 'illegalDecisions', 'holds'];
const PATTERN_LISTS = ['events', 'noEvents', 'sequence'];
const SEAT_LISTS = ['alive', 'dead', 'eliminated', 'frozen', 'healed', 'nominees'];

export function readScenario(file: string): Scenario {
  const data = readDataFile(file, 'scenario');
  const fail = (field: string, msg: string): never => {
    throw new UserError(`${file}: ${field}: ${msg}`);
  };
  if (!isRecord(data)) fail('(top)', 'a scenario must be a mapping');
  const d = data as Record<string, unknown>;
  for (const k of Object.keys(d)) if (!FIELDS.includes(k)) fail(k, `unknown field${closest(k, FIELDS)}`);
  if (d.name !== undefined) {
    const problem = textProblem(d.name);
    if (problem) fail('name', problem);
  }
  const setupArg = typeof d.setup === 'string' ? d.setup : fail('setup', 'missing (a built-in setup name or a setup file)');
  const setup = builtinSetup(setupArg) ? setupArg : resolve(dirname(file), setupArg);
  if (!builtinSetup(setupArg)) {
    const problem = inputFileProblem(setup);
    if (problem) fail('setup', `${setupArg}: ${problem.startsWith('no such file') ? `no such built-in setup or file${closest(setupArg, BUILTIN_SETUPS.map((b) => b.name))}` : problem}`);
  }
  const options = d.options === undefined ? [] : isRecord(d.options)
    ? Object.entries(d.options).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`)
    : fail('options', 'must be a mapping');
  const deal = Array.isArray(d.deal) ? d.deal.map(String) : fail('deal', 'missing (the role of each seat, seat 1 first)');
  const plugins = [...loadedRoles()];
  deal.forEach((r, i) => ROLES.has(r) || plugins.some((p) => p.id === r) || fail(`deal[${i}]`, `unknown role "${r}"${closest(r, [...ROLES.keys()])}`));
  const game = d.game === undefined ? 0 : Number.isInteger(d.game) && (d.game as number) >= 0 ? (d.game as number) : fail('game', `expected a game index ≥ 0; got ${JSON.stringify(d.game)}`);
  const seededDeal = d.seededDeal === undefined ? false : typeof d.seededDeal === 'boolean' ? d.seededDeal : fail('seededDeal', `expected true or false; got ${JSON.stringify(d.seededDeal)}`);
  const fallback = d.fallback === undefined ? 'none' : String(d.fallback);
  const script = d.script === undefined ? new Map<string, PhaseScript>() : readScript(d.script, deal, fail);
  const expect = d.expect === undefined ? [] : Array.isArray(d.expect) ? d.expect : fail('expect', 'must be a list');
  expect.forEach((e, i) => checkExpectation(e, i, fail));
  return {
    file,
    name: typeof d.name === 'string' ? d.name : file,
    setup,
    options,
    seed: d.seed === undefined ? '1' : String(d.seed),
    game,
    deal,
    seededDeal,
    fallback,
    script,
    expect: expect as Expectation[],
  };
}

/** `script:`: for each phase ("night 1", "day 2"), each seat's (or role's, or everyone's) answers. */
function readScript(raw: unknown, deal: readonly string[], fail: (field: string, msg: string) => never): Map<string, PhaseScript> {
  const script = new Map<string, PhaseScript>();
  if (!isRecord(raw)) fail('script', 'must be a mapping of phase ("night 1", "day 2") to decisions');
  for (const [phase, bySeat] of Object.entries(raw as Record<string, unknown>)) {
    if (!/^(day|night) \d+$/.test(phase)) fail(`script.${phase}`, 'a phase is "day N" or "night N"');
    if (!isRecord(bySeat)) fail(`script.${phase}`, 'must map seats (or roles, or "all") to decisions');
    const ps: PhaseScript = new Map();
    for (const [who, answers] of Object.entries(bySeat as Record<string, unknown>)) {
      const field = `script.${phase}.${who}`;
      if (!isRecord(answers)) fail(field, 'must map decision kinds to answers');
      const seats = resolveSeats(who, deal, (m) => fail(field, m));
      for (const seat of seats) {
        const m = ps.get(seat) ?? new Map();
        for (const [kind, value] of Object.entries(answers as Record<string, unknown>)) {
          m.set(kind, parseAnswer(kind, value, deal.length, (msg) => fail(`${field}.${kind}`, msg)));
        }
        ps.set(seat, m);
      }
    }
    script.set(phase, ps);
  }
  return script;
}

/** One entry of `expect:`: known fields only, each of the shape it must have. */
function checkExpectation(e: unknown, i: number, fail: (field: string, msg: string) => never): void {
  if (!isRecord(e)) fail(`expect[${i}]`, 'must be a mapping');
  for (const k of Object.keys(e as object)) if (!EXPECT_FIELDS.includes(k)) fail(`expect[${i}].${k}`, `unknown expectation${closest(k, EXPECT_FIELDS)}`);
  const after = (e as Expectation).after;
  if (after !== undefined && !/^(day|night) \d+$/.test(after)) fail(`expect[${i}].after`, 'a phase is "day N" or "night N"');
  for (const k of SEAT_LISTS) {
    const list = (e as Record<string, unknown>)[k];
    if (list !== undefined && (!Array.isArray(list) || !list.every((x) => Number.isInteger(x)))) fail(`expect[${i}].${k}`, 'must be a list of seat numbers');
  }
  const holds = (e as Record<string, unknown>).holds;
  if (holds !== undefined) {
    if (!Array.isArray(holds) || holds.length === 0) fail(`expect[${i}].holds`, `must be a list of fuzz checks (${CHECKS.join(', ')})`);
    for (const h of holds as unknown[]) if (!(CHECKS as readonly unknown[]).includes(h)) fail(`expect[${i}].holds`, `unknown check ${JSON.stringify(h)}${closest(String(h), CHECKS)} (${CHECKS.join(', ')})`);
    if (after !== undefined) fail(`expect[${i}].holds`, 'holds checks the whole game, after every phase: it cannot be given with after');
  }
  const counts = (e as Record<string, unknown>).counts;
  if (counts !== undefined && (!Array.isArray(counts) || !counts.every((c) => isRecord(c) && Number.isInteger(c.times) && isRecord(c.event) && Object.keys(c).length === 2))) {
    fail(`expect[${i}].counts`, 'must be a list of {times: N, event: PATTERN}');
  }
  for (const k of PATTERN_LISTS) {
    const list = (e as Record<string, unknown>)[k];
    if (list !== undefined && (!Array.isArray(list) || !list.every(isRecord))) fail(`expect[${i}].${k}`, 'must be a list of event patterns ({t: died, seat: 3})');
  }
}

function resolveSeats(who: string, deal: readonly string[], fail: (m: string) => never): (number | 'all')[] {
  if (who === 'all') return ['all'];
  if (/^\d+$/.test(who)) {
    const s = Number(who);
    if (s < 1 || s > deal.length) fail(`seat ${s} is not at this table (1..${deal.length})`);
    return [s];
  }
  const seats = deal.flatMap((r, i) => (r === who ? [i + 1] : []));
  if (seats.length === 0) fail(`no seat has the role "${who}" in the deal`);
  return seats;
}

/** A decision kind a loaded role plug-in declares (src/setup/rolePlugins.ts). */
function pluginDecision(kind: string): boolean {
  for (const r of loadedRoles()) if (r.night?.decision === kind) return true;
  return false;
}

/**
 * A scripted answer. A seat that is not at the table (`maniacKill: 99`) is an error in the file, not
 * an illegal decision to be replaced by a default: an illegal answer worth testing names a real seat
 * (a dead one, oneself, a non-candidate) or passes where passing is barred.
 */
function parseAnswer(kind: string, value: unknown, seats: number, fail: (m: string) => never): number | null | readonly Statement[] {
  if ((SPEECH_KINDS as readonly string[]).includes(kind)) {
    if (!Array.isArray(value)) fail('statements must be a list');
    return (value as unknown[]).map((x) => parseStatement(x, fail));
  }
  if (kind === 'fouls') {
    if (typeof value !== 'number' || !(value >= 0)) fail('expected a foul count ≥ 0 (halves allowed)');
    return value as number;
  }
  if (!(DECISION_KINDS as readonly string[]).includes(kind) && !pluginDecision(kind)) fail(`unknown decision${closest(kind, [...DECISION_KINDS, ...SPEECH_KINDS, ...SETTINGS])}`);
  if (value === null || value === 'none') return null;
  if (YES_NO_KINDS.includes(kind)) {
    if (value === 'yes' || value === true) return 1;
    if (value === 'no' || value === false) return 0;
    return fail(`expected yes, no or none; got ${JSON.stringify(value)}`);
  }
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= seats) return value;
  if (typeof value === 'number') return fail(`${value} is not a seat of this table (1..${seats}); or none`);
  return fail(`expected a seat number (1..${seats}) or none; got ${JSON.stringify(value)}`);
}

function parseStatement(x: unknown, fail: (m: string) => never): Statement {
  if (!isRecord(x) || Object.keys(x).length !== 1) return fail('a statement is one of {claim: ROLE}, {check: [SEAT, black|red]}, {accuse: SEAT}, {vouch: SEAT}');
  const [type, v] = Object.entries(x)[0];
  if (type === 'claim' && typeof v === 'string') return { type, role: v };
  if ((type === 'accuse' || type === 'vouch') && typeof v === 'number') return { type, seat: v };
  if (type === 'check' && Array.isArray(v) && typeof v[0] === 'number' && (v[1] === 'black' || v[1] === 'red')) return { type, seat: v[0], result: v[1] };
  return fail(`bad statement ${JSON.stringify(x)}`);
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
