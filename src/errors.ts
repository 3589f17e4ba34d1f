// A UserError is bad input: the CLI prints its one line and exits 2. Anything else is a bug.
export class UserError extends Error {
  override readonly name = 'UserError';
}

/** A plug-in (a strategy or a role) threw: the game it was playing fails, recorded with its replay command. */
export class PluginError extends Error {
  override readonly name = 'PluginError';
}

/**
 * A write that could not be completed: `target` names where it was going (a file, or stdout). Output
 * that could not be written in full is a failed run (exit 1), never a silent exit 0. Defined here so
 * that any layer that writes (the CLI's outputs, a tool's state file) reports it alike.
 */
export class OutputError extends Error {
  override readonly name = 'OutputError';
  constructor(
    readonly target: string,
    readonly code: string | undefined,
    detail: string,
  ) {
    super(`${target}: cannot write: ${detail}`);
  }
}
