// How V8 should treat a simulator's garbage: every game makes thousands of small objects that die with
// it, and none of them should be allocated in the old generation (docs/performance.md: "Allocation-site
// pretenuring"). V8's flags are per process, so the first call decides for every thread.
import { setFlagsFromString } from 'node:v8';

let tuned = false;

/** Turns off allocation-site pretenuring, once per process, before games are played. */
export function tuneHeapForGames(): void {
  if (tuned) return;
  tuned = true;
  setFlagsFromString('--no-allocation-site-pretenuring');
}
