// `mafia-sim balance --knob KEY [--target 50%] [--range a..b]`: the value of one knob that brings town win
// closest to the target (src/workbench/balance.ts), its win rate with its interval and its neighbours, so
// a designer sees how sharp the optimum is; or the same data as JSON.
import type { ChalkInstance } from 'chalk';
import { UserError } from '../errors.js';
import { bandChart } from '../report/chart.js';
import { formatRate } from '../report/text.js';
import { fitTable, labelled, titled, UNLIMITED, wrapWords, type Column } from '../report/fit.js';
import type { Rate } from '../report/report.js';
import { optionSpecs, type CompiledSetup } from '../setup/compile.js';
import { builtinSetup } from '../setup/builtin.js';
import { loadSetup } from '../setup/load.js';
import { describeValue } from '../rules/options.js';
import { ROLES } from '../rules/catalogue.js';
import { builtInStrategies, splitSpec } from '../strategy/registry.js';
import { parseCount, parseSeed, workerCount } from './common.js';
import { interruptible } from './interrupt.js';
import { progressBar } from './progress.js';
import { applySetting, armJobs, armProblem, describeSetting, setting, type ArmSpec } from '../workbench/arms.js';
import { bestOf, search, show, valueLabel, type BalancePoint, type BalanceRound, type Knob } from '../workbench/balance.js';
import { playArms } from '../workbench/play.js';
import { header, heldParams, retuneAll, strategiesLine, tunesLines, withSides, type BenchFlags, type BenchResult } from './workbench.js';
import { armSpecs } from '../exploit/variants.js';
import type { RetunedArm } from '../workbench/retune.js';
import { sidesLine } from '../report/sides.js';

export interface BalanceFlags extends BenchFlags {
  knob: string;
  target?: string;
  range?: string;
}

export const BALANCE_FORMAT = 1;
export const BALANCE_GAMES = 20_000;
/** Values of a number knob probed to find the part of its range the setup accepts. */
const NUMBER_PROBES = 41;
/** The most whole-number values a search may consider without --range. */
const MAX_INT_VALUES = 200;

export interface BalanceReport {
  readonly kind: 'balance';
  readonly format: number;
  readonly seed: string;
  readonly design: {
    readonly setup: string;
    readonly options: readonly string[];
    readonly strategies: readonly string[];
    readonly knob: Knob;
    readonly target: number;
    /** Games per value in the final round. */
    readonly games: number;
  };
  readonly partial: boolean;
  readonly rounds: readonly BalanceRound[];
  /** The final round's value closest to the target (null if interrupted before any game). */
  readonly best: BalancePoint | null;
  /** The final round (or, interrupted, the last round with games), best included, in value order: how sharp the optimum is. */
  readonly neighbours: readonly BalancePoint[];
  /** The command that plays the best value alone on the same seeds (its figures are the best's). */
  readonly check: string | null;
}

/** The target: `50%`, `0.5` or `50`. */
export function parseTarget(raw: string | undefined): number {
  if (raw === undefined) return 0.5;
  const t = raw.trim();
  const x = Number(t.endsWith('%') ? t.slice(0, -1) : t);
  const share = t.endsWith('%') || x > 1 ? x / 100 : x;
  if (t === '' || !Number.isFinite(x) || !(share > 0 && share < 1)) throw new UserError(`--target ${raw}: expected a town win rate between 0 and 100%, e.g. 50% or 0.45`);
  return share;
}

