/**
 * SessionService (spec transactions §3 "User session state", §4 "Session", "User token lock", §6, §7 "Users", §8).
 *
 * - load(): cached user and token from Storage 'user'; with a token the profile and order history are shown from
 *   the cache and refreshed when online; without one the after-non-authorized event fires.
 * - login(): token and refresh token stored, then profile and order history loaded; if that fails the user is
 *   cleared and the error thrown. The cart then connects to the account cart (cart.onUserLogin).
 * - logout(): ends the session, disconnects and clears the cart, clears token, group, wishlist, compare and the saved
 *   checkout details; 'user.loggedOut' unless silent.
 * - Token lock: `refreshTokens` (POST /api/user/refresh through UserApi, directly, never through the queue) and
 *   `handleLoggedOut` (silent logout, unsent tasks cleared, signup modal, error notification) are what
 *   createTokenLock takes; `getToken` is its token source.
 * Failures are recognised by HTTP status (ApiError.status), never by message text (#3151).
 */
import { BehaviorSubject, distinctUntilChanged, Subject, type Observable } from 'rxjs';
import type { ShopConfig } from '../config';
import { MESSAGES, ShopError, type MessageKey } from '../messages';
import { isApiError } from '../ports/api-error';
import type { Clock } from '../ports/clock';
import type { Logger } from '../ports/logger';
import type { Network } from '../ports/network';
import { STORAGE_COLLECTIONS, type Storage } from '../ports/storage';
import type { AuthTokens, Customer, NewCustomer, OrderHistoryItem, OrderHistoryPage, UserApi } from '../ports/user-api';
import type { NewTask, SyncTask, TaskOutcome } from '../queue/types';
import type { ModalService } from '../ui-state/modal-service';
import type { NotificationService } from '../ui-state/notification-service';
import type { TokenLock } from './token-lock';
import { TAB_LOCKS, type CrossTab, type TabLocks } from '../ports/cross-tab';
import { InProcessLocks, NoOtherTabs } from '../tabs/single-tab';
import { findOwnOrder } from './order-details';
import type { AddressUse } from './address-book';
import type { CheckoutAddress } from '../checkout/types';

export const USER_STORAGE_KEYS = {
  token: 'current-token',
  refreshToken: 'current-refresh-token',
  user: 'current-user',
  orderHistory: 'orders-history',
} as const;

export const USER_TASK_EVENTS = { profileUpdated: 'user/profileUpdated' } as const;
export const PROFILE_UPDATE_URL = '/api/user/me?token={{token}}';

export interface SessionState {
  readonly token: string | undefined;
  readonly refreshToken: string | undefined;
  readonly groupToken: string | undefined;
  readonly groupId: number | undefined;
  readonly current: Customer | undefined;
  readonly sessionStartedAt: number | undefined;
  readonly orderHistory: OrderHistoryPage | undefined;
  /** the local-data-loaded flag */
  readonly localDataLoaded: boolean;
}

export const INITIAL_SESSION_STATE: SessionState = {
  token: undefined,
  refreshToken: undefined,
  groupToken: undefined,
  groupId: undefined,
  current: undefined,
  sessionStartedAt: undefined,
  orderHistory: undefined,
  localDataLoaded: false,
};

/** What the session needs of the cart (the engine's CartService satisfies it). */
export interface CartForSession {
  onUserLogin(): Promise<void>;
  /** disconnect and clear locally */
  onUserLogout(): Promise<void>;
}

/** What the session needs of the queue (the engine's OfflineTaskQueue satisfies it). */
export interface QueueForSession {
  queue(task: NewTask): Promise<SyncTask>;
  on?(callbackEvent: string, handler: (task: SyncTask, outcome: TaskOutcome) => void): () => void;
  /** drop unsent tasks (token lock failure) */
  clear(): Promise<void>;
}

