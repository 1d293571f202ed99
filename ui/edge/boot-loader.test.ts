import { describe, expect, it } from 'vitest';
import { bootLoader, bootModules, documentEnd, type ClientManifest } from './html-shell';
import { COOKIE_NOTICE_CLOSED_CLASS, COOKIE_NOTICE_CLOSED_KEY, COOKIE_NOTICE_HEAD_SCRIPT, mirrorCookieNotice } from '../head/cookie-notice-mirror';

interface FakeElement {
  tag: string;
  type?: string;
  src?: string;
  rel?: string;
  href?: string;
  nonce?: string;
}

/** Runs the loader's text in a fake browser: the document, one animation frame and timers, all driven by the test. */
function fakeBrowser(visibility: 'visible' | 'hidden', nonce: string | undefined) {
  const appended: FakeElement[] = [];
  const frames: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const document = {
    visibilityState: visibility,
    currentScript: nonce === undefined ? null : { nonce },
    createElement: (tag: string): FakeElement => ({ tag }),
    head: { appendChild: (e: FakeElement) => appended.push(e) },
  };
  const run = (code: string) =>
    new Function('document', 'requestAnimationFrame', 'setTimeout', code)(
      document,
      (f: () => void) => frames.push(f),
      (f: () => void) => timers.push(f),
    );
  return { appended, frames, timers, run };
}

const FILES = ['/dist/entry-client-AAAA.js', '/dist/chunks/chunk-BBBB.js', '/dist/chunks/ProductPage-CCCC.js'];

// issue 10: the page's JavaScript is asked for after the first paint, so the HTML and the first images have the
// connection to themselves (and Lighthouse counts no script into FCP/LCP)
describe('the boot loader (ui/edge/html-shell.ts documentEnd)', () => {
  it('asks for nothing before the first frame has been painted, then for the entry and every chunk at once, with the nonce', () => {
    const b = fakeBrowser('visible', 'n0nce');
    b.run(bootLoader(FILES));
    expect(b.appended).toEqual([]);
    expect(b.frames).toHaveLength(1);
    b.frames.shift()!(); // the frame's callback runs before its paint
    expect(b.appended).toEqual([]);
    expect(b.timers).toHaveLength(1);
    b.timers.shift()!(); // the task after the paint
    expect(b.appended).toEqual([
      { tag: 'script', type: 'module', src: FILES[0], nonce: 'n0nce' },
      { tag: 'link', rel: 'modulepreload', href: FILES[1], nonce: 'n0nce' },
      { tag: 'link', rel: 'modulepreload', href: FILES[2], nonce: 'n0nce' },
    ]);
  });

  it('a hidden tab (nothing to paint, no frames) asks at once; without a current script no nonce is set', () => {
    const b = fakeBrowser('hidden', undefined);
    b.run(bootLoader(FILES));
    expect(b.frames).toEqual([]);
    expect(b.appended.map((e) => [e.tag, e.src ?? e.href, 'nonce' in e])).toEqual([
      ['script', FILES[0], false],
      ['link', FILES[1], false],
      ['link', FILES[2], false],
    ]);
  });

  it('the document names the files once, readable back; no files, no loader', () => {
    const manifest: ClientManifest = { entry: 'entry-client-AAAA.js', css: [], preload: ['chunks/chunk-BBBB.js'] };
    const boot = { state: {}, locale: 'nl-NL', path: '/', config: { api: { publicUrl: '/api' } } } as Parameters<typeof documentEnd>[0];
    const end = documentEnd(boot, manifest, 'N', ['entry-client-AAAA.js', 'chunks/chunk-BBBB.js', 'chunks/ProductPage-CCCC.js']);
    expect(bootModules(end)).toEqual(FILES);
    expect(end).toContain(`<script nonce="N">${bootLoader(FILES)}</script>`);
    expect(documentEnd(boot, { entry: '', css: [] }, 'N', [])).not.toContain('(function(m)');
    // hostile state cannot end the script early
    const hostile = documentEnd({ ...boot, path: '</script><script>alert(1)</script>' }, manifest, 'N');
    expect(hostile.match(/<script/g)).toHaveLength(2);
  });
});

describe('the cookie notice in the HTML (ui/head/cookie-notice-mirror.ts)', () => {
  function head(stored: string | null | 'throws') {
    const classes: string[] = [];
    const localStorage = {
      getItem: (k: string) => {
        if (stored === 'throws') throw new Error('SecurityError');
        return k === COOKIE_NOTICE_CLOSED_KEY ? stored : null;
      },
    };
    const document = { documentElement: { classList: { add: (c: string) => classes.push(c) } } };
    new Function('localStorage', 'document', COOKIE_NOTICE_HEAD_SCRIPT)(localStorage, document);
    return classes;
  }

  it('the head script hides the notice before the first paint only for a shopper who closed it', () => {
    expect(head('1')).toEqual([COOKIE_NOTICE_CLOSED_CLASS]);
    expect(head(null)).toEqual([]);
    expect(head('0')).toEqual([]);
    expect(head('throws')).toEqual([]); // storage disabled: the notice shows until the claim is read
  });

  it('the copy follows the claim; a storage that refuses is no error', () => {
    const store = new Map<string, string>();
    const storage = { setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
    mirrorCookieNotice(false, storage);
    expect(store.get(COOKIE_NOTICE_CLOSED_KEY)).toBe('1');
    mirrorCookieNotice(true, storage);
    expect(store.has(COOKIE_NOTICE_CLOSED_KEY)).toBe(false);
    const refusing = { setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => { throw new Error('SecurityError'); } };
    expect(() => mirrorCookieNotice(false, refusing)).not.toThrow();
    expect(() => mirrorCookieNotice(true, refusing)).not.toThrow();
  });
});
