import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { logoAddress } from './payment-api';

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
