// Rule options as data: every choice of docs/rules.md is an option with its documented default.

export type OptionValue = string | number | boolean | readonly string[];

export interface OptionSpec {
  readonly key: string;
  /** The docs/rules.md clause this option belongs to. */
  readonly clause: string;
  readonly description: string;
  readonly kind: 'enum' | 'int' | 'number' | 'bool' | 'order';
  /** enum: the allowed values; order: the items to permute. */
  readonly values?: readonly string[];
  readonly min?: number;
  readonly max?: number;
  readonly default: OptionValue;
}

export type Options = Readonly<Record<string, OptionValue>>;

/** Options every rule set has. */
export const COMMON_OPTIONS: readonly OptionSpec[] = [
  { key: 'maxDays', clause: 'G6', kind: 'int', min: 2, max: 1000, default: 40,
    description: 'a game that reaches this day without a winner ends as a stalemate' },
  { key: 'revealRoles', clause: 'G3', kind: 'bool', default: false,
    description: "announce a dead or eliminated player's role" },
];

/** Parses a value given as text (command line) or as YAML/JSON data; returns an error text on failure. */
export function parseOptionValue(spec: OptionSpec, raw: unknown): { value: OptionValue } | { error: string } {
  const text = typeof raw === 'string' ? raw.trim() : raw;
  switch (spec.kind) {
    case 'bool':
      if (text === true || text === 'true' || text === 'yes') return { value: true };
      if (text === false || text === 'false' || text === 'no') return { value: false };
      return { error: 'expected true or false' };
    case 'int':
    case 'number': {
      const n = typeof text === 'number' ? text : typeof text === 'string' && text !== '' ? Number(text) : NaN;
      if (!Number.isFinite(n)) return { error: `expected a ${spec.kind === 'int' ? 'whole number' : 'number'}` };
      if (spec.kind === 'int' && !Number.isInteger(n)) return { error: 'expected a whole number' };
      if (spec.min !== undefined && n < spec.min) return { error: `must be at least ${spec.min}` };
      if (spec.max !== undefined && n > spec.max) return { error: `must be at most ${spec.max}` };
      return { value: n };
    }
    case 'enum':
      if (typeof text === 'string' && spec.values!.includes(text)) return { value: text };
      return { error: `expected one of ${spec.values!.join(', ')}` };
    case 'order': {
      const items = Array.isArray(text) ? text.map(String) : typeof text === 'string' ? text.split(',').map((s) => s.trim()) : null;
      const want = [...spec.values!].sort().join(',');
      if (!items || [...items].sort().join(',') !== want) {
        return { error: `expected an order of exactly ${spec.values!.join(',')}` };
      }
      return { value: items };
    }
  }
}

export function describeValue(value: OptionValue): string {
  return Array.isArray(value) ? value.join(',') : String(value);
}
