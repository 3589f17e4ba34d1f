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
/** The rate (and so the ETA) is shown once this many games were played over at least MEASURE_MS. */
const MEASURE_GAMES = 4000;
const MEASURE_MS = 2000;
/** The rate is measured over about this last stretch, so that a slow start (threads warming up) fades out. */
const WINDOW_MS = 10_000;
/** Until the first report, the line shows the time spent, redrawn every second. */
const TICK_MS = 1000;

/**
 * A bar on `stream` when it is a terminal and `enabled`; otherwise nothing is written. `start` is when
 * the work began (its rate counts from there); `etaNote` follows the ETA (tune: what it is estimated from).
 * Rate and ETA are shown once measured over enough games (MEASURE_GAMES, MEASURE_MS), never from a first
 * chunk reported a moment after the bar was made.
 */
export function progressBar(total: number, stream: NodeJS.WriteStream, enabled: boolean, opts: { start?: number; etaNote?: string } = {}): Progress {
  if (!enabled || stream.isTTY !== true || total <= 0) return SILENT;
  const start = opts.start ?? performance.now();
  let last = -Infinity;
  let shown = false;
  let ended = false;
  const samples: [number, number][] = [[start, 0]];
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
  const draw = (done: number, detail?: { readonly share: number; readonly text: string }) => {
    const now = performance.now();
    const share = Math.min(1, detail?.share ?? done / total);
    const elapsed = Math.max(1e-3, (now - start) / 1000);
    while (samples.length > 2 && now - samples[1][0] > WINDOW_MS) samples.shift();
    const [t0, d0] = samples[0];
    const measured = done >= MEASURE_GAMES && now - start >= MEASURE_MS && now > t0 && done > d0;
    const rate = measured ? ((done - d0) * 1000) / (now - t0) : 0;
    // The ETA: the games left at the recent rate (a fuzz --time budget: the time left).
    const eta = detail !== undefined ? (share > 0 ? (elapsed * (1 - share)) / share : Infinity) : (total - done) / rate;
    const timing = measured ? `  ${fmt(rate)} games/s  ETA ${duration(eta)}${opts.etaNote ?? ''}` : `  ${duration(elapsed)} elapsed`;
    const stats = `${detail?.text ?? `${fmt(done)}/${fmt(total)} games`}${timing}`;
    const columns = stream.columns || 80;
    const width = Math.max(10, Math.min(40, columns - stats.length - 8));
    const filled = Math.round(share * width);
    const line = `${String(Math.floor(100 * share)).padStart(3)}% ${'█'.repeat(filled)}${'░'.repeat(width - filled)} ${stats}`;
    stream.write(`\r${line.slice(0, columns - 1)}\x1b[K`);
    shown = true;
  };
  let latest: { done: number; detail?: { readonly share: number; readonly text: string } } = { done: 0 };
  // Shown from the first second, before any game is counted; unref'd, so it never keeps the process up.
  const tick = setInterval(() => {
    if (!ended && performance.now() - last >= TICK_MS) {
      last = performance.now();
      draw(latest.done, latest.detail);
    }
  }, TICK_MS);
  tick.unref();
  return {
    update(done, detail) {
      latest = { done, detail };
      const now = performance.now();
      if (done > samples[samples.length - 1][1]) samples.push([now, done]);
      if (now - last < REDRAW_MS && (detail?.share ?? done / total) < 1) return;
      last = now;
      draw(done, detail);
    },
    end() {
      ended = true;
      clearInterval(tick);
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
 * Plays `play` with a bar on stderr: it counts from the start of the play, shows from its first second,
 * takes its total from the first report of progress, and is ended however the play ends.
 */
export async function withProgress<T>(enabled: boolean, play: (onProgress: (done: number, total: number) => void) => Promise<T>, etaNote?: string): Promise<T> {
  const start = performance.now();
  let progress: Progress | null = null;
  let total = 0;
  // Before the first report, the elapsed time (the total is not known yet).
  const waiting = enabled && process.stderr.isTTY === true ? setInterval(() => process.stderr.write(`\r  0% starting  ${duration((performance.now() - start) / 1000)} elapsed\x1b[K`), TICK_MS) : null;
  waiting?.unref();
  const stopWaiting = () => {
    if (waiting !== null) {
      clearInterval(waiting);
      if (progress === null) process.stderr.write('\r\x1b[K');
    }
  };
  try {
    return await play((done, t) => {
      if (progress === null || t !== total) {
        stopWaiting();
        progress?.end();
        total = t;
        progress = progressBar(t, process.stderr, enabled, { start, etaNote });
      }
      progress.update(done);
    });
  } finally {
    stopWaiting();
    (progress as Progress | null)?.end();
  }
}
