// Plays a scenario: scripted seats answer from the script, the rest fall back to a strategy (or to no
// action), and every expectation is checked after its phase or at the end.
import type { GameEvent, Statement } from '../model/events.js';
import type { Game } from '../engine/game.js';
import { playGame, type PlayOptions } from '../engine/play.js';
import { checkedGame, type CheckName, type Problem } from './checks.js';
import { UserError } from '../errors.js';
import type { RoleDef } from '../model/roles.js';
import type { RulesGame } from '../rules/ruleSet.js';
import { deriveGameSeed } from '../rng.js';
import { loadSetup } from '../setup/load.js';
import { builtInStrategies } from '../strategy/registry.js';
import type { Player } from '../strategy/types.js';
import type { Expectation, PhaseScript, Scenario } from './parse.js';

export interface ExpectationResult {
  readonly label: string;
  readonly ok: boolean;
  readonly detail: string;
}

export interface ScenarioResult {
  readonly scenario: Scenario;
  readonly results: readonly ExpectationResult[];
  /** The game played; null only when a `holds` game threw before it was dealt. */
  readonly game: Game | null;
  /** With a `holds` expectation: the first fuzz check the game broke (it stopped there), or null. */
  readonly problem: Problem | null;
}

const phaseKey = (g: Game) => `${g.phase} ${g.phase === 'day' ? g.day : g.night}`;

export function runScenario(sc: Scenario): ScenarioResult {
  // An option's error names the scenario's field, not a --option the user never typed.
  const setup = loadSetup(sc.setup, sc.options, (key) => `${sc.file}: options.${key}`);
  const deal = dealOf(sc, setup.deck);
  const fallback = sc.fallback === 'none' ? null : builtInStrategies().get(sc.fallback);
  if (fallback === undefined) throw new UserError(`${sc.file}: fallback: unknown strategy "${sc.fallback}" (use none or ${[...builtInStrategies().keys()].join(', ')})`);

  const first = setup.options.start === 'night' ? 'night 1' : 'day 1';
  if (hasSetting(sc.script.get(first))) throw new UserError(`${sc.file}: script.${first}: fouls cannot be set for the game's first phase`);

  const results: ExpectationResult[] = [];
  const reached = new Set<string>();
  let phaseStart = 0;
  const settings = (g: Game, rules: RulesGame) => {
    // Settings (fouls) of the next phase take effect as it begins, i.e. now.
    if (!g.over) applySettings(g, rules, sc.script.get(g.phase === 'day' ? `night ${g.night + 1}` : `day ${g.day + 1}`));
  };
  const onPhaseEnd = (g: Game, rules: RulesGame) => {
    const key = phaseKey(g);
    reached.add(key);
    const events = (g.log ?? []).slice(phaseStart);
    phaseStart = g.log?.length ?? 0;
    for (const e of sc.expect) if (e.after === key) results.push(...check(g, e, events, key));
    settings(g, rules);
  };
  const gameSeed = deriveGameSeed(sc.seed, sc.game);
  // A seeded deal is dealt by the seed's shuffle, as in the run the scenario replays; it must be `deal`.
  const onBegin = (g: Game) => {
    const dealt = g.roles.slice(1).map((r) => r.id);
    if (dealt.join() !== sc.deal.join()) throw new UserError(`${sc.file}: deal: seed ${sc.seed}, game ${sc.game} deals [${dealt.join(', ')}], not the deal listed (seededDeal: true)`);
  };
  const play = (extra: PlayOptions, again: boolean) =>
    playGame(setup.game, setup.deck, (seat, role) => scriptedPlayer(sc, seat, role, fallback?.createPlayer(seat) ?? null), gameSeed, {
      ...extra,
      keepLog: true,
      ...(sc.seededDeal ? {} : { fixedDeal: deal }),
      onBegin: (g) => {
        if (sc.seededDeal) onBegin(g);
        extra.onBegin?.(g);
      },
      onPhaseEnd: (g, rules) => {
        extra.onPhaseEnd?.(g, rules);
        (again ? settings : onPhaseEnd)(g, rules);
      },
    });
  const holds = sc.expect.flatMap((e) => e.holds ?? []);
  // With `holds`, the game is played through the fuzz checks (which stop it at the first that breaks).
  const checked = holds.length > 0 ? checkedGame(play, { full: true, index: sc.game }) : { problem: null, game: play({}, false) };
  const game = checked.game;
  for (const e of sc.expect) {
    if (e.holds) results.push(...e.holds.map((name) => held(name, checked.problem)));
    if (e.after === undefined) {
      if (game !== null) results.push(...check(game, e, game.log ?? [], 'the end'));
    } else if (!reached.has(e.after)) {
      results.push({ label: `after ${e.after}`, ok: false, detail: checked.problem ? `the game stopped before ${e.after}: [${checked.problem.check}] ${checked.problem.message}` : `the game ended (${game!.winner}) before ${e.after}` });
    }
  }
  return { scenario: sc, results, game, problem: checked.problem };
}

