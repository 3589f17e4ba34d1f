// A UserError is bad input: the CLI prints its one line and exits 2. Anything else is a bug.
export class UserError extends Error {
  override readonly name = 'UserError';
}

/** A plug-in (a strategy or a role) threw: the game it was playing fails, recorded with its replay command. */
export class PluginError extends Error {
  override readonly name = 'PluginError';
}
