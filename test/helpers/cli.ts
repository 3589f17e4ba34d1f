// Runs the built CLI as a user would, capturing stdout, stderr and the exit code.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = fileURLToPath(new URL('../../bin/mafia-sim.js', import.meta.url));

/** `input`: what the command reads on stdin, a pipe (by default it reads an empty one). */
export function cli(args: string[], opts: { cwd?: string; env?: Record<string, string>; input?: string } = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: opts.cwd ?? ROOT,
    encoding: 'utf8',
    input: opts.input,
    env: { ...process.env, NO_COLOR: '1', ...opts.env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Like cli(), but asynchronous, so that several processes run side by side. A command that does not
 * end (reading a FIFO, say) is killed after 30 s (or `timeoutMs`), and fails its test.
 */
export function cliAsync(args: string[], opts: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: opts.cwd ?? ROOT, env: { ...process.env, NO_COLOR: '1', ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'], timeout: opts.timeoutMs ?? 30_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