/** A `holds` check passes when the game played to its end through every check (one stops the game). */
function held(name: CheckName, problem: Problem | null): ExpectationResult {
  const label = `holds [${name}] in the whole game`;
  if (problem === null) return { label, ok: true, detail: '' };
  return { label, ok: false, detail: problem.check === name ? problem.message : `the game stopped at another check first: [${problem.check}] ${problem.message}` };
}

function hasSetting(ps: PhaseScript | undefined): boolean {
  return ps !== undefined && [...ps.values()].some((m) => m.has('fouls'));
}

/** `fouls: N` in a phase's script: the seat has N fouls as that phase begins (U12 scenarios). */
function applySettings(g: Game, rules: RulesGame, ps: PhaseScript | undefined): void {
  if (!ps) return;
  for (let s = 1; s <= g.n; s++) {
    const v = ps.get(s)?.get('fouls') ?? ps.get('all')?.get('fouls');
    if (typeof v === 'number') rules.apply?.(s, 'fouls', v);
  }
}

/** The deal as the setup's own roles (so a family runs its own version of each), or why it cannot be. */
function dealOf(sc: Scenario, deck: readonly RoleDef[]): RoleDef[] {
  const count = (xs: readonly string[]) => [...xs].sort().join(',');
  const ids = deck.map((r) => r.id);
  if (count(ids) !== count(sc.deal)) {
    throw new UserError(`${sc.file}: deal: must be the setup's roles in some order (${deck.length} seats: ${count(ids)}), got ${count(sc.deal)}`);
  }
  return sc.deal.map((id) => deck.find((r) => r.id === id)!);
}

function scriptedPlayer(sc: Scenario, seat: number, _role: RoleDef, fallback: Player | null): Player {
  const answer = (phase: string, kind: string) => {
    const ps = sc.script.get(phase);
    if (!ps) return undefined;
    const own = ps.get(seat)?.get(kind);
    return own !== undefined ? own : ps.get('all')?.get(kind);
  };
  const key = (v: { phase: 'day' | 'night'; day: number; night: number }) => `${v.phase} ${v.phase === 'day' ? v.day : v.night}`;
  return {
    decide(view, request, rng) {
      const a = answer(key(view), request.kind);
      if (a !== undefined && !Array.isArray(a)) return a as number | null;
      if (fallback) return fallback.decide(view, request, rng);
      return request.canPass ? null : undefined; // "no action": the rule's default
    },
    speak(view, kind, rng) {
      const a = answer(key(view), kind);
      if (Array.isArray(a)) return a as readonly Statement[];
      return fallback?.speak?.(view, kind, rng) ?? [];
    },
  };
}

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();
const seatsWhere = (g: Game, pred: (s: number) => boolean) => {
  const out: number[] = [];
  for (let s = 1; s <= g.n; s++) if (pred(s)) out.push(s);
  return out;
};

/** Deep equality of plain data; the order of an object's keys does not matter. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** An event matches a pattern when every field the pattern names has that value (other fields are free). */
function matches(e: GameEvent, pattern: Record<string, unknown>): boolean {
  const rec = e as unknown as Record<string, unknown>;
  return Object.entries(pattern).every(([k, v]) => same(rec[k], v));
}

