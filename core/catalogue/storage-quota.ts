/**
 * Local storage quota (spec catalogue §8, §9 "checked every 30 s"; transactions §8): when the storage is nearly full,
 * or a write is refused for the quota, the product and URL caches are cleared (never the shopper's own data).
 */
import type { ShopConfig } from '../config';
import type { Logger } from '../ports/logger';
import type { Scheduler, TimerHandle } from '../ports/scheduler';
import { STORAGE_COLLECTIONS, StorageQuotaError, type Storage } from '../ports/storage';
import type { StorageEstimate, StorageQuota } from '../ports/storage-quota';

/** spec catalogue §9: true when the estimate says the storage is (nearly) full; an unknown estimate is never full. */
export function storageNearlyFull(estimate: StorageEstimate | undefined, config: Pick<ShopConfig, 'cache'>): boolean {
  if (!estimate || !(estimate.quota > 0) || !Number.isFinite(estimate.usage)) return false;
  return estimate.usage / estimate.quota >= config.cache.quotaNearlyFullRatio;
}

/** spec catalogue §8: clear the product and URL caches of a Storage (errors of a single clear are swallowed). */
export async function clearCatalogueCaches(storage: Storage): Promise<void> {
  const collections = [STORAGE_COLLECTIONS.products, STORAGE_COLLECTIONS.urlCache];
  await Promise.all(collections.map((c) => storage.clear(c).catch(() => undefined)));
}

export class StorageQuotaMonitor {
  private timer: TimerHandle | undefined;
  private running: Promise<boolean> | undefined;

  constructor(
    private readonly quota: StorageQuota,
    private readonly scheduler: Scheduler,
    /** what the monitor clears: the CatalogueCache */
    private readonly cache: { clearForQuota(): Promise<void> },
    private readonly config: Pick<ShopConfig, 'cache'>,
    private readonly logger?: Logger,
  ) {}

  /** Check now and then every config.cache.quotaCheckIntervalMs (30 s). Calling start twice keeps one timer. */
  start(): void {
    if (this.timer) return;
    this.timer = this.scheduler.every(this.config.cache.quotaCheckIntervalMs, () => void this.check());
    void this.check();
  }

  stop(): void {
    this.timer?.cancel();
    this.timer = undefined;
  }

  /** One check: true when the caches were cleared. A check still running is not started again. */
  check(): Promise<boolean> {
    this.running ??= this.checkOnce().finally(() => (this.running = undefined));
    return this.running;
  }

  private async checkOnce(): Promise<boolean> {
    const estimate = await this.quota.estimate().catch((e: unknown) => {
      this.logger?.debug('storage estimate failed', 'cache', String(e));
      return undefined;
    });
    if (!storageNearlyFull(estimate, this.config)) return false;
    this.logger?.warn('Local storage nearly full: clearing the product and URL caches', 'cache', estimate);
    await this.cache.clearForQuota();
    return true;
  }
}

/**
 * spec transactions §8 "Storage quota: URL cache cleared": a write refused for the quota clears the catalogue caches
 * and is retried once. A second refusal is raised (the caller logs it), any other error is raised unchanged.
 */
export class QuotaGuardedStorage implements Storage {
  constructor(
    private readonly inner: Storage,
    /** onQuotaExceeded: what to clear on a quota error; default: the product and URL caches of the wrapped storage */
    private readonly options: { onQuotaExceeded?: () => Promise<void>; logger?: Logger } = {},
  ) {}

  get<T>(collection: string, key: string): Promise<T | undefined> {
    return this.inner.get<T>(collection, key);
  }

  async set<T>(collection: string, key: string, value: T): Promise<void> {
    try {
      await this.inner.set(collection, key, value);
    } catch (e) {
      if (!(e instanceof StorageQuotaError)) throw e;
      this.options.logger?.warn('Storage quota exceeded: clearing the catalogue caches and writing again', 'storage', { collection, key });
      await (this.options.onQuotaExceeded ? this.options.onQuotaExceeded() : clearCatalogueCaches(this.inner));
      await this.inner.set(collection, key, value);
    }
  }

  remove(collection: string, key: string): Promise<void> {
    return this.inner.remove(collection, key);
  }
  keys(collection: string): Promise<string[]> {
    return this.inner.keys(collection);
  }
  entries<T>(collection: string): Promise<Array<[string, T]>> {
    return this.inner.entries<T>(collection);
  }
  clear(collection: string): Promise<void> {
    return this.inner.clear(collection);
  }
}
