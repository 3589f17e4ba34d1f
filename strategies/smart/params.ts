// The `smart` strategy's parameters (set as `--strategy smart:key=value,…`) and their defaults.
import type { StrategyParam, StrategyParamValue } from '../../src/strategy/types.js';

export interface SmartParams {
  readonly revealBlacks: number;
  readonly revealDay: number;
  readonly note: 'black' | 'first' | 'never';
  readonly selfHeal: number;
  readonly maniacAt: number;
  readonly maniacBlind: number;
  readonly nominateAt: number;
  readonly survivor: 'day' | 'doubt';
  readonly deadReports: 'count' | 'drop';
  readonly reader: 'rules' | 'posterior';
  readonly counterClaim: number;
  readonly fakeClaim: number;
  readonly fakeClaimDay: number;
  readonly killRival: number;
  readonly claimPlan: 'serial' | 'once' | 'counter' | 'none';
  readonly bloc: boolean;
  readonly bus: number;
  readonly blend: boolean;
  readonly vouch: boolean;
  readonly distance: number;
  readonly temperature: number;
  readonly nominateBlind: number;
  readonly fakeReds: boolean;
  readonly mafiaTalk: boolean;
  readonly heal: 'guard' | 'mafiaTarget';
  readonly claimer: 'agreed' | 'first';
  readonly read: 'full' | 'votes' | 'firstClaim';
}

export const SMART_PARAMS: readonly StrategyParam[] = [
  { key: 'revealBlacks', team: 'town', default: 1, decisions: ['check'], grid: [0, 1, 2, 3, 100], min: 0, max: 100,
    description: 'an investigator reveals (claims and reports every check) once he has found this many black players; 0 = from his first speech' },
  { key: 'revealDay', team: 'town', default: 4, decisions: ['check'], grid: [1, 2, 3, 4, 5, 6, 1000], min: 1, max: 1000,
    description: 'an investigator reveals from this day on whatever he has found (and always in his last word or a tie speech)' },
  { key: 'note', team: 'town', default: 'black', decisions: ['note'], values: ['black', 'first', 'never'],
    description: "the commissar's once-a-game note (U9.2): on his first black check, on his first check, or never" },
  { key: 'selfHeal', team: 'town', default: 0.5, decisions: ['heal'], grid: [0, 0.25, 0.5, 0.75, 1], min: 0, max: 1,
    description: 'chance a doctor heals himself when no investigator he trusts is revealed (otherwise he heals the likeliest mafia target)' },
  { key: 'maniacAt', team: 'town', default: 1, decisions: ['maniacKill'], grid: [-100, -1, 0, 1, 2, 4, 100], min: -100, max: 100,
    description: 'suspicion at which the maniac (and other town killers) shoot their top suspect' },
  { key: 'maniacBlind', team: 'town', default: 0.25, decisions: ['maniacKill'], grid: [0, 0.25, 0.5, 0.75, 1], min: 0, max: 1,
    description: 'chance the maniac shoots his top suspect anyway when nobody reaches maniacAt (otherwise he abstains)' },
  { key: 'nominateAt', team: 'town', default: 1, grid: [-100, -1, 0, 1, 2, 4, 100], min: -100, max: 100,
    description: 'suspicion at which a town player nominates once two players are already nominated' },
  { key: 'survivor', team: 'town', default: 'day', values: ['day', 'doubt'],
    description: 'the investigator claimant left standing after his rival claimant was voted out: read by the days of their claims (day), or doubted as the likelier liar (doubt)' },
  { key: 'deadReports', team: 'town', default: 'count', values: ['count', 'drop'],
    description: "a claimant's check reports once the town has voted him out: they count as far as he was trusted (count), or weigh nothing (drop)" },
  { key: 'reader', team: 'town', default: 'rules', values: ['rules', 'posterior'],
    description: "how a town player reads the table: rules (smart's suspicion model: set weights per kind of evidence) or posterior (the chance of every possible mafia team given each public act, by likelihoods measured from play with mafia-sim likelihoods; rules where the rule set has none or the table too many possible teams)" },
  { key: 'counterClaim', team: 'mafia', default: 0.8, decisions: ['check'], grid: [0, 0.2, 0.4, 0.6, 0.8, 1], min: 0, max: 1,
    description: 'chance a mafia member reported black by an investigator counter-claims the investigator role and reports him black' },
  { key: 'fakeClaim', team: 'mafia', default: 0.2, decisions: ['check'], grid: [0, 0.2, 0.4, 0.6, 0.8, 1], min: 0, max: 1,
    description: 'chance per game that one mafia member fake-claims the investigator role (from fakeClaimDay, whether or not someone claimed before) and reports a town player black' },
  { key: 'fakeClaimDay', team: 'mafia', default: 2, decisions: ['check'], grid: [1, 2, 3, 4, 1000], min: 1, max: 1000, description: 'the first day that fake claim may come' },
  { key: 'claimPlan', team: 'mafia', default: 'serial', values: ['serial', 'once', 'counter', 'none'], decisions: ['check'],
    description: "the mafia's investigator claims over a game: serial (a member's fake or counter-claim whenever no living ally claims), once (one claim per team and game, fake or counter), counter (only a member reported black answers, never a fake claim), none (nobody claims)" },
  { key: 'killRival', team: 'mafia', default: 1, decisions: ['check'], grid: [0, 0.5, 1], min: 0, max: 1,
    description: "how hard the mafia go for an investigator claimant at night while one of them claims the role too (1 as for any claimant, 0 not more than anyone): a night kill makes the victim's claim believed and gives their own claimer the lie" },
  { key: 'bus', team: 'mafia', default: 0, grid: [0, 0.25, 0.5, 1], min: 0, max: 1,
    description: "chance a mafia member votes against a partner when the table suspects that partner more than anyone else on the block (he is likely leaving; the vote clears the voter in the town's eyes)" },
  { key: 'distance', team: 'mafia', default: 0, grid: [0, 0.25, 0.5, 1], min: 0, max: 1,
    description: 'chance a mafia member nominates the partner the table suspects most, when it suspects him at all (distancing: a reader that trusts the team never to name its own is misled)' },
  { key: 'blend', team: 'mafia', default: false,
    description: 'the mafia accuse and nominate only seats the table already suspects, by the thresholds of a town player (false: they name the most dangerous seat even when nobody suspects it)' },
  { key: 'vouch', team: 'mafia', default: false,
    description: 'a mafia member vouches, as a red would, for the investigator claimant the table believes (at 0.85 or more) and does not accuse him (false: the believed claimant is the first the mafia accuse, and a reader finds them among those who do not vouch)' },
  { key: 'bloc', team: 'mafia', default: true, description: 'the mafia vote and nominate as one bloc (false: each mafia member votes his own pick)' },
  { key: 'nominateBlind', team: 'town', default: 0.1, grid: [0, 0.1, 0.25, 0.5, 1], min: 0, max: 1,
    description: 'chance a town player with no suspect (nobody above suspicion 0) nominates anyway while fewer than two are nominated' },
  { key: 'temperature', held: true, default: 0.1, grid: [0, 0.1, 0.25, 0.5, 1, 2, 100], min: 0, max: 100,
    description: 'votes and nominations are drawn with chance ∝ exp(suspicion / temperature): higher spreads them, 0 always takes the top suspect (ties at random)' },
  { key: 'tuned', default: true, fixed: true,
    description: "false: smart's own defaults below, not the built-in setup's tuned values, for the parameters the spec does not set" },
  // The deviations' switches (strategies/deviations.ts): each changes one behaviour, the defaults are
  // smart's own play; exploit plays them through the library and tune leaves them alone (`deviation`).
  { key: 'fakeReds', deviation: true, team: 'mafia', default: false, decisions: ['check'],
    description: "a mafia fake claimant's first report: his living allies red (true) instead of a town player black" },
  { key: 'mafiaTalk', deviation: true, team: 'mafia', default: true, description: 'false: the mafia say nothing in their speeches (no accusation, no claim, no counter-claim)' },
  { key: 'claimer', deviation: true, team: 'mafia', default: 'agreed', values: ['agreed', 'first'], decisions: ['check'],
    description: "who makes the mafia's fake claim: agreed (the member first in the order the team agree on at night 0) or first (each member at his first speech while no living ally claims: the first of them to speak)" },
  { key: 'heal', deviation: true, team: 'town', default: 'guard', values: ['guard', 'mafiaTarget'], decisions: ['heal'],
    description: "a doctor's heal: guard (a trusted revealed investigator, himself, or a likely target he trusts) or mafiaTarget (the seat smart's mafia would shoot, read from the public record)" },
  { key: 'read', deviation: true, team: 'town', default: 'full', values: ['full', 'votes', 'firstClaim'],
    description: "what the town's suspicion is: full (smart's reading), votes (voting patterns only: votes against players shown red or killed at night), firstClaim (smart's reading, but the first investigator claimant is believed outright)" },
];

