import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { MESSAGES, ShopError } from '../messages';
import { ApiError } from '../ports/api-error';
import type { Logger } from '../ports/logger';
import { STORAGE_COLLECTIONS } from '../ports/storage';
import type { AuthTokens, Customer, NewCustomer, OrderHistoryPage, UserApi } from '../ports/user-api';
import type { NewTask, SyncTask, TaskOutcome } from '../queue/types';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { StaticNetwork } from '../../adapters/node/static-network';
import { ModalService, MODALS } from '../ui-state/modal-service';
import { NotificationService } from '../ui-state/notification-service';
import { SequentialIds, VirtualTime } from '../testing/virtual-time';
import { createTokenLock } from './token-lock';
import { PROFILE_UPDATE_URL, SessionService, USER_STORAGE_KEYS, USER_TASK_EVENTS, type QueueForSession } from './session-service';
import { CompareService, WishlistService } from './sku-list-service';

const logger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** A user backend in memory: tokens expire when `expire()` is called; refresh can be made to fail. */
class FakeUserApi implements UserApi {
  users = new Map<string, { customer: Customer; password: string }>([
    ['anna@papier.nl', { customer: { id: 7, email: 'anna@papier.nl', firstname: 'Anna', lastname: 'de Vries', group_id: 1 }, password: 'Secret12!' }],
  ]);
  valid = new Set<string>();
  refreshTokens = new Map<string, string>();
  n = 0;
  calls: string[] = [];
  refreshFails = false;
  meFails = false;
  private issue(email: string): AuthTokens {
    const token = `t${++this.n}`;
    const refreshToken = `r${this.n}`;
    this.valid.add(token);
    this.refreshTokens.set(refreshToken, email);
    this.tokenOwner.set(token, email);
    return { token, refreshToken };
  }
  tokenOwner = new Map<string, string>();
  expireAll() {
    this.valid.clear();
  }
  private owner(token: string): string {
    if (!this.valid.has(token)) throw new ApiError(401, 'token expired');
    return this.tokenOwner.get(token)!;
  }
  async login(username: string, password: string) {
    this.calls.push('login');
    const u = this.users.get(username);
    if (!u || u.password !== password) throw new ApiError(401, 'The account sign-in was incorrect');
    return this.issue(username);
  }
  async register(customer: NewCustomer, password: string) {
    if (this.users.has(customer.email)) throw new ApiError(400, 'A customer with the same email address already exists in an associated website.');
    const c = { ...customer, id: this.users.size + 10 };
    this.users.set(customer.email, { customer: c, password });
    return c;
  }
  async resetPassword() {}
  async createPassword() {}
  async changePassword(token: string, current: string, next: string) {
    const u = this.users.get(this.owner(token))!;
    if (u.password !== current) throw new ApiError(400, 'The password doesn\'t match this account.');
    u.password = next;
  }
  async me(token: string) {
    this.calls.push('me');
    if (this.meFails) throw new ApiError(500, 'db down');
    return this.users.get(this.owner(token))!.customer;
  }
  async updateMe(token: string, customer: Customer) {
    return customer;
  }
  async orderHistory(token: string, pageSize: number, currentPage: number): Promise<OrderHistoryPage> {
    this.calls.push(`history ${pageSize} ${currentPage}`);
    this.owner(token);
    return { items: [{ entity_id: 1, store_name: 'Papier', total_due: 0 }], total_count: 1 };
  }
  async refresh(refreshToken: string) {
    this.calls.push('refresh');
    const email = this.refreshTokens.get(refreshToken);
    if (this.refreshFails || !email) throw new ApiError(401, 'bad refresh token');
    return this.issue(email);
  }
}

class FakeQueue implements QueueForSession {
  tasks: NewTask[] = [];
  cleared = 0;
  handlers = new Map<string, (t: SyncTask, o: TaskOutcome) => void>();
  async queue(task: NewTask): Promise<SyncTask> {
    this.tasks.push(task);
    return { ...task, task_id: String(this.tasks.length), transmited: false, created_at: 0, updated_at: 0, idempotency_key: 'k' };
  }
  on(event: string, h: (t: SyncTask, o: TaskOutcome) => void) {
    this.handlers.set(event, h);
    return () => this.handlers.delete(event);
  }
  async clear() {
    this.cleared++;
  }
}

