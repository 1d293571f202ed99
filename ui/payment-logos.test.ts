import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBackend } from '../test-fixtures/backend';
import { createConfig } from '../core/config';
import { startStorefront, type RunningStorefront } from './server';
import { createApiClient } from '../adapters/http/api-client';
import { HttpPaymentApi } from '../adapters/http/payment-api';

// spec transactions §3 "Provider payment method" (image with svg): the logos load from the shop's own origin (CSP img-src 'self')
describe('HttpPaymentApi logos against the demo backend, through a running storefront', () => {
  let backend: { url: string; close(): Promise<void> };
  let shop: RunningStorefront;
  beforeAll(async () => {
    backend = await startBackend({ port: 0, dataDir: ':memory:', log: () => undefined });
    shop = await startStorefront({ port: 0, host: '127.0.0.1', apiUrl: backend.url, clientDir: mkdtempSync(join(tmpdir(), 'payment-logos-')) });
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await backend?.close();
  });

  it('every method and issuer logo is a shop-relative /img/ address that loads as SVG from the storefront', async () => {
    const config = createConfig({ api: { url: backend.url, publicUrl: '' } });
    const pay = new HttpPaymentApi(createApiClient({ baseUrl: backend.url, timeoutMs: 5000 }), config);
    const methods = await pay.paymentMethods();
    const issuers = await pay.fetchIssuers();
    expect(methods.map((m) => m.id)).toEqual(['ideal', 'creditcard', 'banktransfer']);
    const logos = [...methods, ...issuers].flatMap((x) => Object.values(x.image ?? {}));
    expect(logos.length).toBe(methods.length * 3 + issuers.length);
    for (const logo of logos) {
      expect(logo).toMatch(/^\/img\/payment-logos\/[\w-]+\.svg$/);
      const res = await fetch(new URL(logo!, shop.url));
      expect(res.status, logo).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(await res.text()).toContain('<svg');
    }
  });

  it('the older /payment-logos/ address still answers on the API', async () => {
    const res = await fetch(`${backend.url}/payment-logos/ideal.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });
});
