// Built-in setups: a rule set, its parameters (settable with --option) and the roles they give.
import type { OptionSpec, OptionValue } from '../rules/options.js';
import type { RuleSet } from '../rules/ruleSet.js';
import { club } from '../rules/club/index.js';
import { CLUB_MAX_SEATS, CLUB_MIN_SEATS, CLUB_TABLE_PARAMS, clubTable } from '../rules/club/slots.js';
import { ukrainian } from '../rules/ukrainian/index.js';
import { vanilla } from '../rules/vanilla.js';
import { MAX_PLAYERS } from './compile.js';
import { UKRAINIAN_TABLE_PARAMS, ukrainianTable } from './ukrainianTable.js';

export interface BuiltinSetup {
  readonly name: string;
  readonly description: string;
  readonly rules: RuleSet;
  /** Setup parameters (not rule options), e.g. vanilla's players and mafia. */
  readonly params: readonly OptionSpec[];
  /** Role counts for the given parameters, or the reason they are impossible. */
  roles(params: Readonly<Record<string, OptionValue>>): Record<string, number> | string;
  /** The setup's name for the given parameters (default: `name`); a club table is named by its size. */
  nameFor?(params: Readonly<Record<string, OptionValue>>): string;
}

/** The smallest club table `--option players=N` deals: one mafia-team seat against two town seats. */
export const CLUB_TABLE_MIN_PLAYERS = 3;

export const BUILTIN_SETUPS: readonly BuiltinSetup[] = [
  {
    name: 'ukrainian',
    description: 'The Ukrainian 12-seat table (U1); other sizes with --option players=N',
    rules: ukrainian,
    params: UKRAINIAN_TABLE_PARAMS,
    roles: (p) => ukrainianTable(p.players as number),
  },
  {
    name: 'vanilla',
    description: 'Calibration table: M mafia against N−M townies (V1)',
    rules: vanilla,
    params: [
      { key: 'players', clause: 'V1', kind: 'int', min: 2, max: MAX_PLAYERS, default: 7, description: 'number of players' },
      { key: 'mafia', clause: 'V1', kind: 'int', min: 1, max: MAX_PLAYERS - 1, default: 2, description: 'number of mafia' },
    ],
    roles(p) {
      const players = p.players as number;
      const mafia = p.mafia as number;
      if (mafia >= players) return `mafia (${mafia}) must be fewer than players (${players})`;
      return { mafia, townie: players - mafia };
    },
  },
  ...clubSetups(),
];

/**
 * C2: `club-8` … `club-20`, generated from the slot list in rules/club/slots.ts. Each has a `players`
 * parameter (default its own size): `club-12 --option players=15` deals the same table as `club-15`, and
 * is named so; sizes outside 8–20 are dealt from the same slot list.
 */
function clubSetups(): BuiltinSetup[] {
  const out: BuiltinSetup[] = [];
  for (let seats = CLUB_MIN_SEATS; seats <= CLUB_MAX_SEATS; seats++) {
    out.push({
      name: `club-${seats}`,
      description: `Club table of ${seats} seats (C2)`,
      rules: club,
      params: [
        { key: 'players', clause: 'C2', kind: 'int', min: CLUB_TABLE_MIN_PLAYERS, max: MAX_PLAYERS, default: seats,
          description: 'seats at the table, dealt from the C2 slot list (club-N is players=N)' },
        ...CLUB_TABLE_PARAMS,
      ],
      roles: (p) => clubTable(p.players as number, p),
      nameFor: (p) => `club-${p.players as number}`,
    });
  }
  return out;
}

export function builtinSetup(name: string): BuiltinSetup | undefined {
  return BUILTIN_SETUPS.find((s) => s.name === name);
}
