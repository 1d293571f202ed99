import { NEVER, type Observable } from 'rxjs';
import type { CrossTab, CrossTabMessage, TabLocks } from '../ports/cross-tab';

/** No other tabs (the server, a single-tab test, a browser without BroadcastChannel/storage events). */
export class NoOtherTabs implements CrossTab {
  readonly messages$: Observable<CrossTabMessage> = NEVER;
  publish(): void {}
}

/**
 * Named locks inside one JavaScript realm, FIFO per name: one tab (server, tests), the browser without Web Locks,
 * and shared between two service graphs the headless tests' two tabs.
 */
export class InProcessLocks implements TabLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const before = this.tails.get(name) ?? Promise.resolve();
    const run = before.then(fn);
    const tail = run.catch(() => undefined);
    this.tails.set(name, tail);
    void tail.then(() => {
      if (this.tails.get(name) === tail) this.tails.delete(name);
    });
    return run;
  }
}
