import { Subject, type Observable } from 'rxjs';
import type { CrossTab, CrossTabMessage, CrossTabTopic } from '../../core/ports/cross-tab';

const TOPICS: ReadonlySet<string> = new Set<CrossTabTopic>(['cart', 'session', 'checkout', 'wishlist', 'compare', 'orders', 'queue']);

function asMessage(v: unknown): CrossTabMessage | undefined {
  const { topic, data } = (v ?? {}) as { topic?: unknown; data?: unknown };
  if (typeof topic !== 'string' || !TOPICS.has(topic)) return undefined;
  return data === undefined ? { topic: topic as CrossTabTopic } : { topic: topic as CrossTabTopic, data };
}

export interface StorageEventHost {
  addEventListener(type: 'storage', listener: (e: { key: string | null; newValue: string | null }) => void): void;
  localStorage: Pick<globalThis.Storage, 'setItem'>;
}

/**
 * The other tabs of this browser, through a BroadcastChannel, else a localStorage key written per message (its
 * `storage` event fires in every other tab). Messages are hints: the shared IndexedDB stays the source of truth.
 */
export class BroadcastCrossTab implements CrossTab {
  private readonly subject = new Subject<CrossTabMessage>();
  readonly messages$: Observable<CrossTabMessage> = this.subject.asObservable();
  private readonly channel: BroadcastChannel | undefined;
  private readonly host: StorageEventHost | undefined;
  private readonly storageKey: string;

  constructor(
    name = 'papier-shop',
    env: { BroadcastChannel?: typeof BroadcastChannel; host?: StorageEventHost } = {
      BroadcastChannel: globalThis.BroadcastChannel,
      host: typeof window === 'undefined' ? undefined : window,
    },
  ) {
    this.storageKey = `${name}:tabs`;
    if (env.BroadcastChannel) {
      this.channel = new env.BroadcastChannel(name);
      this.channel.onmessage = (e: MessageEvent) => this.receive(e.data);
    } else if (env.host) {
      this.host = env.host;
      env.host.addEventListener('storage', (e) => {
        if (e.key !== this.storageKey || !e.newValue) return;
        try {
          this.receive((JSON.parse(e.newValue) as { m?: unknown }).m);
        } catch {
          /* not ours */
        }
      });
    }
  }

  private receive(v: unknown): void {
    const m = asMessage(v);
    if (m) this.subject.next(m);
  }

  publish(message: CrossTabMessage): void {
    if (this.channel) return this.channel.postMessage(message);
    // the value must change for the event to fire, also for the same message twice (from any tab)
    this.host?.localStorage.setItem(this.storageKey, JSON.stringify({ m: message, at: Math.random() }));
  }

  close(): void {
    this.channel?.close();
    this.subject.complete();
  }
}
