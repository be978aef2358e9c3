/**
 * Runs `job` every `intervalMs`, never two at once (a run still going skips the tick); errors go to onError. The
 * timer never keeps the process up. Answers a stop function.
 */
export function startIntervalJob(
  job: () => Promise<unknown>,
  opts: { intervalMs: number; onError?: (err: unknown) => void },
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    job()
      .catch((err: unknown) => opts.onError?.(err))
      .finally(() => {
        running = false;
      });
  }, opts.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
