// The Ukrainian night (U4–U10): each step is a small handler; the order is the `nightOrder` option.
import type { Game } from '../../engine/game.js';
import { NO, YES, type DecisionKind } from '../../strategy/types.js';
import type { NightStep, UkrainianConfig, UkrainianState } from './config.js';
import { guestNight, guestSurvives, resolveDuels } from '../club/guests.js';
import { clearSeats } from '../../engine/seatArrays.js';
import { BY_COURTESAN, BY_MAFIA, BY_MANIAC, nightDeathCause } from '../nightKills.js';

type StepHandler = (g: Game, cfg: UkrainianConfig, state: UkrainianState) => void;

const STEPS: Record<NightStep, StepHandler> = {
  courtesan: freezeStep,
  doctor: healStep,
  mafia: mafiaKillStep,
  maniac: maniacStep,
  commissar: checkStep,
};

export function runUkrainianNight(g: Game): void {
  const cfg = g.cfg as UkrainianConfig;
  const state = g.ruleState as UkrainianState;
  clearSeats(g.frozen);
  clearSeats(g.healed);
  clearSeats(g.targeted);
  state.noteTonight = null;
  for (const step of cfg.nightOrder) STEPS[step](g, cfg, state);
  guestNight(g); // mixed setups: a club Sportsman acts last (C13)
  dawn(g, state);
}

/** Living seats (all, or all but `except`), minus a barred seat. */
function targets(g: Game, except: number, barred: number): number[] {
  const out: number[] = [];
  for (let s = 1; s <= g.n; s++) if (g.alive[s] === 1 && s !== except && s !== barred) out.push(s);
  return out;
}

/** U5.3 / U8: frozen and not healed. A frozen actor learns it privately before their turn. */
function isFrozen(g: Game, seat: number): boolean {
  if (g.frozen[seat] === 1 && g.healed[seat] === 0) {
    g.log?.push({ t: 'frozen', seat, to: [seat] });
    return true;
  }
  return false;
}

/** U5.1–U5.2: the Courtesan freezes one living player (herself allowed, to no effect). */
function freezeStep(g: Game, cfg: UkrainianConfig, state: UkrainianState): void {
  for (const seat of state.freezers) {
    if (g.alive[seat] !== 1) continue;
    const target = limitedAction(g, cfg, state, seat, 'freeze', 0);
    if (target !== null) g.frozen[target] = 1; // U5.3: only investigators, the Doctor and the Maniac feel it
  }
}

/** U8: the Doctor heals one living player, self allowed, against every kill and the freeze. */
function healStep(g: Game, cfg: UkrainianConfig, state: UkrainianState): void {
  for (const seat of state.healers) {
    if (g.alive[seat] !== 1) continue;
    if (isFrozen(g, seat)) {
      state.runs.record(seat, g.night, null, cfg.consecutive); // unable to act: the run breaks
      continue;
    }
    const target = limitedAction(g, cfg, state, seat, 'heal', 0);
    if (target !== null) g.healed[target] = 1;
  }
}

/** A night action bound by U5.2 ("not the same player more than 2 nights in a row"). */
function limitedAction(g: Game, cfg: UkrainianConfig, state: UkrainianState, seat: number, kind: DecisionKind, except: number): number | null {
  let target: number | null = null;
  if (state.runs.mayAct(seat, g.night, cfg.consecutive)) {
    const options = targets(g, except, state.runs.barredTarget(seat, g.night, cfg.consecutive));
    target = options.length > 0 ? g.ask(seat, kind, options, true, null) : null;
    g.log?.push({ t: 'action', kind, seat, target, to: [seat] });
  }
  state.runs.record(seat, g.night, target, cfg.consecutive);
  return target;
}

/**
 * U6: each living mafia member proposes a target, seen by the black team; the Don's choice is final
 * (U6.1); with the Don dead, the successor decides (U6.2). Any living player may be the target;
 * nobody is a miss. U5.4: with no mafia member alive, the Courtesan shoots instead.
 */