export function smartParams(values: Readonly<Record<string, StrategyParamValue>>): SmartParams {
  const v = (key: string) => values[key] ?? SMART_PARAMS.find((p) => p.key === key)!.default;
  return {
    revealBlacks: v('revealBlacks') as number,
    revealDay: v('revealDay') as number,
    note: v('note') as SmartParams['note'],
    selfHeal: v('selfHeal') as number,
    maniacAt: v('maniacAt') as number,
    maniacBlind: v('maniacBlind') as number,
    nominateAt: v('nominateAt') as number,
    survivor: v('survivor') as SmartParams['survivor'],
    deadReports: v('deadReports') as SmartParams['deadReports'],
    reader: v('reader') as SmartParams['reader'],
    counterClaim: v('counterClaim') as number,
    fakeClaim: v('fakeClaim') as number,
    fakeClaimDay: v('fakeClaimDay') as number,
    killRival: v('killRival') as number,
    claimPlan: v('claimPlan') as SmartParams['claimPlan'],
    bloc: v('bloc') as boolean,
    bus: v('bus') as number,
    blend: v('blend') as boolean,
    vouch: v('vouch') as boolean,
    distance: v('distance') as number,
    temperature: v('temperature') as number,
    nominateBlind: v('nominateBlind') as number,
    fakeReds: v('fakeReds') as boolean,
    mafiaTalk: v('mafiaTalk') as boolean,
    heal: v('heal') as SmartParams['heal'],
    claimer: v('claimer') as SmartParams['claimer'],
    read: v('read') as SmartParams['read'],
  };
}

export const DEFAULT_SMART_PARAMS: SmartParams = smartParams({});
