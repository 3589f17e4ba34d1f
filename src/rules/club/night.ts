// The club night (C5–C15): every step is a small handler run in the `nightOrder` option's order;
// all effects are resolved at dawn (G3), then the jail changes (C10, C11) and the releases (C10.2).
import type { Game } from '../../engine/game.js';
import type { DecisionKind } from '../../strategy/types.js';
import { firstDayOrNight, isJailed, type ClubConfig, type ClubNightStep, type ClubState } from './config.js';
import { friendSaves } from './immunity.js';
import { clearSeats } from '../../engine/seatArrays.js';
import { BY_KILLER, BY_MAFIA, BY_MANIAC, nightDeathCause } from '../nightKills.js';

type StepHandler = (g: Game, cfg: ClubConfig, st: ClubState, step: ClubNightStep) => void;

const STEPS: Record<ClubNightStep, StepHandler> = {
  marilyn: blockStep,
  'marilyn-sister': blockStep,
  judge: jailStep,
  oligarch: bailStep,
  'oligarch-brother': bailStep,
  policeman: checkStep,
  doctor: protectStep,
  mafia: jointKillStep,
  killer: killStep,
  maniac: killStep,
  sportsman: duelStep,
};

/** How a seat dies at dawn (ClubState.dying). */
const BY_KILL = 1;
const BY_SPORTSMAN = 2;

export function runClubNight(g: Game): void {
  const cfg = g.cfg as ClubConfig;
  const st = g.ruleState as ClubState;
  clearSeats(g.healed);
  clearSeats(g.targeted);
  clearSeats(st.blocked);
  clearSeats(st.jailOrder);
  clearSeats(st.bailOrder);
  clearSeats(st.duelTarget);
  for (const step of cfg.nightOrder) STEPS[step](g, cfg, st, step);
  dawn(g, st);
}

/**
 * Whether a seat can act now: living, not jailed (C10.1), not blocked (C6). A blocked actor learns it
 * privately at their turn and their action has no effect, so they are not asked.
 */
function able(g: Game, st: ClubState, seat: number): boolean {
  if (g.alive[seat] !== 1 || isJailed(g, seat)) return false;
  if (st.blocked[seat] === 1) {
    g.log?.push({ t: 'blocked', seat, to: [seat] });
    return false;
  }
  return true;
}

/** Living seats but `self`; for a shot, without the shielded (C16.1) and, under `jailShields`, the jailed (C10.3). */
function targets(g: Game, cfg: ClubConfig, st: ClubState, self: number, shot: boolean): number[] {
  const out: number[] = [];
  const immune = shot && firstDayOrNight(g);
  for (let s = 1; s <= g.n; s++) {
    if (g.alive[s] !== 1 || s === self) continue;
    if (shot && ((immune && st.publicImmunity[s] === 1) || (cfg.jailShields && isJailed(g, s)))) continue;
    out.push(s);
  }
  return out;
}

/** Asks an able actor for a target among `options` (passing allowed; the default is no action). */
function act(g: Game, seat: number, kind: DecisionKind, options: readonly number[]): number | null {
  const target = options.length > 0 ? g.ask(seat, kind, options, true, null) : null;
  g.log?.push({ t: 'action', kind, seat, target, to: [seat] });
  return target;
}

/** C6: Marilyn (her sister at her own step; a Courtesan guest at Marilyn's) blocks one living player. */
function blockStep(g: Game, cfg: ClubConfig, st: ClubState, step: ClubNightStep): void {
  for (const seat of st.stepSeats[step]) {
    if (!able(g, st, seat)) continue;
    const target = act(g, seat, 'block', targets(g, cfg, st, seat, false));
    if (target !== null) st.blocked[target] = 1; // later actors feel it; earlier ones have acted (C5)
  }
}

/** C10.1: the Judge jails one living player who is free; the jail holds from dawn. */
function jailStep(g: Game, _cfg: ClubConfig, st: ClubState, step: ClubNightStep): void {
  for (const seat of st.stepSeats[step]) {
    if (!able(g, st, seat)) continue;
    const options: number[] = [];
    for (let s = 1; s <= g.n; s++) if (g.alive[s] === 1 && s !== seat && !isJailed(g, s)) options.push(s);
    const target = act(g, seat, 'jail', options);
    if (target !== null && st.jailOrder[target] === 0) st.jailOrder[target] = seat;
  }
}

