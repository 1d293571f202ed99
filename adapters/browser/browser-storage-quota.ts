import type { StorageEstimate, StorageQuota } from '../../core/ports/storage-quota';

type EstimateSource = { storage?: { estimate?: () => Promise<{ usage?: number; quota?: number }> } };

/** StorageQuota on navigator.storage.estimate() (spec catalogue §9); undefined where it is missing or fails. */
export class BrowserStorageQuota implements StorageQuota {
  constructor(private readonly nav: EstimateSource | undefined = typeof navigator === 'undefined' ? undefined : (navigator as EstimateSource)) {}

  async estimate(): Promise<StorageEstimate | undefined> {
    const estimate = this.nav?.storage?.estimate;
    if (typeof estimate !== 'function') return undefined;
    try {
      const e = await estimate.call(this.nav!.storage);
      if (typeof e?.usage !== 'number' || typeof e.quota !== 'number' || !Number.isFinite(e.usage) || !Number.isFinite(e.quota)) return undefined;
      return { usage: e.usage, quota: e.quota };
    } catch {
      return undefined;
    }
  }
}

/** The server and tests: nothing is known about a quota. */
export class UnknownStorageQuota implements StorageQuota {
  async estimate(): Promise<StorageEstimate | undefined> {
    return undefined;
  }
}
