// `mafia-sim scenario FILE…`: runs scripted games and prints pass/fail per expectation.
import type { ChalkInstance } from 'chalk';
import { UNLIMITED } from '../report/fit.js';
import { fitNarration, narrate } from '../report/narrate.js';
import { readScenario } from '../scenario/parse.js';
import { runScenario } from '../scenario/run.js';
import { loadScenarioRolePlugins } from '../setup/rolePlugins.js';
import { printable } from '../text.js';

export async function scenarioCommand(files: readonly string[], c: ChalkInstance, verbose: boolean, width = UNLIMITED): Promise<{ text: string; failed: number }> {
  for (const f of files) await loadScenarioRolePlugins(f);
  const scenarios = files.map(readScenario); // validate every file before playing any
  const lines: string[] = [];
  let failed = 0;
  let passed = 0;
  for (const sc of scenarios) {
    const { results, game } = runScenario(sc);
    const bad = results.filter((r) => !r.ok);
    // What the file wrote is echoed escaped (printable): it can carry no terminal control codes.
    lines.push(`${bad.length === 0 ? c.green('PASS') : c.red('FAIL')} ${printable(sc.name)} ${c.dim(`(${printable(sc.file)})`)}`);
    for (const r of results) lines.push(`  ${r.ok ? c.green('✓') : c.red('✗')} ${printable(r.label)}${r.ok ? '' : ` — ${printable(r.detail)}`}`);
    if (results.length === 0) lines.push(c.yellow('  (no expectations)'));
    // Each line indented under the scenario (a phase heading's blank line split off, not indented).
    if (verbose && game !== null) lines.push(...narrate(game, c).flatMap((l) => l.split('\n')).map((l) => (l === '' ? '' : `    ${l}`)));
    failed += bad.length;
    passed += results.length - bad.length;
  }
  lines.push('', `${scenarios.length} scenario(s): ${passed} passed, ${failed} failed`);
  // Every line fitted to the width, continuing under its own indentation (an event's JSON breaks after its commas).
  return { text: fitNarration(lines, width).join('\n'), failed };
}
