import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestBackend, type TestBackend } from '../test-fixtures/backend/test-helpers';
import { IMAGE_CACHE_CONTROL, startStorefront, type RunningStorefront } from './server';
import { inlinableCss, INLINE_CSS_MAX_BYTES } from './entry-server';
import { rawRequest } from '../test-fixtures/raw-http';

// the stylesheet in the head instead of a render-blocking request; catalogue images kept long

const CSS = ':root{--accent:#a8323e}body{margin:0;font-family:system-ui}.header{background:url(/dist/static/logo.svg)}';

let backend: TestBackend;
let inlined: RunningStorefront;
let linked: RunningStorefront;

function clientDir(css: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'first-paint-client-'));
  writeFileSync(join(dir, 'entry-client-AAAA1111.css'), `${css}\n/*# sourceMappingURL=entry-client-AAAA1111.css.map */\n`);
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ entry: '', css: ['entry-client-AAAA1111.css'] }));
  return dir;
}

beforeAll(async () => {
  backend = await startTestBackend();
  inlined = await startStorefront({ port: 0, host: '127.0.0.1', apiUrl: backend.url, clientDir: clientDir(CSS) });
  // a stylesheet with a relative url() would point elsewhere from a page's head: it stays a link
  linked = await startStorefront({ port: 0, host: '127.0.0.1', apiUrl: backend.url, clientDir: clientDir('.x{background:url(static/a.png)}') });
}, 60_000);

afterAll(async () => {
  await Promise.all([inlined?.close(), linked?.close()]);
  await backend?.close();
});

describe('the stylesheet is written into the head', () => {
  it('which stylesheets can stand in a <style>: small, no closing tag, no relative url() or @import', () => {
    expect(inlinableCss([CSS])).toBe(CSS);
    expect(inlinableCss(['a{}', 'b{}'])).toBe('a{}\nb{}');
    expect(inlinableCss(['a{content:"</style><script>x()</script>"}'])).toBeUndefined();
    expect(inlinableCss(['a{background:url(img/x.png)}'])).toBeUndefined();
    expect(inlinableCss(["a{background:url('../x.png')}"])).toBeUndefined();
    expect(inlinableCss(['@import "other.css";'])).toBeUndefined();
    expect(inlinableCss(['a{background:url(data:image/png;base64,AAAA)}'])).toBeDefined();
    expect(inlinableCss([`a{}${' '.repeat(INLINE_CSS_MAX_BYTES)}`])).toBeUndefined();
    expect(inlinableCss([])).toBeUndefined();
  });

  it('a page carries the stylesheet in its head (allowed by style-src), without its source map comment or a <link>', async () => {
    const page = await rawRequest(inlined.url, '/');
    expect(page.status).toBe(200);
    const head = page.body.split('</head>')[0]!;
    expect(String(page.headers['content-security-policy'])).toContain("style-src 'self' 'unsafe-inline'");
    expect(head).toContain(`<style>${CSS}</style>`);
    expect(head).not.toContain('rel="stylesheet"');
    expect(head).not.toContain('sourceMappingURL');
  });

  it('a stylesheet that cannot be inlined stays a link', async () => {
    const head = (await rawRequest(linked.url, '/')).body.split('</head>')[0]!;
    expect(head).toContain('<link rel="stylesheet" href="/dist/entry-client-AAAA1111.css">');
    expect(head).not.toContain('<style');
  });
});

describe('catalogue images through /img are kept a year', () => {
  it('an image answer carries the long cache policy; a missing image keeps the API answer', async () => {
    const image = await rawRequest(inlined.url, '/img/210/300/resize/w/r/wrapping-1-rood.svg');
    expect(image.status).toBe(200);
    expect(image.headers['cache-control']).toBe(IMAGE_CACHE_CONTROL);
    const missing = await rawRequest(inlined.url, '/img/210/300/resize/w/r/wrapping-999999-rood.svg');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).not.toBe(IMAGE_CACHE_CONTROL);
    // the API pass-through keeps the API's own policy
    const api = await rawRequest(inlined.url, `/api/catalog/vue_storefront_catalog/product/_search?size=1`);
    expect(api.headers['cache-control']).not.toBe(IMAGE_CACHE_CONTROL);
  });
});
