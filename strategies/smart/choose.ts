// How a smart seat picks one of its options from per-seat scores: the top score (`best`), a softmax
// draw (`soft`) so that players who read alike do not act as one, and the team's shared pick (`shared`)
// by an order the team agreed on at its meeting, so the mafia act as a bloc. A decision kind smart does
// not know is answered uniformly at random among the legal options (`randomLegal`).
import { fmix32, type Rng } from '../../src/rng.js';
import type { Decision, DecisionRequest } from '../../src/strategy/types.js';
import type { PlayerView } from '../../src/views/view.js';

/** Scores within this of each other are equal (sums of the same fractions in another order differ by ~1e-16). */
export const EPS = 1e-9;

/**
 * The option with the highest score per seat (a score of -Infinity is never chosen), leaving out the
 * seats `skip` marks with 1 (known allies, say); 0 if none. Ties are broken uniformly at random from
 * the seat's own stream, so bots that read the same facts still choose apart (no seat is favoured).
 * Scores come as per-seat arrays the Mind keeps, so a decision allocates nothing.
 */
export function best(options: readonly number[], score: readonly number[], rng: Rng, skip: readonly number[] | null = null): number {
  let pick = 0;
  let top = -Infinity;
  let ties = 0;
  for (let i = 0; i < options.length; i++) {
    const s = options[i];
    if (skip !== null && skip[s] === 1) continue;
    const x = score[s];
    if (x === -Infinity) continue;
    if (x > top + EPS) {
      top = x;
      pick = s;
      ties = 1;
    } else if (x >= top - EPS && rng.int(++ties) === 0) pick = s; // reservoir: each tied option 1/ties
  }
  return pick;
}

/** Softmax weights, one per option (reused across decisions). */
const WEIGHTS: number[] = [];

/**
 * An option drawn with probability ∝ exp(score / temperature) from the seat's own stream (the votes and
 * nominations: players who see the same evidence do not act as one); skipped seats and -Infinity are
 * never drawn, 0 if nothing is left. Temperature 0 is the top score, ties at random (`best`).
 */
export function soft(options: readonly number[], score: readonly number[], temperature: number, rng: Rng, skip: readonly number[] | null = null): number {
  if (temperature <= 0) return best(options, score, rng, skip);
  let top = -Infinity;
  for (let i = 0; i < options.length; i++) {
    const s = options[i];
    if ((skip === null || skip[s] !== 1) && score[s] > top) top = score[s];
  }
  if (top === -Infinity) return 0;
  let sum = 0;
  // Options often share a score (nobody suspected yet): their weight is worked out once.
  let last = NaN;
  let lastW = 0;
  for (let i = 0; i < options.length; i++) {
    const s = options[i];
    const x = score[s];
    let w = 0;
    if ((skip === null || skip[s] !== 1) && x !== -Infinity) {
      if (x !== last) {
        last = x;
        lastW = Math.exp((x - top) / temperature);
      }
      w = lastW;
    }
    WEIGHTS[i] = w;
    sum += w;
  }
  let r = rng.next() * sum;
  let pick = 0;
  for (let i = 0; i < options.length; i++) {
    if (WEIGHTS[i] === 0) continue;
    pick = options[i];
    if ((r -= WEIGHTS[i]) < 0) break;
  }
  return pick;
}

/**
 * The team's shared choice (the mafia's bloc, their night kill): the top score, ties broken by an order
 * the team agree on at their meeting — a hash of the team's key (teamKey), the phase and the candidate.
 * Every member knows it, so the bloc acts as one although each seat's stream is its own.
 */
export function shared(options: readonly number[], score: readonly number[], team: number, salt: number, skip: readonly number[] | null): number {
  let pick = 0;
  let top = -Infinity;
  let key = -1;
  for (let i = 0; i < options.length; i++) {
    const s = options[i];
    if (skip !== null && skip[s] === 1) continue;
    const x = score[s];
    if (x === -Infinity || x < top - EPS) continue;
    const k = sharedKey(team, salt, s);
    if (x > top + EPS || k > key) {
      if (x > top + EPS) top = x;
      pick = s;
      key = k;
    }
  }
  return pick;
}

/** The phase's salt of the team's shared order: day·2, +1 at night (worked out only where the order is used). */
export function phaseSalt(view: PlayerView): number {
  return view.day * 2 + (view.phase === 'night' ? 1 : 0);
}

/** The team's agreed preference for seat `s` in phase `salt` (higher first). */
export function sharedKey(team: number, salt: number, s: number): number {
  return fmix32(team ^ fmix32(Math.imul(salt + 1, 0x9e3779b9) ^ Math.imul(s, 0x85ebca6b)));
}

/** Uniform over the legal options (pass included when allowed): the fallback for unknown decision kinds. */
export function randomLegal(req: DecisionRequest, rng: Rng): Decision {
  const k = rng.int(req.options.length + (req.canPass ? 1 : 0));
  return k < req.options.length ? req.options[k] : null;
}