/** C11: the Oligarch (his brother at his own step) picks a jailed player to bail; resolved at dawn. */
function bailStep(g: Game, _cfg: ClubConfig, st: ClubState, step: ClubNightStep): void {
  for (const seat of st.stepSeats[step]) {
    if (!able(g, st, seat)) continue;
    const options: number[] = [];
    for (let s = 1; s <= g.n; s++) if (g.alive[s] === 1 && isJailed(g, s)) options.push(s);
    if (options.length === 0) continue; // nobody in jail: nothing to decide
    const target = act(g, seat, 'bail', options);
    if (target !== null) st.bailOrder[seat] = target;
  }
}

/** C12: the Policeman (a Commissar guest too) checks one player: mafia team (black) or town (red). */
function checkStep(g: Game, cfg: ClubConfig, st: ClubState, step: ClubNightStep): void {
  for (const seat of st.stepSeats[step]) {
    if (!able(g, st, seat)) continue;
    const options = targets(g, cfg, st, seat, false);
    const target = options.length > 0 ? g.ask(seat, 'check', options, true, null) : null;
    if (target === null) {
      g.log?.push({ t: 'action', kind: 'check', seat, target, to: [seat] });
      continue;
    }
    const result = g.roles[target].team === 'mafia' ? 'black' : 'red';
    g.checks.push({ by: seat, target, result, night: g.night });
    g.log?.push({ t: 'check', seat, target, result, to: [seat] });
  }
}

/** C7: the Doctor protects one living player other than themself, any number of times. */
function protectStep(g: Game, cfg: ClubConfig, st: ClubState, step: ClubNightStep): void {
  for (const seat of st.stepSeats[step]) {
    if (!able(g, st, seat)) continue;
    const target = act(g, seat, 'heal', targets(g, cfg, st, seat, false));
    if (target !== null) g.healed[target] = 1;
  }
}

/**
 * C8: every able mafia-team member proposes a target (seen by the team). All agree: that is the kill;
 * otherwise the Boss's proposal if the Boss is able; otherwise no kill. C6: blocking one member stops
 * the kill only when nobody else is able. C17.4: each participant but the Killer scores for a shot at
 * a town player, even if the target survives.
 */
function jointKillStep(g: Game, cfg: ClubConfig, st: ClubState): void {
  const team = st.mafiaTeam;
  if (team.length === 0) return;
  const seen = g.log ? g.livingOf(team) : team;
  const options = targets(g, cfg, st, 0, true);
  let n = 0;
  let first: number | null = null;
  let unanimous = true;
  let boss: number | null | undefined; // undefined: no able Boss
  for (const seat of team) {
    if (!able(g, st, seat)) continue;
    const target = options.length > 0 ? g.ask(seat, 'propose', options, true, null) : null;
    g.log?.push({ t: 'propose', seat, target, to: seen });
    if (n === 0) first = target;
    else if (target !== first) unanimous = false;
    if (boss === undefined && g.roles[seat].killDecider === true) boss = target;
    st.participants[n++] = seat;
  }
  st.participantCount = n;
  let target: number | null = null;
  let how: 'unanimous' | 'boss' | 'split' | 'nobody able';
  if (n === 0) how = 'nobody able';
  else if (unanimous) {
    target = first;
    how = 'unanimous';
  } else if (boss !== undefined) {
    target = boss;
    how = 'boss';
  } else how = 'split';
  g.log?.push({ t: 'jointKill', target, how, to: seen });
  if (target === null) return;
  g.targeted[target] |= BY_MAFIA;
  if (g.roles[target].team !== 'town') return;
  for (let i = 0; i < n; i++) {
    const p = st.participants[i];
    if (g.roles[p].ability !== 'killerShot') g.award(p, g.setup.points.jointShotAtTown);
  }
}

/** C9: the Killer's own shot (scores for a town target, C17.4); C15: the Maniac's kill. */
function killStep(g: Game, cfg: ClubConfig, st: ClubState, step: ClubNightStep): void {
  const kind: DecisionKind = step === 'killer' ? 'killerShot' : 'maniacKill';
  for (const seat of st.stepSeats[step]) {
    if (!able(g, st, seat)) continue;
    const target = act(g, seat, kind, targets(g, cfg, st, seat, true));
    if (target === null) continue;
    g.targeted[target] |= kind === 'killerShot' ? BY_KILLER : BY_MANIAC;
    if (kind === 'killerShot' && g.roles[target].team === 'town') g.award(seat, g.setup.points.killerShotAtTown);
  }
}

