// One golden playthrough: a game replayed as `mafia-sim replay` narrates it, and its record with every
// event of its log, one event a line (what test/golden.test.ts and `npm run golden` both write).
import type { ChalkInstance } from 'chalk';
import { replayGame, type ReplayFlags } from '../../src/cli/replay.js';
import { jobFrom, parseCount } from '../../src/cli/common.js';
import { playJobGame } from '../../src/runner/job.js';

export function playthrough(flags: Omit<ReplayFlags, 'check'>, c: ChalkInstance): { text: string; json: string } {
  const { record, text } = replayGame({ ...flags, check: true }, c);
  const g = playJobGame(jobFrom(flags), parseCount('--game', flags.game, 0), { keepLog: true });
  const events = (g.log ?? []).map((e) => `  ${JSON.stringify(e)}`).join(',\n');
  return { text: text + '\n', json: `{\n"record": ${JSON.stringify(record)},\n"events": [\n${events}\n]\n}\n` };
}
