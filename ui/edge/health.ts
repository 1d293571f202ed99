import { LRUCache } from 'lru-cache';

/** A dependency `GET /readyz` asks: `run` rejects, or does not resolve in time, when it does not answer. */
export interface ReadinessCheck {
  /** what the 503 names when the check fails */
  readonly name: string;
  run(signal: AbortSignal): Promise<void>;
}

/**
 * Readiness: this worker has warmed up and every check answers within `timeoutMs`. An answer is kept a second (in
 * flight too), so a load balancer probing every second costs at most one API call per second per worker.
 */
export class Readiness {
  private warm = false;
  /** '' is ready */
  private readonly answer: LRUCache<'checks', string>;

  constructor(checks: readonly ReadinessCheck[], timeoutMs: number, now: () => number = Date.now) {
    this.answer = new LRUCache({ max: 1, ttl: 1000, ttlResolution: 0, perf: { now }, fetchMethod: async () => {
      const failed = await Promise.all(checks.map((check) => {
        const signal = AbortSignal.timeout(timeoutMs);
        const timedOut = new Promise<never>((_, reject) => signal.addEventListener('abort', reject, { once: true }));
        return Promise.race([check.run(signal), timedOut]).then(() => [], () => [check.name]);
      }));
      return failed.flat().length ? `not answering: ${failed.flat().join(', ')}` : '';
    } });
  }

  warmedUp(): void {
    this.warm = true;
  }

  /** undefined: ready; else a short reason for the 503 */
  async problem(): Promise<string | undefined> {
    return this.warm ? (await this.answer.fetch('checks')) || undefined : 'warming up';
  }
}

/** The API answers: any status below 500 to a GET of its root (the demo backend's names itself; no catalogue read). */
export function apiCheck(apiUrl: string): ReadinessCheck {
  return {
    name: 'api',
    async run(signal) {
      const res = await fetch(apiUrl.replace(/\/*$/, '/'), { signal, headers: { accept: 'application/json' } });
      await res.body?.cancel();
      if (res.status >= 500) throw new Error(`api answered ${res.status}`);
    },
  };
}

/** An output cache that can be asked whether its store answers (RedisOutputCache: PING). */
export function storeCheck(cache: unknown): ReadinessCheck | undefined {
  const store = cache as { ping?: () => Promise<unknown> } | undefined;
  return store?.ping ? { name: 'output cache', run: async () => void (await store.ping!()) } : undefined;
}
