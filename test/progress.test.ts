// Issue 31: the progress bar shows from the first second, and its rate and ETA only once measured over
// enough games and time (a first chunk reported a moment after the bar was made gave "40,000,000
// games/s  ETA 0s"); the rate is the recent one, so the ETA follows the expected work.
import { describe, expect, it } from 'vitest';
import { progressBar } from '../src/cli/progress.js';

function terminal() {
  const lines: string[] = [];
  const stream = { isTTY: true, columns: 120, write: (s: string) => void lines.push(s) } as unknown as NodeJS.WriteStream;
  return { stream, last: () => lines.filter((l) => l.trim() !== '\r\x1b[K').at(-1) ?? '' };
}

describe('progress bar', () => {
  it('a first chunk reported at once shows no rate and no ETA, only the time spent', () => {
    const t = terminal();
    const bar = progressBar(100_000, t.stream, true);
    bar.update(26_000);
    expect(t.last()).toMatch(/26,000\/100,000 games {2}0s elapsed/);
    expect(t.last()).not.toMatch(/games\/s|ETA/);
    bar.end();
  });

  it('after enough games and time: the rate since the start, and the ETA of the games left at it', () => {
    const t = terminal();
    const bar = progressBar(100_000, t.stream, true, { start: performance.now() - 5000, etaNote: ' at most' });
    bar.update(10_000);
    expect(t.last()).toMatch(/10,000\/100,000 games {2}(1,99\d|2,000) games\/s {2}ETA 4[45]s at most/);
    bar.end();
  });

  it('nothing is written when the stream is not a terminal', () => {
    const lines: string[] = [];
    const bar = progressBar(100, { isTTY: false, write: (s: string) => void lines.push(s) } as unknown as NodeJS.WriteStream, true);
    bar.update(50);
    bar.end();
    expect(lines).toEqual([]);
  });
});
