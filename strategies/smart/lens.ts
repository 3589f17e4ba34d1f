// The deviations' readings of the table (strategies/deviations.ts): suspicion per seat worked out
// otherwise than smart's own reading, for a town that reads one kind of evidence only or believes the
// first claimant outright. Kept apart from smart's reading (./reading.ts) so that changes to one do not
// move the other; each is a function of what the seat's Mind already holds (its view only).
// townSuspicion is the one a town seat reads by: smart's own, or the deviation its parameters name.
import type { Mind } from './mind.js';
import type { SmartParams } from './params.js';
import { BLACK, NIGHT_VICTIM, scoreArray } from './reading.js';

/** Per table size, one array the readings are written into (a decision reads it before the next one is made). */
const OUT: number[][] = [];

/** Certain colours (and only them) dominate the scores, as in smart's reading. */
const SETTLED = 50;

/** The town's suspicion per seat: smart's reading, or a deviation's (`read`). */
export function townSuspicion(p: SmartParams, m: Mind): readonly number[] {
  return p.read === 'full' ? m.suspicion(true) : townReading(m, p.read);
}

function townReading(m: Mind, read: 'votes' | 'firstClaim'): readonly number[] {
  const out = (OUT[m.n] ??= scoreArray(m.n));
  return read === 'votes' ? byVotes(m, out) : byFirstClaim(m, out);
}

/**
 * Voting patterns only: a vote against a player shown red (or killed at night, probably red) is a tell,
 * one against a player shown black a credit; claims, reports, accusations and vouches are ignored.
 */
function byVotes(m: Mind, out: number[]): number[] {
  const { votes, votesLength, diedAtNight } = m.evidence;
  const known = m.known;
  for (let s = 0; s <= m.n; s++) out[s] = 0;
  for (let i = 0; i < votesLength; i += 2) {
    const target = votes[i + 1];
    const c = known[target] !== 0 ? known[target] : diedAtNight[target] === 1 ? NIGHT_VICTIM : 0;
    out[votes[i]] -= 0.6 * c;
  }
  for (let s = 1; s <= m.n; s++) if (known[s] !== 0) out[s] = SETTLED * known[s];
  return out;
}

/**
 * Smart's reading, except that the first investigator claimant is believed outright (unless I know him
 * black): he is trusted, his reports settle colours, and every later claimant is taken for a liar.
 */
function byFirstClaim(m: Mind, out: number[]): number[] {
  const sus = m.suspicion(true);
  for (let s = 0; s <= m.n; s++) out[s] = sus[s];
  const claim = m.investigatorClaim;
  let first = 0;
  for (let s = 1; s <= m.n; s++) if (claim[s] === 1) first = s;
  if (first === 0 || m.known[first] === BLACK) return out;
  for (let s = 1; s <= m.n; s++) if (claim[s] > 1 && m.known[s] === 0) out[s] = SETTLED;
  for (const r of m.reports) if (r.by === first && m.known[r.target] === 0) out[r.target] = SETTLED * r.colour;
  if (m.known[first] === 0) out[first] = -SETTLED;
  return out;
}
