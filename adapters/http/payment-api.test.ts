import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBackend } from '../../test-fixtures/backend';
import { createConfig } from '../../core/config';
import { startStorefront, type RunningStorefront } from '../../ui/server';
import { createApiClient } from './api-client';
import { HttpPaymentApi, logoAddress } from './payment-api';

const API = 'http://127.0.0.1:8080';

// spec transactions §3 "Payment method" / "Issuer": the image a method or issuer is shown with; the page's CSP allows
// images from the shop's own origin only (docs/deploy.md), so an API logo must load through the /img/ pass-through
describe('logoAddress: a provider logo the browser can load under img-src self', () => {
  it('maps an address on the API under /img/ to the same path on the shop', () => {
    expect(logoAddress('/img/payment-logos/ideal.svg', API, '')).toBe('/img/payment-logos/ideal.svg');
    expect(logoAddress('http://127.0.0.1:8080/img/payment-logos/ideal.svg', API, '')).toBe('/img/payment-logos/ideal.svg');
    expect(logoAddress('/img/payment-logos/ideal.svg', API, 'https://api.shop.example/')).toBe('https://api.shop.example/img/payment-logos/ideal.svg');
  });

  it('keeps an http(s) address on another origin (a provider CDN the deployment allows in img-src)', () => {
    expect(logoAddress('https://www.mollie.com/external/icons/payment-methods/ideal.svg', API, '')).toBe('https://www.mollie.com/external/icons/payment-methods/ideal.svg');
    expect(logoAddress('//cdn.example/ideal.svg', API, '')).toBe('http://cdn.example/ideal.svg');
  });

  it('drops what cannot load through the shop or is no image address at all', () => {
    for (const hostile of [
      'javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'vbscript:x', 'file:///etc/passwd',
      '/payment-logos/ideal.svg', 'http://127.0.0.1:8080/payment-logos/ideal.svg', '/api/cart/pull', '/',
      '/img/../api/user/me', '/img/%2e%2e/api/user/me', '/img/%2E%2E%2Fapi/user/me', '/img/..%2fapi', '/img/a%5c..%5capi',
      '/img\\..\\api', '\\\\evil.example/img/x.svg', ' /img/x.svg', '/img/x.svg\n', 'http://[::1', '', 42, null, undefined, {},
    ]) {
      expect(logoAddress(hostile, API, ''), String(hostile)).toBeUndefined();
    }
  });

  it('never yields an address on the shop outside /img/, whatever the API answers', () => {
    const segment = fc.constantFrom('img', '..', '.', '%2e%2e', '%2E', '%2f', '%5c', 'api', 'payment-logos', 'ideal.svg', '', 'a?b', 'a#b', '\\');
    const address = fc.oneof(
      fc.array(segment, { maxLength: 6 }).map((s) => `/${s.join('/')}`),
      fc.array(segment, { maxLength: 6 }).map((s) => `${API}/${s.join('/')}`),
      fc.array(segment, { maxLength: 6 }).map((s) => s.join('/')),
      fc.string(),
      fc.webUrl(),
    );
    fc.assert(
      fc.property(address, (a) => {
        const out = logoAddress(a, API, '');
        if (out === undefined) return;
        const url = new URL(out, 'http://shop.example');
        if (url.origin === 'http://shop.example') {
          expect(out.startsWith('/img/')).toBe(true);
          expect(url.pathname).toBe(out.split(/[?#]/)[0]);
          expect(url.pathname.startsWith('/img/')).toBe(true);
        } else {
          expect(['http:', 'https:']).toContain(url.protocol);
          expect(url.origin).not.toBe(new URL(API).origin);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

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