function setup(online = true) {
  const storage = new MemoryStorage();
  const time = new VirtualTime(1_000);
  const ids = new SequentialIds();
  const network = new StaticNetwork(online);
  const api = new FakeUserApi();
  const notifications = new NotificationService(time, ids, DEFAULT_CONFIG);
  const modals = new ModalService();
  const session = new SessionService({ userApi: api, storage, network, clock: time, logger, notifications, modals }, DEFAULT_CONFIG);
  const cartCalls: string[] = [];
  const queue = new FakeQueue();
  const wishlist = new WishlistService(storage);
  const compare = new CompareService(storage);
  const checkoutCleared: number[] = [];
  const tokenLock = createTokenLock({ scheduler: time, config: DEFAULT_CONFIG, getToken: () => session.getToken(), refresh: session.refreshTokens, onLoggedOut: session.handleLoggedOut, logger });
  session.link({
    cart: { onUserLogin: async () => void cartCalls.push('login'), onUserLogout: async () => void cartCalls.push('logout') },
    queue,
    tokenLock,
    wishlist,
    compare,
    checkout: { clearDetails: async () => void checkoutCleared.push(1) },
  });
  return { storage, time, network, api, notifications, modals, session, cartCalls, queue, wishlist, compare, checkoutCleared, tokenLock };
}

describe('SessionService (spec transactions §4 Session)', () => {
  it('without a cached token the after-non-authorized event fires', async () => {
    // spec transactions §4: without a token an after-non-authorized event fires
    const { session } = setup();
    let fired = 0;
    session.afterNonAuthorized$.subscribe(() => fired++);
    await session.load();
    expect(fired).toBe(1);
    expect(session.snapshot()).toMatchObject({ localDataLoaded: true, token: undefined });
  });

  it('login stores token and refresh token, loads profile and 20-per-page order history, connects the cart', async () => {
    // spec transactions §4: login succeeds on code 200: token (and refresh token) stored; §9 order history page size 20
    const { session, storage, api, cartCalls } = setup();
    const me = await session.login('anna@papier.nl', 'Secret12!');
    expect(me.email).toBe('anna@papier.nl');
    expect(await storage.get(STORAGE_COLLECTIONS.user, USER_STORAGE_KEYS.token)).toBe('t1');
    expect(await storage.get(STORAGE_COLLECTIONS.user, USER_STORAGE_KEYS.refreshToken)).toBe('r1');
    expect(api.calls).toEqual(['login', 'me', 'history 20 1']);
    expect(session.snapshot()).toMatchObject({ groupId: 1, sessionStartedAt: 1000, orderHistory: { total_count: 1 } });
    expect(cartCalls).toEqual(['login']);
    expect(session.currentUserId()).toBe(7);
  });

  it('bad credentials → sign-in text; a failing profile load clears the user and throws', async () => {
    // spec transactions §4: if re-authorizing fails the current user is cleared and an error thrown; §8 sign-in text
    const { session, api, storage } = setup();
    await expect(session.login('anna@papier.nl', 'nope')).rejects.toMatchObject({ key: MESSAGES.signInIncorrect, status: 401 });
    api.meFails = true;
    await expect(session.login('anna@papier.nl', 'Secret12!')).rejects.toBeInstanceOf(ApiError);
    expect(session.snapshot()).toMatchObject({ token: undefined, current: undefined });
    expect(await storage.keys(STORAGE_COLLECTIONS.user)).toEqual([]);
  });

  it('a cached session is restored and refreshed when online, cache only when offline', async () => {
    // spec transactions §4: profile and order history loaded (cache first, refreshed if online)
    const first = setup();
    await first.session.login('anna@papier.nl', 'Secret12!');
    for (const online of [false, true]) {
      const s = new SessionService(
        { userApi: first.api, storage: first.storage, network: new StaticNetwork(online), clock: first.time, logger, notifications: first.notifications, modals: first.modals },
        DEFAULT_CONFIG,
      );
      first.api.calls = [];
      await s.load();
      expect(s.snapshot()).toMatchObject({ token: 't1', current: { email: 'anna@papier.nl' }, localDataLoaded: true });
      expect(first.api.calls).toEqual(online ? ['me', 'history 20 1'] : []);
    }
  });

  it('logout clears token, group, wishlist, compare, checkout details and the cart; message unless silent', async () => {
    // spec transactions §4 Logout
    const { session, storage, wishlist, compare, cartCalls, checkoutCleared, notifications } = setup();
    await session.login('anna@papier.nl', 'Secret12!');
    await wishlist.add({ sku: 'WP-ROSE-50' });
    await compare.add({ sku: 'RIB-RED' });
    await session.logout();
    expect(session.snapshot()).toMatchObject({ token: undefined, refreshToken: undefined, current: undefined, groupId: undefined, orderHistory: undefined });
    expect(await storage.keys(STORAGE_COLLECTIONS.user)).toEqual([]);
    expect(wishlist.snapshot().items).toEqual([]);
    expect(await storage.keys(STORAGE_COLLECTIONS.compare)).toEqual([]);
    expect(cartCalls).toEqual(['login', 'logout']);
    expect(checkoutCleared).toEqual([1]);
    expect(notifications.snapshot().map((n) => n.message)).toEqual([MESSAGES.loggedOut]);
    await session.logout({ silent: true });
    expect(notifications.snapshot()).toHaveLength(1);
  });
});

