// `--vary KEY=VALUES`: the values of one setting, as a list (`1,2,3`; `a|b|c` when a value has commas in
// it, as an order or a strategy spec with parameters does) or a range `a..b[:step]` (integers, or
// decimals: `0.25..0.4:0.05`).
import { UserError } from '../errors.js';
import { splitStrategyList } from '../strategy/specList.js';
import { parseSetting, type Setting } from './arms.js';

/** The most values one --vary may list, and the most points a grid may have. */
export const MAX_VALUES = 200;
export const MAX_POINTS = 400;

export interface Vary {
  /** As typed, for messages: `--vary players=8..20`. */
  readonly flag: string;
  readonly key: string;
  readonly values: readonly string[];
  /** The setting of each value. */
  readonly settings: readonly Setting[];
}

export function parseVary(raw: string): Vary {
  const flag = `--vary ${raw}`;
  const eq = raw.indexOf('=');
  if (eq <= 0) throw new UserError(`${flag}: expected KEY=VALUES, e.g. --vary players=8..20 or --vary tie=random,none`);
  const key = raw.slice(0, eq).trim();
  const text = raw.slice(eq + 1).trim();
  if (text === '') throw new UserError(`${flag}: no values after "="`);
  const values = key === 'strategy' ? splitStrategyList([text]) : rangeValues(text, flag) ?? text.split(text.includes('|') ? '|' : ',').map((v) => v.trim());
  if (values.some((v) => v === '')) throw new UserError(`${flag}: an empty value in the list`);
  if (new Set(values).size !== values.length) throw new UserError(`${flag}: a value is listed twice`);
  if (values.length > MAX_VALUES) throw new UserError(`${flag}: ${values.length} values; at most ${MAX_VALUES}`);
  return { flag, key, values, settings: values.map((v) => parseSetting(`${key}=${v}`, '--vary')) };
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** `a..b[:step]` as its values, or null when the text is not a range. */
export function rangeValues(text: string, flag: string): string[] | null {
  const m = /^(-?[\d.]+)\s*\.\.\s*(-?[\d.]+)(?:\s*:\s*([\d.]+))?$/.exec(text);
  // `8..x`, `a..b`: meant as a range (a list has commas or bars), but not of numbers.
  if (!m && /\.\./.test(text) && !/[,|]/.test(text)) throw new UserError(`${flag}: expected a range a..b or a..b:step of numbers, e.g. 8..20 or 0.2..0.4:0.05`);
  if (!m) return null;
  const [a, b, s] = [m[1], m[2], m[3] ?? '1'];
  if (![a, b, s].every((x) => NUMBER.test(x))) throw new UserError(`${flag}: expected a range a..b or a..b:step of numbers`);
  const decimals = Math.max(...[a, b, s].map((x) => (x.split('.')[1] ?? '').length));
  const scale = 10 ** decimals;
  const [lo, hi, step] = [a, b, s].map((x) => Math.round(Number(x) * scale));
  if (step <= 0) throw new UserError(`${flag}: the step must be above 0`);
  if (hi < lo) throw new UserError(`${flag}: the range ends (${b}) before it starts (${a})`);
  if ((hi - lo) / step + 1 > MAX_VALUES) throw new UserError(`${flag}: ${Math.floor((hi - lo) / step) + 1} values; at most ${MAX_VALUES}`);
  const out: string[] = [];
  for (let v = lo; v <= hi; v += step) out.push((v / scale).toFixed(decimals));
  return out;
}
