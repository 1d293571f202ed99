/**
 * One call to a working shop without React and without inversify: `createHeadlessShop({ apiUrl })` builds the ports
 * (system clock and timers, UUIDs, memory storage unless one is given, a static online network) and the same wiring
 * the React UI's container uses (adapters/wiring.ts), restores what the storage holds (queue, session, checkout
 * details, lists, cart — the cart connects to the server when online) and answers the services ready to use.
 * `dispose()` stops every timer and subscription it started, so a Node process ends by itself.
 */
import { createConfig, type DeepPartial, type LocaleCode, type ShopConfig } from '../core/config';
import { formatPrice } from '../core/catalogue/prices';
import type { Clock } from '../core/ports/clock';
import type { IdGenerator } from '../core/ports/id-generator';
import type { Logger } from '../core/ports/logger';
import type { Network } from '../core/ports/network';
import type { Scheduler, TimerHandle } from '../core/ports/scheduler';
import type { Storage } from '../core/ports/storage';
import { createRuntime } from './wiring';
import { ShopGraph } from './wiring-transactions';
import { SERVER_READS } from './cache/catalogue-read-cache';
import { provideProductMembers } from './wiring-product';
import { provideSyncMembers } from './wiring-sync';
import { TimerScheduler } from './common/timer-scheduler';
import { ConsoleLogger } from './common/console-logger';

export interface HeadlessShopOptions {
  /** base URL of the vue-storefront-api (the demo backend: http://127.0.0.1:8080) */
  apiUrl: string;
  /** where the cart, session, checkout details and queue are kept; default in memory (IdbStorage in a browser) */
  storage?: Storage;
  /** price formatting and category texts; default config.i18n.defaultLocale (nl-NL) */
  locale?: LocaleCode;
  /** the shop's constants (spec §9 of both files): a full ShopConfig or only the fields to change */
  config?: ShopConfig | DeepPartial<ShopConfig>;
  /** absolute origin of your storefront: the payment provider sends the shopper back to {origin}/order-status/{token} */
  storefrontOrigin?: string;
  /** ports to replace (tests: a virtual clock and scheduler, a network to switch offline, ...) */
  network?: Network;
  clock?: Clock;
  scheduler?: Scheduler;
  logger?: Logger;
  ids?: IdGenerator;
  fetch?: typeof fetch;
  /** browser: IndexedDB storage and navigator.onLine by default; node (default): memory storage, always online */
  runtime?: 'node' | 'browser';
}

/** Timers handed out through this scheduler are cancelled together by dispose(). */
class OwnedScheduler implements Scheduler {
  private readonly handles = new Set<TimerHandle>();
  constructor(private readonly inner: Scheduler) {}
  private own(make: (done: () => void) => TimerHandle, once: boolean): TimerHandle {
    let handle!: TimerHandle;
    const inner = make(() => {
      if (once) this.handles.delete(handle);
    });
    handle = {
      cancel: () => {
        inner.cancel();
        this.handles.delete(handle);
      },
    };
    this.handles.add(handle);
    return handle;
  }
  after(ms: number, fn: () => void): TimerHandle {
    return this.own((done) => this.inner.after(ms, () => (done(), fn())), true);
  }
  every(ms: number, fn: () => void): TimerHandle {
    return this.own(() => this.inner.every(ms, fn), false);
  }
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => void this.after(ms, resolve));
  }
  cancelAll(): void {
    for (const h of [...this.handles]) h.cancel();
  }
}

export type HeadlessShop = ReturnType<typeof headlessServices> & {
  readonly config: ShopConfig;
  readonly locale: LocaleCode;
  /** an amount in EUR in the shop's locale, e.g. '€ 12,50' */
  formatPrice(amount: number): string;
  /** the wiring underneath, with every port and HTTP adapter (ShopGraph) */
  readonly graph: ShopGraph;
  /** stops the queue, the cart's and checkout's subscriptions and every timer the shop started */
  dispose(): void;
};

function headlessServices(g: ShopGraph) {
  return {
    // catalogue (spec catalogue)
    search: g.search,
    product: g.product,
    category: g.category,
    home: g.home,
    attributes: g.attributes,
    cms: g.cms,
    dispatcher: g.dispatcher,
    priceSync: g.priceSync,
    stockSync: g.stockSync,
    // transactions (spec transactions)
    cart: g.cart,
    session: g.session,
    checkout: g.checkout,
    payment: g.payment,
    orderStatus: g.orderStatus,
    queue: g.queue,
    tokenLock: g.tokenLock,
    wishlist: g.wishlist,
    compare: g.compare,
    notifications: g.notifications,
    modals: g.modals,
    progress: g.progress,
    newsletter: g.newsletter,
    contact: g.contact,
    review: g.review,
  };
}

/**
 * Builds the shop and restores its stored state (spec transactions §4 "Session": cached user and token first; then
 * checkout details, lists, and the cart, which connects and syncs when online). Resolves once that is done.
 */
export async function createHeadlessShop(options: HeadlessShopOptions): Promise<HeadlessShop> {
  const config = createConfig({ ...(options.config as DeepPartial<ShopConfig> | undefined), api: { ...(options.config?.api ?? {}), url: options.apiUrl } });
  const locale = options.locale ?? config.i18n.defaultLocale;
  const scheduler = new OwnedScheduler(options.scheduler ?? new TimerScheduler());
  const runtime = createRuntime(options.runtime ?? 'node', {
    config,
    apiUrl: options.apiUrl,
    scheduler,
    logger: options.logger ?? new ConsoleLogger('warn'),
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.network ? { network: options.network } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.ids ? { ids: options.ids } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.storefrontOrigin ? { storefrontOrigin: options.storefrontOrigin } : {}),
  }, SERVER_READS);
  provideProductMembers();
  provideSyncMembers();
  const graph = new ShopGraph(runtime);
  const services = headlessServices(graph);
  const shop: HeadlessShop = {
    ...services,
    config,
    locale,
    formatPrice: (amount) => formatPrice(amount, locale, config),
    graph,
    dispose: () => {
      graph.checkout.stop();
      graph.cart.dispose();
      graph.queue.dispose();
      scheduler.cancelAll();
    },
  };
  await graph.queue.ready;
  await graph.session.load();
  await Promise.all([graph.checkout.load(), graph.wishlist.load(), graph.compare.load()]);
  await graph.cart.load();
  return shop;
}
