// The journal a `smart` Table (./table.ts) keeps for the seats' private readings (./mind.ts): for each
// public event, the few steps a private reading takes from it, in order, four numbers each (step, a, b,
// c). A seat follows it from where it last stopped.

/**
 * ACCUSE: a accused (or nominated) b. VOTE: a voted against b. VOUCH: a vouched for b. DIED: a died at
 * night, with b accusations and c votes entries in the lists then. LEARN: a's colour b became public.
 * STALE: a claim or a report (a private reading must be worked out afresh).
 */
export const ACCUSE = 1;
export const VOTE = 2;
export const VOUCH = 3;
export const DIED = 4;
export const LEARN = 5;
export const STALE = 6;
/** LEFT: claimant a was voted out (a reading with its own rules for a claim war's end works out afresh). */
export const LEFT = 7;
