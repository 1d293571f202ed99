import { describe, expect, it } from 'vitest';
import type { HomeContentSource } from '../../core/catalogue/home-content';
import { BundledHomeContent } from './bundled-home-content';

describe('BundledHomeContent (spec catalogue §2.11: local JSON, one file per locale for every store view)', () => {
  it('answers the default store view file, in Dutch, with banners and content items', async () => {
    const c = await new BundledHomeContent().load();
    expect(c.banners.mainBanners.length).toBeGreaterThan(0);
    expect(c.contentItems.map((i) => i.title)).toContain('Gratis retourneren');
  });
  it('answers the English text of the same banners for en-US (banners and USPs per locale)', async () => {
    const nl = await new BundledHomeContent('nl-NL').load();
    const en = await new BundledHomeContent('en-US').load();
    expect(en.contentItems.map((i) => i.title)).toContain('Free returns');
    expect(en.banners.mainBanners.map((b) => b.link)).toEqual(nl.banners.mainBanners.map((b) => b.link));
    expect(en.banners.menuAsideBanners.map((b) => b.link)).toEqual(nl.banners.menuAsideBanners.map((b) => b.link));
    expect(en.banners.smallBanners.map((b) => b.title)).not.toEqual(nl.banners.smallBanners.map((b) => b.title));
  });
  it('answers the same file for every store view', async () => {
    const source: HomeContentSource = new BundledHomeContent();
    expect(await source.load('de')).toEqual(await source.load('nl'));
  });
});