function mafiaKillStep(g: Game, cfg: UkrainianConfig, state: UkrainianState): void {
  const killers = g.livingOf(state.killers);
  const options = targets(g, 0, 0);
  const black = g.log ? g.livingOf(state.blackTeam) : state.blackTeam; // who sees it, for the record
  if (killers.length === 0) {
    const courtesan = g.livingOf(state.freezers)[0];
    if (courtesan === undefined) return;
    const target = g.ask(courtesan, 'courtesanShot', options, true, null);
    g.log?.push({ t: 'action', kind: 'courtesanShot', seat: courtesan, target, to: black });
    if (target !== null) g.targeted[target] |= BY_COURTESAN;
    return;
  }
  const don = killers.find((s) => g.roles[s].killDecider === true);
  const decider = don ?? (cfg.killSuccessor === 'lowest-seat' ? killers[0] : killers[killers.length - 1]);
  for (const seat of killers) {
    if (seat === decider) continue;
    const target = g.ask(seat, 'propose', options, true, null);
    g.log?.push({ t: 'propose', seat, target, to: black });
  }
  const target = g.ask(decider, 'mafiaKill', options, true, null);
  g.log?.push({ t: 'action', kind: 'mafiaKill', seat: decider, target, to: black });
  if (target !== null) g.targeted[target] |= BY_MAFIA;
}

/** U7: the Maniac kills one living player or abstains (not while frozen, U5.3). */
function maniacStep(g: Game, _cfg: UkrainianConfig, state: UkrainianState): void {
  for (const seat of state.maniacs) {
    if (g.alive[seat] !== 1) continue;
    if (isFrozen(g, seat)) continue;
    const target = g.ask(seat, 'maniacKill', targets(g, seat, 0), true, null);
    g.log?.push({ t: 'action', kind: 'maniacKill', seat, target, to: [seat] });
    if (target !== null) g.targeted[target] |= BY_MANIAC;
  }
}


/** U9: the Commissar checks one living player (black or red) and may leave the once-a-game note. */
function checkStep(g: Game, _cfg: UkrainianConfig, state: UkrainianState): void {
  for (const seat of state.checkers) {
    if (g.alive[seat] !== 1) continue;
    if (isFrozen(g, seat)) continue;
    const target = g.ask(seat, 'check', targets(g, seat, 0), true, null);
    if (target === null) continue;
    const result = g.roles[target].color;
    g.checks.push({ by: seat, target, result, night: g.night });
    g.log?.push({ t: 'check', seat, target, result, to: [seat] });
    if (state.noteSpent[seat] === 0 && g.ask(seat, 'note', g.yesNo(), false, NO) === YES) {
      state.noteSpent[seat] = 1;
      state.noteTonight = { seat, target, result };
      g.log?.push({ t: 'note', seat, target, result, to: [seat] });
    }
  }
}

/** U10: a target of one or more kills dies unless healed; U9.2: a dead commissar's note is read out. */
function dawn(g: Game, state: UkrainianState): void {
  let deaths = 0;
  for (let s = 1; s <= g.n; s++) {
    if (g.targeted[s] === 0 || g.alive[s] !== 1) continue;
    if (guestSurvives(g, s)) continue; // mixed setups: a club Sportsman or Lucky (C13, C14)
    if (g.healed[s] === 1) {
      g.log?.push({ t: 'saved', seat: s, by: 'doctor', to: [] });
      continue;
    }
    g.eliminate(s, nightDeathCause(g.targeted[s]));
    deaths++;
    g.log?.push({ t: 'died', seat: s, role: g.revealedRole(s) });
  }
  deaths += resolveDuels(g); // C13
  if (deaths === 0) g.log?.push({ t: 'noDeaths' });
  const note = state.noteTonight;
  if (note && g.alive[note.seat] === 0) state.noteToAnnounce = note;
  g.endStep();
}
