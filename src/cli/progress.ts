// A one-line progress bar on stderr (games done, games/s, ETA), for terminals only. The clock it reads
// is for this display alone: nothing timed ever reaches a report.

export interface Progress {
  /**
   * `done` games so far; `detail` (fuzz) says what share of the budget is spent (games or time) and
   * what to show before the rate instead of "done/total games".
   */
  update(done: number, detail?: { readonly share: number; readonly text: string }): void;
  /** Clears the line. */
  end(): void;
}

const SILENT: Progress = { update: () => {}, end: () => {} };
const REDRAW_MS = 100;

/** A bar on `stream` when it is a terminal and `enabled`; otherwise nothing is written. */
export function progressBar(total: number, stream: NodeJS.WriteStream, enabled: boolean): Progress {
  if (!enabled || stream.isTTY !== true || total <= 0) return SILENT;
  const start = performance.now();
  let last = -Infinity;
  let shown = false;
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
  return {
    update(done, detail) {
      const now = performance.now();
      const share = Math.min(1, detail?.share ?? done / total);
      if (now - last < REDRAW_MS && share < 1) return;
      last = now;
      const elapsed = Math.max(1e-3, (now - start) / 1000);
      const rate = done / elapsed;
      const eta = share > 0 ? (elapsed * (1 - share)) / share : Infinity;
      const stats = `${detail?.text ?? `${fmt(done)}/${fmt(total)} games`}  ${fmt(rate)} games/s  ETA ${duration(eta)}`;
      const columns = stream.columns || 80;
      const width = Math.max(10, Math.min(40, columns - stats.length - 8));
      const filled = Math.round(share * width);
      const line = `${String(Math.floor(100 * share)).padStart(3)}% ${'█'.repeat(filled)}${'░'.repeat(width - filled)} ${stats}`;
      stream.write(`\r${line.slice(0, columns - 1)}\x1b[K`);
      shown = true;
    },
    end() {
      if (shown) stream.write('\r\x1b[K');
      shown = false;
    },
  };
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/**
 * Plays `play` with a bar on stderr made at the first report of progress (when the total is known),
 * and ended however the play ends.
 */
export async function withProgress<T>(enabled: boolean, play: (onProgress: (done: number, total: number) => void) => Promise<T>): Promise<T> {
  let progress: Progress | null = null;
  try {
    return await play((done, total) => (progress ??= progressBar(total, process.stderr, enabled)).update(done));
  } finally {
    (progress as Progress | null)?.end();
  }
}
