// A fuzz failure as a scenario file (docs/scenarios.md) that `mafia-sim scenario` runs and fails for the
// same reason. The fuzzed game is played again with its decisions recorded; the scenario names the
// case's setup file, the run seed and the game index, and takes the seed's own deal (`seededDeal`,
// asserted equal to the deal it lists), so the game's stream (deal, tie-breaks, fouls, random
// immunities) draws exactly what the fuzzed game drew; every decision the bots took is scripted as the
// game applied it, each speech as it was made; and its one expectation is the check that failed
// (`holds: [CHECK]`). The file is kept only when running it reproduces the failure (the same
// problemKey); otherwise the report says why there is none.
import { rmSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { DecisionRecord, Game } from '../engine/game.js';
import { UserError } from '../errors.js';
import type { GameEvent, Statement } from '../model/events.js';
import { YES_NO_KINDS } from '../model/decisions.js';
import { readScenario } from '../scenario/parse.js';
import { runScenario } from '../scenario/run.js';
import { playJobGame, type Job } from '../runner/job.js';
import { DEFAULT_STRATEGY } from '../strategy/default.js';
import { checkedGame, problemKey, type Problem } from '../scenario/checks.js';

export interface Repro {
  /** The scenario file, or null when none reproduces the failure (`note` says why). */
  readonly file: string | null;
  /** `mafia-sim scenario FILE`, which fails (exit 1) naming the check. */
  readonly command: string | null;
  readonly note: string | null;
}

interface Answer {
  readonly phase: string;
  readonly seat: number;
  readonly kind: string;
  readonly value: string;
}

/**
 * Writes game `index` of the job (whose setupArg is the case's setup file) as scenario `file`, next to
 * the setup file, and runs it: kept if it fails as `problem` did.
 */
export function writeRepro(job: Job, index: number, problem: Problem, file: string, title: string): Repro {
  if (job.setup.game.rules.series > 1 && index % job.setup.game.rules.series !== 0) {
    return none(`game ${index} is not the first of its evening (series ${job.setup.game.rules.series}): a scenario plays one game, with nothing carried from earlier ones`);
  }
  const answers = recordAnswers(job, index);
  if (answers === null) return none('the game threw before it was dealt');
  writeFileSync(file, scenarioText(job, index, problem, file, title, answers));
  let reproduced: Problem | null;
  try {
    reproduced = runScenario(readScenario(file)).problem;
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    rmSync(file, { force: true });
    return none(`the scripted game cannot be written as a scenario: ${e.message}`);
  }
  if (reproduced !== null && problemKey(reproduced) === problemKey(problem)) return { file, command: `mafia-sim scenario ${file}`, note: null };
  rmSync(file, { force: true });
  const why = reproduced === null ? 'the scripted game passes' : `the scripted game fails another check ([${reproduced.check}] ${reproduced.message})`;
  if (problem.check === 'G10 determinism') {
    return none(`${why}: the game differed when played again in the same process, so something outlives a game (a plug-in's module state, its own Math.random: docs/extending.md, "What a plug-in must not do"), which a script does not replay; the replay command reproduces it`);
  }
  return none(`${why}: the failure depends on the bots themselves (what they do, not what they decide), which a script does not replay; the replay command reproduces it`);
}

const none = (note: string): Repro => ({ file: null, command: null, note });

const phaseOf = (g: Game) => `${g.phase} ${g.phase === 'day' ? g.day : g.night}`;

/** Every decision of the game as applied, and every speech, by phase; null if it threw before the deal. */
function recordAnswers(job: Job, index: number): { decisions: Answer[]; deal: string[]; log: readonly GameEvent[] } | null {
  const decisions: Answer[] = [];
  const seen = new Set<DecisionRecord>();
  const take = (g: Game) => {
    for (const d of g.decisionRecord ?? []) {
      if (seen.has(d)) continue;
      seen.add(d);
      decisions.push({ phase: phaseOf(g), seat: d.seat, kind: d.kind, value: answerText(d) });
    }
  };
  const { game } = checkedGame((checks) => playJobGame(job, index, { ...checks, keepLog: true }), { full: true, index, onDecisions: take });
  if (game === null) return null;
  take(game); // the decisions of a phase that threw or broke a check before it ended
  return { decisions, deal: game.roles.slice(1).map((r) => r.id), log: game.log ?? [] };
}

function answerText(d: DecisionRecord): string {
  if (d.applied === null) return 'none';
  if ((YES_NO_KINDS as readonly string[]).includes(d.kind)) return d.applied === 1 ? 'yes' : 'no';
  return String(d.applied);
}

/** The speeches of the record, as the scenario's speech kinds, by phase. */
function speeches(log: readonly GameEvent[]): Answer[] {
  const out: Answer[] = [];
  let phase = 'night 0';
  for (const e of log) {
    if (e.t === 'phase') phase = `${e.phase} ${e.n}`;
    else if (e.t === 'speech' || e.t === 'lastWord') {
      const kind = e.t === 'lastWord' ? 'lastWord' : e.again ? 'tieSpeech' : e.defence ? 'defence' : 'speech';
      const said = e.statements.map(statementText).filter((s) => s !== null);
      if (said.length > 0) out.push({ phase, seat: e.seat, kind, value: `[${said.join(', ')}]` });
    }
  }
  return out;
}

/** A statement in the scenario's form; null for one a scenario cannot say (the engine relays anything, G8). */
function statementText(st: Statement): string | null {
  const s = st as unknown as Record<string, unknown>;
  if (s.type === 'claim' && typeof s.role === 'string') return `{ claim: ${JSON.stringify(s.role)} }`;
  if ((s.type === 'accuse' || s.type === 'vouch') && Number.isInteger(s.seat)) return `{ ${s.type}: ${s.seat} }`;
  if (s.type === 'check' && Number.isInteger(s.seat) && (s.result === 'black' || s.result === 'red')) return `{ check: [${s.seat}, ${s.result}] }`;
  return null;
}

function scenarioText(job: Job, index: number, problem: Problem, file: string, title: string, rec: { decisions: Answer[]; deal: string[]; log: readonly GameEvent[] }): string {
  // One answer per phase, seat and kind (the script's form): the first, should a kind be asked twice.
  const byPhase = new Map<string, Map<number, Map<string, string>>>();
  for (const a of [...rec.decisions, ...speeches(rec.log)]) {
    const seats = byPhase.get(a.phase) ?? byPhase.set(a.phase, new Map()).get(a.phase)!;
    const kinds = seats.get(a.seat) ?? seats.set(a.seat, new Map()).get(a.seat)!;
    if (!kinds.has(a.kind)) kinds.set(a.kind, a.value);
  }
  const key = (k: string) => (/^\w+$/.test(k) ? k : JSON.stringify(k));
  const lines = [
    `# ${title}`,
    `# Fails [${problem.check}]: ${problem.message.replace(/\n/g, ' ')}`,
    `# Game ${index} of the run with seed ${job.seed} on ${basename(job.setupArg)}, strategies: ${job.strategies.specs.join(' ') || DEFAULT_STRATEGY}.`,
    '# The seed deals the listed deal (seededDeal), so the game stream draws as in the fuzzed game; every',
    '# decision the bots took is scripted as the game applied it. Move this file and the setup file',
    '# together (the setup path is relative to this file).',
    `name: ${JSON.stringify(`fuzz repro [${problem.check}]: ${title}`)}`,
    `setup: ${JSON.stringify(dirname(job.setupArg) === dirname(file) ? basename(job.setupArg) : job.setupArg)}`,
    `seed: ${JSON.stringify(job.seed)}`,
    `game: ${index}`,
    'seededDeal: true',
    `deal: [${rec.deal.map((r) => JSON.stringify(r)).join(', ')}]`,
  ];
  if (byPhase.size > 0) lines.push('script:');
  // Phases in the order they were played.
  const order = rec.log.flatMap((e) => (e.t === 'phase' ? [`${e.phase} ${e.n}`] : []));
  for (const [phase, seats] of [...byPhase].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))) {
    lines.push(`  ${phase}:`);
    for (const [seat, kinds] of [...seats].sort(([a], [b]) => a - b)) lines.push(`    ${seat}: { ${[...kinds].map(([k, v]) => `${key(k)}: ${v}`).join(', ')} }`);
  }
  lines.push('expect:', `  - holds: [${JSON.stringify(problem.check)}]`, '');
  return lines.join('\n');
}
