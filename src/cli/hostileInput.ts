// The checks every command's paths pass before the command reads, imports, plays or writes anything
// (issue 32): the one place the CLI (src/cli/main.ts) calls. Each is a UserError: one line, exit 2.
import { closeSync, constants, openSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UserError } from '../errors.js';
import { checkPathClashes, commandPaths } from './pathRules.js';

export function checkCommandInputs(command: string, opts: Record<string, unknown>, args: readonly unknown[]): void {
  const { inputs, outputs } = commandPaths(command, opts, args);
  checkPathClashes(inputs, outputs);
  if (typeof opts.tuneState === 'string') checkOutputFolder(`--tune-state ${opts.tuneState}`, opts.tuneState);
}

/**
 * A folder the command will make (if need be) and write files in: the nearest part of it that exists
 * must be a folder in which a file can be made — tried by making and removing one, so that a read-only
 * mount or another user's folder shows now, not after the first point has been played.
 */
function checkOutputFolder(flag: string, dir: string): void {
  let at = resolve(dir);
  for (;;) {
    let st;
    try {
      st = statSync(at);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && dirname(at) !== at) {
        at = dirname(at);
        continue;
      }
      throw new UserError(`${flag}: cannot write: ${code === 'ENOTDIR' ? 'a part of the path is not a folder' : (e as Error).message.split('\n')[0]}`);
    }
    if (!st.isDirectory()) throw new UserError(`${flag}: cannot write: ${at} is not a folder`);
    break;
  }
  const probe = join(at, `.mafia-sim-probe-${process.pid}`);
  try {
    closeSync(openSync(probe, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL));
    rmSync(probe, { force: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'EROFS' ? 'read-only file system' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'ENOENT' ? 'no file can be made there' : (e as Error).message.split('\n')[0].replace(/^[A-Z]+: /, '');
    throw new UserError(`${flag}: cannot write in ${at}: ${why}${code ? ` (${code})` : ''}`);
  }
}
