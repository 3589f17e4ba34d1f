// `mafia-sim run`: play a batch of seeded games and report the tables (or JSON).
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { runBatch } from '../runner/batch.js';
import { buildReport, type Report } from '../report/report.js';
import { jobFrom, parseCount, type JobFlags } from './common.js';

export interface RunFlags extends JobFlags {
  games: string;
  gamesOut?: string;
  check?: boolean;
  strict?: boolean;
}

export function runCommand(flags: RunFlags): Report {
  const games = parseCount('--games', flags.games, 1);
  const job = jobFrom(flags);
  const out = flags.gamesOut ? openRecordFile(flags.gamesOut) : null;
  try {
    const tally = runBatch(job, {
      from: 0,
      to: games,
      check: flags.check,
      strict: flags.strict,
      onRecord: out ? (r) => out.write(JSON.stringify(r) + '\n') : undefined,
    });
    out?.commit();
    return buildReport(job, tally, { first: 0, end: games, partial: false });
  } finally {
    out?.abort();
  }
}

/** Streams lines to FILE.partial and renames it to FILE when the run completes: nothing half-written. */
function openRecordFile(path: string) {
  const tmp = `${path}.partial`;
  const fd = openSync(tmp, 'w');
  let buffer = '';
  let open = true;
  const flush = () => {
    if (buffer) writeSync(fd, buffer);
    buffer = '';
  };
  return {
    write(line: string) {
      buffer += line;
      if (buffer.length > 1 << 16) flush();
    },
    commit() {
      flush();
      closeSync(fd);
      open = false;
      renameSync(tmp, path);
    },
    abort() {
      if (!open) return;
      closeSync(fd);
      open = false;
      rmSync(tmp, { force: true });
    },
  };
}