/** Parts linked after construction (they depend on the session in turn). */
export interface SessionLinks {
  cart: CartForSession;
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
  /**
   * One session per browser. A login, logout or new token is announced to the other tabs, which re-read the
   * stored session; the token refresh runs under TAB_LOCKS.tokenRefresh, so it happens once per browser.
   */
  readonly crossTab?: CrossTab;
  readonly locks?: TabLocks;
}

function serverMessage(e: unknown): string {
  if (isApiError(e)) return typeof e.result === 'string' ? e.result : String(e.status);
  return e instanceof Error ? e.message : String(e);
}

export class SessionService {
  private readonly state = new BehaviorSubject<SessionState>(INITIAL_SESSION_STATE);
  readonly state$: Observable<SessionState> = this.state.pipe(distinctUntilChanged());
  private readonly nonAuthorized = new Subject<void>();
  /** spec §4: without a token the after-non-authorized event fires */
  readonly afterNonAuthorized$: Observable<void> = this.nonAuthorized.asObservable();
  private links: Partial<SessionLinks> = {};
  private offProfile: (() => void) | undefined;
  private readonly tabs: CrossTab;
  private readonly locks: TabLocks;

  constructor(
    private readonly deps: SessionDeps,
    private readonly config: ShopConfig,
  ) {
    this.tabs = deps.crossTab ?? new NoOtherTabs();
    this.locks = deps.locks ?? new InProcessLocks();
    this.tabs.messages$.subscribe((m) => {
      if (m.topic === 'session') void this.reloadStored().catch((e: unknown) => this.deps.logger.warn('session not re-read', 'user', e));
    });
  }

  /** The session as stored: tokens, customer and order history. */
  private async readStored() {
    const s = this.deps.storage;
    const c = STORAGE_COLLECTIONS.user;
    const [token, refreshToken, current, orderHistory] = await Promise.all([
      s.get<string>(c, USER_STORAGE_KEYS.token),
      s.get<string>(c, USER_STORAGE_KEYS.refreshToken),
      s.get<Customer>(c, USER_STORAGE_KEYS.user),
      s.get<OrderHistoryPage>(c, USER_STORAGE_KEYS.orderHistory),
    ]);
    return { token, refreshToken, current, orderHistory };
  }

  /** Another tab logged in or out or refreshed the token: take the stored session as it is now. */
  private async reloadStored(): Promise<void> {
    const { token, refreshToken, current, orderHistory } = await this.readStored();
    const before = this.state.value;
    // a token from another tab's login: this tab's lock may have given up on the old one
    if (token && token !== before.token) this.links.tokenLock?.reset();
    this.patch({
      token,
      refreshToken,
      current,
      orderHistory,
      ...this.group(current),
      sessionStartedAt: token ? (before.sessionStartedAt ?? this.deps.clock.now()) : undefined,
    });
  }

  private announce(): void {
    this.tabs.publish({ topic: 'session' });
  }

  snapshot(): SessionState {
    return this.state.value;
  }

  hydrate(state: SessionState): void {
    this.state.next(state);
  }

  link(links: Partial<SessionLinks>): void {
    this.links = { ...this.links, ...links };
    if (links.queue?.on) {
      this.offProfile?.();
      this.offProfile = links.queue.on(USER_TASK_EVENTS.profileUpdated, (_task, outcome) => void this.onProfileResult(outcome));
    }
  }

  private patch(p: Partial<SessionState>): void {
    this.state.next({ ...this.state.value, ...p });
  }

  /** the user token ('' never: undefined for a guest) */
  getToken(): string | undefined {
    return this.state.value.token;
  }

  isLoggedIn(): boolean {
    return this.state.value.token !== undefined && this.state.value.current !== undefined;
  }

  currentUserId(): string | number | undefined {
    return this.state.value.token ? this.state.value.current?.id : undefined;
  }

  /** For the checkout: `fn` with the signed-in customer's token (through the token lock), or undefined for a guest. */
  withUserToken<T>(fn: (token: string | undefined) => Promise<T>): Promise<T> {
    return this.getToken() ? this.authorized((token) => fn(token)) : fn(undefined);
  }

