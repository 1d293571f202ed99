/**
 * Tells the shop's service worker the shopper's locale: the worker keeps pages per locale, reading the
 * `locale` cookie with the Cookie Store API; a browser without that API has only what the pages tell it. Answers
 * once the worker confirmed, or after `waitMs` (no worker, an old worker that does not answer).
 */
export function tellWorkerLocale(locale: string, waitMs = 500): Promise<void> {
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  if (!worker) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, waitMs);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage({ type: 'LOCALE', locale }, [channel.port2]);
  });
}
