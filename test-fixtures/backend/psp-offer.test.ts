import { afterEach, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from './test-helpers';

// The provider's offer is configurable so the shop's 'No payment methods configured' and 'No issuers' (spec
// transactions §5, §8) can be shown against a real backend answering that way.
describe('demo backend: configured payment provider offer', () => {
  let backend: TestBackend | undefined;
  afterEach(async () => {
    await backend?.close();
    backend = undefined;
  });
  const base = '/api/ext/vsf-payment-service-api';

  it('offers every method and the iDEAL banks by default', async () => {
    backend = await startTestBackend();
    const methods = await backend.call('GET', `${base}/payment-methods`);
    expect(methods.json.result._embedded.methods.map((m: { id: string }) => m.id)).toEqual(['ideal', 'creditcard', 'banktransfer']);
    expect((await backend.call('GET', `${base}/fetch-issuers`)).json.result.length).toBeGreaterThan(0);
  });

  it('no provider methods: an empty list, and post-payment refuses every method (4xx, not 5xx)', async () => {
    backend = await startTestBackend({ psp: { methods: [] } });
    const methods = await backend.call('GET', `${base}/payment-methods`);
    expect(methods.json.result).toMatchObject({ count: 0, _embedded: { methods: [] } });
    const pay = await backend.call('POST', `${base}/post-payment`, { currency: 'EUR', order_id: '1', redirectUrl: 'http://127.0.0.1:3000/order-status/x', method: 'ideal', order_token: 'x' });
    expect(pay.status).toBe(400);
    expect(pay.json.result).toBe('Unknown payment method: ideal');
  });

  it('iDEAL without banks: an empty issuer list, a named bank is refused', async () => {
    backend = await startTestBackend({ psp: { methods: ['ideal'], issuers: false } });
    expect((await backend.call('GET', `${base}/fetch-issuers`)).json.result).toEqual([]);
    const methods = await backend.call('GET', `${base}/payment-methods`);
    expect(methods.json.result._embedded.methods.map((m: { id: string }) => m.id)).toEqual(['ideal']);
    const pay = await backend.call('POST', `${base}/post-payment`, { currency: 'EUR', order_id: '1', redirectUrl: 'http://127.0.0.1:3000/order-status/x', method: 'ideal', issuer: 'ideal_INGBNL2A', order_token: 'x' });
    expect(pay.status).toBe(400);
    expect(pay.json.result).toBe('Unknown issuer: ideal_INGBNL2A');
  });
});
