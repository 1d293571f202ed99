import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend } from '../../test-fixtures/backend';
import { generateCatalogue } from '../../test-fixtures/catalogue';
import { NetworkError } from '../../core/ports/api-error';
import { createApiClient } from './api-client';
import { HttpCartApi } from './cart-api';
import { HttpTaskTransport } from './task-transport';

const sku = generateCatalogue().products.find((p) => p.type_id === 'simple' && p.status === 1 && p.stock?.is_in_stock && (p.stock.qty ?? 0) >= 20 && (p.price_incl_tax ?? 0) > 0)!.sku;

let backend: { url: string; close: () => Promise<void> | void };
let transport: HttpTaskTransport;
let api: HttpCartApi;

beforeAll(async () => {
  backend = await startBackend({ port: 0, dataDir: ':memory:' });
  transport = new HttpTaskTransport({ baseUrl: backend.url, timeoutMs: 5000 });
  api = new HttpCartApi(createApiClient({ baseUrl: backend.url, timeoutMs: 5000 }));
});
afterAll(async () => {
  await backend?.close();
});

describe('HttpTaskTransport against the demo backend (spec transactions §7 "Queued task call")', () => {
  // a task whose answer was lost is re-sent with the same Idempotency-Key and applied once
  it('a repeated Idempotency-Key on /api/cart/update is applied once', async () => {
    const cartId = await api.create('');
    const req = {
      url: `/api/cart/update?token=&cartId=${cartId}`,
      method: 'POST' as const,
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'task-42' },
      body: { cartItem: { sku, qty: 1, quoteId: cartId } },
    };
    const first = await transport.send(req);
    const second = await transport.send(req);
    expect(first.status).toBe(200);
    expect(first.contentType).toMatch(/json/);
    expect(second).toEqual(first);
    expect((await api.pull('', cartId)).map((i) => i.qty)).toEqual([1]);
  });

  it('answers the status instead of throwing for 4xx, with the parsed envelope', async () => {
    const res = await transport.send({ url: '/api/cart/pull?token=&cartId=nope', method: 'GET', headers: {} });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404 });
  });

  it('no server → NetworkError', async () => {
    const dead = new HttpTaskTransport({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(dead.send({ url: '/api/cart/create', method: 'POST', headers: {} })).rejects.toBeInstanceOf(NetworkError);
  });
});
