/**
 * Readiness (`GET /readyz`): this worker has warmed up, the API answers within its timeout and the output cache's
 * store answers (when it has one to ask). An answer is kept `cacheMs` (in flight too), so a load balancer probing every
 * second costs at most one API call per second per worker.
 */
export interface ReadinessCheck {
  /** what the 503 names when the check fails */
  readonly name: string;
  /** resolves when the dependency answers; rejects, or does not resolve within the timeout, when it does not */
  run(signal: AbortSignal): Promise<void>;
}

export class Readiness {
  private last: { at: number; answer: Promise<string | undefined> } | undefined;
  private warm = false;

  constructor(
    private readonly checks: readonly ReadinessCheck[],
    private readonly timeoutMs: number,
    private readonly now: () => number = Date.now,
    private readonly cacheMs = 1000,
  ) {}

  warmedUp(): void {
    this.warm = true;
  }

  /** undefined: ready; else a short reason for the 503 */
  problem(): Promise<string | undefined> {
    if (!this.warm) return Promise.resolve('warming up');
    const t = this.now();
    if (!this.last || t - this.last.at >= this.cacheMs) this.last = { at: t, answer: this.runChecks() };
    return this.last.answer;
  }

  private async runChecks(): Promise<string | undefined> {
    const failed = await Promise.all(this.checks.map((check) => {
      const signal = AbortSignal.timeout(this.timeoutMs);
      const timedOut = new Promise<never>((_, reject) => signal.addEventListener('abort', reject, { once: true }));
      return Promise.race([check.run(signal), timedOut]).then(() => [], () => [check.name]);
    }));
    const names = failed.flat();
    return names.length ? `not answering: ${names.join(', ')}` : undefined;
  }
}

/** The API answers: any status below 500 to a GET of its root (the demo backend's names itself; no catalogue read). */
export function apiCheck(apiUrl: string): ReadinessCheck {
  const root = apiUrl.replace(/\/*$/, '/');
  return {
    name: 'api',
    async run(signal) {
      const res = await fetch(root, { signal, headers: { accept: 'application/json' } });
      await res.body?.cancel();
      if (res.status >= 500) throw new Error(`api answered ${res.status}`);
    },
  };
}

/** An output cache that can be asked whether its store answers (RedisOutputCache: PING). */
export function storeCheck(cache: unknown): ReadinessCheck | undefined {
  const store = cache as { ping?: () => Promise<unknown> } | undefined;
  if (typeof store?.ping !== 'function') return undefined;
  return { name: 'output cache', run: async () => void (await store.ping!()) };
}
