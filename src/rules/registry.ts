// The rule sets by id.
import type { RuleSet } from './ruleSet.js';
import { club } from './club/index.js';
import { ukrainian } from './ukrainian/index.js';
import { vanilla } from './vanilla.js';

export const RULE_SETS: ReadonlyMap<string, RuleSet> = new Map<string, RuleSet>([
  [vanilla.id, vanilla],
  [ukrainian.id, ukrainian],
  [club.id, club],
]);
