// C2: the built-in club tables `club-8` … `club-20`, made from an ordered slot list kept as data.
import type { OptionSpec, OptionValue } from '../options.js';

export const CLUB_MIN_SEATS = 8;
export const CLUB_MAX_SEATS = 20;

/** C2: town slots in the order they are filled; past the end of the list the last slot repeats. */
export const CLUB_TOWN_SLOTS: readonly string[] = [
  'policeman', 'doctor', 'marilyn', 'judge', 'sportsman', 'lucky', 'lawyer', 'oligarch', 'maniac',
  'marilyn-sister', 'lawyer-brother', 'oligarch-brother', 'lucky',
];

/** The [choice]s of C2, settable on a built-in club table with --option. */
export const CLUB_TABLE_PARAMS: readonly OptionSpec[] = [
  { key: 'mafiaShare', clause: 'C2', kind: 'number', min: 0.01, max: 0.99, default: 0.3,
    description: 'mafia-team seats = ⌈mafiaShare · seats⌉ (the Boss always among them)' },
  { key: 'killerFrom', clause: 'C2', kind: 'int', min: 1, max: 1000, default: 16,
    description: 'the Killer is one of the mafia team from this many seats' },
  { key: 'townSlots', clause: 'C2', kind: 'order', values: CLUB_TOWN_SLOTS, default: CLUB_TOWN_SLOTS,
    description: 'the order in which town slots are filled (the last repeats past the end)' },
];

/** Role counts of a club table of `seats` seats for the given parameters, or why it cannot be made. */
export function clubTable(seats: number, params: Readonly<Record<string, OptionValue>>): Record<string, number> | string {
  const share = params.mafiaShare as number;
  const slots = params.townSlots as readonly string[];
  // ⌈share · seats⌉, robust to binary fractions (0.3 · 20 must be 6, not 7).
  const mafia = Math.ceil(Math.round(share * seats * 1e9) / 1e9);
  if (mafia >= seats) return `mafiaShare ${share} leaves no town seat at a ${seats}-seat table`;
  const roles: Record<string, number> = {};
  const add = (id: string) => {
    roles[id] = (roles[id] ?? 0) + 1;
  };
  add('boss');
  if (mafia >= 2 && seats >= (params.killerFrom as number)) add('killer');
  while ((roles.boss ?? 0) + (roles.killer ?? 0) + (roles.mafia ?? 0) < mafia) add('mafia');
  for (let i = 0; i < seats - mafia; i++) add(slots[Math.min(i, slots.length - 1)]);
  return roles;
}
