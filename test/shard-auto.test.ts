// `--shard auto` (issue 34): the shard of a job array's task from each batch system's own variables,
// said in one line on stderr; one error line (exit 2) where none is set or a value is bad.
import { describe, expect, it } from 'vitest';
import { autoShard, BATCH_SYSTEMS, type Env } from '../src/cli/shardAuto.js';
import { cli } from './helpers/cli.js';

/** Every batch variable emptied (as if unset), so that the machine running the tests adds none. */
const CLEAR: Record<string, string> = Object.fromEntries(BATCH_SYSTEMS.flatMap((s) => [s.index, s.count, s.min, s.step]).filter((v): v is string => v !== null && v !== undefined).map((v) => [v, '']));

const shard = (raw: string, env: Env) => {
  const a = autoShard(raw, env);
  return `${a.i}/${a.n} ${a.system}`;
};

describe('--shard auto: each batch system', () => {
  it('Slurm: the task id counted from SLURM_ARRAY_TASK_MIN (an array from 1, from 0, with a step)', () => {
    expect(shard('auto', { SLURM_ARRAY_TASK_ID: '3', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_COUNT: '16' })).toBe('3/16 Slurm');
    expect(shard('auto', { SLURM_ARRAY_TASK_ID: '0', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_COUNT: '16' })).toBe('1/16 Slurm');
    expect(shard('auto', { SLURM_ARRAY_TASK_ID: '15', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_COUNT: '16' })).toBe('16/16 Slurm');
    expect(shard('auto', { SLURM_ARRAY_TASK_ID: '104', SLURM_ARRAY_TASK_MIN: '100', SLURM_ARRAY_TASK_STEP: '2', SLURM_ARRAY_TASK_COUNT: '4' })).toBe('3/4 Slurm');
    expect(shard('auto/16', { SLURM_ARRAY_TASK_ID: '3', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_COUNT: '16' })).toBe('3/16 Slurm');
    expect(autoShard('auto', { SLURM_ARRAY_TASK_ID: '3', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_COUNT: '16' }).note).toBe(
      '--shard auto: shard 3/16 from Slurm (SLURM_ARRAY_TASK_ID=3, SLURM_ARRAY_TASK_MIN=1, SLURM_ARRAY_TASK_COUNT=16)',
    );
  });

  it('Kubernetes indexed Job: JOB_COMPLETION_INDEX from 0, the count given as auto/N', () => {
    expect(shard('auto/16', { JOB_COMPLETION_INDEX: '0' })).toBe('1/16 Kubernetes');
    expect(shard('auto/16', { JOB_COMPLETION_INDEX: '15' })).toBe('16/16 Kubernetes');
    expect(autoShard('auto/16', { JOB_COMPLETION_INDEX: '4' }).note).toBe('--shard auto: shard 5/16 from Kubernetes (JOB_COMPLETION_INDEX=4, N=16 given)');
  });

  it('AWS Batch, Google Batch, Cloud Run jobs: an index from 0 and the array size', () => {
    expect(shard('auto', { AWS_BATCH_JOB_ARRAY_INDEX: '7', AWS_BATCH_JOB_ARRAY_SIZE: '8' })).toBe('8/8 AWS Batch');
    expect(shard('auto/8', { AWS_BATCH_JOB_ARRAY_INDEX: '0' })).toBe('1/8 AWS Batch');
    expect(shard('auto', { BATCH_TASK_INDEX: '2', BATCH_TASK_COUNT: '5' })).toBe('3/5 Google Batch');
    expect(shard('auto', { CLOUD_RUN_TASK_INDEX: '0', CLOUD_RUN_TASK_COUNT: '1' })).toBe('1/1 Cloud Run');
    expect(shard(' AUTO ', { CLOUD_RUN_TASK_INDEX: '1', CLOUD_RUN_TASK_COUNT: '3' })).toBe('2/3 Cloud Run');
  });
});

