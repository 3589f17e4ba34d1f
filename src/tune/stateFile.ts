// The --state file of `mafia-sim tune`: every finished unit of play (a halving stage, a confirmation),
// so that a tune stopped at any point and started again with the same --state replays its decisions
// from the file and plays only what is missing. Rewritten whole after each unit through a temp file
// renamed into place: the file is always one whole state, never half of one.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { UserError } from '../errors.js';
import type { UnitCache, UnitResult } from './tune.js';

export const STATE_FORMAT = 1;

/** What the units' results depend on beyond their own arms and games: they must match to be reused. */
export interface StateKey {
  readonly setup: string;
  readonly overrides: readonly string[];
  readonly seed: string;
}

/** Which command's units a state file keeps (a tune's file is no equilibrium's). */
export type StateKind = 'tune-state' | 'equilibrium-state';

interface StateData {
  readonly format: number;
  readonly kind: StateKind;
  readonly key: StateKey;
  readonly units: Record<string, UnitResult>;
}

export function openStateFile(path: string, key: StateKey, kind: StateKind = 'tune-state'): UnitCache & { readonly resumed: number } {
  const what = kind === 'tune-state' ? 'tune' : 'equilibrium';
  let units: Record<string, UnitResult> = {};
  if (existsSync(path)) {
    let data: StateData;
    try {
      data = JSON.parse(readFileSync(path, 'utf8')) as StateData;
    } catch (e) {
      throw new UserError(`--state ${path}: not a ${what} state file (${(e as Error).message.split('\n')[0]})`);
    }
    if (data === null || typeof data !== 'object' || data.kind !== kind || data.format !== STATE_FORMAT || typeof data.units !== 'object' || data.units === null) {
      throw new UserError(`--state ${path}: not a ${what} state file of format ${STATE_FORMAT}`);
    }
    if (JSON.stringify(data.key) !== JSON.stringify(key)) {
      const was = `--setup ${data.key.setup}${data.key.overrides.map((o) => ` --option ${o}`).join('')} --seed ${data.key.seed}`;
      throw new UserError(`--state ${path}: made by a ${what} of ${was}, not this one; use another file or the same setup, options and seed`);
    }
    units = data.units;
  }
  const resumed = Object.keys(units).length;
  return {
    resumed,
    get: (id) => units[id],
    put(id, r) {
      units = { ...units, [id]: r };
      const tmp = `${path}.tmp-${process.pid}`;
      const body: StateData = { format: STATE_FORMAT, kind, key, units };
      writeFileSync(tmp, JSON.stringify(body) + '\n');
      renameSync(tmp, path);
    },
  };
}
