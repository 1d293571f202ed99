/**
 * SessionService (spec transactions §3 "User session state", §4 "Session", "User token lock", §6, §7 "Users", §8): the
 * signed-in customer's commands (state and storage: session-store.ts). Failures are recognised by HTTP status.
 */
import { distinctUntilChanged, Subject, type Observable } from 'rxjs';
import type { ShopConfig } from '../config';
import { MESSAGES, ShopError, type MessageKey } from '../messages';
import { isApiError } from '../ports/api-error';
import type { Clock } from '../ports/clock';
import { TAB_LOCKS, type CrossTab, type TabLocks } from '../ports/cross-tab';
import type { Logger } from '../ports/logger';
import type { Network } from '../ports/network';
import type { Storage } from '../ports/storage';
import type { Customer, NewCustomer, OrderHistoryItem, OrderHistoryPage, UserApi } from '../ports/user-api';
import type { CartService } from '../cart/cart-service';
import { errorText } from '../queue/task-error-notices';
import type { OfflineTaskQueue, TaskOutcome } from '../queue/types';
import { InProcessLocks, NoOtherTabs } from '../tabs/single-tab';
import type { ModalService } from '../ui-state/modal-service';
import type { NotificationService } from '../ui-state/notification-service';
import type { CheckoutAddress } from '../checkout/types';
import type { AddressUse } from './address-book';
import { findOwnOrder } from './order-details';
import { SessionStore, type SessionState } from './session-store';
import type { TokenLock } from './token-lock';

export { INITIAL_SESSION_STATE, USER_STORAGE_KEYS, type SessionState } from './session-store';
export const USER_TASK_EVENTS = { profileUpdated: 'user/profileUpdated' } as const;
export const PROFILE_UPDATE_URL = '/api/user/me?token={{token}}';

/** the queue's `clear` drops unsent tasks when the token lock gives up */
export type QueueForSession = Pick<OfflineTaskQueue, 'queue' | 'clear' | 'on'>;

/** Parts linked after construction (they depend on the session in turn). */
export interface SessionLinks {
  cart: Pick<CartService, 'onUserLogin' | 'onUserLogout'>;
  queue: QueueForSession;
  tokenLock: TokenLock;
  checkout: { clearDetails(): Promise<void> };
  wishlist: { clear(): Promise<void> };
  compare: { clear(): Promise<void> };
}

export interface SessionDeps {
  readonly userApi: UserApi;
  readonly storage: Storage;
  readonly network: Network;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly notifications: NotificationService;
  readonly modals: ModalService;
  /** one session per browser: changes are announced to the other tabs; the token refresh runs once per browser */
  readonly crossTab?: CrossTab;
  readonly locks?: TabLocks;
}

/** `call`, its ApiError (4xx only when `clientOnly`) as ShopError `key` with the server's message. */
async function asShopError<T>(call: Promise<T>, key: MessageKey, clientOnly = false): Promise<T> {
  try {
    return await call;
  } catch (e) {
    if (!isApiError(e) || (clientOnly && e.status >= 500)) throw e;
    throw new ShopError(key, { message: errorText(e) }, e.status);
  }
}

export class SessionService {
  private readonly store: SessionStore;
  readonly state$: Observable<SessionState>;
  private readonly nonAuthorized = new Subject<void>();
  /** spec §4: without a token the after-non-authorized event fires */
  readonly afterNonAuthorized$: Observable<void> = this.nonAuthorized.asObservable();
  private links: Partial<SessionLinks> = {};
  private offProfile: (() => void) | undefined;
  private readonly locks: TabLocks;

  constructor(
    private readonly deps: SessionDeps,
    private readonly config: ShopConfig,
  ) {
    const tabs = deps.crossTab ?? new NoOtherTabs();
    this.store = new SessionStore(deps.storage, tabs);
    this.state$ = this.store.subject.pipe(distinctUntilChanged());
    this.locks = deps.locks ?? new InProcessLocks();
    tabs.messages$.subscribe((m) => {
      if (m.topic === 'session') void this.reloadStored().catch((e: unknown) => this.deps.logger.warn('session not re-read', 'user', e));
    });
  }

  /** Another tab logged in or out or refreshed the token: take the stored session as it is now. */
  private async reloadStored(): Promise<void> {
    const stored = await this.store.read();
    const before = this.store.value;
    // a token from another tab's login: this tab's lock may have given up on the old one
    if (stored.token && stored.token !== before.token) this.links.tokenLock?.reset();
    const sessionStartedAt = stored.token ? (before.sessionStartedAt ?? this.deps.clock.now()) : undefined;
    this.store.patch({ ...stored, sessionStartedAt });
  }

  snapshot(): SessionState {
    return this.store.value;
  }

