// One rule for every path a command writes (issue 32): before anything is played or written, each
// output (--games-out, --html, --csv, tune's and equilibrium's --state) is resolved, its symbolic
// links followed, and compared with every file the command reads (the setup, the role plug-ins it names, plug-in
// strategies, the reports given to merge, compare's setups, tune's state) and with every other
// output. Two names of one file — the same path, a link to it, a hard link — are one file. A clash is
// one error line naming both, exit 2, before a byte is written; so is an output that is a dangling
// symbolic link (it would create a file somewhere the user did not name). Called once, from the CLI's
// preAction hook (src/cli/main.ts), with the command's options and arguments.
import { fstatSync, lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UserError } from '../errors.js';
import { isPluginPath } from '../plugins/importModule.js';
import { builtinSetup } from '../setup/builtin.js';
import { readDataFile } from '../setup/dataFile.js';
import { isRolePluginKey, rolePluginPath } from '../setup/rolePlugins.js';
import { isExecName } from '../strategy/registry.js';
import { isStreamName } from './gamesOut.js';

/** A path the command was given, and how the user gave it (`--setup ./t.yaml`). */
export interface PathUse {
  readonly label: string;
  readonly path: string;
}

/** The files a command reads and writes, from its options and arguments. */
export function commandPaths(command: string, opts: Record<string, unknown>, args: readonly unknown[]): { inputs: PathUse[]; outputs: PathUse[] } {
  const inputs: PathUse[] = [];
  const outputs: PathUse[] = [];
  const str = (v: unknown): v is string => typeof v === 'string';
  const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter(str) : []);

  const setupInputs = (setup: string, label: string) => {
    if (builtinSetup(setup)) return;
    inputs.push({ label, path: setup });
    for (const key of rolePluginKeys(setup)) inputs.push({ label: `${setup}: roles.${key}`, path: rolePluginPath(setup, key) });
  };
  if (str(opts.setup)) setupInputs(opts.setup, `--setup ${opts.setup}`);
  for (const spec of list(opts.strategy)) pluginInputs(spec, `--strategy ${spec}`, inputs);
  for (const group of list(opts.strategies)) for (const item of group.split(',')) pluginInputs(item.trim(), `--strategies ${group}`, inputs);
  for (const flag of ['left', 'right', 'side'] as const) {
    for (const setting of list(opts[flag])) {
      const m = /^(?:\d+:)?\s*strategy=(.*)$/.exec(setting);
      if (m) pluginInputs(m[1], `--${flag} ${setting}`, inputs);
    }
  }
  for (const file of list(opts.role)) inputs.push({ label: `--role ${file}`, path: file });
  const positional = args.flatMap((a) => (Array.isArray(a) ? a.filter(str) : str(a) ? [a] : []));
  if (command === 'merge') for (const file of positional) inputs.push({ label: `report ${file}`, path: file });
  if (command === 'compare') for (const setup of positional) setupInputs(setup, `setup ${setup}`);
  if (command === 'scenario') for (const file of positional) inputs.push({ label: `scenario ${file}`, path: file });

  if (command === 'weights') {
    if (str(opts.setups)) for (const setup of opts.setups.split(',').map((x) => x.trim())) if (setup !== '') setupInputs(setup, `--setups ${opts.setups}`);
    if (str(opts.predict)) setupInputs(opts.predict, `--predict ${opts.predict}`);
    if (str(opts.fit)) inputs.push({ label: `--fit ${opts.fit}`, path: opts.fit });
    if (str(opts.save)) outputs.push({ label: `--save ${opts.save}`, path: opts.save });
  }
  if (str(opts.gamesOut)) outputs.push({ label: `--games-out ${opts.gamesOut}`, path: opts.gamesOut });
  if (str(opts.html)) outputs.push({ label: `--html ${opts.html}`, path: opts.html });
  if (str(opts.csv)) outputs.push({ label: `--csv ${opts.csv}`, path: opts.csv });
  if ((command === 'tune' || command === 'equilibrium') && str(opts.state)) outputs.push({ label: `--state ${opts.state}`, path: opts.state });
  return { inputs, outputs };
}