/** What the knob is, its bounds and values, and its value now. */
export async function resolveKnob(raw: string, setup: CompiledSetup, flags: BalanceFlags, seed: string): Promise<Knob> {
  const key = raw.trim();
  const flag = `--knob ${raw}`;
  const s = setting(key, '0');
  const range = flags.range === undefined ? null : parseRange(flags.range);
  const ints = async (what: string, min: number, max: number, current: number): Promise<Knob> => {
    const [lo, hi] = range ?? [Math.max(min, Math.floor(current / 4)), Math.min(max, 4 * current + 4)];
    if (!Number.isInteger(lo) || !Number.isInteger(hi)) throw new UserError(`--range ${flags.range}: ${key} takes whole numbers`);
    if (hi - lo + 1 > MAX_INT_VALUES) throw new UserError(`--range ${flags.range ?? `${lo}..${hi}`}: ${hi - lo + 1} values; at most ${MAX_INT_VALUES}`);
    const values: string[] = [];
    for (let v = Math.max(min, lo); v <= Math.min(max, hi); v++) if ((await armProblem(armFor(flags, key, String(v)), seed)) === null) values.push(String(v));
    if (values.length === 0) throw new UserError(`${flag}: no value from ${lo} to ${hi} makes a table the rules accept (try --range)`);
    return { key, kind: 'int', what, low: Number(values[0]), high: Number(values[values.length - 1]), values, current: String(current) };
  };
  const numbers = async (what: string, min: number | undefined, max: number | undefined, current: number): Promise<Knob> => {
    const [lo, hi] = range ?? [min, max];
    if (lo === undefined || hi === undefined) throw new UserError(`${flag}: give the values to search with --range a..b`);
    if (!(lo < hi)) throw new UserError(`--range ${flags.range}: expected a..b with a < b`);
    // The part of the range the setup accepts (a club table's mafiaShare below minMafiaShare is refused), probed on a grid.
    const grid = Array.from({ length: NUMBER_PROBES }, (_, i) => Number(show(lo + ((hi - lo) * i) / (NUMBER_PROBES - 1))));
    const ok: number[] = [];
    for (const x of grid) if ((await armProblem(armFor(flags, key, String(x)), seed)) === null) ok.push(x);
    if (ok.length < 2) throw new UserError(`${flag}: ${ok.length === 0 ? 'no value' : 'only one value'} from ${lo} to ${hi} makes a table the rules accept (try --range)`);
    const narrowed = ok[0] > lo || ok[ok.length - 1] < hi ? `; the rules accept ${ok[0]}..${ok[ok.length - 1]} of the range` : '';
    const stepped = tablesDealt(flags, key, ok);
    if (stepped !== null && stepped.values.length < 2) throw new UserError(`${flag}: every value from ${ok[0]} to ${ok[ok.length - 1]} deals the same table (${stepped.tables[0]}); nothing to search (try --range)`);
    const steps = stepped === null ? '' : `; it deals whole seats: ${stepped.values.length} tables in the range, one value each`;
    return { key, kind: 'number', what: `${what}${narrowed}${steps}`, low: ok[0], high: ok[ok.length - 1], current: String(current), ...(stepped ?? {}) };
  };
  const words = (what: string, values: readonly string[], current: string): Knob => ({ key, kind: 'enum', what, values, current });

  if (s.kind === 'strategy') throw new UserError(`${flag}: a strategy is not a knob; compare strategies with compare or tournament`);
  if (s.kind === 'strategyParam') {
    const strategy = builtInStrategies().get(s.name);
    const param = strategy?.params?.find((p) => p.key === s.param);
    if (!strategy || !param) throw new UserError(`${flag}: no built-in strategy ${s.name} with a parameter ${s.param} (mafia-sim strategies)`);
    const given = flags.strategy.map((x) => splitSpec(x)).find((x) => x.who === s.who && x.name === s.name)?.params.find(([k]) => k === s.param)?.[1];
    const current = given ?? String(param.default);
    if (typeof param.default === 'boolean') return words('strategy parameter', ['false', 'true'], current);
    if (typeof param.default === 'string') return words('strategy parameter', param.values ?? [param.default], current);
    // A parameter with whole-number default and bounds is searched over whole numbers (revealDay), else over numbers (selfHeal).
    const whole = [param.default, param.min ?? 0, param.max ?? 0].every(Number.isInteger) && (param.max ?? 0) - (param.min ?? 0) >= 2;
    return whole ? ints('strategy parameter (whole numbers)', param.min ?? 0, param.max ?? 1000, Number(current)) : numbers('strategy parameter', param.min, param.max, Number(current));
  }
  if (key.startsWith('roles.')) {
    const id = key.slice('roles.'.length);
    if (!ROLES.has(id)) throw new UserError(`${flag}: unknown role "${id}"; roles: mafia-sim roles`);
    return ints('role count', 0, 1000, setup.roleCounts.find(([r]) => r === id)?.[1] ?? 0);
  }
  const spec = (builtinSetup(flags.setup)?.params ?? []).find((p) => p.key === key) ?? optionSpecs(setup.rules).find((o) => o.key === key);
  if (!spec) throw new UserError(`${flag}: not an option or parameter of ${setup.name}, a roles.ID count or a WHO.NAME.PARAM strategy parameter (mafia-sim setups)`);
  const current = describeValue(setup.params[key] ?? setup.options[key]);
  const what = builtinSetup(flags.setup)?.params.some((p) => p.key === key) ? `setup parameter (${spec.clause})` : `rule option (${spec.clause})`;
  switch (spec.kind) {
    case 'int': return ints(`${what}, whole numbers`, spec.min ?? 0, spec.max ?? 1000, Number(current));
    case 'number': return numbers(what, spec.min, spec.max, Number(current));
    case 'bool': return words(what, ['false', 'true'], current);
    case 'enum': return words(what, spec.values!, current);
    default: throw new UserError(`${flag}: ${key} is an order; try its orders with sweep --vary '${key}=a,b|b,a'`);
  }
}

