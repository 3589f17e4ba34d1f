// Fuzzing with random setups: seeded random rule sets, role mixes (mixed families included) and option
// values, played by `random` and `smart`, with the engine's invariants (and every decision's legality)
// checked after every phase. A failure names the setup file it wrote and the command that replays the
// game; the setup files are removed afterwards unless a test failed (then they are what replays it).
// MAFIA_FUZZ_GAMES sets the number of games (npm run fuzz); the default keeps CI quick.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/errors.js';
import type { Game } from '../../src/engine/game.js';
import { checkInvariants } from '../../src/engine/invariants.js';
import { WINNERS } from '../../src/model/events.js';
import type { OptionSpec } from '../../src/rules/options.js';
import type { RulesGame } from '../../src/rules/ruleSet.js';
import { RULE_SETS } from '../../src/rules/registry.js';
import { createRng, type Rng } from '../../src/rng.js';
import { playJobGame, replayCommand, type Job } from '../../src/runner/job.js';
import { optionSpecs } from '../../src/setup/compile.js';
import { makeJob } from '../helpers/job.js';

const GAMES = Number(process.env.MAFIA_FUZZ_GAMES ?? 0) || 3000;
const SETUPS = Math.max(30, Math.round(GAMES / 100));
const DIR = mkdtempSync(join(tmpdir(), 'mafia-sim-fuzz-'));
/** Set when a test fails: its setup files are kept, since its replay command names them. */
let keep = false;
afterAll(() => {
  if (keep) console.error(`random setups kept for the replay commands above: ${DIR}`);
  else rmSync(DIR, { recursive: true, force: true });
});

/** A value the option accepts, drawn at random (kept small where a large one only slows the run). */
function randomValue(o: OptionSpec, rng: Rng): unknown {
  switch (o.kind) {
    case 'bool':
      return rng.chance(0.5);
    case 'enum':
      return rng.pick(o.values!);
    case 'order':
      return rng.shuffle([...o.values!]);
    case 'int': {
      const lo = o.min ?? 0;
      const hi = Math.min(o.max ?? lo + 10, lo + 12);
      return lo + rng.int(hi - lo + 1);
    }
    case 'number': {
      const lo = o.min ?? 0;
      const hi = Math.min(o.max ?? lo + 1, lo + 0.4);
      return Math.round((lo + rng.next() * (hi - lo)) * 100) / 100;
    }
  }
}

/** A random setup file; returns its path, or null when the mix is one the rule set refuses. */
function randomSetupFile(rng: Rng, index: number): string | null {
  const rules = rng.pick([...RULE_SETS.values()]);
  const roles: Record<string, number> = {};
  const seats = 4 + rng.int(13);
  for (let i = 0; i < seats; i++) {
    const role = rng.pick([...rules.roles.keys()]);
    roles[role] = (roles[role] ?? 0) + 1;
  }
  const options: Record<string, unknown> = {};
  for (const o of optionSpecs(rules)) if (o.key !== 'series' && rng.chance(0.3)) options[o.key] = randomValue(o, rng);
  const file = join(DIR, `setup-${index}.yaml`);
  writeFileSync(file, stringify({ name: `fuzz-${index}`, rules: rules.id, roles, options }));
  try {
    makeJob(file);
    return file;
  } catch (e) {
    if (e instanceof UserError) return null; // a refused mix: the validation's job, not a bug
    throw e;
  }
}

function fuzzJob(job: Job, games: number): { phases: number; outcomes: Set<string> } {
  let phases = 0;
  const outcomes = new Set<string>();
  const onPhaseEnd = (g: Game, rules: RulesGame) => {
    phases++;
    checkInvariants(g, rules);
  };
  for (let k = 0; k < games; k++) {
    let g: Game;
    try {
      g = playJobGame(job, k, { onPhaseEnd, checkDecisions: true });
    } catch (e) {
      throw new Error(`${(e as Error).message}\n  replay: ${replayCommand(job, k, true)}`);
    }
    const where = `\n  replay: ${replayCommand(job, k, true)}`;
    if (!WINNERS.includes(g.winner!)) throw new Error(`game ended without a result${where}`);
    if (g.day > g.config.maxDays) throw new Error(`day ${g.day} past the cap${where}`);
    for (let s = 1; s <= g.n; s++) if (!(g.points[s] >= 0)) throw new Error(`seat ${s} scored ${g.points[s]}${where}`);
    outcomes.add(g.winner!);
  }
  return { phases, outcomes };
}

describe(`random setups (${SETUPS} setups, ${GAMES} games)`, () => {
  const rng = createRng(process.env.MAFIA_FUZZ_SEED ?? 'fuzz-setups'); // npm run fuzz may vary it
  const files: string[] = [];
  let refused = 0;
  while (files.length < SETUPS) {
    const f = randomSetupFile(rng, files.length + refused);
    if (f) files.push(f);
    else refused++;
  }

  it('G5 G6 G9 G10 every random setup plays to a result within the day cap, invariants holding after every phase', ({ onTestFailed }) => {
    onTestFailed(() => void (keep = true));
    const seen = new Set<string>();
    let phases = 0;
    files.forEach((file, i) => {
      const strategies = i % 3 === 2 ? ['smart'] : i % 3 === 1 ? ['town=smart'] : [];
      const job = makeJob(file, [], String(i), strategies);
      const r = fuzzJob(job, Math.ceil(GAMES / SETUPS));
      phases += r.phases;
      for (const o of r.outcomes) seen.add(o);
    });
    expect(phases).toBeGreaterThan(GAMES);
    expect(seen.has('town') && seen.has('mafia')).toBe(true);
  });

  it('the fuzzer covers every rule set and refuses some mixes (the validation is exercised)', ({ onTestFailed }) => {
    onTestFailed(() => void (keep = true));
    const rulesSeen = new Set(files.map((f) => makeJob(f).setup.rules.id));
    expect([...rulesSeen].sort()).toEqual([...RULE_SETS.keys()].sort());
    expect(refused).toBeGreaterThan(0);
  });
});