describe('token lock parts (spec transactions §4 User token lock, §8 Token refresh)', () => {
  it('an expired token is refreshed directly through UserApi, and a later expiry again (#4528, #5713)', async () => {
    // spec transactions §4: on a 401 the token is refreshed when auto-refresh is enabled
    const { session, api, tokenLock } = setup();
    await session.login('anna@papier.nl', 'Secret12!');
    for (let round = 1; round <= 3; round++) {
      api.expireAll();
      await session.refreshProfile();
      expect(tokenLock.refreshCount()).toBe(round);
    }
    expect(api.calls.filter((c) => c === 'refresh')).toHaveLength(3);
    expect(session.snapshot().token).toBe('t4');
  });

  it('a failed refresh: silent logout, unsent tasks cleared, signup modal, one error notification', async () => {
    // spec transactions §4: if refresh fails the user is silently logged out, unsent tasks cleared, signup modal shown, error notification
    const { session, api, queue, modals, notifications, time } = setup();
    await session.login('anna@papier.nl', 'Secret12!');
    api.expireAll();
    api.refreshFails = true;
    let done = false;
    const all = Promise.allSettled([session.refreshProfile(), session.loadOrderHistory(), session.refreshProfile()]).finally(() => (done = true));
    // waiting calls poll every tokenLockRetryMs on the virtual clock
    for (let i = 0; i < 20 && !done; i++) await time.advance(DEFAULT_CONFIG.queue.tokenLockRetryMs);
    const results = await all;
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    await time.advance(0);
    expect(api.calls.filter((c) => c === 'refresh')).toHaveLength(1);
    expect(session.snapshot().token).toBeUndefined();
    expect(queue.cleared).toBe(1);
    expect(modals.snapshot()[MODALS.signup]?.payload).toEqual({ mode: 'login' });
    expect(notifications.snapshot().map((n) => [n.type, n.message])).toEqual([['danger', MESSAGES.tokenRefreshUnauthorized]]);
  });
});

