import { once } from 'node:events';
import { LRUCache } from 'lru-cache';

/** A dependency `GET /readyz` asks: `run` rejects when it does not answer; `signal` aborts it after the timeout. */
export type ReadinessCheck = { readonly name: string; run(signal: AbortSignal): Promise<unknown> };

/**
 * Readiness: this worker has warmed up and every check answers within `timeoutMs`. An answer is kept a second (in
 * flight too), so a load balancer probing every second costs at most one API call per second per worker.
 */
export function readiness(checks: readonly ReadinessCheck[], timeoutMs: number, now: () => number = Date.now) {
  let warm = false;
  // '' is ready
  const answer = new LRUCache<'checks', string>({ max: 1, ttl: 1000, ttlResolution: 0, perf: { now }, fetchMethod });
  async function fetchMethod() {
    // a check that ignores its signal (a PING queued while Redis reconnects) still fails on time, never hangs /readyz
    const answered = (check: ReadinessCheck, signal = AbortSignal.timeout(timeoutMs)) =>
      Promise.race([check.run(signal), once(signal, 'abort').then(() => Promise.reject(signal.reason))]);
    const failed = await Promise.all(checks.map((check) => answered(check).then(() => [], () => [check.name])));
    return failed.flat().length ? `not answering: ${failed.flat().join(', ')}` : '';
  }
  return {
    warmedUp: () => void (warm = true),
    /** undefined: ready; else a short reason for the 503 */
    problem: async () => (warm ? (await answer.fetch('checks')) || undefined : 'warming up'),
  };
}

/** The API answers: any status below 500 to a GET of its root (the demo backend's names itself; no catalogue read). */
export function apiCheck(apiUrl: string): ReadinessCheck {
  return {
    name: 'api',
    async run(signal) {
      // a redirect is an answer: followed, one probe would become 21 requests or a probe of another host
      const init = { signal, redirect: 'manual', headers: { accept: 'application/json' } } as const;
      const res = await fetch(apiUrl.replace(/\/*$/, '/'), init);
      await res.body?.cancel();
      if (res.status >= 500) throw new Error(`api answered ${res.status}`);
    },
  };
}