  hydrate(state: SessionState): void {
    this.store.subject.next(state);
  }

  link(links: Partial<SessionLinks>): void {
    this.links = { ...this.links, ...links };
    if (links.queue) {
      this.offProfile?.();
      this.offProfile = links.queue.on(USER_TASK_EVENTS.profileUpdated, (_task, outcome) => void this.onProfileResult(outcome));
    }
  }

  /** the user token (undefined for a guest) */
  getToken(): string | undefined {
    return this.store.value.token;
  }

  isLoggedIn(): boolean {
    return this.getToken() !== undefined && this.store.value.current !== undefined;
  }

  currentUserId(): string | number | undefined {
    return this.getToken() ? this.store.value.current?.id : undefined;
  }

  /** For the checkout: `fn` with the signed-in customer's token (through the token lock), or undefined for a guest. */
  withUserToken<T>(fn: (token: string | undefined) => Promise<T>): Promise<T> {
    return this.getToken() ? this.authorized(fn) : fn(undefined);
  }

  /** For the checkout's new account: an access token for these credentials, leaving the session (and its cart) as it is. */
  async issueToken(username: string, password: string): Promise<string> {
    return (await this.deps.userApi.login(username, password)).token;
  }

  private authorized<T>(fn: (token: string) => Promise<T>): Promise<T> {
    const lock = this.links.tokenLock;
    if (lock) return lock.run(fn);
    const token = this.getToken();
    if (!token) return Promise.reject(new ShopError(MESSAGES.noUserToken, {}, 401));
    return fn(token);
  }

  /** The stored user and token; with a token (online) profile and history refreshed; without, after-non-authorized. */
  async load(): Promise<void> {
    const stored = await this.store.read();
    this.store.patch({ ...stored, localDataLoaded: true });
    if (!stored.token) {
      this.nonAuthorized.next();
      return;
    }
    this.store.patch({ sessionStartedAt: this.deps.clock.now() });
    if (!this.deps.network.isOnline()) return;
    try {
      await this.refreshProfile();
      await this.loadOrderHistory();
    } catch (e) {
      this.deps.logger.warn('cached session could not be refreshed', 'user', e);
    }
  }

  /** spec §4: tokens stored, profile and history loaded (else the user is cleared), the account cart connected. */
  async login(username: string, password: string): Promise<Customer> {
    const tokens = await this.deps.userApi.login(username, password).catch((e: unknown) => {
      const refused = isApiError(e) && [400, 401, 403].includes(e.status);
      throw refused ? new ShopError(MESSAGES.signInIncorrect, {}, e.status) : e;
    });
    await this.store.storeTokens(tokens);
    this.links.tokenLock?.reset();
    const current = await this.refreshProfile().catch(async (e: unknown) => {
      await this.store.clear();
      throw e;
    });
    this.store.patch({ sessionStartedAt: this.deps.clock.now() });
    await this.loadOrderHistory().catch((e: unknown) => this.deps.logger.warn('order history not loaded', 'user', e));
    const notConnected = (e: unknown) => this.deps.logger.warn('cart not connected after login', 'user', e);
    await this.links.cart?.onUserLogin().catch(notConnected);
    return current;
  }

  /** spec §4 Logout: the user cleared, then the cart (disconnected), wishlist, compare and saved checkout details. */
  async logout(options: { silent?: boolean } = {}): Promise<void> {
    await this.store.clear();
    const { cart, wishlist, compare, checkout } = this.links;
    const { logger } = this.deps;
    const notCleared = (name: string) => (e: unknown) => logger.warn(`logout: ${name} not cleared`, 'user', e);
    await cart?.onUserLogout().catch(notCleared('cart'));
    await wishlist?.clear().catch(notCleared('wishlist'));
    await compare?.clear().catch(notCleared('compare'));
    await checkout?.clearDetails().catch(notCleared('checkout'));
    if (!options.silent) this.deps.notifications.notify({ type: 'success', message: MESSAGES.loggedOut });
  }

  /** The token lock's refresh (POST /api/user/refresh, never queued) once per browser: another tab's new token wins. */
  readonly refreshTokens = (staleToken?: string): Promise<void> =>
    this.locks.exclusive(TAB_LOCKS.tokenRefresh, async () => {
      const stored = await this.store.read();
      const refreshToken = stored.refreshToken ?? this.store.value.refreshToken;
      if (staleToken !== undefined && stored.token && stored.token !== staleToken) {
        this.store.patch({ token: stored.token, refreshToken });
        return;
      }
      if (!refreshToken) throw new ShopError(MESSAGES.tokenRefreshUnauthorized, {}, 401);
      await this.store.storeTokens(await this.deps.userApi.refresh(refreshToken));
    });

