// The night, for every rule family (G3): the steps in the night order, each role acting at its own
// step through its ability (catalogue data plus a handler that records an effect), the family's own
// team kill at its step, and one dawn that resolves every effect the same way — protections, luck,
// night immunity, guards, duels, the deaths. A family supplies what differs (NightRules): who is in
// jail, who a shot may not pick, how its team kills, what it does after the deaths.
import type { Game } from '../engine/game.js';
import type { Color, EliminationCause } from '../model/events.js';
import type { KillKind, NightAbility, NightEffects, RoleDef, Team } from '../model/roles.js';
import type { KnownCheck } from '../views/view.js';
import { clearSeats, clearWritten, seatArray, seatZeros, writable } from '../engine/seatArrays.js';
import { BY_COURTESAN, BY_KILLER, BY_MAFIA, BY_MANIAC, BY_OTHER, MAX_OTHER_KINDS, nightDeathCause } from './nightKills.js';
import { PluginError } from '../errors.js';
import { RunTracker } from './runTracker.js';

/** What a family decides about its nights. */
export interface NightRules {
  /** C10.1: a seat in jail does not act (and a Judge's or an Oligarch's picks depend on it). */
  isJailed(seat: number): boolean;
  /** C16.1, C10.3: whether a shot may pick the seat tonight. */
  shootable(seat: number): boolean;
  /** The `mafia` step: the family's own team kill (U6, C8, V3). */
  teamKill(night: Night): void;
  /** U5.2 / U8: how the `consecutive` rule binds a limited ability ('target' or 'any'). */
  readonly consecutive: 'target' | 'any';
  /** Dawn, for a seat about to die: a save of the family's own (C16.2); true spares the seat. */
  spares?(seat: number): boolean;
  /** Dawn, after the deaths: the family's own changes (C10.1 jail, C11 bail, C10.2 releases). */
  afterDeaths?(night: Night): void;
}

/** U9.2: a note left tonight, read out at the start of the next day if its author died this night. */
export interface Note {
  readonly seat: number;
  readonly target: number;
  readonly result: Color;
}

/** One step of the night order: the team kill, or the seats whose role acts at it (in seat order). */
type Step = { readonly teamKill: true } | { readonly teamKill: false; readonly seats: readonly number[]; readonly abilities: readonly NightAbility[] };

/** A plug-in's own kill kind: an id, as role ids are. */
const KIND = /^[a-z][a-z0-9-]{0,39}$/;

/** How a seat dies at dawn. */
const KILLED = 1;
const DUEL = 2;

/** Night.written: the effect arrays a night wrote, so that the next clears only those. */
const WROTE_FROZEN = 1;
const WROTE_BLOCKED = 2;
const WROTE_PROTECTED = 4;
const WROTE_GUARDED = 8;
const WROTE_JAIL = 16;
const WROTE_BAIL = 32;

/**
 * The order of a family's night steps with the option's moves applied (the steps it names take the
 * places those steps held, in the order it gives; a full list is a full order), then each step of a
 * role the family does not order placed right after its anchor, wherever the anchor now is, or last.
 */
export function arrangeSteps(family: readonly string[], moved: readonly string[], extra: ReadonlyArray<{ step: string; after: string | null }>): string[] {
  const order = [...family];
  const named = new Set(moved);
  const slots = order.flatMap((s, i) => (named.has(s) ? [i] : []));
  const placed = moved.filter((s) => order.includes(s));
  slots.forEach((slot, k) => (order[slot] = placed[k]));
  for (const x of extra) {
    if (order.includes(x.step)) continue;
    const at = x.after === null ? -1 : order.indexOf(x.after);
    if (at < 0) order.push(x.step);
    else order.splice(at + 1, 0, x.step);
  }
  return order;
}

export class Night implements NightEffects {
  private readonly steps: Step[] = [];
  /** Tonight's effects, per seat; cleared as each night begins. */
  private frozen: readonly number[];
  private blocked: readonly number[];
  private protectedBy: readonly number[];
  private guardedBy: readonly number[];
  /** Who shot at a seat tonight (nightKills.ts bits). */
  private readonly attacked: number[];
  /** Dueller → target. */
  private duelTarget: readonly number[];
  /** C10.1: target → the Judge who jails it; C11: Oligarch → the pick to bail. */
  private jailBy: readonly number[];
  private bailPick: readonly number[];
  private readonly dying: number[];
  /** C14: luck spent, for the game. */
  private luckSpent: readonly number[];
  /** U5.2 / U8. */
  private readonly runs: RunTracker;
  /** U9.1 / C12: every check of the game, in order. */
  readonly checks: (KnownCheck & { readonly by: number })[] = [];
  /** U9.2: notes spent, the note left tonight, and the one to read out next day. */
  private noteSpent: readonly number[];
  private noteTonight: Note | null = null;
  private noteToAnnounce: Note | null = null;
  /** Seats that act at some step, so a night clears only what it can have set. */
  private readonly anyDuel: boolean;
  /** Which of tonight's effect arrays an ability wrote (WROTE_* bits): the next night clears only those. */
  private written = 0;
  /** Role plug-ins' own kill kinds, in the order the game first used them (their bits: BY_OTHER << i). */
  private kinds: string[] | null = null;