describe('--shard auto: one error line where nothing or something bad is set', () => {
  const cases: ReadonlyArray<readonly [string, string, Env, RegExp]> = [
    ['none set', 'auto', {}, /^--shard auto: no batch system's task index is set \(SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX, AWS_BATCH_JOB_ARRAY_INDEX, BATCH_TASK_INDEX, CLOUD_RUN_TASK_INDEX\); run it as an array task, or give --shard I\/N$/],
    ['empty counts as unset', 'auto', { SLURM_ARRAY_TASK_ID: '' }, /no batch system's task index is set/],
    ['two systems', 'auto', { BATCH_TASK_INDEX: '1', BATCH_TASK_COUNT: '2', CLOUD_RUN_TASK_INDEX: '1' }, /several batch systems are set \(BATCH_TASK_INDEX=1, CLOUD_RUN_TASK_INDEX=1\)/],
    ['Kubernetes without N', 'auto', { JOB_COMPLETION_INDEX: '3' }, /Kubernetes does not give the number of tasks; give it as --shard auto\/N/],
    ['a count missing', 'auto', { AWS_BATCH_JOB_ARRAY_INDEX: '3' }, /AWS_BATCH_JOB_ARRAY_SIZE is not set; give it as --shard auto\/N/],
    ['N disagrees with the count', 'auto/8', { BATCH_TASK_INDEX: '1', BATCH_TASK_COUNT: '4' }, /Google Batch runs 4 tasks \(BATCH_TASK_COUNT=4\), not 8/],
    ['an index not a number', 'auto', { CLOUD_RUN_TASK_INDEX: 'x', CLOUD_RUN_TASK_COUNT: '4' }, /CLOUD_RUN_TASK_INDEX=x: expected a whole number/],
    ['a negative index', 'auto/4', { JOB_COMPLETION_INDEX: '-1' }, /JOB_COMPLETION_INDEX=-1: expected a whole number/],
    ['an index past the count', 'auto', { BATCH_TASK_INDEX: '4', BATCH_TASK_COUNT: '4' }, /makes task 5 of 4; an index must be below the number of tasks/],
    ['a count of 0', 'auto', { BATCH_TASK_INDEX: '0', BATCH_TASK_COUNT: '0' }, /BATCH_TASK_COUNT=0: expected a whole number from 1/],
    ['Slurm without its MIN', 'auto', { SLURM_ARRAY_TASK_ID: '3', SLURM_ARRAY_TASK_COUNT: '4' }, /SLURM_ARRAY_TASK_MIN is not/],
    ['Slurm id off the step', 'auto', { SLURM_ARRAY_TASK_ID: '3', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_STEP: '2', SLURM_ARRAY_TASK_COUNT: '4' }, /not on the array's range/],
    ['Slurm id below MIN', 'auto', { SLURM_ARRAY_TASK_ID: '0', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_COUNT: '4' }, /not on the array's range/],
    ['not auto', 'automatic', { BATCH_TASK_INDEX: '0', BATCH_TASK_COUNT: '1' }, /expected auto or auto\/N/],
    ['N not a number', 'auto/x', { JOB_COMPLETION_INDEX: '0' }, /--shard auto\/x: N: expected a whole number/],
  ];
  for (const [what, raw, env, says] of cases) {
    it(what, () => {
      expect(() => autoShard(raw, env)).toThrow(says);
    });
  }
});

describe('--shard auto on the command line', () => {
  const args = ['run', '--games', '90', '--seed', '3', '--workers', '1', '--no-progress', '--json'];

  it('plays the shard the variables give, says which in one stderr line, and reports what --shard I/N does', () => {
    const auto = cli([...args, '--shard', 'auto'], { env: { ...CLEAR, SLURM_ARRAY_TASK_ID: '2', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_COUNT: '3' } });
    expect(auto.code).toBe(0);
    expect(auto.stderr).toBe('--shard auto: shard 2/3 from Slurm (SLURM_ARRAY_TASK_ID=2, SLURM_ARRAY_TASK_MIN=1, SLURM_ARRAY_TASK_COUNT=3)\n');
    const fixed = cli([...args, '--shard', '2/3'], { env: CLEAR });
    expect(fixed.code).toBe(0);
    expect(auto.stdout).toBe(fixed.stdout);
    expect(JSON.parse(auto.stdout).range).toEqual({ first: 30, end: 60 });
    const k8s = cli([...args, '--shard', 'auto/3'], { env: { ...CLEAR, JOB_COMPLETION_INDEX: '1' } });
    expect(k8s.stdout).toBe(fixed.stdout);
  });

  it('a workbench command takes it too (compare)', () => {
    const r = cli(['compare', '--right', 'tie=random', '--games', '40', '--workers', '1', '--no-progress', '--json', '--shard', 'auto'], { env: { ...CLEAR, CLOUD_RUN_TASK_INDEX: '1', CLOUD_RUN_TASK_COUNT: '2' } });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('--shard auto: shard 2/2 from Cloud Run (CLOUD_RUN_TASK_INDEX=1, CLOUD_RUN_TASK_COUNT=2)\n');
    expect(JSON.parse(r.stdout).range).toEqual({ first: 20, end: 40 });
  });

  it('none set: one error line, exit 2, nothing on stdout and no file written', () => {
    const r = cli([...args, '--shard', 'auto', '--html', '/tmp/never-written-shard-auto.html'], { env: CLEAR });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^mafia-sim: error: --shard auto: no batch system's task index is set/)]);
    expect(cli(['run', '--shard', 'auto/4'], { env: { ...CLEAR, JOB_COMPLETION_INDEX: '4' } }).stderr).toMatch(/^mafia-sim: error: --shard auto\/4: JOB_COMPLETION_INDEX=4 makes task 5 of 4/);
  });
});
