/** The session's state, kept in Storage 'user' (spec transactions §3 "User session state", §7); tabs are told. */
import { BehaviorSubject } from 'rxjs';
import type { CrossTab } from '../ports/cross-tab';
import { STORAGE_COLLECTIONS, type Storage } from '../ports/storage';
import type { AuthTokens, Customer, OrderHistoryPage } from '../ports/user-api';

export const USER_STORAGE_KEYS = {
  token: 'current-token',
  refreshToken: 'current-refresh-token',
  user: 'current-user',
  orderHistory: 'orders-history',
} as const;

export interface SessionState {
  readonly token: string | undefined;
  readonly refreshToken: string | undefined;
  readonly groupToken: string | undefined;
  readonly groupId: number | undefined;
  readonly current: Customer | undefined;
  readonly sessionStartedAt: number | undefined;
  readonly orderHistory: OrderHistoryPage | undefined;
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

const C = STORAGE_COLLECTIONS.user;

/** The customer and the group fields that come with them. */
function withGroup(current: Customer | undefined): Pick<SessionState, 'current' | 'groupId' | 'groupToken'> {
  return { current, groupId: current?.group_id, groupToken: current?.groupToken };
}

export class SessionStore {
  readonly subject = new BehaviorSubject<SessionState>(INITIAL_SESSION_STATE);

  constructor(
    private readonly storage: Storage,
    private readonly tabs: CrossTab,
  ) {}

  get value(): SessionState {
    return this.subject.value;
  }

  patch(p: Partial<SessionState>): void {
    this.subject.next({ ...this.value, ...p });
  }

  /** The session as stored: tokens, customer (with its group) and order history. */
  async read() {
    const s = this.storage;
    const [token, refreshToken, current, orderHistory] = await Promise.all([
      s.get<string>(C, USER_STORAGE_KEYS.token),
      s.get<string>(C, USER_STORAGE_KEYS.refreshToken),
      s.get<Customer>(C, USER_STORAGE_KEYS.user),
      s.get<OrderHistoryPage>(C, USER_STORAGE_KEYS.orderHistory),
    ]);
    return { token, refreshToken, orderHistory, ...withGroup(current) };
  }

  async storeTokens(tokens: AuthTokens): Promise<void> {
    await this.storage.set(C, USER_STORAGE_KEYS.token, tokens.token);
    if (tokens.refreshToken) await this.storage.set(C, USER_STORAGE_KEYS.refreshToken, tokens.refreshToken);
    this.patch({ token: tokens.token, refreshToken: tokens.refreshToken ?? this.value.refreshToken });
    this.tabs.publish({ topic: 'session' });
  }

  async storeCustomer(current: Customer): Promise<void> {
    await this.storage.set(C, USER_STORAGE_KEYS.user, current);
    this.patch(withGroup(current));
    this.tabs.publish({ topic: 'session' });
  }

  async storeOrderHistory(orderHistory: OrderHistoryPage): Promise<void> {
    await this.storage.set(C, USER_STORAGE_KEYS.orderHistory, orderHistory);
    this.patch({ orderHistory });
  }

  /** Token, refresh token, customer, group and order history removed (memory and Storage). */
  async clear(): Promise<void> {
    await this.storage.clear(C);
    const gone = { token: undefined, refreshToken: undefined, orderHistory: undefined, sessionStartedAt: undefined };
    this.patch({ ...withGroup(undefined), ...gone });
    this.tabs.publish({ topic: 'session' });
  }
}
