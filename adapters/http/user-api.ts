import type { KyInstance } from 'ky';
import { ApiError } from '../../core/ports/api-error';
import type { AuthTokens, Customer, NewCustomer, OrderHistoryPage, UserApi } from '../../core/ports/user-api';
import { envelope, result } from './api-client';

/** UserApi over vue-storefront-api /api/user/* (docs/protocol.md "User"). */
export class HttpUserApi implements UserApi {
  /** `storeId`: the store view the order history names its lines in (the shop's locale); none for the default one */
  constructor(private readonly client: KyInstance, private readonly storeId?: number) {}

  private tokens(body: { result: unknown; meta?: Record<string, unknown> }, path: string): AuthTokens {
    if (typeof body.result !== 'string' || body.result === '') throw new ApiError(502, body.result, path);
    const refreshToken = body.meta?.['refreshToken'];
    return typeof refreshToken === 'string' ? { token: body.result, refreshToken } : { token: body.result };
  }

  async login(username: string, password: string): Promise<AuthTokens> {
    return this.tokens(await envelope<string>(this.client, 'api/user/login', { method: 'post', json: { username, password } }), 'api/user/login');
  }

  async register(customer: NewCustomer, password: string): Promise<Customer> {
    return result<Customer>(this.client, 'api/user/create', { method: 'post', json: { customer, password } });
  }

  async resetPassword(email: string): Promise<void> {
    await envelope(this.client, 'api/user/reset-password', { method: 'post', json: { email } });
  }

  async createPassword(email: string, newPassword: string, resetToken: string): Promise<void> {
    await envelope(this.client, 'api/user/create-password', { method: 'post', json: { email, newPassword, resetToken } });
  }

  async changePassword(token: string, currentPassword: string, newPassword: string): Promise<void> {
    await envelope(this.client, 'api/user/change-password', { method: 'post', searchParams: { token }, json: { currentPassword, newPassword } });
  }

  async me(token: string): Promise<Customer> {
    return result<Customer>(this.client, 'api/user/me', { searchParams: { token } });
  }

  async updateMe(token: string, customer: Customer): Promise<Customer> {
    return result(this.client, 'api/user/me', { method: 'post', searchParams: { token }, json: { customer } });
  }

  async orderHistory(token: string, pageSize: number, currentPage: number): Promise<OrderHistoryPage> {
    const searchParams = { token, pageSize, currentPage, storeId: this.storeId };
    const r = await result<Partial<OrderHistoryPage>>(this.client, 'api/user/order-history', { searchParams });
    return { items: r?.items ?? [], total_count: r?.total_count ?? r?.items?.length ?? 0 };
  }

  async refresh(refreshToken: string): Promise<AuthTokens> {
    return this.tokens(await envelope<string>(this.client, 'api/user/refresh', { method: 'post', json: { refreshToken } }), 'api/user/refresh');
  }
}
