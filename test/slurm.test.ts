// The README's Slurm recipe on a real one-node Slurm cluster (issue 34): Debian's slurm-wlm and munge,
// configured and started in a folder of the test's own by scripts/slurm/one-node.sh. The recipe's job
// array plays its shards with `--shard auto`, and `merge` of them equals one run. Skipped where the
// daemons are not installed or the suite is not root (slurmd runs jobs as root here), except in CI,
// where .ci/run installs them and the suite runs as root.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT } from './helpers/cli.js';

const CI = process.env.CI === 'true' || process.env.CI === '1';
const SCRIPT = join(ROOT, 'scripts/slurm/one-node.sh');
const DAEMONS = ['munged', 'slurmctld', 'slurmd', 'sbatch', 'sinfo'];
const missing = DAEMONS.filter((d) => spawnSync('sh', ['-c', `command -v ${d}`]).status !== 0);
const root = process.getuid?.() === 0;
const reason = missing.length > 0 ? `Slurm is not installed (no ${missing.join(', ')}: apt-get install slurm-wlm munge)` : !root ? 'slurmd must run as root' : null;
if (reason !== null && !CI) console.warn(`test/slurm.test.ts skipped: ${reason}`);

/** A port no one listens on now (the cluster's two daemons take two). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** The README's Slurm job array, made small: 3 tasks of one CPU, 300 games, the CLI as built here. */
function readmeRecipe(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const m = /As a Slurm job array[^\n]*\n+```sh\n([\s\S]*?)```/.exec(readme);
  if (!m) throw new Error('README.md has no Slurm recipe');
  const recipe = m[1];
  expect(recipe).toContain('--shard auto');
  return recipe
    .replace('--array=1-16', '--array=1-3')
    .replace(/--cpus-per-task=\d+/, '--cpus-per-task=1')
    .replace('--games 100000000', '--games 300')
    .replace(/\bmafia-sim /g, `'${process.execPath}' '${BIN}' `);
}

describe.skipIf(reason !== null && !CI)('the README Slurm recipe on a one-node cluster', () => {
  let dir = '';
  const env = () => ({ ...process.env, SLURM_CONF: join(dir, 'slurm.conf') });

  beforeAll(async () => {
    expect(reason, 'in CI, .ci/run installs slurm-wlm and munge and runs as root').toBeNull();
    dir = mkdtempSync(join(tmpdir(), 'mafia-sim-slurm-'));
    const started = spawnSync('bash', [SCRIPT, 'start', dir, String(await freePort()), String(await freePort())], { encoding: 'utf8', timeout: 60_000 });
    expect(started.status, `one-node.sh start: ${started.stderr}`).toBe(0);
  }, 90_000);

  afterAll(() => {
    if (dir === '') return;
    spawnSync('bash', [SCRIPT, 'stop', dir]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('every array task plays its shard (--shard auto), and merge of the shards is the single run', () => {
    writeFileSync(join(dir, 'job.sh'), readmeRecipe());
    const sb = spawnSync('sbatch', ['--wait', 'job.sh'], { cwd: dir, env: env(), encoding: 'utf8', timeout: 110_000 });
    const logs = readdirSync(dir).filter((f) => f.startsWith('slurm-') && f.endsWith('.out')).sort();
    const said = logs.map((f) => readFileSync(join(dir, f), 'utf8'));
    expect(sb.status, `sbatch: ${sb.stderr}${said.join('')}`).toBe(0);
    expect(said.map((s) => s.trim())).toEqual([1, 2, 3].map((i) => `--shard auto: shard ${i}/3 from Slurm (SLURM_ARRAY_TASK_ID=${i}, SLURM_ARRAY_TASK_MIN=1, SLURM_ARRAY_TASK_COUNT=3)`));
    const shards = readdirSync(dir).filter((f) => /^shard-\d+\.json$/.test(f)).sort();
    expect(shards).toEqual(['shard-1.json', 'shard-2.json', 'shard-3.json']);
    const merged = spawnSync(process.execPath, [BIN, 'merge', ...shards, '--json'], { cwd: dir, encoding: 'utf8' });
    expect(merged.status, merged.stderr).toBe(0);
    const single = spawnSync(process.execPath, [BIN, 'run', '--games', '300', '--seed', '7', '--workers', '1', '--no-progress', '--json'], { cwd: dir, encoding: 'utf8' });
    expect(merged.stdout).toBe(single.stdout);
  }, 120_000);
});