  constructor(
    private readonly g: Game,
    private readonly rules: NightRules,
    /** The night order: the family's steps, arranged (arrangeSteps). */
    order: readonly string[],
  ) {
    const n = g.n;
    const roles = g.roles;
    let anyDuel = false;
    for (const step of order) {
      if (step === 'mafia') {
        this.steps.push({ teamKill: true });
        continue;
      }
      const seats: number[] = [];
      const abilities: NightAbility[] = [];
      for (let s = 1; s <= n; s++) {
        const a = roles[s].night;
        if (a !== null && a.step === step) {
          seats.push(s);
          abilities.push(a);
          if (a.intent === 'duel') anyDuel = true;
        }
      }
      if (seats.length > 0) this.steps.push({ teamKill: false, seats, abilities });
    }
    this.anyDuel = anyDuel;
    // An effect most deals never record stays the shared zeros until first written (seatZeros).
    const zeros = seatZeros(n);
    this.frozen = zeros;
    this.blocked = zeros;
    this.protectedBy = zeros;
    this.guardedBy = zeros;
    this.attacked = seatArray(n);
    this.duelTarget = zeros;
    this.jailBy = zeros;
    this.bailPick = zeros;
    this.dying = seatArray(n);
    this.luckSpent = zeros;
    this.noteSpent = zeros;
    this.runs = new RunTracker(n);
  }

  /** C10.1: target → the Judge who jails it tonight (0: nobody). */
  get jailOrder(): readonly number[] {
    return this.jailBy;
  }

  /** C11: Oligarch → the pick to bail tonight (0: none). */
  get bailOrder(): readonly number[] {
    return this.bailPick;
  }

  /** The night: every step in order, then dawn (G3), then the win check (G5). */
  run(): void {
    const { g } = this;
    const w = this.written;
    if (w !== 0) {
      if (w & WROTE_FROZEN) clearWritten(this.frozen);
      if (w & WROTE_BLOCKED) clearWritten(this.blocked);
      if (w & WROTE_PROTECTED) clearWritten(this.protectedBy);
      if (w & WROTE_GUARDED) clearWritten(this.guardedBy);
      if (w & WROTE_JAIL) clearWritten(this.jailBy);
      if (w & WROTE_BAIL) clearWritten(this.bailPick);
      this.written = 0;
    }
    clearSeats(this.attacked);
    if (this.anyDuel) clearWritten(this.duelTarget);
    this.noteTonight = null;
    for (const step of this.steps) {
      if (step.teamKill) this.rules.teamKill(this);
      else for (let i = 0; i < step.seats.length; i++) this.act(step.seats[i], step.abilities[i]);
    }
    this.dawn();
    g.checkWin();
  }

  /** U9.2: the note to read out as the day begins (once), or null. */
  takeNote(): Note | null {
    const note = this.noteToAnnounce;
    this.noteToAnnounce = null;
    return note;
  }

  /**
   * Whether a seat can act now: living, not in jail (C10.1), not blocked (C6), and — a town actor —
   * not frozen unless protected first (U5.3, U8). A stopped actor learns it privately at its turn.
   */
  able(seat: number): boolean {
    const g = this.g;
    if (g.alive[seat] !== 1 || this.rules.isJailed(seat)) return false;
    if (this.blocked[seat] === 1) {
      g.log?.push({ t: 'blocked', seat, to: [seat] });
      return false;
    }
    if (this.frozen[seat] === 1 && this.protectedBy[seat] === 0 && g.roles[seat].team === 'town') {
      g.log?.push({ t: 'frozen', seat, to: [seat] });
      return false;
    }
    return true;
  }

  /**
   * The living seats a seat may pick for an ability (a limited one: but the seat it may not pick again,
   * U5.2), in the game's option list (good until the next list is built).
   */
  targets(seat: number, a: NightAbility, barred = 0): readonly number[] {
    const g = this.g;
    const out = g.optionList;
    out.clear();
    for (let s = 1; s <= g.n; s++) {
      if (g.alive[s] !== 1 || s === barred) continue;
      switch (a.targets) {
        case 'others':
          if (s === seat) continue;
          break;
        case 'free-others':
          if (s === seat || this.rules.isJailed(s)) continue;
          break;
        case 'jailed':
          if (!this.rules.isJailed(s)) continue;
          break;
        case 'anyone':
          break;
      }
      if (a.shot && !this.rules.shootable(s)) continue;
      out.add(s);
    }
    return out.done();
  }

