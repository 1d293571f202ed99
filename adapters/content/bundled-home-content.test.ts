import { describe, expect, it } from 'vitest';
import { BundledHomeContent } from './bundled-home-content';

describe('BundledHomeContent (spec catalogue §2.11: local JSON per store view)', () => {
  it('answers the default store view file, in Dutch, with banners and content items', async () => {
    const c = await new BundledHomeContent().load('');
    expect(c.banners.mainBanners.length).toBeGreaterThan(0);
    expect(c.contentItems.map((i) => i.title)).toContain('Gratis retourneren');
  });
  it('answers the English text of the same banners for en-US (banners and USPs per locale)', async () => {
    const nl = await new BundledHomeContent('nl-NL').load('');
    const en = await new BundledHomeContent('en-US').load('');
    expect(en.contentItems.map((i) => i.title)).toContain('Free returns');
    expect(en.banners.mainBanners.map((b) => b.link)).toEqual(nl.banners.mainBanners.map((b) => b.link));
    expect(en.banners.menuAsideBanners.map((b) => b.link)).toEqual(nl.banners.menuAsideBanners.map((b) => b.link));
    expect(en.banners.smallBanners.map((b) => b.title)).not.toEqual(nl.banners.smallBanners.map((b) => b.title));
  });
  it('falls back to the default store view for a store view without a file, and fails when there is none at all', async () => {
    expect((await new BundledHomeContent().load('de')).banners.mainBanners.length).toBeGreaterThan(0);
    await expect(new BundledHomeContent(undefined, {}).load('de')).rejects.toThrow(/no home content/);
  });
});
