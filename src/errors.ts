// A UserError is bad input: the CLI prints its one line and exits 2. Anything else is a bug.
export class UserError extends Error {
  override readonly name = 'UserError';
}
