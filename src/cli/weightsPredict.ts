// `mafia-sim weights --predict SETUP`: a setup's town win from a fit's weights, at once (`--fit FILE`,
// else the fit shipped for its rule set), with the fit's error; `--measure` plays it beside.
import type { ChalkInstance } from 'chalk';
import { UserError } from '../errors.js';
import { header, labelled, UNLIMITED } from '../report/fit.js';
import { formatRate } from '../report/text.js';
import type { Estimate } from '../report/weights.js';
import { jobFromSpec } from '../runner/job.js';
import { runGames } from '../runner/parallel.js';
import { builtinSetup } from '../setup/builtin.js';
import type { CompiledSetup } from '../setup/compile.js';
import { loadSetup } from '../setup/load.js';
import { runCommandOf, type ArmSpec } from '../workbench/arms.js';
import type { WeightsFit } from '../report/weights.js';
import { wilson } from '../stats/intervals.js';
import { loadFit, predictSetup } from '../workbench/weightsFit.js';
import { parseCount, parseSeed, workerCount } from './common.js';
import { interruptible } from './interrupt.js';
import { withProgress } from './progress.js';
import type { WeightsFlags } from './weights.js';
import { asRate } from './weightsText.js';

/** Games `--measure` plays by default. */
export const MEASURE_GAMES = 10_000;

export interface WeightsPrediction {
  readonly kind: 'weights-predict';
  readonly setup: { readonly arg: string; readonly options: readonly string[]; readonly name: string; readonly rules: string; readonly players: number; readonly roles: Readonly<Record<string, number>> };
  readonly fit: { readonly source: string; readonly command: string; readonly heldOutSetups: number; readonly rmse: number; readonly modelError: number };
  readonly predicted: Estimate;
  readonly withModelError: Estimate;
  readonly measured: null | {
    readonly games: number;
    readonly seed: string;
    readonly strategies: readonly string[];
    /** The run that plays the same games. */
    readonly command: string;
    readonly partial: boolean;
    readonly town: { readonly count: number; readonly share: number; readonly low: number; readonly high: number };
    /** Whether the measured share lies in the prediction's interval with the model's error. */
    readonly within: boolean;
  };
}

export async function predictCommand(flags: WeightsFlags): Promise<WeightsPrediction> {
  const arg = flags.predict!;
  if (flags.strategy.length > 0) throw new UserError(`--strategy ${flags.strategy[0]}: not with --predict (the prediction is of the play the fit was made with; --measure plays that)`);
  if (flags.measure !== true && flags.games !== undefined) throw new UserError(`--games ${flags.games}: only with --measure (a prediction plays no games)`);
  const setup = loadSetup(arg, flags.option);
  const { fit, source } = loadFit(flags.fit, setup.rules.id);
  const roles = Object.fromEntries(setup.roleCounts);
  const p = predictSetup(fit, setup, `--predict ${arg}`);
  const out: WeightsPrediction = {
    kind: 'weights-predict',
    setup: { arg, options: [...flags.option], name: setup.name, rules: setup.rules.id, players: setup.roleCounts.reduce((a, [, k]) => a + k, 0), roles },
    fit: { source, command: fit.command, heldOutSetups: fit.heldOut.setups, rmse: fit.heldOut.rmse, modelError: fit.model.modelError },
    ...p,
    measured: null,
  };
  if (flags.measure !== true) return out;
  const games = parseCount('--games', flags.games ?? String(MEASURE_GAMES), 1);
  const seed = parseSeed(flags.seed);
  const spec = measuredAs(fit, arg, flags.option, setup);
  const strategies = [...spec.strategies];
  const job = await jobFromSpec({ setupArg: spec.setupArg, overrides: [...spec.overrides], strategies, seed });
  const r = await interruptible((stop) => withProgress(flags.progress !== false, (onProgress) => runGames(job, { first: 0, end: games, workers: workerCount(flags.workers, games), signal: stop, onProgress: (d) => onProgress(d, games) })));
  const k = r.tally.outcomes.town;
  const n = r.tally.games;
  const w = wilson(k, n);
  const share = n === 0 ? 0 : k / n;
  return { ...out, measured: { games: n, seed, strategies, command: runCommandOf(spec, seed, games), partial: r.partial, town: { count: k, share, low: w.low, high: w.high }, within: share >= p.withModelError.low && share <= p.withModelError.high } };
}

/**
 * The setup as the fit's own tables were played: a family's base setup with the role counts changed
 * (so with the base's default strategy, as every generated table), the rule options given kept; a fit
 * of listed setups plays the setup as given. Always with the strategies the fit was made with.
 */
function measuredAs(fit: WeightsFit, arg: string, options: readonly string[], setup: CompiledSetup): ArmSpec {
  const base = fit.design.base;
  if (base === null) return { label: arg, setupArg: arg, overrides: [...options], strategies: [...fit.design.strategies] };
  const params = new Set(builtinSetup(base)?.params.map((p) => p.key) ?? []);
  const kept = [...fit.design.options, ...options.filter((o) => !o.trim().startsWith('roles.') && !params.has(o.slice(0, Math.max(0, o.indexOf('='))).trim()))];
  const from = Object.fromEntries(loadSetup(base, kept).roleCounts);
  const to = Object.fromEntries(setup.roleCounts);
  const ids = [...new Set([...Object.keys(from), ...Object.keys(to)])].sort().filter((id) => (from[id] ?? 0) !== (to[id] ?? 0));
  return { label: arg, setupArg: base, overrides: [...kept, ...ids.map((id) => `roles.${id}=${to[id] ?? 0}`)], strategies: [...fit.design.strategies] };
}

export function renderPrediction(r: WeightsPrediction, c: ChalkInstance, width = UNLIMITED): string {
  const s = r.setup;
  const roles = Object.entries(s.roles).map(([id, n]) => (n > 1 ? `${id}×${n}` : id)).join(' ');
  const out = header(c, [
    ['Setup', `${s.name} (${s.rules} rules, ${s.players} players): ${roles}`],
    ['Fit', `${r.fit.source}, made by: ${r.fit.command}`],
  ], width);
  out.push('');
  out.push(...labelled(`${c.bold('Predicted town win')}: `, `${asRate(r.predicted)} from the weights' uncertainty; ${asRate(r.withModelError)} with the model's own error (held-out RMS error ${(100 * r.fit.rmse).toFixed(1)} points over ${r.fit.heldOutSetups} setups)`, width, '  '));
  const m = r.measured;
  if (m !== null) {
    const verdict = m.within ? 'within the prediction' : c.yellow('outside the prediction');
    out.push(...labelled(`${c.bold('Measured town win')}: `, `${formatRate(m.town)}, ${m.games.toLocaleString('en-US')} games${m.partial ? ' (partial: interrupted)' : ''}, seed ${m.seed}: ${verdict}`, width, '  '));
    out.push(...labelled('  played as: ', m.command, width, '    '));
  }
  return out.join('\n');
}