describe('account commands (spec transactions §4, §5, §7, §8)', () => {
  it('change password: offline refused; success notifies then logs in again with the new password', async () => {
    // spec transactions §5: change password requires being online; §8 success then automatic login
    const { session, network, api, notifications } = setup();
    await session.login('anna@papier.nl', 'Secret12!');
    network.set(false);
    await expect(session.changePassword('Secret12!', 'Nieuw123!')).rejects.toMatchObject({ key: MESSAGES.resetPasswordOffline });
    network.set(true);
    const failure = await session.changePassword('wrong', 'Nieuw123!').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ShopError);
    expect(failure).toMatchObject({ key: MESSAGES.serverError, params: { message: "The password doesn't match this account." }, status: 400 });
    api.calls = [];
    await session.changePassword('Secret12!', 'Nieuw123!');
    expect(notifications.snapshot().map((n) => n.message)).toContain(MESSAGES.passwordChanged);
    expect(api.calls[0]).toBe('login');
    expect(api.users.get('anna@papier.nl')?.password).toBe('Nieuw123!');
  });

  it('profile update is queued with the token placeholder; the result notifies accountUpdated', async () => {
    // spec transactions §7: POST /api/user/me (queued); §8 'Account data has successfully been updated'
    const { session, queue, notifications } = setup();
    await session.login('anna@papier.nl', 'Secret12!');
    const updated = { ...session.snapshot().current!, firstname: 'Annie' };
    await session.updateProfile(updated);
    expect(queue.tasks).toEqual([{ url: PROFILE_UPDATE_URL, payload: { method: 'POST', body: { customer: updated } }, callback_event: USER_TASK_EVENTS.profileUpdated }]);
    expect(session.snapshot().current?.firstname).toBe('Annie');
    const task = await queue.queue(queue.tasks[0]!);
    queue.handlers.get(USER_TASK_EVENTS.profileUpdated)!(task, { ok: true, response: { code: 200, result: updated } });
    await vi.waitFor(() => expect(notifications.snapshot().map((n) => n.message)).toContain(MESSAGES.accountUpdated));
  });

  it('addAddress: a checkout address kept in the account through the queued profile update, once; nothing for a guest', async () => {
    // spec transactions §3 "Address", §7 POST /api/user/me (queued): core/checkout/saved-addresses.ts
    const { session, queue } = setup();
    const address = { firstName: 'Anna', lastName: 'de Vries', streetAddress: 'Oudegracht 1', zipCode: '3511 AA', city: 'Utrecht', country: 'NL' };
    await session.addAddress(address, ['shipping']);
    expect(queue.tasks).toEqual([]);
    await session.login('anna@papier.nl', 'Secret12!');
    await session.addAddress(address, ['shipping']);
    const added = { firstname: 'Anna', lastname: 'de Vries', street: ['Oudegracht 1'], city: 'Utrecht', postcode: '3511 AA', country_id: 'NL', default_shipping: true };
    expect(queue.tasks).toEqual([{ url: PROFILE_UPDATE_URL, payload: { method: 'POST', body: { customer: expect.objectContaining({ email: 'anna@papier.nl', addresses: [added] }) } }, callback_event: USER_TASK_EVENTS.profileUpdated }]);
    expect(session.snapshot().current?.addresses).toEqual([added]);
    // the same address again (another order to it): the account has it, nothing is sent
    await session.addAddress({ ...address, zipCode: '3511aa' }, ['shipping']);
    expect(queue.tasks).toHaveLength(1);
  });

  it('register reports the server message of a 4xx; reset password errors map to the reset text', async () => {
    // spec transactions §8: 'A customer with the same email address already exists...', 'Error while sending reset password e-mail'
    const { session, api } = setup();
    await expect(session.register({ email: 'anna@papier.nl', firstname: 'A', lastname: 'B' }, 'Secret12!')).rejects.toMatchObject({
      key: MESSAGES.serverError,
      status: 400,
      params: { message: 'A customer with the same email address already exists in an associated website.' },
    });
    expect((await session.register({ email: 'new@papier.nl', firstname: 'Nieuw', lastname: 'Klant' }, 'Secret12!')).email).toBe('new@papier.nl');
    api.resetPassword = async () => Promise.reject(new ApiError(500, 'mail down'));
    await expect(session.resetPassword('anna@papier.nl')).rejects.toMatchObject({ key: MESSAGES.resetPasswordError });
  });
});

describe('wishlist and compare (spec transactions §3)', () => {
  it('keyed by sku, persisted, wishlist qty 1', async () => {
    // spec transactions §3: compare and wishlist items keyed by sku; wishlist items get qty 1 on add
    const storage = new MemoryStorage();
    const w = new WishlistService(storage);
    await w.add({ sku: 'A', qty: 5, name: 'x' });
    await w.add({ sku: 'A', qty: 3, name: 'y' });
    await w.toggle({ sku: 'B' });
    // (seq: the place of adding, which a reload keeps; see list-items.test.ts)
    expect(w.snapshot().items).toEqual([{ sku: 'A', qty: 1, name: 'y', seq: 1 }, { sku: 'B', qty: 1, seq: 2 }]);
    const again = new WishlistService(storage);
    await again.load();
    expect(again.snapshot().items.map((i) => i.sku)).toEqual(['A', 'B']);
    await again.toggle({ sku: 'A' });
    expect(again.has('A')).toBe(false);
    const c = new CompareService(storage);
    await c.add({ sku: 'A', qty: 4 });
    expect(c.snapshot().items).toEqual([{ sku: 'A', qty: 4, seq: 1 }]);
  });
});
