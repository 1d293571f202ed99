import type { StorageEstimate, StorageQuota } from '../../core/ports/storage-quota';

type EstimateSource = { storage?: { estimate?: () => Promise<{ usage?: number; quota?: number }> } };

/** StorageQuota on navigator.storage.estimate() (spec catalogue §9); undefined where it is missing or fails. */
export class BrowserStorageQuota implements StorageQuota {
  constructor(private readonly nav: EstimateSource | undefined = typeof navigator === 'undefined' ? undefined : (navigator as EstimateSource)) {}

  async estimate(): Promise<StorageEstimate | undefined> {
    try {
      // a figure left out is NaN: not known
      const { usage = NaN, quota = NaN } = (await this.nav?.storage?.estimate?.()) ?? {};
      return Number.isFinite(usage) && Number.isFinite(quota) ? { usage, quota } : undefined;
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
