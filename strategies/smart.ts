// `smart`: heuristic bots that play like people. Each seat keeps a suspicion model from what its view
// shows (strategies/smart/mind.ts); investigators reveal their checks when it pays, the town votes and
// nominates by suspicion, doctors protect revealed investigators, the mafia coordinate kills, vote as a
// bloc and counter-claim, the courtesan freezes the most dangerous player. A decision kind it does not
// know is answered uniformly at random among the legal options, so a new rule set never breaks it.
// This file hands each decision to the module for its part of the game: the day's votes
// (smart/votes.ts), a role's abilities (smart/abilities.ts) and what a seat says (smart/speech.ts).
import type { Statement } from '../src/model/events.js';
import type { Rng } from '../src/rng.js';
import { NO, YES, type Decision, type DecisionRequest, type Player, type SpeechKind, type Strategy } from '../src/strategy/types.js';
import type { PlayerView } from '../src/views/view.js';
import { aimAtSuspect, bail, cancel, check, freeze, heal, killerShot, maniac, note, teamKill, yieldTo } from './smart/abilities.js';
import { randomLegal } from './smart/choose.js';
import { townSuspicion } from './smart/lens.js';
import { likelihoodsFor } from './smart/likelihoods.js';
import { Mind } from './smart/mind.js';
import { DEFAULT_SMART_PARAMS, SMART_PARAMS, smartParams, type SmartParams } from './smart/params.js';
import { PLAIN_RULES, type ReadRules } from './smart/reading.js';
import { Speaker } from './smart/speech.js';
import { equilibriumFor, tunedFor } from './smart/tuned.js';
import { nominate, vote, voteAll } from './smart/votes.js';

/**
 * A Jester's ballot (he wins if the day votes him out). For himself where the rules let him. A
 * nominee, among the other candidates for the one with the fewest votes so far this round (the first
 * such in the list), so that no rival gathers the votes that would remove him. Otherwise he votes
 * against the table's reading, for the candidate the town suspects least (the first such): a vote
 * against a player the town trusts is what makes a player suspected, and being suspected is his way out.
 */
function jesterVote(p: SmartParams, view: PlayerView, m: Mind, options: readonly number[]): number {
  const me = view.seat;
  if (options.includes(me)) return me;
  if (view.nominees().includes(me)) {
    const ballot = m.ballot;
    let pick = 0;
    for (const s of options) if (pick === 0 || (ballot !== null && ballot[s] < ballot[pick])) pick = s;
    return pick;
  }
  const sus = townSuspicion(p, m);
  let pick = 0;
  for (const s of options) if (pick === 0 || sus[s] < sus[pick]) pick = s;
  return pick;
}

class SmartPlayer implements Player {
  private m: Mind | null = null;
  /** Whether the seat's role wins by being voted out: known at its first vote (null until then). */
  private jester: boolean | null = null;
  private readonly speaker: Speaker;

  constructor(
    private readonly p: SmartParams,
    /** How this seat reads a claim war's end (the strategy's `survivor` and `deadReports`). */
    private readonly rules: ReadRules,
  ) {
    this.speaker = new Speaker(p);
  }

  private mind(view: PlayerView): Mind {
    const m = (this.m ??= new Mind(view, this.rules, this.p.reader === 'posterior' ? (likelihoodsFor(view.rules, view.players)?.model ?? null) : null));
    m.update(view);
    return m;
  }

  decide(view: PlayerView, req: DecisionRequest, rng: Rng): Decision | undefined {
    const m = this.mind(view);
    const { options } = req;
    if (options.length === 0) return null;
    const p = this.p;
    switch (req.kind) {
      case 'nominate':
        return nominate(p, view, m, options, rng);
      case 'vote':
      case 'revote':
        if (this.wantsOut(view)) {
          const out = jesterVote(p, view, m, options);
          if (out !== 0) return out;
        }
        return vote(p, view, m, options, rng);
      case 'voteAll':
        return voteAll(p, m);
      case 'propose':
      case 'mafiaKill':
      case 'courtesanShot':
        return teamKill(p, view, m, req);
      case 'freeze':
        return freeze(m, req, rng);
      case 'heal':
        return heal(p, view, m, options, rng);
      case 'check':
        return check(p, m, options, rng);
      case 'note':
        return note(p, m) ? YES : NO;
      case 'maniacKill':
        return maniac(p, m, options, rng);
      case 'killerShot':
        return killerShot(p, view, m, req, rng);
      case 'block':
        return m.town ? aimAtSuspect(p, m, options, 0, rng) : freeze(m, req, rng);
      case 'jail':
        return m.town ? aimAtSuspect(p, m, options, 0, rng) : freeze(m, req, rng);
      case 'duel':
        return aimAtSuspect(p, m, options, -0.5, rng);
      case 'bail':
        return bail(p, m, options, rng);
      case 'cancel':
        return cancel(p, m) ? YES : NO;
      case 'yield':
        return yieldTo(p, m, options);
      default:
        return this.byIntent(view, m, req, rng);
    }
  }

  /** Whether this seat's win is to be voted out (a neutral Jester's: RoleDef.win). */
  private wantsOut(view: PlayerView): boolean {
    return (this.jester ??= view.roleInfo(view.role)?.win === 'votedOut');
  }

  /** A decision kind smart does not know (a plug-in role's): read what it does from its intent. */
  private byIntent(view: PlayerView, m: Mind, req: DecisionRequest, rng: Rng): Decision {
    const { options } = req;
    const p = this.p;
    switch (req.intent) {
      case 'protect':
        return heal(p, view, m, options, rng);
      case 'attack':
        // A Serial Killer (win: lastStanding) must thin the table every night: his top suspect, or anyone.
        if (view.roleInfo(view.role)?.win === 'lastStanding') return aimAtSuspect(p, m, options, -Infinity, rng) ?? rng.pick(options);
        return m.town ? aimAtSuspect(p, m, options, 0.5, rng) : teamKill(p, view, m, req);
      case 'investigate':
        return check(p, m, options, rng);
      case 'block':
      case 'jail':
      case 'duel':
        return m.town ? aimAtSuspect(p, m, options, 0, rng) : freeze(m, req, rng);
      case 'release':
        return bail(p, m, options, rng);
      default:
        return randomLegal(req, rng);
    }
  }

  /** G8: what the seat says (./smart/speech.ts). */
  speak(view: PlayerView, kind: SpeechKind, rng: Rng): readonly Statement[] | undefined {
    return this.speaker.speak(view, this.mind(view), kind, rng);
  }
}

/** The reading rules a parameter set asks for: the public reading's own object when they are its, so a plain player can share it. */
function readRules(p: SmartParams): ReadRules {
  const { survivor, deadReports } = p;
  return survivor === PLAIN_RULES.survivor && deadReports === PLAIN_RULES.deadReports ? PLAIN_RULES : { survivor, deadReports };
}

function makeSmart(p: SmartParams): Strategy {
  const rules = readRules(p);
  return {
    name: 'smart',
    description:
      'heuristic bots: a suspicion model from claims, checks, votes and deaths; investigators reveal when it pays; doctors guard them; the mafia kill and vote as a bloc and counter-claim',
    params: SMART_PARAMS,
    usesHistory: true,
    createPlayer: () => new SmartPlayer(p, rules),
    withParams: (values) => makeSmart(smartParams(values)),
    tunedValues: tunedFor,
    defaultMix: equilibriumFor,
  };
}

export const smart: Strategy = makeSmart(DEFAULT_SMART_PARAMS);