/** C13: the Sportsman picks a target; resolved at dawn. */
function duelStep(g: Game, cfg: ClubConfig, st: ClubState, step: ClubNightStep): void {
  for (const seat of st.stepSeats[step]) {
    if (!able(g, st, seat)) continue;
    const target = act(g, seat, 'duel', targets(g, cfg, st, seat, true));
    if (target !== null) st.duelTarget[seat] = target;
  }
}

/**
 * Dawn (G3): kills (C7, C13, C14), duels (C13), the `friend` save (C16.2), deaths; then tonight's
 * jailings (C10.1) and bails (C11); then everyone whose Judge is dead goes free (C10.2).
 */
function dawn(g: Game, st: ClubState): void {
  const dying = st.dying;
  clearSeats(dying);
  for (let s = 1; s <= g.n; s++) {
    if (g.targeted[s] === 0 || g.alive[s] !== 1) continue;
    const role = g.roles[s];
    if (role.ability === 'duel') {
      g.log?.push({ t: 'saved', seat: s, by: 'sportsman', to: [] }); // C13: cannot be killed at night
      continue;
    }
    let saved = false;
    if (role.ability === 'luck' && st.luckSpent[s] === 0) {
      st.luckSpent[s] = 1; // C14: the first night shot at, whatever else happens
      g.log?.push({ t: 'luck', seat: s, to: [] });
      saved = true;
    }
    if (g.healed[s] === 1) {
      g.log?.push({ t: 'saved', seat: s, by: 'doctor', to: [] }); // C7
      saved = true;
    }
    if (!saved) dying[s] = BY_KILL;
  }
  for (const seat of st.stepSeats.sportsman) {
    const target = st.duelTarget[seat];
    if (target === 0) continue;
    const hit = g.roles[target].team === 'mafia';
    g.log?.push({ t: 'duel', seat, target, hit, to: [seat] });
    if (!hit) continue;
    // C13: both die, even if the Doctor protected the target.
    if (g.alive[target] === 1 && dying[target] === 0) dying[target] = BY_SPORTSMAN;
    if (g.alive[seat] === 1 && dying[seat] === 0) dying[seat] = BY_SPORTSMAN;
  }
  let deaths = 0;
  for (let s = 1; s <= g.n; s++) {
    if (dying[s] === 0 || friendSaves(g, st, s)) continue; // C16.2: one death, however many shots
    g.eliminate(s, dying[s] === BY_SPORTSMAN ? 'sportsman' : nightDeathCause(g.targeted[s]));
    g.jailed![s] = 0;
    deaths++;
    g.log?.push({ t: 'died', seat: s, role: g.revealedRole(s) });
  }
  if (deaths === 0) g.log?.push({ t: 'noDeaths' });
  applyJailChanges(g, st);
  releaseOrphans(g);
  g.endStep();
}

/** C10.1 and C11 at dawn: tonight's jailings, then the bails (a town pick goes free; a mafia-team pick keeps the Oligarch company). */
function applyJailChanges(g: Game, st: ClubState): void {
  const jailed = g.jailed!;
  for (let s = 1; s <= g.n; s++) {
    const judge = st.jailOrder[s];
    if (judge === 0 || g.alive[s] !== 1 || jailed[s] !== 0 || g.alive[judge] !== 1) continue; // a Judge dead at dawn jails nobody (C10.2)
    jailed[s] = judge;
    g.log?.push({ t: 'jailed', seat: s, reason: 'judge' });
  }
  for (let o = 1; o <= g.n; o++) {
    const pick = st.bailOrder[o];
    if (pick === 0 || g.alive[pick] !== 1 || jailed[pick] === 0) continue;
    if (g.roles[pick].team !== 'mafia') {
      jailed[pick] = 0;
      g.log?.push({ t: 'released', seat: pick, reason: 'bail' });
    } else if (g.alive[o] === 1 && jailed[o] === 0) {
      jailed[o] = jailed[pick];
      g.log?.push({ t: 'jailed', seat: o, reason: 'bail' });
    }
  }
}

/** C10.2: when a Judge dies, everyone they jailed goes free (at once, after any elimination). */
export function releaseOrphans(g: Game): void {
  const jailed = g.jailed!;
  for (let s = 1; s <= g.n; s++) {
    const judge = jailed[s];
    if (judge === 0) continue;
    if (g.alive[s] !== 1) {
      jailed[s] = 0;
      continue;
    }
    if (g.alive[judge] === 1) continue;
    jailed[s] = 0;
    g.log?.push({ t: 'released', seat: s, reason: 'judge died' });
  }
}
