/**
 * Readiness (`GET /readyz`): this worker can serve shoppers when it has warmed up, the API answers within its timeout
 * and the output cache's store answers (when it has one to ask). The answer is kept `cacheMs` (in flight too), so a
 * load balancer probing every second costs at most one API call per second per worker.
 */
export interface ReadinessCheck {
  /** what the 503 names when the check fails */
  readonly name: string;
  /** resolves when the dependency answers; rejects (or never resolves within timeoutMs) when it does not */
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

  /** this worker finished its warm-up (until then it is not ready, whatever the checks say) */
  warmedUp(): void {
    this.warm = true;
  }

  /** undefined: ready; else a short reason for the 503 */
  problem(): Promise<string | undefined> {
    if (!this.warm) return Promise.resolve('warming up');
    const t = this.now();
    if (this.last && t - this.last.at < this.cacheMs) return this.last.answer;
    const answer = this.runChecks();
    this.last = { at: t, answer };
    return answer;
  }

  private async runChecks(): Promise<string | undefined> {
    const failed = await Promise.all(
      this.checks.map(async (check) => {
        const signal = AbortSignal.timeout(this.timeoutMs);
        const timedOut = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('timeout')), { once: true }));
        try {
          await Promise.race([check.run(signal), timedOut]);
          return undefined;
        } catch {
          return check.name;
        }
      }),
    );
    const names = failed.filter((n): n is string => n !== undefined);
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
  const ping = (cache as { ping?: unknown } | undefined)?.ping;
  if (typeof ping !== 'function') return undefined;
  return { name: 'output cache', run: async () => void (await (ping as () => Promise<unknown>).call(cache)) };
}