  /**
   * One seat's turn at its step. An ability with limits (a plug-in's `uses`) is asked while it has
   * uses left, once for each pick it may still make tonight, until it passes.
   */
  private act(seat: number, a: NightAbility): void {
    const uses = a.uses;
    if (uses === null) {
      this.turn(seat, a);
      return;
    }
    const g = this.g;
    for (let k = 0; k < uses.perNight; k++) {
      if (uses.perGame !== null && g.usesLeft(seat)! <= 0) return; // spent: not asked
      if (this.turn(seat, a) === null) return;
      g.spendUse(seat);
    }
  }

  /** Asks the seat for a pick among its targets, then its ability records the effect; the pick, or null (none, or not asked). */
  private turn(seat: number, a: NightAbility): number | null {
    const g = this.g;
    const limited = a.limited;
    const mode = this.rules.consecutive;
    if (!this.able(seat) || (limited && !this.runs.mayAct(seat, g.night, mode))) {
      if (limited) this.runs.record(seat, g.night, null, mode); // unable to act: the run breaks
      return null;
    }
    const options = this.targets(seat, a, limited ? this.runs.barredTarget(seat, g.night, mode) : 0);
    if (a.targets === 'jailed' && options.length === 0) return null; // C11: nobody in jail, nothing to decide
    const target = options.length > 0 ? g.ask(seat, a.decision, options, true, null, a.intent) : null;
    if (limited) this.runs.record(seat, g.night, target, mode);
    // A check is announced to the checker by its result (check()); any other pick as an action.
    if (target === null || a.intent !== 'investigate') g.log?.push({ t: 'action', kind: a.decision, seat, target, to: [seat] });
    if (target === null) return null;
    a.act(this, seat, target, this.g.hookState(seat));
    if (a.note && this.noteSpent[seat] === 0) this.offerNote(seat);
    return target;
  }

  /** U9.2: after a check, once a game, the note on it. */
  private offerNote(seat: number): void {
    const g = this.g;
    const last = this.checks[this.checks.length - 1];
    if (last === undefined || last.by !== seat || last.night !== g.night) return;
    if (g.ask(seat, 'note', g.yesNo(), false, 0) !== 1) return;
    (this.noteSpent = writable(this.noteSpent))[seat] = 1;
    this.noteTonight = { seat, target: last.target, result: last.result };
    g.log?.push({ t: 'note', seat, target: last.target, result: last.result, to: [seat] });
  }

  // ---- the effects an ability records (model/roles.ts: NightEffects) ---------------------------------

  get seats(): number {
    return this.g.n;
  }

  freeze(target: number): void {
    (this.frozen = writable(this.frozen))[target] = 1;
    this.written |= WROTE_FROZEN;
  }

  block(target: number): void {
    (this.blocked = writable(this.blocked))[target] = 1;
    this.written |= WROTE_BLOCKED;
  }

  protect(target: number, by: number): void {
    (this.protectedBy = writable(this.protectedBy))[target] = by;
    this.written |= WROTE_PROTECTED;
  }

  guard(target: number, by: number): void {
    (this.guardedBy = writable(this.guardedBy))[target] = by;
    this.written |= WROTE_GUARDED;
  }

  attack(target: number, by: number, kind?: KillKind): void {
    this.attacked[target] |= kind === 'mafia' ? BY_MAFIA : kind === 'maniac' ? BY_MANIAC : kind === 'courtesan' ? BY_COURTESAN : kind === 'killer' ? BY_KILLER : this.otherKind(kind ?? this.g.roles[by].id);
  }

  /** The bit of a role plug-in's own kill kind (given at its first use in the game). */
  private otherKind(kind: string): number {
    const kinds = (this.kinds ??= []);
    let i = kinds.indexOf(kind);
    if (i < 0) {
      if (typeof kind !== 'string' || !KIND.test(kind)) throw new PluginError(`a role plug-in's kill kind must be a lower-case id (letters, digits, -), got ${JSON.stringify(kind)}`);
      if (kinds.length >= MAX_OTHER_KINDS) throw new PluginError(`more than ${MAX_OTHER_KINDS} kinds of kill in one game`);
      i = kinds.push(kind) - 1;
    }
    return BY_OTHER << i;
  }

  /** The cause of a night death from its mask (nightKills.ts), a plug-in's kind by its own name. */
  private causeOf(mask: number): EliminationCause {
    if (mask < BY_OTHER || (mask & (mask - 1)) !== 0) return nightDeathCause(mask);
    return this.kinds![31 - Math.clz32(mask / BY_OTHER)];
  }

