// The Ukrainian table at any size (docs/rules-decisions.md, "U1 at other sizes"): U1's twelve seats
// scaled by a rule kept as data, so that `--option players=N` (and `sweep --vary players=…`) works and
// players=12 is exactly U1. The rule handlers are untouched: this only chooses the deck.
import type { OptionSpec } from '../rules/options.js';
import { MAX_PLAYERS } from './compile.js';

/** U1's size. */
export const UKRAINIAN_SEATS = 12;
/** The smallest table the scaling makes: one black (the Don) against the Commissar, Doctor and Maniac. */
export const UKRAINIAN_MIN_SEATS = 4;

/** Black seats are filled in this order; past its end, more Mafia. */
export const UKRAINIAN_BLACK_SLOTS: readonly string[] = ['don', 'mafia', 'mafia', 'courtesan'];
/** Red seats are filled in this order; past its end, more Citizens. */
export const UKRAINIAN_RED_SLOTS: readonly string[] = ['commissar', 'doctor', 'maniac'];

export const UKRAINIAN_TABLE_PARAMS: readonly OptionSpec[] = [
  { key: 'players', clause: 'U1', kind: 'int', min: UKRAINIAN_MIN_SEATS, max: MAX_PLAYERS, default: UKRAINIAN_SEATS,
    description: 'seats at the table: black = round(players/3) (Don, Mafia, Mafia, Courtesan, then Mafia), red = the rest (Commissar, Doctor, Maniac, then Citizens); 12 is U1' },
];

/** Black seats at a table of `players`: a third, rounded to the nearest (U1: 4 of 12). */
export function ukrainianBlackSeats(players: number): number {
  return Math.max(1, Math.round(players / 3));
}

/** Role counts of a Ukrainian table of `players` seats (12: exactly U1). */
export function ukrainianTable(players: number): Record<string, number> {
  const black = ukrainianBlackSeats(players);
  const roles: Record<string, number> = {};
  const add = (id: string) => (roles[id] = (roles[id] ?? 0) + 1);
  for (let i = 0; i < black; i++) add(UKRAINIAN_BLACK_SLOTS[i] ?? 'mafia');
  for (let i = 0; i < players - black; i++) add(UKRAINIAN_RED_SLOTS[i] ?? 'citizen');
  return roles;
}
