// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { WindowDataLayer, loadTagManager } from './window-data-layer';

describe('WindowDataLayer (spec catalogue §2.4: the tag manager reads window.dataLayer)', () => {
  it('creates window.dataLayer when missing and keeps one that is there', () => {
    const host: { dataLayer?: object[] } = {};
    new WindowDataLayer(host).push({ event: 'page_view' });
    expect(host.dataLayer).toEqual([{ event: 'page_view' }]);
    const theirs: object[] = [{ 'gtm.start': 1 }];
    const other = { dataLayer: theirs };
    new WindowDataLayer(other).push({ event: 'x' });
    expect(other.dataLayer).toBe(theirs);
    expect(theirs).toHaveLength(2);
  });

  it('loads the tag manager once, for a well-formed container id only, with the page scripts\' nonce', () => {
    document.head.innerHTML = '<script nonce="abc123">1</script>';
    const host: { dataLayer?: object[] } = {};
    const layer = new WindowDataLayer(host);
    expect(loadTagManager('GTM-X"><img', document, layer)).toBe(false);
    expect(loadTagManager('', document, layer)).toBe(false);
    expect(document.querySelectorAll('script[src]')).toHaveLength(0);
    expect(loadTagManager('GTM-AB12CD3', document, layer, () => 42)).toBe(true);
    expect(loadTagManager('GTM-AB12CD3', document, layer)).toBe(false);
    const added = document.querySelectorAll<HTMLScriptElement>('script[src]');
    expect(added).toHaveLength(1);
    expect(added[0]!.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3');
    expect(added[0]!.nonce).toBe('abc123');
    expect(host.dataLayer).toEqual([{ 'gtm.start': 42, event: 'gtm.js' }]);
  });
});
