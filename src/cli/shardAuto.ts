// `--shard auto`: the shard I/N of a job array's task, read from the batch system's own variables, so
// that a recipe needs no arithmetic on them. Each system names its task's index and (mostly) the
// array's size; an index is 0-based everywhere but in Slurm, whose ids start at --array's first value.
import { UserError } from '../errors.js';

/** The environment as the process has it (a test passes its own). */
export type Env = Readonly<Record<string, string | undefined>>;

/** The shard a task plays, which batch system told it, and the line that says so. */
export interface AutoShard {
  readonly i: number;
  readonly n: number;
  readonly system: string;
  /** One line for stderr: `--shard auto: shard 3/16 from Slurm (SLURM_ARRAY_TASK_ID=3, …)`. */
  readonly note: string;
}

/** A batch system: its name, the variable of its task's index, and how the shard is read from them. */
interface System {
  readonly name: string;
  /** Its index variable: set only inside one of its array tasks, so it says which system this is. */
  readonly index: string;
  /** The array's size, when the system gives it. */
  readonly count: string | null;
  /** Slurm: the array's first id (and its step); a task's id counts from there. */
  readonly min?: string;
  readonly step?: string;
}

/** The systems, in the order the error lists them. */
export const BATCH_SYSTEMS: readonly System[] = [
  { name: 'Slurm', index: 'SLURM_ARRAY_TASK_ID', count: 'SLURM_ARRAY_TASK_COUNT', min: 'SLURM_ARRAY_TASK_MIN', step: 'SLURM_ARRAY_TASK_STEP' },
  { name: 'Kubernetes', index: 'JOB_COMPLETION_INDEX', count: null },
  { name: 'AWS Batch', index: 'AWS_BATCH_JOB_ARRAY_INDEX', count: 'AWS_BATCH_JOB_ARRAY_SIZE' },
  { name: 'Google Batch', index: 'BATCH_TASK_INDEX', count: 'BATCH_TASK_COUNT' },
  { name: 'Cloud Run', index: 'CLOUD_RUN_TASK_INDEX', count: 'CLOUD_RUN_TASK_COUNT' },
];

/** The most shards (as `--shard I/N` allows). */
const MAX_SHARDS = 1_000_000;
/** The largest task id or step read (Slurm's are below 4,000,000). */
const MAX_ID = 1_000_000_000;

/** Whether a --shard value asks for the batch system's task: `auto` or `auto/N`. */
export function isAutoShard(raw: string): boolean {
  return /^\s*auto\s*(\/|$)/i.test(raw);
}

/**
 * `--shard auto` (or `auto/N`) as the shard I/N the batch system's variables give. Exactly one
 * system's index variable must be set; N comes from its count variable, or from `auto/N` (Kubernetes
 * gives no count), and where both are there they must agree. Anything else is a UserError of one line.
 */
export function autoShard(raw: string, env: Env): AutoShard {
  const flag = `--shard ${raw.trim()}`;
  const m = /^\s*auto\s*(?:\/\s*(\S+?)\s*)?$/i.exec(raw);
  if (!m) throw new UserError(`${flag}: expected auto or auto/N (N the number of tasks), e.g. --shard auto/16`);
  const given = m[1] === undefined ? null : whole(m[1], `${flag}: N`, 1, MAX_SHARDS);
  const set = BATCH_SYSTEMS.filter((s) => env[s.index] !== undefined && env[s.index] !== '');
  if (set.length === 0) {
    throw new UserError(`${flag}: no batch system's task index is set (${BATCH_SYSTEMS.map((s) => s.index).join(', ')}); run it as an array task, or give --shard I/N`);
  }
  if (set.length > 1) {
    throw new UserError(`${flag}: the task indices of several batch systems are set (${set.map((s) => `${s.index}=${env[s.index]}`).join(', ')}); give --shard I/N`);
  }
  const sys = set[0];
  const value = (name: string) => `${name}=${env[name]}`;
  const read = (name: string, min: number, max: number) => whole(env[name]!, `${flag}: ${value(name)}`, min, max);
  const shown: string[] = [value(sys.index)];
  let offset = read(sys.index, 0, MAX_ID);
  if (sys.min !== undefined) offset = slurmOffset(sys, env, offset, flag, shown);
  let n = given;
  const counted = sys.count !== null && env[sys.count] !== undefined && env[sys.count] !== '';
  if (counted) {
    const count = read(sys.count!, 1, MAX_SHARDS);
    shown.push(value(sys.count!));
    if (given !== null && given !== count) throw new UserError(`${flag}: ${sys.name} runs ${count} tasks (${value(sys.count!)}), not ${given}; give --shard auto or auto/${count}`);
    n = count;
  }
  if (n === null) {
    const why = sys.count === null ? `${sys.name} does not give the number of tasks` : `${sys.count} is not set`;
    throw new UserError(`${flag}: ${why}; give it as --shard auto/N (N the number of tasks${sys.count === null ? ", the Job's completions" : ''})`);
  }
  if (offset >= n) throw new UserError(`${flag}: ${shown.join(', ')} makes task ${offset + 1} of ${n}; an index must be below the number of tasks`);
  const i = offset + 1;
  return { i, n, system: sys.name, note: `--shard auto: shard ${i}/${n} from ${sys.name} (${shown.join(', ')}${given !== null && !counted ? `, N=${given} given` : ''})` };
}

/** Slurm: the task's place in its array, from its id, the array's first id and its step (0-based). */
function slurmOffset(sys: System, env: Env, id: number, flag: string, shown: string[]): number {
  const minRaw = env[sys.min!];
  if (minRaw === undefined || minRaw === '') throw new UserError(`${flag}: ${sys.index}=${env[sys.index]} is set but ${sys.min} is not; give --shard I/N`);
  const min = whole(minRaw, `${flag}: ${sys.min}=${minRaw}`, 0, MAX_ID);
  shown.push(`${sys.min}=${minRaw}`);
  const stepRaw = env[sys.step!];
  const step = stepRaw === undefined || stepRaw === '' ? 1 : whole(stepRaw, `${flag}: ${sys.step}=${stepRaw}`, 1, MAX_ID);
  if (step !== 1) shown.push(`${sys.step}=${stepRaw}`);
  if (id < min || (id - min) % step !== 0) {
    throw new UserError(`${flag}: ${sys.index}=${env[sys.index]} is not on the array's range from ${sys.min}=${minRaw} in steps of ${step}; give --shard I/N`);
  }
  return (id - min) / step;
}

/** A whole number from min to max written in decimal digits, or a UserError that begins with `what`. */
function whole(raw: string, what: string, min: number, max: number): number {
  const t = raw.trim();
  const x = Number(t);
  if (!/^\d+$/.test(t) || !(x >= min && x <= max)) throw new UserError(`${what}: expected a whole number from ${min} to ${max}`);
  return x;
}
