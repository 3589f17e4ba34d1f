// `mafia-sim setups` and `mafia-sim roles`: what is built in.
import { ROLES } from '../rules/roles.js';
import { RULE_SETS } from '../rules/registry.js';
import { BUILTIN_SETUPS } from '../setup/builtin.js';
import { loadSetup } from '../setup/load.js';
import { optionSpecs } from '../setup/compile.js';
import { describeValue } from '../rules/options.js';

export function listSetups(): string {
  const lines: string[] = [];
  let prevParams: unknown = null;
  for (const b of BUILTIN_SETUPS) {
    const s = loadSetup(b.name);
    const roles = s.roleCounts.map(([id, n]) => (n > 1 ? `${id}×${n}` : id)).join(' ');
    lines.push(`${b.name.padEnd(12)} ${b.description}`);
    lines.push(`${''.padEnd(12)} ${s.deck.length} players: ${roles}`);
    if (b.params !== prevParams) { // club-8 … club-20 share theirs: listed once
      for (const p of b.params) lines.push(`${''.padEnd(12)} parameter ${p.key} (default ${describeValue(p.default)}): ${p.description}`);
    }
    prevParams = b.params;
  }
  lines.push('', 'Rule options (set with --option key=value, or under options: in a setup file):');
  for (const rules of RULE_SETS.values()) {
    lines.push(`  ${rules.id}:`);
    for (const o of optionSpecs(rules)) {
      const values = o.kind === 'enum' ? ` [${o.values!.join('|')}]` : o.kind === 'order' ? ' [comma-separated order]' : ` [${o.kind}]`;
      lines.push(`    ${o.key}=${describeValue(o.default)}${values}  ${o.clause}: ${o.description}`);
    }
  }
  return lines.join('\n');
}

export function listRoles(): string {
  const lines: string[] = [];
  for (const r of ROLES.values()) {
    const rules = [...RULE_SETS.values()].filter((x) => x.roles.includes(r.id)).map((x) => x.id).join(', ');
    lines.push(`${r.id.padEnd(16)} ${r.team.padEnd(5)} ${r.description} [${rules}]`);
  }
  return lines.join('\n');
}
