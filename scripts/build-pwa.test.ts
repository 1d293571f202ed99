import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { DEFAULT_CONFIG } from '../core/config';
import { DEFAULT_LOCALE, ICONS, THEME_COLOUR, precacheEntries, renderOfflinePage, webManifest } from './build-pwa.mjs';

// What the build gives the service worker and the installed app.

const root = new URL('..', import.meta.url).pathname;
// a locale's texts: its namespace files (ui/i18n/<locale>/*.json) together
const texts = (locale: string) =>
  Object.assign({}, ...readdirSync(join(root, 'ui/i18n', locale)).map((f) => JSON.parse(readFileSync(join(root, 'ui/i18n', locale, f), 'utf8'))));

describe('build-pwa constants agree with the shop', () => {
  it('the offline fallback locale is the shop default and the theme colour is the accent the page and CSS use', () => {
    expect(DEFAULT_LOCALE).toBe(DEFAULT_CONFIG.i18n.defaultLocale);
    expect(readFileSync(join(root, 'ui/styles.css'), 'utf8')).toContain(`--accent: ${THEME_COLOUR};`);
  });
});

describe('precache manifest from the metafile', () => {
  const made: string[] = [];
  afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));
  function fakeBuild() {
    mkdirSync(join(root, 'test-results'), { recursive: true });
    const dir = mkdtempSync(join(root, 'test-results', 'pwa-'));
    made.push(dir);
    const client = join(dir, 'client');
    mkdirSync(join(client, 'chunks'), { recursive: true });
    const files: Record<string, string> = {
      'entry-client-AAAA1111.js': 'entry',
      'entry-client-AAAA1111.js.map': '{}',
      'entry-client-BBBB2222.css': 'body{}',
      'chunks/ContactPage-CCCC3333.js': 'contact',
      'offline/nl-NL.html': '<p>offline</p>',
    };
    mkdirSync(join(client, 'offline'));
    for (const [f, body] of Object.entries(files)) writeFileSync(join(client, f), body);
    const rel = dir.slice(root.length);
    const metafile = { outputs: Object.fromEntries(Object.keys(files).filter((f) => !f.startsWith('offline')).map((f) => [`${rel}/client/${f}`, {}])) };
    return { client, metafile };
  }

  it('lists every JS and CSS output (no source maps) plus the extra files, each with the hash of its content', async () => {
    const { client, metafile } = fakeBuild();
    const entries = await precacheEntries(client, metafile, root, ['offline/nl-NL.html']);
    expect(entries.map((e) => e.url)).toEqual([
      '/dist/chunks/ContactPage-CCCC3333.js',
      '/dist/entry-client-AAAA1111.js',
      '/dist/entry-client-BBBB2222.css',
      '/dist/offline/nl-NL.html',
    ]);
    for (const e of entries) expect(e.revision).toMatch(/^[0-9a-f]{32}$/);
    // a changed file (the offline page is not hashed in its name) gets a new revision, the others keep theirs
    writeFileSync(join(client, 'offline/nl-NL.html'), '<p>offline, new text</p>');
    const again = await precacheEntries(client, metafile, root, ['offline/nl-NL.html']);
    expect(again.map((e) => e.revision === entries.find((x) => x.url === e.url)?.revision)).toEqual([true, true, true, false]);
  });
});

describe('the offline page', () => {
  it.each(['nl-NL', 'en-US'])('%s: its texts come from the locale file, with the build stylesheet', (locale) => {
    const t = texts(locale);
    const html = renderOfflinePage(locale, t, ['entry-client-BBBB2222.css']);
    expect(html).toContain(`<html lang="${locale.slice(0, 2)}">`);
    expect(html).toContain(`<h1>${t.pwa.offlinePage.heading}</h1>`);
    expect(html).toContain(`<link rel="stylesheet" href="/dist/entry-client-BBBB2222.css">`);
    expect(html).toContain(`href="/">${t.pwa.offlinePage.home}</a>`);
    expect(html).not.toContain('<script');
  });

  it('escapes its texts', () => {
    const t = texts('nl-NL');
    const html = renderOfflinePage('nl-NL', { ...t, pwa: { ...t.pwa, offlinePage: { ...t.pwa.offlinePage, heading: '<b>"x"</b> & y' } } }, []);
    expect(html).toContain('<h1>&lt;b&gt;&quot;x&quot;&lt;/b&gt; &amp; y</h1>');
  });
});

describe('web app manifest and icons', () => {
  it('has what Chrome needs to install the shop, in Dutch', () => {
    const m = webManifest(texts('nl-NL'));
    expect(m).toMatchObject({ lang: 'nl', display: 'standalone', start_url: '/', short_name: 'Papier & Lint', theme_color: THEME_COLOUR });
    expect(m.icons.map((i) => `${i.sizes}/${i.purpose}`)).toEqual(['192x192/any', '512x512/any', '192x192/maskable', '512x512/maskable']);
  });

  it.each(ICONS.map((i) => [i.file, i.size, i.purpose] as const))('%s is a %dpx RGBA PNG (%s)', (file, size, purpose) => {
    const png = readFileSync(join(root, 'ui', file));
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    // IHDR: width, height, bit depth, colour type (6: RGBA)
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([size, size, 8, 6]);
    // decode the pixels: a maskable icon fills its square (corner opaque), the plain one has transparent round corners
    let at = 8;
    const idat: Buffer[] = [];
    while (at < png.length) {
      const length = png.readUInt32BE(at);
      if (png.subarray(at + 4, at + 8).toString('ascii') === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
      at += 12 + length;
    }
    const raw = inflateSync(Buffer.concat(idat));
    expect(raw.length).toBe(size * (size * 4 + 1));
    const alphaAt = (x: number, y: number) => raw[y * (size * 4 + 1) + 1 + x * 4 + 3];
    expect(alphaAt(0, 0)).toBe(purpose === 'maskable' ? 255 : 0);
    expect(alphaAt(size / 2, size / 2)).toBe(255);
  });
});
