// Rule options as data: every choice of docs/rules.md is an option with its documented default.

export type OptionValue = string | number | boolean | readonly string[];

export interface OptionSpec {
  readonly key: string;
  /** The docs/rules.md clause this option belongs to. */
  readonly clause: string;
  readonly description: string;
  readonly kind: 'enum' | 'int' | 'number' | 'bool' | 'order';
  /** enum: the allowed values; order: the default order of the items (a value may move some of them). */
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
      // The items named are put in this order among the places they hold; the others stay where the
      // default has them (a full list is a full order). The value is always the whole order.
      const items = Array.isArray(text) ? text.map(String) : typeof text === 'string' ? text.split(',').map((s) => s.trim()) : null;
      const known = spec.values!;
      if (!items || items.length === 0) return { error: `expected a list of steps from ${known.join(',')}` };
      const unknown = items.find((x) => !known.includes(x));
      if (unknown !== undefined) return { error: `no step "${unknown}"; the steps are ${known.join(',')}` };
      for (const x of new Set(items)) {
        const named = items.filter((y) => y === x).length;
        const places = known.filter((y) => y === x).length;
        if (named === places) continue;
        return { error: places === 1 ? 'a step is named twice' : `"${x}" holds ${places} places: name it ${places} times or not at all` };
      }
      const order = [...known];
      const slots = known.flatMap((x, i) => (items.includes(x) ? [i] : []));
      slots.forEach((slot, k) => (order[slot] = items[k]));
      return { value: order };
    }
  }
}

export function describeValue(value: OptionValue): string {
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** A validated enum option's value, typed as one of its values (configure reads options with these). */
export function choice<T extends string>(value: OptionValue | undefined, values: readonly T[]): T {
  const found = values.find((v) => v === value);
  if (found === undefined) throw new Error(`option value ${String(value)} is not one of ${values.join(', ')}`);
  return found;
}

/** A validated order option's steps. */
export function steps(value: OptionValue | undefined): readonly string[] {
  return Array.isArray(value) ? value : [];
}