/**
 * A number knob that deals whole seats (a club table's mafiaShare: the seats are rounded): the probes
 * `xs` (ascending) grouped by the table they deal, each group's roundest value standing for it, with
 * what its table deals. Null when every probe deals a table of its own (the knob moves the games
 * continuously). Values that deal the same table play the same games, seed for seed: searching
 * between them would spend games to learn nothing.
 */
function tablesDealt(flags: BenchFlags, key: string, xs: readonly number[]): { values: string[]; tables: string[] } | null {
  const tableOf = (x: number) => {
    const arm = armFor(flags, key, String(x));
    const setup = loadSetup(arm.setupArg, arm.overrides);
    return { setup, id: JSON.stringify([setup.rules.id, setup.roleCounts, setup.options, setup.scoring, arm.strategies]) };
  };
  const groups: { id: string; setup: CompiledSetup; xs: number[] }[] = [];
  for (const x of xs) {
    const t = tableOf(x);
    const last = groups[groups.length - 1];
    if (last?.id === t.id) last.xs.push(x);
    else groups.push({ ...t, xs: [x] });
  }
  if (groups.length === xs.length) return null;
  // The value with the fewest digits between a group's first and last probes that deals its table (0.25 rather than 0.2563).
  const roundest = (g: (typeof groups)[number]) => {
    const [a, b] = [g.xs[0], g.xs[g.xs.length - 1]];
    for (let digits = 1; digits <= 4; digits++) {
      const v = Number(((a + b) / 2).toPrecision(digits));
      if (v >= a && v <= b && tableOf(v).id === g.id) return String(v);
    }
    return String(g.xs[Math.floor((g.xs.length - 1) / 2)]);
  };
  const mafia = groups.map((g) => g.setup.deck.filter((r) => r.team === 'mafia').length);
  const dealt = (g: (typeof groups)[number], i: number) =>
    new Set(mafia).size === groups.length ? `${mafia[i]} mafia seat${mafia[i] === 1 ? '' : 's'}` : g.setup.roleCounts.map(([r, n]) => (n === 1 ? r : `${r}×${n}`)).join(' ');
  return { values: groups.map(roundest), tables: groups.map(dealt) };
}

function parseRange(raw: string): [number, number] {
  const m = /^\s*(-?[\d.]+)\s*\.\.\s*(-?[\d.]+)\s*$/.exec(raw);
  if (!m || !Number.isFinite(Number(m[1])) || !Number.isFinite(Number(m[2]))) throw new UserError(`--range ${raw}: expected a..b, e.g. --range 1..6 or --range 0.2..0.5`);
  return [Number(m[1]), Number(m[2])];
}

function armFor(flags: BenchFlags, key: string, value: string): ArmSpec {
  const s = setting(key, value);
  return { ...applySetting({ setupArg: flags.setup, overrides: [...flags.option], strategies: [...flags.strategy] }, s), label: describeSetting(s) };
}

