// A callgrind profile of a node process, by JavaScript function: callgrind names only native code, so
// its per-instruction costs (--dump-instr=yes) are mapped to the functions V8 compiled through the
// perf map node writes with --perf-basic-prof (/tmp/perf-PID.map: start, size, name per code object).
// Used by icount.mjs --functions (docs/performance.md, "Measuring a change").
import { readFileSync } from 'node:fs';

/** The cost kinds a profile is split into: code that runs the games, and the engine's own work beside it. */
export const KINDS = ['JS', 'builtins', 'GC', 'compiler', 'other'];

/** The code objects of a perf map, sorted by start address; a later entry for the same place wins. */
export function readPerfMap(file) {
  const entries = [];
  let order = 0;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line);
    if (m) entries.push({ start: parseInt(m[1], 16), end: parseInt(m[1], 16) + parseInt(m[2], 16), name: m[3], order: order++ });
  }
  return entries.sort((a, b) => a.start - b.start);
}

function lookup(entries, addr) {
  let lo = 0;
  let hi = entries.length - 1;
  let at = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (entries[mid].start <= addr) {
      at = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  let found = null;
  // (code objects do not overlap unless one was freed and its place reused: the latest wins)
  for (let k = at; k >= 0 && k > at - 64; k--) {
    const e = entries[k];
    if (addr < e.end && (found === null || e.order > found.order)) found = e;
  }
  return found;
}

/** A function's name without the build's folder and the position in its file (the same function of two builds). */
function shortName(name) {
  return name.replace(/file:\/\/\S*?\/dist\//, '').replace(/:\d+:\d+$/, '');
}

function kindOf(name, mapped) {
  if (mapped) return name.startsWith('Builtin:') || name.startsWith('BytecodeHandler:') ? 'builtins' : 'JS';
  const fn = name.split('(')[0]; // (not the argument types)
  if (/compiler::|Compil|Zone|Turboshaft|maglev/i.test(fn)) return 'compiler';
  if (/Scaveng|Sweep|Marking|MarkCompact|Evacuat|heap::base|Heap::|GCTracer|MinorGC/.test(fn)) return 'GC';
  return 'other';
}

/**
 * A callgrind output's costs (the events `events`, summed) per function: JavaScript and builtins by the
 * perf map, native code by callgrind's own name. Returns Map(name → { kind, costs }).
 */
export function profileByFunction(callgrindFile, perfMapFile, events) {
  const entries = readPerfMap(perfMapFile);
  const out = new Map();
  let header = [];
  let positions = 1;
  let fn = '?';
  const fnNames = new Map();
  let last = 0;
  let callCost = false;
  for (const line of readFileSync(callgrindFile, 'utf8').split('\n')) {
    if (line.startsWith('positions:')) positions = line.slice(10).trim().split(/\s+/).length;
    else if (line.startsWith('events:')) header = line.slice(7).trim().split(/\s+/);
    else if (line.startsWith('fn=')) {
      const m = /^fn=\((\d+)\)(?: (.*))?$/.exec(line);
      if (m === null) fn = line.slice(3);
      else {
        if (m[2] !== undefined) fnNames.set(m[1], m[2]);
        fn = fnNames.get(m[1]) ?? '?';
      }
    } else if (line.startsWith('calls=')) callCost = true; // the next line is a call's inclusive cost, not this function's
    else if (/^(0x[0-9a-f]+|[+-]\d+|\*)/.test(line)) {
      const parts = line.split(' ');
      const p = parts[0];
      last = p.startsWith('0x') ? parseInt(p, 16) : p === '*' ? last : last + Number(p);
      if (callCost) {
        callCost = false;
        continue;
      }
      const code = lookup(entries, last);
      const name = code === null ? fn : shortName(code.name);
      let f = out.get(name);
      if (f === undefined) out.set(name, (f = { kind: kindOf(name, code !== null), costs: Object.fromEntries(events.map((e) => [e, 0])) }));
      for (let i = positions; i < parts.length; i++) {
        const e = header[i - positions];
        if (e in f.costs) f.costs[e] += Number(parts[i]) || 0;
      }
    }
  }
  return out;
}

/** `a` minus `b`, divided by `n`: the functions' costs per game between two runs of the same build. */
export function perGame(a, b, n, events) {
  const out = new Map();
  for (const [name, f] of a) {
    const g = b.get(name);
    out.set(name, { kind: f.kind, costs: Object.fromEntries(events.map((e) => [e, (f.costs[e] - (g?.costs[e] ?? 0)) / n])) });
  }
  return out;
}