  /** The token lock's onLoggedOut: silent logout, unsent tasks cleared, signup modal, error notification. */
  readonly handleLoggedOut = async (reason: MessageKey): Promise<void> => {
    await this.logout({ silent: true });
    await this.links.queue?.clear().catch((e: unknown) => this.deps.logger.warn('unsent tasks not cleared', 'user', e));
    this.deps.modals.openAuth('login');
    this.deps.notifications.notify({ type: 'danger', message: reason });
  };

  async register(customer: NewCustomer, password: string): Promise<Customer> {
    return asShopError(this.deps.userApi.register(customer, password), MESSAGES.serverError, true);
  }

  async resetPassword(email: string): Promise<void> {
    await asShopError(this.deps.userApi.resetPassword(email), MESSAGES.resetPasswordError);
  }

  async createPassword(email: string, newPassword: string, resetToken: string): Promise<void> {
    await asShopError(this.deps.userApi.createPassword(email, newPassword, resetToken), MESSAGES.serverError);
  }

  /** spec §5, §8: online only; success 'user.passwordChanged' then automatic login; failure shows the server's message */
  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    if (!this.deps.network.isOnline()) throw new ShopError(MESSAGES.resetPasswordOffline);
    const email = this.store.value.current?.email;
    if (!email) throw new ShopError(MESSAGES.noUserToken, {}, 401);
    const change = this.authorized((token) => this.deps.userApi.changePassword(token, currentPassword, newPassword));
    await asShopError(change, MESSAGES.serverError);
    this.deps.notifications.notify({ type: 'success', message: MESSAGES.passwordChanged });
    await this.login(email, newPassword);
  }

  /** GET /api/user/me (through the lock); stores the profile */
  async refreshProfile(): Promise<Customer> {
    const current = await this.authorized((token) => this.deps.userApi.me(token));
    await this.store.storeCustomer(current);
    return current;
  }

  /** spec §7: POST /api/user/me, queued through the TaskQueue; the local profile changes at once */
  async updateProfile(customer: Customer): Promise<void> {
    const queue = this.links.queue;
    if (!queue) throw new ShopError(MESSAGES.noUserToken);
    if (!this.getToken()) throw new ShopError(MESSAGES.noUserToken, {}, 401);
    await this.store.storeCustomer(customer);
    const task = { url: PROFILE_UPDATE_URL, payload: { method: 'POST' as const, body: { customer } } };
    await queue.queue({ ...task, callback_event: USER_TASK_EVENTS.profileUpdated });
  }

  /** A checkout address kept in the account (a queued profile update), unless a guest's or saved already. */
  async addAddress(address: CheckoutAddress, uses: readonly AddressUse[]): Promise<void> {
    const current = this.getToken() ? this.store.value.current : undefined;
    if (!current) return;
    const { withAddress } = await import('./address-book');
    const next = withAddress(current, address, uses);
    if (next) await this.updateProfile(next);
  }

  private async onProfileResult(outcome: TaskOutcome): Promise<void> {
    if (!outcome.ok) {
      this.deps.notifications.notify({ type: 'danger', message: MESSAGES.serverError, params: { message: errorText(outcome.error) } });
      return;
    }
    const result = outcome.response.result;
    if (result && typeof result === 'object' && 'email' in result) await this.store.storeCustomer(result as Customer);
    this.deps.notifications.notify({ type: 'success', message: MESSAGES.accountUpdated });
  }

  /**
   * One order of the customer's own history (spec §6) by increment or entity id: the cached page, then up to
   * `maxPages` of the server's. Undefined when the customer has no such order; 'user.noUserToken' for a guest.
   */
  async findOrder(ref: string, maxPages = 10): Promise<OrderHistoryItem | undefined> {
    if (!this.getToken()) throw new ShopError(MESSAGES.noUserToken, {}, 401);
    const cached = findOwnOrder(this.store.value.orderHistory, ref);
    if (cached) return cached;
    const size = this.config.user.orderHistoryPageSize;
    for (let page = 1; page <= maxPages; page++) {
      const history = page === 1
        ? await this.loadOrderHistory(1)
        : await this.authorized((t) => this.deps.userApi.orderHistory(t, size, page));
      const found = findOwnOrder(history, ref);
      if (found) return found;
      if (page * size >= history.total_count || history.items.length === 0) return undefined;
    }
    return undefined;
  }

  /** spec §7, §9: GET /api/user/order-history, 20 per page, page 1 by default */
  async loadOrderHistory(page: number = this.config.user.orderHistoryPage): Promise<OrderHistoryPage> {
    const history = await this.authorized((token) => this.deps.userApi.orderHistory(token, this.config.user.orderHistoryPageSize, page));
    await this.store.storeOrderHistory(history);
    return history;
  }
}
