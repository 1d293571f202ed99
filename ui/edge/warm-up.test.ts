import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pageLinks, warmUp, type PageGet } from './warm-up';

// a worker renders some of the shop's pages before it takes connections (ui/edge/warm-up.ts).

const page = (header: string, main: string) => `<html><body><header>${header}</header><main class="page" id="main">${main}</main></body></html>`;
const a = (href: string) => `<a class="x" href="${href}">x</a>`;

/** a small shop: home -> category -> product, header links first in the document */
const SHOP: Record<string, string> = {
  '/': page(a('/wishlist') + a('/my-account'), a('/inpakpapier') + a('/linten')),
  '/inpakpapier': page(a('/wishlist') + a('/my-account'), a('/') + a('/inpakpapier') + a('/inpakpapier/rol-1.html?childSku=A&amp;x=1') + a('/inpakpapier/rol-2.html')),
  '/inpakpapier/rol-1.html?childSku=A&x=1': page(a('/wishlist'), a('/inpakpapier') + a('/inpakpapier/rol-2.html')),
  '/inpakpapier/rol-2.html': page('', a('/')),
  '/linten': page('', ''),
};

function shop(overrides: Record<string, number> = {}): { get: PageGet; asked: Array<[string, boolean]> } {
  const asked: Array<[string, boolean]> = [];
  return {
    asked,
    get: async (path, { compressed }) => {
      asked.push([path, compressed]);
      const status = overrides[path] ?? (SHOP[path] !== undefined ? 200 : 404);
      return { status, html: compressed ? '' : (SHOP[path] ?? 'not found') };
    },
  };
}

describe('pageLinks', () => {
  it("the main content's links first, then the others; no bundle, image, API or other-origin links; each once; &amp; decoded", () => {
    const html = `<link href="/dist/app.css"><a href="/wishlist">w</a><a href="//evil.example/x">e</a><img src="/img/a.jpg"><main id="main">${a('/c?sort=price&amp;page=2')}${a('/p.html')}${a('/p.html')}${a('/api/x')}${a('/shop-data/categories/nl-NL/x.json')}${a('/a/../b')}${a('#top')}</main>${a('/about')}`;
    expect(pageLinks(html)).toEqual(['/c?sort=price&page=2', '/p.html', '/about', '/wishlist']);
  });

  it('a document without a main element: its links in document order', () => {
    expect(pageLinks(`${a('/b')}${a('/a')}${a('/b')}`)).toEqual(['/b', '/a']);
  });

  it('never answers a path that is not same-origin and absolute, whatever the document (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.webUrl(), fc.webPath(), fc.constantFrom('//x', '/dist/a.js', '/img/x', '/api/y', '/..')), { maxLength: 20 }), (hrefs) => {
        for (const p of pageLinks(hrefs.map((h) => `<a href="${h.replace(/"/g, '')}">x</a>`).join(''))) {
          expect(p.startsWith('/')).toBe(true);
          expect(p.startsWith('//')).toBe(false);
          expect(p).not.toMatch(/^\/(dist|img|api)\//);
        }
      }),
    );
  });
});

describe('warmUp', () => {
  it("finds home, its first category and that category's first product through the main content, then renders them in turn, compressed", async () => {
    const { get, asked } = shop();
    const report = await warmUp(get, { renders: 10, maxMs: 60_000, pages: 3 });
    expect(report.pages).toEqual(['/', '/inpakpapier', '/inpakpapier/rol-1.html?childSku=A&x=1']);
    expect(report.renders).toBe(10);
    expect(report.stopped).toBeUndefined();
    expect(asked.slice(0, 3)).toEqual([['/', false], ['/inpakpapier', false], ['/inpakpapier/rol-1.html?childSku=A&x=1', false]]);
    expect(asked.slice(3).every(([, compressed]) => compressed)).toBe(true);
    expect(asked.slice(3).map(([p]) => p)).toEqual(['/', '/inpakpapier', '/inpakpapier/rol-1.html?childSku=A&x=1', '/', '/inpakpapier', '/inpakpapier/rol-1.html?childSku=A&x=1', '/']);
  });

  it('0 renders: asks for nothing', async () => {
    const { get, asked } = shop();
    expect(await warmUp(get, { renders: 0, maxMs: 1000 })).toMatchObject({ renders: 0, pages: [] });
    expect(asked).toEqual([]);
  });

  it('stops at the first answer that is not a 200 (the API down: the worker must not wait for it), and at an error, without throwing', async () => {
    const down = shop({ '/': 503 });
    expect(await warmUp(down.get, { renders: 100, maxMs: 60_000 })).toMatchObject({ renders: 1, pages: [], stopped: '/ answered 503' });
    expect(down.asked).toHaveLength(1);
    const later = shop({ '/inpakpapier/rol-1.html?childSku=A&x=1': 503 });
    expect(await warmUp(later.get, { renders: 100, maxMs: 60_000 })).toMatchObject({ renders: 3, pages: ['/', '/inpakpapier'] });
    const failing: PageGet = async () => {
      throw new Error('socket hang up');
    };
    expect(await warmUp(failing, { renders: 5, maxMs: 60_000 })).toMatchObject({ renders: 0, stopped: 'socket hang up' });
  });

  it('stops once maxMs has passed, whatever the count', async () => {
    let t = 0;
    const { get, asked } = shop();
    const timed: PageGet = async (path, o) => {
      t += 40;
      return get(path, o);
    };
    const report = await warmUp(timed, { renders: 1000, maxMs: 400 }, () => t);
    expect(report.renders).toBe(10);
    expect(report.stopped).toBe('400 ms passed');
    expect(asked).toHaveLength(10);
  });

  it('a shop with fewer pages than asked renders those it found', async () => {
    const { get } = shop();
    const report = await warmUp(get, { renders: 12, maxMs: 60_000, pages: 10 });
    // '/', '/inpakpapier', the first product, the second product; then '/' again is seen: no fifth page
    expect(report.pages).toEqual(['/', '/inpakpapier', '/inpakpapier/rol-1.html?childSku=A&x=1', '/inpakpapier/rol-2.html']);
    expect(report.renders).toBe(12);
  });
});
