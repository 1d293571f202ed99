import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { BOOT_LOADER, INLINE_SCRIPT_HASHES, documentEnd, headStart } from '../entry-server';
import { bootData, bootModules } from '../../test-fixtures/boot-document';
import { COOKIE_NOTICE_CLOSED_CLASS, COOKIE_NOTICE_CLOSED_KEY, COOKIE_NOTICE_HEAD_SCRIPT, mirrorCookieNotice } from '../head/cookie-notice-mirror';

interface FakeElement {
  tag: string;
  type?: string;
  src?: string;
  rel?: string;
  href?: string;
}

/** Runs the loader in a fake browser (its script element carries `modules`): one animation frame and timers, driven by the test. */
function fakeBrowser(visibility: 'visible' | 'hidden', modules: string | null) {
  const appended: FakeElement[] = [];
  const frames: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const document = {
    visibilityState: visibility,
    currentScript: { getAttribute: (name: string) => (name === 'data-modules' ? modules : null) },
    createElement: (tag: string): FakeElement => ({ tag }),
    head: { appendChild: (e: FakeElement) => appended.push(e) },
  };
  const run = () =>
    new Function('document', 'requestAnimationFrame', 'setTimeout', BOOT_LOADER)(
      document,
      (f: () => void) => frames.push(f),
      (f: () => void) => timers.push(f),
    );
  return { appended, frames, timers, run };
}

const FILES = ['/dist/entry-client-AAAA.js', '/dist/chunks/chunk-BBBB.js', '/dist/chunks/ProductPage-CCCC.js'];
const sha256 = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

// the page's JavaScript is asked for after the first paint, so the HTML and the first images have the connection to
// themselves
describe('the boot loader (ui/entry-server.tsx documentEnd)', () => {
  it('asks for nothing before the first frame has been painted, then for the entry and every chunk at once', () => {
    const b = fakeBrowser('visible', FILES.join(' '));
    b.run();
    expect(b.appended).toEqual([]);
    expect(b.frames).toHaveLength(1);
    b.frames.shift()!(); // the frame's callback runs before its paint
    expect(b.appended).toEqual([]);
    expect(b.timers).toHaveLength(1);
    b.timers.shift()!(); // the task after the paint
    expect(b.appended).toEqual([
      { tag: 'script', type: 'module', src: FILES[0] },
      { tag: 'link', rel: 'modulepreload', href: FILES[1] },
      { tag: 'link', rel: 'modulepreload', href: FILES[2] },
    ]);
  });

  it('a hidden tab (nothing to paint, no frames) asks at once; no files, nothing asked', () => {
    const b = fakeBrowser('hidden', FILES.join(' '));
    b.run();
    expect(b.frames).toEqual([]);
    expect(b.appended.map((e) => [e.tag, e.src ?? e.href])).toEqual([
      ['script', FILES[0]],
      ['link', FILES[1]],
      ['link', FILES[2]],
    ]);
    const none = fakeBrowser('hidden', null);
    none.run();
    expect(none.appended).toEqual([]);
  });

  it('the document names the files and the boot data, readable back; every inline script is one the CSP hashes', () => {
    const boot = { state: { a: '</script><script>alert(1)</script><!--' }, locale: 'nl-NL', path: '/\u2028', config: { api: { publicUrl: '/api' } } } as Parameters<typeof documentEnd>[0];
    const end = documentEnd(boot, ['entry-client-AAAA.js', 'chunks/chunk-BBBB.js', 'chunks/ProductPage-CCCC.js']);
    expect(bootModules(end)).toEqual(FILES);
    expect(bootData(end)).toEqual(boot);
    // hostile state cannot end the data block early: no '<' in it at all
    expect(end.match(/<script/g)).toHaveLength(2);
    expect(documentEnd(boot, [])).not.toContain('data-modules');
    const head = headStart('nl-NL', { entry: '', css: [], inlineCss: 'body{color:red}' });
    const executable = [...(head + end).matchAll(/<script(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(executable).toEqual([COOKIE_NOTICE_HEAD_SCRIPT, BOOT_LOADER]);
    expect(INLINE_SCRIPT_HASHES).toEqual(executable.map(sha256));
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
