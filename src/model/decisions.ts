// What a bot is asked: the decision kinds of the built-in rules, in one list, and the yes/no answers.
// A role plug-in may ask a kind of its own (its ability names it); bots that do not know a kind read
// the ability's intent instead (src/model/roles.ts).

/** The decision kinds the built-in rule sets ask, each with the clause it comes from. */
export const DECISION_KINDS = [
  'nominate', // U3.1: name a living player in one's speech (may pass)
  'vote', // U3.3 / V4 / C4.1: vote among the options
  'revote', // U3.4: vote again among the tied
  'voteAll', // U3.4: "all tied leave?" 1 = yes, 0 = no
  'propose', // U6.1 / C8: a mafia member's proposed target
  'mafiaKill', // U6.1 / V3: the final mafia kill (the Don, or the decider)
  'courtesanShot', // U5.4: the courtesan's last-resort shot
  'freeze', // U5
  'heal', // U8 / C7
  'check', // U9.1 / C12
  'note', // U9.2: 1 = leave the note tonight, 0 = not
  'maniacKill', // U7, C15
  'block', // C6: Marilyn (or her sister) blocks a player's night action
  'jail', // C10.1: the Judge jails a player
  'bail', // C11: the Oligarch (or his brother) bails a jailed player
  'killerShot', // C9: the Mafia Killer's own shot
  'duel', // C13: the Sportsman's target
  'cancel', // C4.3: the Lawyer cancels today's execution, 1 = yes, 0 = no
  'yield', // C10.4: a speaker gives part of his time to a jailed player (may pass)
] as const;

export type BuiltinDecisionKind = (typeof DECISION_KINDS)[number];

/** A decision kind: a built-in one, or one a role plug-in declares. */
export type DecisionKind = BuiltinDecisionKind | (string & {});

/** Decisions whose options are "yes" (1) and "no" (0). */
export const YES = 1;
export const NO = 0;

/** The built-in decisions answered yes or no (YES, NO); every other decision kind names a seat. */
export const YES_NO_KINDS: readonly string[] = ['voteAll', 'note', 'cancel'];

/** What a night action does, for a bot that does not know the decision kind (a plug-in role's). */
export const INTENTS = ['protect', 'attack', 'investigate', 'block', 'jail', 'release', 'duel'] as const;
export type Intent = (typeof INTENTS)[number];

export type SpeechKind = 'speech' | 'defence' | 'tieSpeech' | 'lastWord';

export const SPEECH_KINDS: readonly SpeechKind[] = ['speech', 'defence', 'tieSpeech', 'lastWord'];

/** What a scenario script may set for a seat besides its decisions and speeches (docs/scenarios.md). */
export const SCRIPT_SETTINGS = ['fouls'] as const;