function pluginInputs(spec: string, label: string, inputs: PathUse[]): void {
  const eq = spec.indexOf('=');
  const colon = spec.indexOf(':');
  const rest = eq >= 0 && (colon < 0 || eq < colon) ? spec.slice(eq + 1) : spec;
  if (isExecName(rest.trim())) return;
  const c = rest.indexOf(':');
  const name = (c < 0 ? rest : rest.slice(0, c)).trim();
  if (name !== '' && isPluginPath(name)) inputs.push({ label, path: name });
}

/** The role plug-in keys a setup file names (none when it cannot be read: the setup loader says why). */
function rolePluginKeys(setup: string): string[] {
  try {
    const data = readDataFile(setup, 'setup');
    const roles = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).roles : undefined;
    return typeof roles === 'object' && roles !== null ? Object.keys(roles).filter(isRolePluginKey) : [];
  } catch {
    return [];
  }
}

/**
 * Refuses (UserError) an output that names an input or another output (the file stdout is
 * redirected to among them), or that is a dangling symbolic link. stdout named as such (`-`,
 * /dev/stdout) and devices (/dev/null) are never a clash: they are not replaced
 * (src/cli/gamesOut.ts says which output may take stdout).
 */
export function checkPathClashes(inputs: readonly PathUse[], outputs: readonly PathUse[]): void {
  const seen: { use: PathUse; id: string; output: boolean }[] = [];
  // stdout redirected to a file (`--json > r.json`) is an output too: naming that file again
  // (`--games-out r.json`) would put two outputs in it. `-` and /dev/stdout say stdout itself.
  try {
    const out = fstatSync(1);
    if (out.isFile()) seen.push({ use: { label: 'stdout, which is redirected to it', path: '-' }, id: `${out.dev}:${out.ino}`, output: true });
  } catch {
    // no stdout
  }
  for (const use of inputs) {
    const id = inputIdentity(use.path);
    if (id !== null) seen.push({ use, id, output: false });
  }
  for (const use of outputs) {
    const id = outputIdentity(use);
    if (id === null) continue;
    const other = seen.find((s) => s.id === id);
    if (other) {
      const why = other.use.path === '-'
        ? `give ${use.label.split(' ')[0] === '--state' ? 'another file' : `${use.label.split(' ')[0]} - for stdout itself, or another file`}`
        : other.output
          ? 'give each output a file of its own'
          : 'writing it would destroy an input of this command; give another file';
      throw new UserError(`${use.label}: the same file as ${other.use.label}: ${why}`);
    }
    seen.push({ use, id, output: true });
  }
}

/** An existing regular file read as an input: its device and inode (null for anything else: its reader says). */
function inputIdentity(path: string): string | null {
  try {
    const st = statSync(path);
    return st.isFile() ? `${st.dev}:${st.ino}` : null;
  } catch {
    return null;
  }
}

/**
 * What an output path will write: an existing regular file's device and inode, or the resolved path
 * of a new file; null for stdout, a device or a FIFO (written straight through, never replaced).
 */
function outputIdentity(use: PathUse): string | null {
  const { path, label } = use;
  if (isStreamName(path)) return null;
  let p = resolve(path);
  for (let hops = 0; hops < 40; hops++) {
    let st;
    try {
      st = lstatSync(p);
    } catch {
      // A new file: named by its folder's real path (the folder's own links followed) and its name.
      let dir: string;
      try {
        dir = realpathSync(dirname(p));
      } catch {
        return p; // the output's own check says the folder is missing
      }
      return join(dir, basename(p));
    }
    if (st.isSymbolicLink()) {
      const target = resolve(dirname(p), readlinkSync(p));
      let exists = true;
      try {
        statSync(target);
      } catch (e) {
        exists = (e as NodeJS.ErrnoException).code !== 'ENOENT';
      }
      if (!exists) throw new UserError(`${label}: a symbolic link to ${target}, which does not exist; give the file itself, or a path that is not a link`);
      p = target;
      continue;
    }
    if (st.isFile()) return `${st.dev}:${st.ino}`;
    return null; // a folder (refused by the output's own check), a device, a FIFO
  }
  throw new UserError(`${label}: cannot write: too many levels of symbolic links`);
}
