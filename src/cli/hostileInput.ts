// The checks every command's paths pass before the command reads, imports, plays or writes anything
// (issue 32): the one place the CLI (src/cli/main.ts) calls. Each is a UserError: one line, exit 2.
import { checkPathClashes, commandPaths } from './pathRules.js';

export function checkCommandInputs(command: string, opts: Record<string, unknown>, args: readonly unknown[]): void {
  const { inputs, outputs } = commandPaths(command, opts, args);
  checkPathClashes(inputs, outputs);
}