function check(g: Game, e: Expectation, events: readonly GameEvent[], when: string): ExpectationResult[] {
  const out: ExpectationResult[] = [];
  const expectSet = (name: string, want: readonly number[] | undefined, got: number[], subset = false) => {
    if (want === undefined) return;
    const ok = subset ? want.every((s) => got.includes(s)) : sameSet(want, got);
    out.push({ label: `${name} after ${when}`, ok, detail: ok ? '' : `expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}` });
  };
  expectSet('alive', e.alive, seatsWhere(g, (s) => g.alive[s] === 1), true);
  if (e.alive) {
    const extra = e.alive.filter((s) => g.alive[s] !== 1);
    if (extra.length) out[out.length - 1] = { label: `alive after ${when}`, ok: false, detail: `expected alive ${JSON.stringify(e.alive)}, dead among them: ${JSON.stringify(extra)}` };
  }
  if (e.dead) {
    const notDead = e.dead.filter((s) => g.alive[s] === 1);
    out.push({ label: `dead after ${when}`, ok: notDead.length === 0, detail: notDead.length ? `still alive: ${JSON.stringify(notDead)}` : '' });
  }
  const elim = events.flatMap((x) => (x.t === 'eliminated' || x.t === 'died' ? [x.seat] : []));
  expectSet('eliminated', e.eliminated, elim);
  // What the phase's record says was frozen (and not healed), healed, nominated and checked.
  const picks = (kind: string) => events.flatMap((x) => (x.t === 'action' && x.kind === kind && x.target !== null ? [x.target] : []));
  const healed = picks('heal');
  expectSet('frozen', e.frozen, picks('freeze').filter((s) => !healed.includes(s)));
  expectSet('healed', e.healed, healed);
  expectSet('nominees', e.nominees, [...g.facts.nominees()]);
  if (e.checks) {
    for (const [by, targets] of Object.entries(e.checks)) {
      for (const [target, result] of Object.entries(targets)) {
        const found = g.facts.checksBy(Number(by)).find((c) => c.target === Number(target));
        const ok = found?.result === result;
        out.push({ label: `check by #${by} of #${target} after ${when}`, ok, detail: ok ? '' : `expected ${result}, got ${found?.result ?? 'no check'}` });
      }
    }
  }
  for (const p of e.events ?? []) {
    const ok = events.some((x) => matches(x, p));
    out.push({ label: `event ${JSON.stringify(p)} in ${when}`, ok, detail: ok ? '' : 'no such event' });
  }
  for (const p of e.noEvents ?? []) {
    const hit = events.find((x) => matches(x, p));
    out.push({ label: `no event ${JSON.stringify(p)} in ${when}`, ok: !hit, detail: hit ? `found ${JSON.stringify(hit)}` : '' });
  }
  if (e.sequence) {
    // An ordered subsequence: each pattern matches an event after the previous pattern's match.
    let at = 0;
    let missing: Record<string, unknown> | null = null;
    for (const p of e.sequence) {
      while (at < events.length && !matches(events[at], p)) at++;
      if (at === events.length) {
        missing = p;
        break;
      }
      at++;
    }
    out.push({ label: `sequence of ${e.sequence.length} events in ${when}`, ok: missing === null, detail: missing ? `no ${JSON.stringify(missing)} after the earlier ones` : '' });
  }
  for (const c of e.counts ?? []) {
    const got = events.filter((x) => matches(x, c.event)).length;
    out.push({ label: `${c.times} × ${JSON.stringify(c.event)} in ${when}`, ok: got === c.times, detail: got === c.times ? '' : `found ${got}` });
  }
  for (const [seat, want] of Object.entries(e.fouls ?? {})) {
    const got = g.facts.fouls(Number(seat)); // public (U12)
    out.push({ label: `fouls of #${seat} after ${when}`, ok: got === want, detail: got === want ? '' : `expected ${want}, got ${got}` });
  }
  const scalar = (name: string, want: unknown, got: unknown) => {
    if (want === undefined) return;
    const ok = want === got;
    out.push({ label: `${name} after ${when}`, ok, detail: ok ? '' : `expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}` });
  };
  scalar('winner', e.winner, g.winner);
  scalar('days', e.days, g.day);
  scalar('illegal decisions', e.illegalDecisions, g.illegalDecisions);
  for (const [seat, pts] of Object.entries(e.points ?? {})) scalar(`points of #${seat}`, pts, g.points[Number(seat)]);
  return out;
}
