/**
 * How much of the local storage quota is used (spec catalogue §9 "Local storage quota is checked every 30 s", §8).
 * In the browser this is navigator.storage.estimate(); where nothing is known (the server, old browsers) it answers undefined.
 */
export interface StorageEstimate {
  /** bytes used */
  readonly usage: number;
  /** bytes available in all */
  readonly quota: number;
}

export interface StorageQuota {
  estimate(): Promise<StorageEstimate | undefined>;
}
