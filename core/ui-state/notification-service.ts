/**
 * Notifications (spec transactions §3, §4): a duplicate of the last message is ignored; each goes after timeToLive
 * unless hasNoTimeout; an action or close removes it; an unknown type is shown as danger.
 */
import { StateHolder } from '../state-holder';
import type { ShopConfig } from '../config';
import type { MessageKey } from '../messages';
import type { IdGenerator } from '../ports/id-generator';
import type { Scheduler, TimerHandle } from '../ports/scheduler';

export const NOTIFICATION_TYPES = ['secondary', 'info', 'success', 'warning', 'danger'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface NotificationAction {
  /** i18n key of the button label */
  readonly label: MessageKey;
  readonly action?: () => void | Promise<void>;
}

export interface NotificationInput {
  /** any string is accepted; anything outside NOTIFICATION_TYPES becomes 'danger' */
  readonly type: string;
  readonly message: MessageKey;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly action1?: NotificationAction;
  readonly action2?: NotificationAction;
  readonly timeToLive?: number;
  readonly hasNoTimeout?: boolean;
}

export interface Notification extends NotificationInput {
  readonly id: string;
  readonly type: NotificationType;
  readonly timeToLive: number;
  readonly hasNoTimeout: boolean;
}

/** spec transactions §3: anything else is shown as danger */
export function normalizeNotificationType(type: string): NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(type) ? (type as NotificationType) : 'danger';
}

export class NotificationService extends StateHolder<readonly Notification[]> {
  private readonly timers = new Map<string, TimerHandle>();

  constructor(
    private readonly scheduler: Scheduler,
    private readonly ids: IdGenerator,
    private readonly config: ShopConfig,
  ) {
    super([]);
  }

  /** Show a notification; returns its id, or undefined when it duplicates the last message. */
  notify(input: NotificationInput): string | undefined {
    const list = this.state.value;
    const last = list.at(-1);
    const params = JSON.stringify(input.params ?? {});
    if (last?.message === input.message && JSON.stringify(last.params ?? {}) === params) return undefined;
    const n: Notification = {
      ...input,
      id: this.ids.next(),
      type: normalizeNotificationType(input.type),
      timeToLive: input.timeToLive ?? this.config.notifications.defaultTimeToLiveMs,
      hasNoTimeout: input.hasNoTimeout ?? false,
    };
    this.state.next([...list, n]);
    if (!n.hasNoTimeout) this.timers.set(n.id, this.scheduler.after(n.timeToLive, () => this.remove(n.id)));
    return n.id;
  }

  /** close button */
  remove(id: string): void {
    this.timers.get(id)?.cancel();
    this.timers.delete(id);
    const list = this.state.value;
    if (list.some((n) => n.id === id)) this.state.next(list.filter((n) => n.id !== id));
  }

  /** Run action1 or action2 of a notification, then remove it. */
  async runAction(id: string, which: 'action1' | 'action2'): Promise<void> {
    const n = this.state.value.find((x) => x.id === id);
    if (!n) return;
    this.remove(id);
    await n[which]?.action?.();
  }
}
