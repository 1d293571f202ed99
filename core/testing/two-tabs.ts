import { Subject, type Observable } from 'rxjs';
import type { CrossTab, CrossTabMessage } from '../ports/cross-tab';
import { InProcessLocks } from '../tabs/single-tab';

/**
 * A fake browser for headless multi-tab tests: tabs share one lock set and one broadcast bus. A message reaches the
 * other tabs a microtask later (as BroadcastChannel delivers asynchronously), never the sender; `cut()` drops messages
 * (the storage-event fallback can miss some), so tests can show the Storage, not the message, is the truth.
 */
export class FakeBrowser {
  readonly locks = new InProcessLocks();
  private readonly tabs: Array<{ id: number; inbox: Subject<CrossTabMessage> }> = [];
  private n = 0;
  /** every message published, in order */
  readonly log: Array<{ from: number; message: CrossTabMessage }> = [];
  private dropping = false;

  tab(): CrossTab & { readonly id: number } {
    const id = ++this.n;
    const inbox = new Subject<CrossTabMessage>();
    this.tabs.push({ id, inbox });
    return {
      id,
      messages$: inbox.asObservable() as Observable<CrossTabMessage>,
      publish: (message) => {
        this.log.push({ from: id, message });
        if (this.dropping) return;
        const copy = JSON.parse(JSON.stringify(message)) as CrossTabMessage;
        for (const t of this.tabs) if (t.id !== id) void Promise.resolve().then(() => t.inbox.next(copy));
      },
    };
  }

  /** lose messages until `restore()` */
  cut(): void {
    this.dropping = true;
  }
  restore(): void {
    this.dropping = false;
  }
}
