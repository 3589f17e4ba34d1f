// The two builds a side-by-side measurement compares: this checkout (built here) and another commit,
// checked out once into a worktree of its own under the system's temp folder and built there with this
// checkout's node_modules (so both run the same dependencies; a note says when their lock files differ).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const git = (args, cwd = ROOT) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

function tsc(dir) {
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')], { cwd: dir, stdio: 'inherit' });
}

/** This checkout, built now (uncommitted changes included). */
export function headBuild() {
  tsc(ROOT);
  let label = 'HEAD';
  try {
    label = git(['rev-parse', '--short', 'HEAD']) + (git(['status', '--porcelain', '--untracked-files=no']) ? '+changes' : '');
  } catch {
    // not a git checkout: the label stays HEAD
  }
  return { label, dir: ROOT };
}

/** Commit `ref` built in its own worktree (made at the first call, reused after); throws if `ref` is not a commit. */
export function refBuild(ref) {
  let sha;
  try {
    sha = git(['rev-parse', '--verify', '--short', `${ref}^{commit}`]);
  } catch {
    throw new Error(`${ref}: not a commit of this repository`);
  }
  const dir = join(tmpdir(), `mafia-sim-ref-${sha}`);
  if (!existsSync(join(dir, 'package.json'))) git(['worktree', 'add', '--detach', '--force', dir, sha]);
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  if (!existsSync(join(dir, 'dist/src/bench/bench.js'))) tsc(dir);
  if (readFileSync(join(dir, 'package-lock.json'), 'utf8') !== readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) {
    console.error(`note: ${sha}'s package-lock.json differs from this checkout's; both run this checkout's node_modules`);
  }
  return { label: sha, dir };
}
