// A bug planted for the fuzz test only (test/fuzz.test.ts): with MAFIA_SIM_PLANTED_BUG=team-count in
// the environment, a mafia player killed by the Maniac alone is not taken off his team's living count,
// which the engine's invariants catch ("team counts out of step"). It proves that fuzz finds a real
// engine bug, shrinks it and writes a repro scenario that fails. Read once, as the module loads: the
// same process (and its worker threads, which inherit the environment) plays every game the same way.
export const PLANTED_TEAM_COUNT_BUG = process.env.MAFIA_SIM_PLANTED_BUG === 'team-count';