export async function balanceCommand(flags: BalanceFlags, signal?: AbortSignal): Promise<BenchResult<BalanceReport>> {
  if (flags.shard !== undefined) throw new UserError(`--shard ${flags.shard}: balance chooses each round's values from the last round's results, so it cannot be split into fixed shards; give it --workers instead`);
  const target = parseTarget(flags.target);
  const games = parseCount('--games', flags.games ?? String(BALANCE_GAMES), 1);
  const seed = parseSeed(flags.seed);
  const setup = loadSetup(flags.setup, flags.option);
  const knob = await resolveKnob(flags.knob, setup, flags, seed);
  const warnings = new Set<string>();
  // Under --tune, each value's tune, made once however many rounds play the value.
  const tunes = new Map<string, RetunedArm>();
  const result = await interruptible(async (stop) =>
    search(knob, target, games, async (values, g, round) => {
      const given = values.map((v) => armFor(flags, knob.key, v));
      const origin = (a: ArmSpec) => `--knob ${knob.key}: ${a.label}`;
      const built = await armJobs(given, seed, origin);
      const arms = await retuneAll(flags, given, seed, stop, tunes, heldParams([setting(knob.key, '0')]));
      const jobs = arms === given ? built : await armJobs(arms, seed, origin);
      const playing = arms.map((a, i) => withSides(a, given[i], built[i].setup));
      const bar = progressBar(g * arms.length, process.stderr, flags.progress !== false);
      try {
        const played = await playArms(arms, jobs, { first: 0, end: g, workers: workerCount(flags.workers, g * arms.length), signal: stop, onProgress: (done) => bar.update(done) });
        if (played.warning !== null) warnings.add(`round ${round + 1}: ${played.warning.replace(/^mafia-sim: warning: /, '')}`);
        const points = values.map((value, i): BalancePoint => {
          const run = played.runs[i];
          const town = run.outcomeRates.town;
          const { sides, tune } = playing[i];
          return { value, players: run.setup.players, games: run.games, town, mafia: run.outcomeRates.mafia, draw: run.outcomeRates.draw, distance: Math.abs(town.share - target), sides, ...(tune === undefined ? {} : { tune }) };
        });
        return { points, partial: played.result.partial };
      } finally {
        bar.end();
      }
    }), signal);
  const best = bestOf(result.rounds);
  // The round the best comes from (the last, unless Ctrl-C stopped the last before any game of it ended).
  const last = result.rounds.find((round) => best !== null && round.points.includes(best))?.points ?? [];
  const report: BalanceReport = {
    kind: 'balance',
    format: BALANCE_FORMAT,
    seed,
    design: { setup: flags.setup, options: [...flags.option], strategies: [...flags.strategy], knob, target, games },
    partial: result.partial,
    rounds: result.rounds,
    best,
    neighbours: last,
    check: best === null ? null : checkCommand(flags, knob.key, best, seed),
  };
  const warning = warnings.size === 0 ? null : `mafia-sim: warning: degenerate values met in the search: ${[...warnings].join('; ')}`;
  return { report, warning };
}

