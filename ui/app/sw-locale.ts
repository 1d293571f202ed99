/** Tells the service worker the shopper's locale (a browser without the Cookie Store API); waits `waitMs` at most. */
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
