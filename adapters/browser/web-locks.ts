import type { TabLocks } from '../../core/ports/cross-tab';
import { InProcessLocks } from '../../core/tabs/single-tab';

/** The part of the Web Locks API (navigator.locks) used here. */
export interface LockManagerLike {
  request<T>(name: string, options: { mode: 'exclusive' }, callback: () => Promise<T>): Promise<T>;
}

/** Browser-wide exclusive locks through the Web Locks API (released when a tab dies); without it, this tab's only. */
export class WebLocks implements TabLocks {
  private readonly fallback = new InProcessLocks();
  constructor(private readonly manager = globalThis.navigator?.locks as unknown as LockManagerLike | undefined) {}

  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T> {
    if (!this.manager) return this.fallback.exclusive(name, fn);
    return this.manager.request(name, { mode: 'exclusive' }, () => fn());
  }
}
