// `mafia-sim strategies`: every built-in strategy with its description and parameters.
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

export function renderStrategies(list: readonly StrategyInfo[]): string {
  const lines: string[] = [];
  for (const s of list) {
    lines.push(`${s.name.padEnd(10)} ${s.description}`);
    for (const p of s.params) {
      const range =
        p.values ? ` [${p.values.join('|')}]`
        : p.type === 'number' && (p.min !== undefined || p.max !== undefined) ? ` [${p.min ?? '−∞'}..${p.max ?? '∞'}]`
        : p.type === 'boolean' ? ' [true|false]'
        : '';
      lines.push(`${''.padEnd(10)}   ${p.key}=${String(p.default)}${range}  ${p.description}`);
    }
  }
  lines.push(
    '',
    'Use with --strategy NAME, TEAM=NAME or ROLE=NAME; set parameters as NAME:key=value,… (e.g. --strategy mafia=smart:fakeClaim=0.5).',
    'A plug-in is a path instead of a name: --strategy town=./my-bot.js (or .ts); see docs/strategies.md.',
  );
  return lines.join('\n');
}
