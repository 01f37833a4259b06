/**
 * A local stand-in for a stream trigger (LOCAL-STACK.md trap 3: dynalite has no
 * streams): runs `run` at once, then again after the delay in milliseconds it returns,
 * measured from the end of the previous run, so two runs never overlap. `run` must not
 * throw (it logs its own failures and returns a longer pause). The timer never keeps
 * a process alive on its own.
 */
export function startPoller(run: () => Promise<number>): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().then((next) => {
        running = undefined;
        schedule(next);
      });
    }, delay);
    timer.unref();
  };
  schedule(0);
  return {
    /** Stops polling; resolves once a run in progress has finished. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/** An error as one log-line fragment: `Name: message`. */
export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
