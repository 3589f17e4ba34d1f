// The phase loop: deal, night 0, then days and nights until a win condition or the day cap (G1–G6).
import { GameStreams } from '../rng.js';
import type { RoleDef } from '../model/roles.js';
import type { Rules, RulesGame } from '../rules/ruleSet.js';
import type { GameTag, Player } from '../strategy/types.js';
import { Game, type GameConfig } from './game.js';

/** What a setup's games are played by: its configuration and its configured rules. */
export interface GameSetup extends GameConfig {
  readonly rules: Rules;
}

export interface PlayOptions {
  /** Keep the full event record (replay, scenarios, strategies that read history). */
  readonly keepLog?: boolean;
  /** A fixed deal (role per seat, seat 1 first) instead of the seeded shuffle (G1). */
  readonly fixedDeal?: readonly RoleDef[];
  /** Called once the deal is made, before night 0 (a scenario checks a seeded deal; checks keep the game). */
  readonly onBegin?: (g: Game) => void;
  /** Called after each phase ends, with the game's rules (checks, scenarios' settings). */
  readonly onPhaseEnd?: (g: Game, rules: RulesGame) => void;
  /** Record every decision as offered and applied, for checkInvariants (`run --check`, G9). */
  readonly checkDecisions?: boolean;
  /** C16.1: what the evening's previous game carried on (runner/series.ts). */
  readonly carried?: unknown;
  /** C16.1: receives what this game carries on to the evening's next. */
  readonly onCarry?: (carry: unknown) => void;
}

/**
 * Plays one game. `deck` lists the roles to deal; `playerFor` makes the bot for a seat once the deal
 * is known. The same setup, bots and seed always give the same game (G10).
 */
export function playGame(
  setup: GameSetup,
  deck: readonly RoleDef[],
  playerFor: (seat: number, role: RoleDef, game: GameTag) => Player,
  seed: string,
  options: PlayOptions = {},
): Game {
  const streams = new GameStreams(seed);
  const roles = options.fixedDeal ? [options.fixedDeal[0], ...options.fixedDeal] : deal(deck, streams.game); // G1; seats 1..n, index 0 unused
  const tag: GameTag = { seed };
  const players: Player[] = roles.map((r, seat) => (seat === 0 ? NOBODY : playerFor(seat, r, tag)));
  const g = new Game(setup, seed, streams, roles, players, options.keepLog === true);
  if (options.checkDecisions === true) g.recordDecisions();
  options.onBegin?.(g);
  const rules = setup.rules.begin(g, options.carried ?? null); // G2: night 0
  g.facts = rules.facts;
  g.winCheck = () => rules.winner();
  const onPhaseEnd = options.onPhaseEnd;
  g.checkWin(); // G5 (docs/rules-decisions.md): a table decided by its deal ends before anyone acts
  let next = setup.rules.firstPhase;
  while (!g.over) {
    if (next === 'day') {
      if (g.day + 1 >= setup.maxDays) {
        g.day = setup.maxDays;
        g.winner = 'stalemate'; // G6
        break;
      }
      g.day++;
      g.phase = 'day';
      g.log?.push({ t: 'phase', phase: 'day', n: g.day });
      rules.runDay();
      scoreSurvivors(g, setup.points.surviveDay); // C17.1: the phase that ends the game counts too
      next = 'night';
    } else {
      g.night++;
      g.phase = 'night';
      g.log?.push({ t: 'phase', phase: 'night', n: g.night });
      rules.runNight();
      scoreSurvivors(g, setup.points.surviveNight);
      next = 'day';
    }
    onPhaseEnd?.(g, rules);
  }
  g.settleNeutralWins();
  scoreOutcome(g);
  const neutral = g.neutralWinners;
  g.log?.push(neutral === null ? { t: 'outcome', winner: g.winner!, day: g.day } : { t: 'outcome', winner: g.winner!, day: g.day, neutral: neutral.slice() });
  if (options.onCarry && rules.carry) options.onCarry(rules.carry());
  return g;
}

/**
 * G1: the deck shuffled into seats 1..n (index 0, unused, holds seat 1's role as it always has): the
 * same Fisher–Yates draws as Rng.shuffle on a 0-based copy, so the same deal, in one array.
 */
function deal(deck: readonly RoleDef[], rng: GameStreams['game']): RoleDef[] {
  const roles = [deck[0], ...deck];
  for (let i = deck.length; i > 1; i--) {
    const j = 1 + Math.floor(rng.next() * i);
    const t = roles[i];
    roles[i] = roles[j];
    roles[j] = t;
  }
  roles[0] = roles[1];
  return roles;
}

const NOBODY: Player = { decide: () => null };

function scoreSurvivors(g: Game, pts: number): void {
  if (pts === 0) return;
  for (let s = 1; s <= g.n; s++) if (g.alive[s] === 1) g.points[s] += pts;
}

/**
 * U13 / C18: the winning team's players score `win`; a draw or stalemate scores everyone. A neutral
 * seat scores `win` when it has won (its own condition), else what a draw or stalemate gives everyone.
 */
function scoreOutcome(g: Game): void {
  const w = g.winner!;
  const everyone = w === 'draw' || w === 'stalemate';
  const table = g.config.points;
  const pts = w === 'draw' ? table.draw : w === 'stalemate' ? table.stalemate : table.win;
  if (hasNeutral(g)) {
    for (let s = 1; s <= g.n; s++) {
      if (g.roles[s].win === null) {
        if (everyone || g.roles[s].team === w) g.points[s] += pts;
      } else if (g.seatWon(s)) g.points[s] += table.win;
      else if (everyone) g.points[s] += pts;
    }
    return;
  }
  if (pts === 0) return;
  for (let s = 1; s <= g.n; s++) if (everyone || g.roles[s].team === w) g.points[s] += pts;
}

function hasNeutral(g: Game): boolean {
  if (!g.hooked) return false;
  for (let s = 1; s <= g.n; s++) if (g.roles[s].win !== null) return true;
  return false;
}
