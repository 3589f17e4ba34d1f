// A list of strategy specs as `tournament --strategies` and a sweep's `strategy=` values give it:
// comma-separated, where a spec's own parameters are comma-separated too.
import { UserError } from '../errors.js';

/**
 * `a,b:k=1,j=2,c` → [a, b:k=1,j=2, c]: a `key=value` item continues the parameters of the strategy
 * before it (parameters are comma-separated too).
 */
export function splitStrategyList(raw: readonly string[]): string[] {
  const out: string[] = [];
  for (const group of raw) {
    for (const item of group.split(',').map((x) => x.trim())) {
      if (item === '') continue;
      const continues = /^[A-Za-z_][\w-]*=/.test(item) && out.length > 0 && out[out.length - 1].includes(':');
      if (continues) out[out.length - 1] += `,${item}`;
      else if (/^[A-Za-z_][\w-]*=/.test(item)) {
        throw new UserError(`--strategies ${group}: "${item}" is a parameter with no strategy before it (write NAME:${item})`);
      } else out.push(item);
    }
  }
  if (out.length === 0) throw new UserError('--strategies: name at least one strategy, e.g. --strategies random,smart');
  if (new Set(out).size !== out.length) throw new UserError(`--strategies ${raw.join(',')}: a strategy is listed twice`);
  return out;
}