/** The `run` of the best value alone (with its tuned parameters under --tune). */
function checkCommand(flags: BenchFlags, key: string, best: BalancePoint, seed: string): string {
  const given = armFor(flags, key, best.value);
  const arm = best.tune === undefined ? given : { ...given, strategies: armSpecs(best.tune.result) };
  const games = best.games;
  const q = (s: string) => (/^[\w./:=,@+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  return ['mafia-sim', 'run', '--setup', q(arm.setupArg), ...arm.overrides.flatMap((o) => ['--option', q(o)]), ...arm.strategies.flatMap((s) => ['--strategy', q(s)]), '--seed', seed, '--games', String(games)].join(' ');
}

/** Values of a round on one line of the text. */
const ROUND_PER_LINE = 4;

const pts = (x: number) => `${(100 * x).toFixed(1)}`;
const signed = (x: number) => {
  const shown = Math.abs(100 * x).toFixed(1);
  return `${Number(shown) === 0 ? '±' : x > 0 ? '+' : '−'}${shown} points`;
};

export function renderBalance(r: BalanceReport, c: ChalkInstance, width = UNLIMITED): string {
  const k = r.design.knob;
  const searched = k.kind === 'enum' ? k.values!.join(', ') : k.tables !== undefined ? k.values!.map((v) => valueLabel(k, v)).join(', ') : `${k.low}..${k.high}`;
  const out = header(c, [
    ['Setup', `${r.design.setup}${r.design.options.length > 0 ? ` ${r.design.options.join(' ')}` : ''}`],
    ['Knob', `${k.key}: ${k.what}, now ${k.current}; searched ${searched}`],
    ['Target', `town win ${pts(r.design.target)}%`],
    ['Strategies', sidesLine(r.neighbours.map((p) => ({ label: `${k.key}=${p.value}`, sides: p.sides }))) || strategiesLine(r.design.strategies)],
    ['Run', `seed ${r.seed}; ${r.rounds.length} round${r.rounds.length === 1 ? '' : 's'} on the same game seeds, the last with ${r.design.games.toLocaleString('en-US')} games per value`],
  ], width);
  if (r.partial) out.push(...wrapWords('PARTIAL: the search was interrupted; the best so far is from the games that finished.', width).map((l) => c.yellow.bold(l)));
  out.push('');
  // Each round: every value's town win with its interval, as many to a line as fit (at most ROUND_PER_LINE).
  r.rounds.forEach((round, i) => {
    const played = round.points[0]?.games ?? 0;
    const games = played < round.games ? `interrupted: ${played.toLocaleString('en-US')} of ${round.games.toLocaleString('en-US')} games each` : `${round.games.toLocaleString('en-US')} games each`;
    out.push(...titled(c.bold(`Round ${i + 1}`), ` (${games}, town win)`, width));
    const cells = round.points.map((p) => `${valueLabel(k, p.value)}: ${formatRate(p.town)}`);
    const w = Math.max(...cells.map((x) => x.length));
    const per = Math.max(1, Math.min(ROUND_PER_LINE, Math.floor((width - 2 + 3) / (w + 3))));
    for (let k = 0; k < cells.length; k += per) out.push(`  ${cells.slice(k, k + per).map((x) => x.padEnd(w)).join('   ').trimEnd()}`);
  });
  if (r.best === null) return out.join('\n');
  out.push('');
  const best = r.best;
  const col = (head: string, f: (p: BalancePoint) => string, key = false): Column => ({ head, key, cells: r.neighbours.map((p) => (p.value === best.value ? c.bold(f(p)) : f(p))) });
  const n = r.neighbours[0].games.toLocaleString('en-US');
  out.push(...titled(r.partial ? c.bold('Last round with games') : c.bold('Final round'), ` (${n} games per value)`, width));
  out.push(fitTable([
    col(k.key, (p) => p.value, true),
    ...(k.tables === undefined ? [] : [col('table', (p) => valueLabel(k, p.value).slice(p.value.length + 2, -1))]),
    col('players', (p) => String(p.players)),
    col('town win (95% interval)', (p) => formatRate(p.town)),
    col(`from ${pts(r.design.target)}%`, (p) => signed(p.town.share - r.design.target)),
    col('mafia win', (p) => formatRate(p.mafia)),
    col('draw', (p) => formatRate(p.draw)),
  ], width, c), '');
  out.push(...tunesLines(c, r.neighbours.map((p) => ({ label: `${k.key}=${p.value}`, tune: p.tune })), width));
  out.push(...titled(c.bold(`Town win % against ${k.key}`), ' (● estimate, │ 95% interval, ··· target)', width));
  out.push(bandChart(r.neighbours.map((p) => ({ label: p.value, ...(p.town as Rate) })), { target: r.design.target, width }), '');
  out.push(...titled(c.bold(`Best: ${k.key}=${valueLabel(k, best.value)}`), `: town win ${formatRate(best.town)}, ${(100 * Math.abs(best.town.share - r.design.target)).toFixed(1)} points from the target`, width));
  const near = sharpness(r);
  if (near !== null) out.push(...labelled('  ', near, width, '    '));
  if (best.town.low > r.design.target || best.town.high < r.design.target) out.push(...labelled('  ', `no value tried reaches ${pts(r.design.target)}% within its interval${k.kind === 'int' || k.kind === 'enum' || k.tables !== undefined ? ': the knob moves town win in steps (see the neighbours)' : ''}`, width, '    '));
  // The command is never wrapped (it is for copying): on a line of its own when the line would be too wide.
  if (r.check) {
    const one = `  the same figures, alone: ${r.check}`;
    out.push(...(one.length <= width ? [one] : ['  the same figures, alone:', `    ${r.check}`]));
  }
  return out.join('\n');
}

/** The best value's neighbours in the final round, with their town win: how sharp the optimum is. */
function sharpness(r: BalanceReport): string | null {
  const i = r.neighbours.findIndex((p) => p.value === r.best!.value);
  const near = [r.neighbours[i - 1], r.neighbours[i + 1]].filter((p) => p !== undefined);
  if (near.length === 0) return null;
  return `neighbours: ${near.map((p) => `${r.design.knob.key}=${valueLabel(r.design.knob, p.value)} → ${formatRate(p.town)}`).join(', ')}`;
}
