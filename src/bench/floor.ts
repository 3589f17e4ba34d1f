// The floor probe (`../shared/bench/floor.mjs` beside the checkout, or $MAFIA_FLOOR_PROBE): a bare
// 12-seat random loop, the yardstick of the floor share (the engine's random game against it). Used by `npm run bench` and by
// `npm run bench:pair -- REF --floor` (scripts/perf/pair.mjs).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FLOOR_GAMES = 300_000;
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The probe's path, if it is there. */
export function floorProbe(): string | null {
  const path = process.env.MAFIA_FLOOR_PROBE ?? fileURLToPath(new URL('../../../../shared/bench/floor.mjs', import.meta.url));
  return existsSync(path) ? path : null;
}

/** Games per second of the probe's first line (per-game seeded alea), run from the project root. */
export function measureFloor(path: string): number {
  const out = execFileSync(process.execPath, [path, String(FLOOR_GAMES)], { encoding: 'utf8', cwd: ROOT });
  const m = /(\d+) games\/s/.exec(out.split('\n')[0]);
  if (!m) throw new Error(`floor probe: unexpected output: ${out.split('\n')[0]}`);
  return Number(m[1]);
}
