// Consistency checks run after every phase by fuzz tests and `run --check`: a violation is a bug.
import type { RulesGame } from '../rules/ruleSet.js';
import type { Game } from './game.js';

export class InvariantError extends Error {
  override readonly name = 'InvariantError';
}

export function checkInvariants(g: Game, rules: RulesGame): void {
  const fail = (what: string): never => {
    throw new InvariantError(`invariant broken after ${g.phase} ${g.phase === 'day' ? g.day : g.night}: ${what}`);
  };
  let living = 0;
  const team = { town: 0, mafia: 0, neutral: 0 };
  for (let s = 1; s <= g.n; s++) {
    if (g.alive[s] === 1) {
      living++;
      const t = g.roles[s].team;
      if (t === 'mafia') team.mafia++;
      else if (t === 'town') team.town++;
      else team.neutral++;
    }
    if (!(g.points[s] >= 0)) fail(`seat ${s} has ${g.points[s]} points`);
  }
  if (living !== g.livingCount) fail(`livingCount ${g.livingCount} but ${living} seats alive`);
  if (team.town !== g.teamAlive.town || team.mafia !== g.teamAlive.mafia || team.neutral !== g.teamAlive.neutral) fail('team counts out of step');
  const seen = new Set<number>();
  for (const e of g.eliminations) {
    if (seen.has(e.seat)) fail(`seat ${e.seat} eliminated twice`);
    seen.add(e.seat);
    if (g.alive[e.seat] === 1) fail(`eliminated seat ${e.seat} is alive`);
  }
  if (seen.size + living !== g.n) fail('a seat is neither alive nor eliminated');
  if (g.day > g.config.maxDays) fail(`day ${g.day} past the cap ${g.config.maxDays}`);
  checkDecisions(g, fail);
  const ruleProblem = rules.checkInvariants?.(); // the rule set's own (C: jail, actors, void votes)
  if (ruleProblem) fail(ruleProblem);
  if (g.winner === null) {
    if (living === 0) fail('nobody alive but no result');
    const w = g.result(); // the rule set's conditions (rules.winner()), and a last-standing neutral's
    if (w !== null) fail(`win condition ${w} holds but the game goes on`);
  }
}

/**
 * G9 (`run --check`): every decision taken as legal was among the options offered, as they were when
 * the bot was asked, whatever the bot or the engine did to the list since. Checked decisions are
 * dropped, so the record holds one phase at most.
 */
function checkDecisions(g: Game, fail: (what: string) => never): void {
  const record = g.decisionRecord;
  if (record === null) return;
  for (const d of record) {
    const ok = !d.legal || (d.applied === null ? d.canPass : d.offered.includes(d.applied));
    if (!ok) fail(`seat ${d.seat}'s ${d.kind} was applied as ${d.applied}, which was not among the options offered (${d.offered.join(', ') || 'none'}${d.canPass ? ', or a pass' : ''}) (G9)`);
  }
  record.length = 0;
}
