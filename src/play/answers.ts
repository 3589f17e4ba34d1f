// The human seat's answers as words, one per question: what `play --answers` takes and what the
// replay command of a played game lists. A decision is a seat number, `pass`, `yes` or `no`; a speech
// is its statements, one word each (`claim:commissar`, `check:5:black`, `accuse:3`, `vouch:4`), then
// `done`. The same words whether typed at the menus (which build them) or given on the command line.
import { YES_NO_KINDS, YES, NO } from '../model/decisions.js';
import type { Statement } from '../model/events.js';
import type { DecisionRequest, Decision } from '../strategy/types.js';
import type { RoleInfo } from '../views/view.js';

export const DONE = 'done';
export const PASS = 'pass';

/** Whether a decision's options are yes (1) and no (0) rather than seats. */
export function isYesNo(request: DecisionRequest): boolean {
  return YES_NO_KINDS.includes(request.kind);
}

/** The word for a legal decision. */
export function decisionWord(request: DecisionRequest, d: Decision): string {
  if (d === null) return PASS;
  return isYesNo(request) ? (d === YES ? 'yes' : 'no') : String(d);
}

/** The decision a word stands for if it is legal for this request, else a reason it is not. */
export function decisionOf(request: DecisionRequest, word: string): { decision: Decision } | { problem: string } {
  if (word === PASS) return request.canPass ? { decision: null } : { problem: 'passing is not allowed here' };
  const d = isYesNo(request) ? (word === 'yes' ? YES : word === 'no' ? NO : NaN) : /^\d{1,4}$/.test(word) ? Number(word) : NaN;
  if (Number.isNaN(d)) return { problem: `expected ${isYesNo(request) ? 'yes or no' : 'a seat number'}${request.canPass ? ' or pass' : ''}` };
  return request.options.includes(d) ? { decision: d } : { problem: `not one of the options (${request.options.map((o) => decisionWord(request, o)).join(', ')})` };
}

/** The word for a statement. */
export function statementWord(st: Statement): string {
  switch (st.type) {
    case 'claim': return `claim:${st.role}`;
    case 'check': return `check:${st.seat}:${st.result}`;
    case 'accuse': return `accuse:${st.seat}`;
    case 'vouch': return `vouch:${st.seat}`;
  }
}

/**
 * The statement a word stands for (`done` is not one), or a reason it is not one: a claim names a
 * role of this table, a check or an accusation names another seat of the table.
 */
export function statementOf(word: string, me: number, seats: number, roles: readonly RoleInfo[]): { statement: Statement } | { problem: string } {
  const [type, a, b, ...rest] = word.split(':');
  const seat = (x: string | undefined): number | null => {
    const s = /^\d{1,4}$/.test(x ?? '') ? Number(x) : NaN;
    return s >= 1 && s <= seats && s !== me ? s : null;
  };
  const noSeat = { problem: `expected another seat of the table (1..${seats}, not your own ${me})` };
  if (rest.length > 0) return { problem: `too many parts` };
  if (type === 'claim' && b === undefined) {
    return roles.some((r) => r.id === a) ? { statement: { type, role: a } } : { problem: `not a role of this table (${roles.map((r) => r.id).join(', ')})` };
  }
  if ((type === 'accuse' || type === 'vouch') && b === undefined) {
    const s = seat(a);
    return s === null ? noSeat : { statement: { type, seat: s } };
  }
  if (type === 'check') {
    const s = seat(a);
    if (s === null) return noSeat;
    return b === 'red' || b === 'black' ? { statement: { type, seat: s, result: b } } : { problem: `a check is red or black` };
  }
  return { problem: `expected done, claim:ROLE, check:SEAT:red|black, accuse:SEAT or vouch:SEAT` };
}

/** `--answers a,b,c`: the words, trimmed; an empty list for an empty string. */
export function parseAnswers(raw: string): string[] {
  const words = raw.split(',').map((w) => w.trim().toLowerCase());
  return words.length === 1 && words[0] === '' ? [] : words;
}
