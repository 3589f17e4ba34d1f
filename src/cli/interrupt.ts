// Ctrl-C (SIGINT) as an AbortSignal: the first stops the work, which then reports what finished; a
// second kills the process, as the handler is installed once and the default action is then back.
export async function interruptible<T>(work: (signal: AbortSignal) => Promise<T>, also?: AbortSignal): Promise<T> {
  const interrupt = new AbortController();
  const stop = () => interrupt.abort();
  process.once('SIGINT', stop);
  also?.addEventListener('abort', stop);
  if (also?.aborted) stop();
  try {
    return await work(interrupt.signal);
  } finally {
    process.removeListener('SIGINT', stop);
    also?.removeEventListener('abort', stop);
  }
}
