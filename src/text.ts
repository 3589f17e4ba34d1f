// Small text helpers: "did you mean" suggestions, and text that is safe to echo on a terminal.

function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length];
}

/** ` (did you mean "x"?)` for the closest candidate within a small edit distance, else ``. */
export function closest(word: string, candidates: readonly string[]): string {
  let best = '';
  let bestD = Infinity;
  for (const c of candidates) {
    const d = distance(word.toLowerCase(), c.toLowerCase());
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best && bestD <= Math.max(2, Math.floor(word.length / 3)) ? ` (did you mean "${best}"?)` : '';
}

/** Control characters: C0 (tab and newline included), DEL and C1 (U+0080–U+009F, where CSI lives). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * The text with every control character written as an escape (`\x1b`, `\n`): an echoed file name
 * or value can neither colour nor move the terminal, nor break a one-line message in two.
 */
export function printable(text: string): string {
  return text.replace(CONTROL, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\t') return '\\t';
    if (c === '\r') return '\\r';
    return `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });
}

/** The longest name or description a setup or scenario may have. */
export const MAX_TEXT_LENGTH = 200;

/** Why a value is not an acceptable name or description (one line of printable text), or null. */
export function textProblem(value: unknown): string | null {
  if (typeof value !== 'string') return `must be text, got ${printable(JSON.stringify(value) ?? String(value))}`;
  if (value.length > MAX_TEXT_LENGTH) return `is ${value.length} characters long; at most ${MAX_TEXT_LENGTH}`;
  CONTROL.lastIndex = 0;
  const bad = CONTROL.exec(value);
  if (bad) return `contains a control character (${printable(bad[0])}); names are one line of printable text`;
  return null;
}

/** A rule clause ID as docs/rules.md numbers them: G9, U3.4, C10.1. */
const CLAUSE_ID = /\b[GVUC]\d{1,2}(?:\.\d)?\b/;

/** The message, pointing to docs/rules.md when it cites a clause (and does not point there already). */
export function withRulesLink(message: string): string {
  return CLAUSE_ID.test(message) && !message.includes('docs/rules.md') ? `${message} (rules: docs/rules.md)` : message;
}
