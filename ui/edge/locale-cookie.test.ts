import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startTestShops, type TestShops } from '../../test-fixtures/storefront';
import { headerLinesRequest, rawRequest } from '../../test-fixtures/raw-http';
import { LruOutputCache } from './lru-output-cache';
import type { RunningStorefront } from '../server';

// Hostile locale cookies against the storefront's pages (ui/server.ts reads `locale` with the `cookie` package):
// never a 5xx, the default locale (nl-NL) unless the cookie names a locale of the shop, and the output cache keyed
// only by that outcome, so a hostile cookie never changes the page another shopper is answered.

let shops: TestShops;
let shop: RunningStorefront;
const PAGE = '/';

/** lang of a page document: 'nl' (nl-NL, the default) or 'en' (en-US) */
const langOf = (html: string) => /<html lang="([a-z]+)"/.exec(html)?.[1];

/** one GET of the page with exactly these Cookie header lines (none, one or several), identity encoding */
async function withCookieLines(lines: string[], target = PAGE) {
  // sent as latin1: each character is one byte on the wire, so '\xff' is the invalid UTF-8 byte 0xFF
  const cookies = lines.map((l) => `Cookie: ${l}`);
  const answer = await headerLinesRequest(shop.url, target, [`Host: ${new URL(shop.url).host}`, ...cookies]);
  return { ...answer, body: Buffer.from(answer.body, 'latin1').toString('utf8') };
}

let reference: { nl: string; en: string };

beforeAll(async () => {
  shops = await startTestShops();
  shop = await shops.start({ outputCache: new LruOutputCache(50, { now: () => Date.now() }) });
  // the two pages a shopper can be answered; the first request of each fills the cache with a plain cookie
  const nl = await rawRequest(shop.url, PAGE);
  const en = await rawRequest(shop.url, PAGE, { headers: { cookie: 'locale=en-US' } });
  expect([nl.status, en.status]).toEqual([200, 200]);
  expect([langOf(nl.body), langOf(en.body)]).toEqual(['nl', 'en']);
  reference = { nl: nl.body, en: en.body };
}, 60_000);

afterAll(async () => {
  await shops?.close();
});