  check(by: number, target: number): Color {
    const g = this.g;
    const role = g.roles[target];
    const result = role.onChecked === null ? role.color : role.onChecked({ seat: target, by, byRole: g.roles[by].id, night: g.night }, g.hookState(target));
    this.checks.push({ by, target, result, night: g.night });
    g.log?.push({ t: 'check', seat: by, target, result, to: [by] });
    return result;
  }

  jail(target: number, by: number): void {
    if (this.jailBy[target] === 0) (this.jailBy = writable(this.jailBy))[target] = by;
    this.written |= WROTE_JAIL;
  }

  bail(target: number, by: number): void {
    (this.bailPick = writable(this.bailPick))[by] = target;
    this.written |= WROTE_BAIL;
  }

  duel(target: number, by: number): void {
    (this.duelTarget = writable(this.duelTarget))[by] = target;
  }

  teamOf(seat: number): Team {
    return this.g.roles[seat].team;
  }

  award(seat: number, event: 'jointShotAtTown' | 'killerShotAtTown'): void {
    const g = this.g;
    g.award(seat, event === 'jointShotAtTown' ? g.config.points.jointShotAtTown : g.config.points.killerShotAtTown);
  }

  // ---- dawn ---------------------------------------------------------------------------------------

  /**
   * Dawn (G3; U10, C7, C13, C14): each seat shot at survives if it cannot be killed at night, if its
   * luck holds (the first night it is shot at, spent whatever else happens), if it was protected, or
   * if a guard takes the hit (and dies instead); a duel with a mafia-team pick kills both, protected
   * or not; the family may spare one more (C16.2); then the deaths, in seat order.
   */
  private dawn(): void {
    const g = this.g;
    const dying = this.dying;
    clearSeats(dying);
    for (let s = 1; s <= g.n; s++) {
      if (this.attacked[s] === 0 || g.alive[s] !== 1) continue;
      const role = g.roles[s];
      if (role.nightImmune) {
        g.log?.push({ t: 'saved', seat: s, by: 'sportsman', to: [] }); // C13
        continue;
      }
      let saved = false;
      if (role.luck && this.luckSpent[s] === 0) {
        (this.luckSpent = writable(this.luckSpent))[s] = 1; // C14
        g.log?.push({ t: 'luck', seat: s, to: [] });
        saved = true;
      }
      if (this.protectedBy[s] !== 0) {
        g.log?.push({ t: 'saved', seat: s, by: 'doctor', to: [] }); // U10, C7
        saved = true;
      }
      const guard = this.guardedBy[s];
      if (!saved && guard !== 0 && g.alive[guard] === 1) {
        g.log?.push({ t: 'saved', seat: s, by: 'guard', to: [] });
        dying[guard] = KILLED;
        this.attacked[guard] |= this.attacked[s];
        saved = true;
      }
      if (!saved) dying[s] = KILLED;
    }
    if (this.anyDuel) this.resolveDuels();
    let deaths = 0;
    for (let s = 1; s <= g.n; s++) {
      if (dying[s] === 0 || g.alive[s] !== 1 || this.rules.spares?.(s) === true) continue;
      g.eliminate(s, dying[s] === DUEL ? 'sportsman' : this.causeOf(this.attacked[s]));
      deaths++;
      g.log?.push({ t: 'died', seat: s, role: g.revealedRole(s) });
    }
    if (deaths === 0) g.log?.push({ t: 'noDeaths' });
    const note = this.noteTonight;
    if (note !== null && g.alive[note.seat] === 0) this.noteToAnnounce = note; // U9.2
    this.rules.afterDeaths?.(this);
  }

  /** C13: a dueller whose pick is mafia team dies with it, whatever protected either. */
  private resolveDuels(): void {
    const g = this.g;
    for (let seat = 1; seat <= g.n; seat++) {
      const target = this.duelTarget[seat];
      if (target === 0) continue;
      const hit = g.roles[target].team === 'mafia';
      g.log?.push({ t: 'duel', seat, target, hit, to: [seat] });
      if (!hit) continue;
      if (g.alive[target] === 1 && this.dying[target] === 0) this.dying[target] = DUEL;
      if (g.alive[seat] === 1 && this.dying[seat] === 0) this.dying[seat] = DUEL;
    }
  }
}

/** The team-kill seats of a game by their part: who decides, who joins, who shoots when nobody joins is left (U5.4). */
export function teamKillSeats(roles: readonly RoleDef[]): { members: number[]; lastResort: number[]; seeing: number[] } {
  const members: number[] = [];
  const lastResort: number[] = [];
  const seeing: number[] = [];
  for (let s = 1; s < roles.length; s++) {
    const r = roles[s];
    if (r.teamKill === 'decides' || r.teamKill === 'joins') members.push(s);
    else if (r.teamKill === 'lastResort') lastResort.push(s);
    if (r.team === 'mafia' && r.knowsTeam) seeing.push(s);
  }
  return { members, lastResort, seeing };
}