  /** For the checkout's new account: an access token for these credentials, leaving the session (and its cart) as it is. */
  async issueToken(username: string, password: string): Promise<string> {
    return (await this.deps.userApi.login(username, password)).token;
  }

  /** Run an authorised call through the token lock when linked. */
  private authorized<T>(fn: (token: string) => Promise<T>): Promise<T> {
    const lock = this.links.tokenLock;
    if (lock) return lock.run(fn);
    const token = this.getToken();
    if (!token) return Promise.reject(new ShopError(MESSAGES.noUserToken, {}, 401));
    return fn(token);
  }

  // ------------------------------------------------------------------ start

  async load(): Promise<void> {
    const { token, refreshToken, current, orderHistory } = await this.readStored();
    this.patch({ token, refreshToken, current, orderHistory, localDataLoaded: true, ...this.group(current) });
    if (!token) {
      this.nonAuthorized.next();
      return;
    }
    this.patch({ sessionStartedAt: this.deps.clock.now() });
    if (!this.deps.network.isOnline()) return;
    try {
      await this.refreshProfile();
      await this.loadOrderHistory();
    } catch (e) {
      this.deps.logger.warn('cached session could not be refreshed', 'user', e);
    }
  }

  private group(current: Customer | undefined): Pick<SessionState, 'groupId' | 'groupToken'> {
    return { groupId: current?.group_id, groupToken: current?.groupToken };
  }

  private async storeTokens(tokens: AuthTokens): Promise<void> {
    const c = STORAGE_COLLECTIONS.user;
    await this.deps.storage.set(c, USER_STORAGE_KEYS.token, tokens.token);
    if (tokens.refreshToken) await this.deps.storage.set(c, USER_STORAGE_KEYS.refreshToken, tokens.refreshToken);
    this.patch({ token: tokens.token, refreshToken: tokens.refreshToken ?? this.state.value.refreshToken });
    this.announce();
  }

  // ------------------------------------------------------------------ login / logout

  /** spec §4: login succeeds on code 200; then the session re-authorizes; on failure the user is cleared and the error thrown. */
  async login(username: string, password: string): Promise<Customer> {
    let tokens: AuthTokens;
    try {
      tokens = await this.deps.userApi.login(username, password);
    } catch (e) {
      if (isApiError(e) && (e.status === 401 || e.status === 400 || e.status === 403)) throw new ShopError(MESSAGES.signInIncorrect, {}, e.status);
      throw e;
    }
    await this.storeTokens(tokens);
    this.links.tokenLock?.reset();
    let current: Customer;
    try {
      current = await this.refreshProfile();
      this.patch({ sessionStartedAt: this.deps.clock.now() });
      await this.loadOrderHistory().catch((e: unknown) => this.deps.logger.warn('order history not loaded', 'user', e));
    } catch (e) {
      await this.clearUser();
      throw e;
    }
    if (this.links.cart) {
      try {
        await this.links.cart.onUserLogin();
      } catch (e) {
        this.deps.logger.warn('cart not connected after login', 'user', e);
      }
    }
    return current;
  }

  /** Remove token, refresh token, user, group and order history (memory and Storage). */
  private async clearUser(): Promise<void> {
    await this.deps.storage.clear(STORAGE_COLLECTIONS.user);
    this.patch({ token: undefined, refreshToken: undefined, current: undefined, groupId: undefined, groupToken: undefined, orderHistory: undefined, sessionStartedAt: undefined });
    this.announce();
  }

  /** spec §4 Logout. */
  async logout(options: { silent?: boolean } = {}): Promise<void> {
    await this.clearUser();
    const { cart, wishlist, compare, checkout } = this.links;
    const steps: Array<[string, (() => Promise<void>) | undefined]> = [
      ['cart', cart && (() => cart.onUserLogout())],
      ['wishlist', wishlist && (() => wishlist.clear())],
      ['compare', compare && (() => compare.clear())],
      ['checkout', checkout && (() => checkout.clearDetails())],
    ];
    for (const [name, step] of steps) {
      if (!step) continue;
      try {
        await step();
      } catch (e) {
        this.deps.logger.warn(`logout: ${name} not cleared`, 'user', e);
      }
    }
    if (!options.silent) this.deps.notifications.notify({ type: 'success', message: MESSAGES.loggedOut });
  }

