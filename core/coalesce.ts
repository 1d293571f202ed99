/**
 * `run`, one call at a time: a call made while one runs waits for that run and asks for one more after it (the work
 * it wants done may have come too late for the running one). Runs never overlap; the calls made meanwhile make one.
 */
export function coalesce(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await run();
      } while (again);
    })().finally(() => (running = null));
    return running;
  };
}
