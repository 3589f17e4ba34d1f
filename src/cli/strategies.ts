// `mafia-sim strategies`: every built-in strategy with its description and parameters.
import { UNLIMITED, wrapItems } from '../report/fit.js';
import { leadEntry } from './catalogue.js';
import { DEVIATIONS } from '../../strategies/deviations.js';
import { applies, roleDecisions } from '../exploit/variants.js';
import { RULE_SETS } from '../rules/registry.js';
import { builtInStrategies } from '../strategy/registry.js';
import type { StrategyParam, StrategyParamValue } from '../strategy/types.js';

export interface StrategyInfo {
  readonly name: string;
  readonly description: string;
  readonly usesHistory: boolean;
  readonly params: ReadonlyArray<{
    readonly key: string;
    readonly type: 'number' | 'boolean' | 'string';
    readonly default: StrategyParamValue;
    readonly min?: number;
    readonly max?: number;
    readonly values?: readonly string[];
    readonly description: string;
    /** The rule sets where it can change anything (one of their roles makes the decisions it shapes). */
    readonly rules: readonly string[];
    /** The only side whose play it changes, or null: both. */
    readonly team: 'town' | 'mafia' | null;
  }>;
  /** The library's one-trick variants of this strategy (strategies/deviations.ts, `mafia-sim exploit`). */
  readonly deviations: ReadonlyArray<{ readonly name: string; readonly side: string; readonly params: string; readonly description: string }>;
}

function rulesFor(p: StrategyParam): string[] {
  return [...RULE_SETS.values()].filter((rs) => p.fixed === true || applies(p, roleDecisions(rs.roles.values()))).map((rs) => rs.id);
}

export function collectStrategies(): StrategyInfo[] {
  return [...builtInStrategies().values()].map((s) => ({
    name: s.name,
    description: s.description,
    usesHistory: s.usesHistory === true,
    params: (s.params ?? []).map((p) => ({
      key: p.key,
      type: typeof p.default as 'number' | 'boolean' | 'string',
      default: p.default,
      min: p.min,
      max: p.max,
      values: p.values,
      description: p.description,
      rules: rulesFor(p),
      team: p.team ?? null,
    })),
    deviations: DEVIATIONS.filter((d) => d.strategy === s.name).map((d) => ({ name: d.name, side: d.side, params: d.params, description: d.description })),
  }));
}

/** `label` then `text` wrapped at its spaces to `width`, continuation lines under the text (4 in when narrow). */
function entry(label: string, text: string, width: number, indent = label.length): string[] {
  return wrapItems(label, text.split(' '), width, ' ', width - indent >= 24 ? ' '.repeat(indent) : '    ');
}

/** The list, laid out for `width` columns (the terminal's: src/cli/common.ts terminalWidth). */
export function renderStrategies(list: readonly StrategyInfo[], width = UNLIMITED): string {
  const lines: string[] = [];
  for (const s of list) {
    lines.push(...entry(`${s.name.padEnd(10)} `, s.description, width));
    for (const p of s.params) {
      const range =
        p.values ? ` [${p.values.join('|')}]`
        : p.type === 'number' && (p.min !== undefined || p.max !== undefined) ? ` [${p.min ?? '−∞'}..${p.max ?? '∞'}]`
        : p.type === 'boolean' ? ' [true|false]'
        : '';
      const where = p.rules.length === RULE_SETS.size ? '' : p.rules.length === 0 ? ' (no built-in rule set makes the decisions it shapes)' : ` (${p.rules.join(', ')} rules only)`;
      const side = p.team === null ? '' : ` ${p.team}:`;
      lines.push(...leadEntry(''.padEnd(13), `${p.key}=${String(p.default)}${range}`, `${side.trim()}${side ? ' ' : ''}${p.description}${where}`, width, 15));
    }
    if (s.deviations.length > 0) {
      lines.push(...entry(''.padEnd(11), `deviations (one behaviour changed; mafia-sim exploit plays them): play one as --strategy SIDE=${s.name}:PARAMS`, width));
      for (const d of s.deviations) lines.push(...leadEntry(''.padEnd(13), `${d.name} (${d.side})`, `${d.description}: ${d.params}`, width, 15));
    }
  }
  lines.push(
    '',
    ...entry('', 'Use with --strategy NAME, TEAM=NAME or ROLE=NAME; set parameters as NAME:key=value,… (e.g. --strategy mafia=smart:fakeClaim=0.5).', width, 0),
    ...entry('', 'A plug-in is a path instead of a name: --strategy town=./my-bot.js (or .ts); see docs/strategies.md.', width, 0),
  );
  return lines.join('\n');
}