  // ------------------------------------------------------------------ token lock parts

  /**
   * The token lock's refresh: POST /api/user/refresh directly with the stored refresh token — once per browser:
   * under TAB_LOCKS.tokenRefresh, and not at all when another tab already stored a token other than the
   * refused one (this tab then takes that one).
   */
  readonly refreshTokens = (staleToken?: string): Promise<void> =>
    this.locks.exclusive(TAB_LOCKS.tokenRefresh, async () => {
      const c = STORAGE_COLLECTIONS.user;
      const [stored, storedRefresh] = await Promise.all([
        this.deps.storage.get<string>(c, USER_STORAGE_KEYS.token),
        this.deps.storage.get<string>(c, USER_STORAGE_KEYS.refreshToken),
      ]);
      if (staleToken !== undefined && stored && stored !== staleToken) {
        this.patch({ token: stored, refreshToken: storedRefresh ?? this.state.value.refreshToken });
        return;
      }
      const refreshToken = storedRefresh ?? this.state.value.refreshToken;
      if (!refreshToken) throw new ShopError(MESSAGES.tokenRefreshUnauthorized, {}, 401);
      const tokens = await this.deps.userApi.refresh(refreshToken);
      await this.storeTokens(tokens);
    });

  /** The token lock's onLoggedOut: silent logout, unsent tasks cleared, signup modal, error notification. */
  readonly handleLoggedOut = async (reason: MessageKey): Promise<void> => {
    await this.logout({ silent: true });
    try {
      await this.links.queue?.clear();
    } catch (e) {
      this.deps.logger.warn('unsent tasks not cleared', 'user', e);
    }
    this.deps.modals.openAuth('login');
    this.deps.notifications.notify({ type: 'danger', message: reason });
  };

  // ------------------------------------------------------------------ account

  async register(customer: NewCustomer, password: string): Promise<Customer> {
    try {
      return await this.deps.userApi.register(customer, password);
    } catch (e) {
      if (isApiError(e) && e.status >= 400 && e.status < 500) throw new ShopError(MESSAGES.serverError, { message: serverMessage(e) }, e.status);
      throw e;
    }
  }

  async resetPassword(email: string): Promise<void> {
    try {
      await this.deps.userApi.resetPassword(email);
    } catch (e) {
      if (isApiError(e)) throw new ShopError(MESSAGES.resetPasswordError, {}, e.status);
      throw e;
    }
  }

  async createPassword(email: string, newPassword: string, resetToken: string): Promise<void> {
    try {
      await this.deps.userApi.createPassword(email, newPassword, resetToken);
    } catch (e) {
      if (isApiError(e)) throw new ShopError(MESSAGES.serverError, { message: serverMessage(e) }, e.status);
      throw e;
    }
  }

