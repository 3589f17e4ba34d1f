// `mafia-sim setups` and `mafia-sim roles`: what is built in, collected as data (what `--json` prints)
// and rendered as text from that same data.
import { ROLES } from '../rules/catalogue.js';
import { RULE_SETS } from '../rules/registry.js';
import { BUILTIN_SETUPS } from '../setup/builtin.js';
import { loadSetup } from '../setup/load.js';
import { optionSpecs } from '../setup/compile.js';
import { describeValue, type OptionSpec, type OptionValue } from '../rules/options.js';
import { UNLIMITED, wrapItems } from '../report/fit.js';

/** A rule option or a setup parameter, as `--option key=value` takes it. */
export interface OptionInfo {
  readonly key: string;
  /** The clause of docs/rules.md it belongs to. */
  readonly clause: string;
  readonly kind: OptionSpec['kind'];
  readonly default: OptionValue;
  /** enum: the allowed values; order: the items to permute. */
  readonly values?: readonly string[];
  readonly min?: number;
  readonly max?: number;
  readonly description: string;
}

export interface SetupInfo {
  readonly name: string;
  readonly description: string;
  readonly rules: string;
  readonly players: number;
  /** Role counts at the default parameters, in catalogue order. */
  readonly roles: Readonly<Record<string, number>>;
  /** Setup parameters (not rule options), e.g. vanilla's players and mafia. */
  readonly params: readonly OptionInfo[];
}

export interface SetupCatalogue {
  readonly setups: readonly SetupInfo[];
  /** Every rule set's options (set with --option key=value, or under options: in a setup file). */
  readonly ruleSets: ReadonlyArray<{ readonly rules: string; readonly options: readonly OptionInfo[] }>;
}

export interface RoleInfo {
  readonly id: string;
  readonly team: string;
  readonly description: string;
  /** The rule sets that can run the role. */
  readonly rules: readonly string[];
}

function optionInfo(o: OptionSpec): OptionInfo {
  return {
    key: o.key,
    clause: o.clause,
    kind: o.kind,
    default: o.default,
    ...(o.values ? { values: o.values } : {}),
    ...(o.min !== undefined ? { min: o.min } : {}),
    ...(o.max !== undefined ? { max: o.max } : {}),
    description: o.description,
  };
}

export function collectSetups(): SetupCatalogue {
  const setups = BUILTIN_SETUPS.map((b): SetupInfo => {
    const s = loadSetup(b.name);
    return {
      name: b.name,
      description: b.description,
      rules: b.rules.id,
      players: s.deck.length,
      roles: Object.fromEntries(s.roleCounts),
      params: b.params.map(optionInfo),
    };
  });
  const ruleSets = [...RULE_SETS.values()].map((r) => ({ rules: r.id, options: optionSpecs(r).map(optionInfo) }));
  return { setups, ruleSets };
}

/**
 * `label` then `text`, wrapped at its spaces to `width` (src/report/fit.ts), continuation lines under
 * the text, or 4 columns in when the label leaves too little room (a narrow terminal).
 */
function entry(label: string, text: string, width: number, indent = label.length): string[] {
  const under = width - indent >= 24 ? ' '.repeat(indent) : '    ';
  return wrapItems(label, text.split(' '), width, ' ', under);
}

/**
 * `lead` (an option and its values), two spaces, then `text`, as `entry` lays them out; the lead keeps
 * its own line's spacing when it leaves room for some text, else it wraps with the text.
 */
export function leadEntry(margin: string, lead: string, text: string, width: number, indent: number): string[] {
  const label = `${margin}${lead}  `;
  if (label.length + 16 <= width) return entry(label, text, width, indent);
  return entry(margin, `${lead} ${text}`, width, indent);
}

/** The list, laid out for `width` columns (the terminal's: src/cli/common.ts terminalWidth). */
export function renderSetups(c: SetupCatalogue, width = UNLIMITED): string {
  const lines: string[] = [];
  let prevParams = '';
  const pad = ''.padEnd(13);
  for (const s of c.setups) {
    const roles = Object.entries(s.roles).map(([id, n]) => (n > 1 ? `${id}×${n}` : id)).join(' ');
    lines.push(...entry(`${s.name.padEnd(12)} `, s.description, width, 13));
    lines.push(...entry(pad, `${s.players} players: ${roles}`, width));
    const params = JSON.stringify(s.params);
    if (params !== prevParams) { // club-8 … club-20 share theirs: listed once
      for (const p of s.params) lines.push(...entry(pad, `parameter ${p.key} (default ${describeValue(p.default)}): ${p.description}`, width, 15));
    }
    prevParams = params;
  }
  lines.push('', ...entry('', 'Rule options (set with --option key=value, or under options: in a setup file; rules: docs/rules.md):', width, 0));
  for (const r of c.ruleSets) {
    lines.push(`  ${r.rules}:`);
    for (const o of r.options) {
      const values = o.kind === 'enum' ? ` [${o.values!.join('|')}]` : o.kind === 'order' ? ' [comma-separated order]' : ` [${o.kind}]`;
      lines.push(...leadEntry('    ', `${o.key}=${describeValue(o.default)}${values}`, `${o.clause}: ${o.description}`, width, 6));
    }
  }
  return lines.join('\n');
}

export function collectRoles(): RoleInfo[] {
  return [...ROLES.values()].map((r) => ({
    id: r.id,
    team: r.team,
    description: r.description,
    rules: [...RULE_SETS.values()].filter((x) => x.roles.has(r.id)).map((x) => x.id),
  }));
}

export function renderRoles(roles: readonly RoleInfo[], width = UNLIMITED): string {
  return roles.flatMap((r) => entry(`${r.id.padEnd(16)} ${r.team.padEnd(5)} `, `${r.description} [${r.rules.join(', ')}]`, width)).join('\n');
}