describe('the locale cookie', () => {
  it('a valid locale is chosen, in any position, once percent-encoded or surrounded by other cookies', async () => {
    const english = ['locale=en-US', 'a=1; locale=en-US', 'locale=en-US;en-US', 'locale=en%2DUS',
      'x=%ZZ; locale=en-US; y',
      `${Array.from({ length: 500 }, (_, i) => `c${i}=v`).join('; ')}; locale=en-US`, '__proto__=nl-NL; locale=en-US'];
    for (const cookie of english) {
      const answer = await rawRequest(shop.url, PAGE, { headers: { cookie } });
      expect(answer.status, cookie.slice(0, 60)).toBe(200);
      expect(answer.body, cookie.slice(0, 60)).toBe(reference.en);
    }
  });

  it('anything else is the default locale: bad, huge, prototype names, wrong case, invalid UTF-8', async () => {
    const dutch = [
      'locale=', 'locale', 'locale=xx-XX', 'locale=EN-US', 'locale=en', 'locale=en-us', 'locale=en-US%',
      'locale=%', 'locale=%E0%A4%A', 'locale=%FF%FE', 'locale=\xff\xfe', 'locale=en-US\xff',
      'locale=__proto__', 'locale=constructor', 'locale=toString', 'locale=hasOwnProperty', 'locale=valueOf',
      '__proto__=en-US', 'constructor=en-US', 'toString=en-US', '__proto__[locale]=en-US', 'locale[]=en-US',
      `locale=${'a'.repeat(8000)}`, `locale=${'%41'.repeat(2500)}`, 'locale=nl-NL,en-US',
      'locale=%00en-US', 'locale=en-US%00', ';;;;=;=;', '=en-US', ' = ; locale=xx; locale=en-US',
    ];
    for (const cookie of dutch) {
      const answer = await withCookieLines([cookie]);
      expect(answer.status, cookie.slice(0, 60)).toBe(200);
      expect(langOf(answer.body), cookie.slice(0, 60)).toBe('nl');
      expect(answer.body, cookie.slice(0, 60)).toBe(reference.nl);
    }
  });

  it('control characters in the header are refused by the HTTP parser with 400, and the server serves on', async () => {
    for (const cookie of ['locale=en-US\x7f', 'locale=en-US\x00', 'locale=\x01en-US']) {
      expect((await withCookieLines([cookie])).status, JSON.stringify(cookie)).toBe(400);
    }
    expect((await rawRequest(shop.url, PAGE)).body).toBe(reference.nl);
  });

  it('two Cookie headers are one list (RFC 9110 §5.3): the first locale named decides', async () => {
    expect((await withCookieLines(['a=1', 'locale=en-US'])).body).toBe(reference.en);
    expect((await withCookieLines(['locale=en-US', 'locale=nl-NL'])).body).toBe(reference.en);
    expect((await withCookieLines(['locale=xx', 'locale=en-US'])).body).toBe(reference.nl);
    expect((await withCookieLines(['locale=nl-NL', 'locale=en-US'])).body).toBe(reference.nl);
  });

  it('a Cookie header of 16 KB is refused with a 4xx (the header limit), and the server serves on', async () => {
    const huge = await withCookieLines([`locale=en-US; pad=${'x'.repeat(16 * 1024)}`]);
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    const many = await withCookieLines(Array.from({ length: 20 }, (_, i) => `c${i}=${'y'.repeat(1000)}`));
    expect(many.status).toBeGreaterThanOrEqual(400);
    expect(many.status).toBeLessThan(500);
    expect((await rawRequest(shop.url, PAGE)).body).toBe(reference.nl);
  });

  it('any Cookie header answers one of the two pages, never a 5xx, never another shopper\'s (fast-check)', async () => {
    // cookie text from the characters a header can carry, with the names and values that matter more often
    const octet = fc.integer({ min: 0x20, max: 0xff }).filter((c) => c !== 0x7f).map((c) => String.fromCharCode(c));
    const text = fc.oneof(
      fc.string({ unit: octet, maxLength: 40 }),
      fc.constantFrom('locale', 'en-US', 'nl-NL', '__proto__', 'constructor', '%', '%2', '%E0%A4%A', '"en-US"', ''),
    );
    const pair = fc.tuple(text, fc.constantFrom('=', '', '==', ' = '), text).map(([k, eq, v]) => `${k}${eq}${v}`);
    const header = fc.tuple(fc.array(pair, { maxLength: 8 }), fc.constantFrom('; ', ';'))
      .map(([pairs, sep]) => pairs.join(sep));
    await fc.assert(
      fc.asyncProperty(fc.array(header, { minLength: 1, maxLength: 2 }), async (lines) => {
        const answer = await withCookieLines(lines.map((l) => l.trim()).filter(Boolean));
        expect(answer.status).toBe(200);
        expect([reference.nl, reference.en]).toContain(answer.body);
      }),
      { numRuns: 60 },
    );
    // what the hostile cookies left in the cache is what shoppers without one are answered
    expect((await rawRequest(shop.url, PAGE)).body).toBe(reference.nl);
    expect((await rawRequest(shop.url, PAGE, { headers: { cookie: 'locale=en-US' } })).body).toBe(reference.en);
  }, 30_000);

  it('a hostile cookie on the first request of a page (a cache miss) leaves the page every shopper gets', async () => {
    const path = '/inpakpapier/kerst';
    const first = await withCookieLines(['locale=__proto__; constructor=en-US; toString=x'], path);
    expect(first.status).toBe(200);
    expect(first.head).toMatch(/x-output-cache: miss/i);
    const plain = await rawRequest(shop.url, path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['x-output-cache']).toBe('hit');
    expect(plain.body).toBe(first.body);
    expect(langOf(plain.body)).toBe('nl');
  });
});
