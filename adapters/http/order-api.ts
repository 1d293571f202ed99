import type { KyInstance } from 'ky';
import { ApiError, type ApiEnvelope } from '../../core/ports/api-error';
import type { OrderApi, OrderBody, OrderPlacementResult, OrderResponse } from '../../core/ports/order-api';
import { call } from './api-client';

/** POST /api/order with the Idempotency-Key header (docs/protocol.md "Order"). A body without `code` is passed on as such. */
export class HttpOrderApi implements OrderApi {
  constructor(private readonly client: KyInstance) {}

  async place(order: OrderBody, idempotencyKey: string, userToken?: string): Promise<OrderResponse> {
    const path = 'api/order';
    const headers = { 'Idempotency-Key': idempotencyKey };
    const options = { json: order, headers, searchParams: { token: userToken || undefined } };
    type Answer = Partial<ApiEnvelope<OrderPlacementResult>> | null;
    const body = await call(() => this.client.post(path, options).json<Answer>(), path);
    if (!body || typeof body !== 'object') return {};
    const { code, result } = body;
    if (typeof code === 'number' && (code < 200 || code >= 300)) throw new ApiError(code, result, path);
    const out: OrderResponse = typeof code === 'number' ? { code } : {};
    return result && typeof result === 'object' ? { ...out, result } : out;
  }
}
