// `mafia-sim strategies`: every built-in strategy with its description and parameters.
import { UNLIMITED, wrapItems } from '../report/fit.js';
import { leadEntry } from './catalogue.js';
import { STRATEGIES } from '../strategy/registry.js';
import type { StrategyParamValue } from '../strategy/types.js';

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
  }>;
}

export function collectStrategies(): StrategyInfo[] {
  return [...STRATEGIES.values()].map((s) => ({
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
    })),
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
      lines.push(...leadEntry(''.padEnd(13), `${p.key}=${String(p.default)}${range}`, p.description, width, 15));
    }
  }
  lines.push(
    '',
    ...entry('', 'Use with --strategy NAME, TEAM=NAME or ROLE=NAME; set parameters as NAME:key=value,… (e.g. --strategy mafia=smart:fakeClaim=0.5).', width, 0),
    ...entry('', 'A plug-in is a path instead of a name: --strategy town=./my-bot.js (or .ts); see docs/strategies.md.', width, 0),
  );
  return lines.join('\n');
}
