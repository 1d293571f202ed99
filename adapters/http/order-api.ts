import type { KyInstance } from 'ky';
import type { ApiEnvelope } from '../../core/ports/api-error';
import { ApiError } from '../../core/ports/api-error';
import type { OrderApi, OrderBody, OrderPlacementResult, OrderResponse } from '../../core/ports/order-api';
import { call } from './api-client';

/** POST /api/order with the Idempotency-Key header (docs/protocol.md "Order"). A body without `code` is passed on as such. */
export class HttpOrderApi implements OrderApi {
  constructor(private readonly client: KyInstance) {}

  async place(order: OrderBody, idempotencyKey: string, userToken?: string): Promise<OrderResponse> {
    const path = 'api/order';
    const body = await call(
      () => this.client.post(path, { json: order, headers: { 'Idempotency-Key': idempotencyKey }, ...(userToken ? { searchParams: { token: userToken } } : {}) })
        .json<Partial<ApiEnvelope<OrderPlacementResult>> | null>(),
      path,
    );
    if (!body || typeof body !== 'object') return {};
    if (typeof body.code === 'number' && (body.code < 200 || body.code >= 300)) throw new ApiError(body.code, body.result, path);
    const out: OrderResponse = {};
    if (typeof body.code === 'number') out.code = body.code;
    if (body.result && typeof body.result === 'object') out.result = body.result;
    return out;
  }
}
