/** How much of the storage quota is used (spec catalogue §8, §9): navigator.storage.estimate(), else undefined. */
export interface StorageEstimate {
  /** bytes used */
  readonly usage: number;
  /** bytes available in all */
  readonly quota: number;
}

export interface StorageQuota {
  estimate(): Promise<StorageEstimate | undefined>;
}
