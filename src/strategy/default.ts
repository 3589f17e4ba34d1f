// What plays every seat no --strategy names: smart, which on a built-in setup plays
// its tuned values (strategies/smart/tuned.json); `--strategy random` for uniformly random play. A
// report lists it as its strategy, and a replay command leaves it out.
export const DEFAULT_STRATEGY = 'smart';
