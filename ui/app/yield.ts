/**
 * Ends the current task and resumes in a new one, so the browser can paint and handle input in between: the start-up's
 * steps each stay a short task instead of adding up to one long one. `scheduler.yield()` where the browser has it
 * (the continuation keeps its place ahead of other queued tasks), else a macrotask through a MessageChannel (not
 * clamped like a nested setTimeout).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
