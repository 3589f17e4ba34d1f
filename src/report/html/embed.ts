// The report's JSON inside its page, within a size budget: on one line (it parses to exactly what
// `--json` prints), and when that is still too large for a page a reader opens on a phone (a sweep of
// thirteen points is 2.6 MB as printed), less the bulk no chart or table of the page is drawn from:
// first the paired games' details of each arm, then each arm's whole run report. The page says what
// it left out; `--json` has everything.
import { isObject } from '../shapes.js';

/** The most characters of JSON a page embeds: the page stays under 500 KB with its charts and tables. */
export const EMBED_BUDGET = 400_000;

export interface Embedded {
  /** The JSON as embedded. */
  readonly text: string;
  /** What was left out, in words, or null when it is the whole report. */
  readonly left: string | null;
}

type Obj = Record<string, unknown>;

/** Each arm with `drop` applied (the report's arms are copied, never changed). */
function withArms(data: Obj, drop: (arm: Obj) => Obj): Obj {
  return { ...data, arms: (data.arms as unknown[]).map((a) => (isObject(a) ? drop(a) : a)) };
}

export function embedded(json: string, budget = EMBED_BUDGET): Embedded {
  const data: unknown = JSON.parse(json);
  const whole = JSON.stringify(data);
  if (whole.length <= budget || !isObject(data) || !Array.isArray(data.arms)) return { text: whole, left: null };
  const lean = withArms(data, (a) => (isObject(a.vsBaseline) ? { ...a, vsBaseline: { ...a.vsBaseline, details: undefined, pairs: undefined } } : a));
  const leanText = JSON.stringify(lean);
  if (leanText.length <= budget) return { text: leanText, left: 'each arm’s paired game details (arms[].vsBaseline.details and .pairs)' };
  const bare = withArms(lean, (a) => ({ ...a, run: undefined }));
  return { text: JSON.stringify(bare), left: 'each arm’s paired game details and its whole run report (arms[].vsBaseline.details, .pairs and arms[].run)' };
}