  /** spec §5, §8: online only; success 'user.passwordChanged' then automatic login; failure shows the server's message */
  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    if (!this.deps.network.isOnline()) throw new ShopError(MESSAGES.resetPasswordOffline);
    const email = this.state.value.current?.email;
    if (!email) throw new ShopError(MESSAGES.noUserToken, {}, 401);
    try {
      await this.authorized((token) => this.deps.userApi.changePassword(token, currentPassword, newPassword));
    } catch (e) {
      if (isApiError(e)) throw new ShopError(MESSAGES.serverError, { message: serverMessage(e) }, e.status);
      throw e;
    }
    this.deps.notifications.notify({ type: 'success', message: MESSAGES.passwordChanged });
    await this.login(email, newPassword);
  }

  /** GET /api/user/me (through the lock); stores the profile */
  async refreshProfile(): Promise<Customer> {
    const current = await this.authorized((token) => this.deps.userApi.me(token));
    await this.deps.storage.set(STORAGE_COLLECTIONS.user, USER_STORAGE_KEYS.user, current);
    this.patch({ current, ...this.group(current) });
    this.announce();
    return current;
  }

  /** spec §7: POST /api/user/me, queued through the TaskQueue; the local profile changes at once */
  async updateProfile(customer: Customer): Promise<void> {
    const queue = this.links.queue;
    if (!queue) throw new ShopError(MESSAGES.noUserToken);
    if (!this.getToken()) throw new ShopError(MESSAGES.noUserToken, {}, 401);
    await this.deps.storage.set(STORAGE_COLLECTIONS.user, USER_STORAGE_KEYS.user, customer);
    this.patch({ current: customer, ...this.group(customer) });
    await queue.queue({ url: PROFILE_UPDATE_URL, payload: { method: 'POST', body: { customer } }, callback_event: USER_TASK_EVENTS.profileUpdated });
    if (!queue.on) this.deps.notifications.notify({ type: 'success', message: MESSAGES.accountUpdated });
  }

  /**
   * A checkout address kept in the account (core/checkout/saved-addresses.ts): added to the customer's addresses through
   * the queued profile update, the default for `uses` the account has none for. Nothing for a guest or an address the
   * account has already. The address book's rules come with their first use (not with every page's session).
   */
  async addAddress(address: CheckoutAddress, uses: readonly AddressUse[]): Promise<void> {
    const current = this.getToken() ? this.state.value.current : undefined;
    if (!current) return;
    const { withAddress } = await import('./address-book');
    const next = withAddress(current, address, uses);
    if (next) await this.updateProfile(next);
  }

  private async onProfileResult(outcome: TaskOutcome): Promise<void> {
    if (outcome.ok) {
      const result = outcome.response.result;
      if (result && typeof result === 'object' && 'email' in result) {
        const current = result as Customer;
        await this.deps.storage.set(STORAGE_COLLECTIONS.user, USER_STORAGE_KEYS.user, current);
        this.patch({ current, ...this.group(current) });
      }
      this.deps.notifications.notify({ type: 'success', message: MESSAGES.accountUpdated });
    } else {
      this.deps.notifications.notify({ type: 'danger', message: MESSAGES.serverError, params: { message: serverMessage(outcome.error) } });
    }
  }

  /**
   * One order of the logged-in customer's own history (spec §6: logged-in calls carry the user token, so the backend
   * answers only this customer's orders), by increment id or entity id: the cached page first, then the pages from
   * the server (at most `maxPages`). Undefined when the customer has no such order; 'user.noUserToken' for a guest.
   */
  async findOrder(ref: string, maxPages = 10): Promise<OrderHistoryItem | undefined> {
    if (!this.getToken()) throw new ShopError(MESSAGES.noUserToken, {}, 401);
    const cached = findOwnOrder(this.state.value.orderHistory, ref);
    if (cached) return cached;
    const size = this.config.user.orderHistoryPageSize;
    for (let page = 1; page <= maxPages; page++) {
      const history = await this.authorized((token) => this.deps.userApi.orderHistory(token, size, page));
      if (page === 1) {
        await this.deps.storage.set(STORAGE_COLLECTIONS.user, USER_STORAGE_KEYS.orderHistory, history);
        this.patch({ orderHistory: history });
      }
      const found = findOwnOrder(history, ref);
      if (found) return found;
      if (page * size >= history.total_count || history.items.length === 0) return undefined;
    }
    return undefined;
  }

  /** spec §7, §9: GET /api/user/order-history, 20 per page, page 1 by default */
  async loadOrderHistory(page: number = this.config.user.orderHistoryPage): Promise<OrderHistoryPage> {
    const history = await this.authorized((token) => this.deps.userApi.orderHistory(token, this.config.user.orderHistoryPageSize, page));
    await this.deps.storage.set(STORAGE_COLLECTIONS.user, USER_STORAGE_KEYS.orderHistory, history);
    this.patch({ orderHistory: history });
    return history;
  }
}
