// Ctrl-C (SIGINT) or SIGTERM (what a job runner sends at its time limit) as an AbortSignal: the first
// stops the work, which then reports what finished; a second kills the process, as the handlers are
// installed once and the default action is then back.
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

export async function interruptible<T>(work: (signal: AbortSignal) => Promise<T>, also?: AbortSignal): Promise<T> {
  const interrupt = new AbortController();
  const stop = () => {
    for (const s of STOP_SIGNALS) process.removeListener(s, stop);
    interrupt.abort();
  };
  for (const s of STOP_SIGNALS) process.once(s, stop);
  also?.addEventListener('abort', stop);
  if (also?.aborted) stop();
  try {
    return await work(interrupt.signal);
  } finally {
    for (const s of STOP_SIGNALS) process.removeListener(s, stop);
    also?.removeEventListener('abort', stop);
  }
}
