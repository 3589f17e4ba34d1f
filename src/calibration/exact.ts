// Exact win probabilities of the vanilla rule set (RULES.md V1–V5) under uniformly random play, worked
// out by recursion over (town alive, mafia alive, day): what `mafia-sim calibrate` holds the engine
// against. docs/calibration.md derives it.

export interface VanillaCell {
  readonly players: number;
  readonly mafia: number;
  readonly start: 'day' | 'night';
  readonly tie: 'random' | 'none';
  readonly win: 'parity' | 'elimination';
  /** G6: the day a game reaches without a winner ends as a stalemate. */
  readonly maxDays: number;
}

export interface ExactOutcome {
  readonly town: number;
  readonly mafia: number;
  readonly stalemate: number;
}

/** Tables up to this size: the vote's tie probability is a dynamic programme of order players⁵ (30 players: about a second). */
export const EXACT_MAX_PLAYERS = 30;

/**
 * P(town), P(mafia), P(stalemate) when every decision is uniformly random among its legal options:
 * the mafia kill a uniformly random townie (V3); every living player votes for a uniformly random
 * other living player (V4), so by symmetry the one eliminated is uniform over the living, and a vote
 * elects somebody unless the most votes are tied (tie=none), which happens with a probability that
 * depends on the number of voters only (uniqueMaxProbability). No draw can happen: a vote removes
 * one player and a night one townie, so somebody is always left.
 */
export function vanillaExact(cell: VanillaCell): ExactOutcome {
  const { players, mafia } = cell;
  if (!Number.isInteger(players) || players < 2 || players > EXACT_MAX_PLAYERS) throw new RangeError(`players must be 2..${EXACT_MAX_PLAYERS}, got ${players}`);
  if (!Number.isInteger(mafia) || mafia < 1 || mafia >= players) throw new RangeError(`mafia must be 1..players−1, got ${mafia}`);
  const elected = new Map<number, number>();
  const electsSomebody = (voters: number) => {
    if (cell.tie === 'random') return 1;
    let q = elected.get(voters);
    if (q === undefined) elected.set(voters, (q = uniqueMaxProbability(voters)));
    return q;
  };
  const over = (t: number, m: number): keyof ExactOutcome | null => {
    if (m === 0) return 'town'; // V5
    if (cell.win === 'parity' ? m >= t : t === 0) return 'mafia';
    return null;
  };
  const memo = new Map<string, ExactOutcome>();
  const settled = (w: keyof ExactOutcome): ExactOutcome => ({ town: w === 'town' ? 1 : 0, mafia: w === 'mafia' ? 1 : 0, stalemate: w === 'stalemate' ? 1 : 0 });
  const mix = (parts: ReadonlyArray<readonly [number, ExactOutcome]>): ExactOutcome => {
    let town = 0;
    let maf = 0;
    let stale = 0;
    for (const [p, o] of parts) {
      town += p * o.town;
      maf += p * o.mafia;
      stale += p * o.stalemate;
    }
    return { town, mafia: maf, stalemate: stale };
  };
  // `days`: the days begun so far. A phase's outcome given the table before it.
  const phase = (t: number, m: number, days: number, next: 'day' | 'night'): ExactOutcome => {
    const key = `${t},${m},${days},${next}`;
    const known = memo.get(key);
    if (known) return known;
    let result: ExactOutcome;
    if (next === 'night') {
      // V3: one townie dies (the mafia always kill while a townie lives), then the win check (G5).
      const t2 = t - 1;
      const w = over(t2, m);
      result = w ? settled(w) : phase(t2, m, days, 'day');
    } else if (days + 1 >= cell.maxDays) {
      result = settled('stalemate'); // G6: the day cap
    } else {
      const n = t + m;
      const q = electsSomebody(n);
      const afterTown = over(t - 1, m);
      const afterMafia = over(t, m - 1);
      result = mix([
        [(q * t) / n, afterTown ? settled(afterTown) : phase(t - 1, m, days + 1, 'night')],
        [(q * m) / n, afterMafia ? settled(afterMafia) : phase(t, m - 1, days + 1, 'night')],
        [1 - q, phase(t, m, days + 1, 'night')],
      ]);
    }
    memo.set(key, result);
    return result;
  };
  const town = players - mafia;
  const atDeal = over(town, mafia); // G5: a table decided by its deal ends before anyone acts
  return atDeal ? settled(atDeal) : phase(town, mafia, 0, cell.start);
}

/**
 * The probability that, when each of n voters votes for one of the other n − 1 uniformly at random,
 * one candidate has strictly the most votes. Candidates are revealed one at a time: a voter not yet
 * placed has voted for one of the candidates still to come, uniformly (other than himself); which
 * voters are still to place is summarised by how many have already had their own turn as candidate
 * (w) and how many have not (u), and by symmetry each of the latter u is the current candidate with
 * the same probability. Every term is a probability, so nothing cancels.
 */
export function uniqueMaxProbability(n: number): number {
  if (n < 2) throw new RangeError(`needs 2 or more voters, got ${n}`);
  // state key: w, u, best votes so far (−1 = none), 1 = unique best / 2 = tied best
  let states = new Map<number, number>();
  const key = (w: number, u: number, best: number, tied: number) => ((w * (n + 1) + u) * (n + 2) + (best + 1)) * 3 + tied;
  states.set(key(0, n, -1, 0), 1);
  for (let j = 1; j <= n; j++) {
    const next = new Map<number, number>();
    const passedShare = 1 / (n - j + 1); // a placed-later voter who has had his turn: any of the n − j + 1 left
    const aheadShare = n - j > 0 ? 1 / (n - j) : 0; // one who has not: the n − j left but himself
    for (const [k, p] of states) {
      const tied = k % 3;
      const best = (Math.floor(k / 3) % (n + 2)) - 1;
      const wu = Math.floor(k / 3 / (n + 2));
      const u = wu % (n + 1);
      const w = Math.floor(wu / (n + 1));
      const selfOpen = u / (n - j + 1); // the current candidate has not voted yet
      for (const [open, pOpen] of [[1, selfOpen], [0, 1 - selfOpen]] as const) {
        if (pOpen === 0) continue;
        const others = u - open;
        const fromPassed = binomialPmf(w, passedShare);
        const fromAhead = binomialPmf(others, aheadShare);
        for (let x1 = 0; x1 <= w; x1++) {
          const p1 = fromPassed[x1];
          if (p1 === 0) continue;
          for (let x2 = 0; x2 <= others; x2++) {
            const p2 = fromAhead[x2];
            if (p2 === 0) continue;
            const votes = x1 + x2;
            const nb = votes > best ? votes : best;
            const nt = votes > best ? 1 : votes === best ? 2 : tied;
            const k2 = key(w - x1 + open, others - x2, nb, nt);
            next.set(k2, (next.get(k2) ?? 0) + p * pOpen * p1 * p2);
          }
        }
      }
    }
    states = next;
  }
  let unique = 0;
  for (const [k, p] of states) if (k % 3 === 1) unique += p;
  return unique;
}

function binomialPmf(trials: number, p: number): number[] {
  const out = new Array<number>(trials + 1).fill(0);
  if (p >= 1) {
    out[trials] = 1;
    return out;
  }
  if (p <= 0) {
    out[0] = 1;
    return out;
  }
  let c = Math.pow(1 - p, trials);
  out[0] = c;
  for (let k = 1; k <= trials; k++) {
    c = (c * (trials - k + 1) * p) / (k * (1 - p));
    out[k] = c;
  }
  return out;
}
