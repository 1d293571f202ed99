import { describe, expect, it } from 'vitest';
import { BundledHomeContent } from './bundled-home-content';

describe('BundledHomeContent (spec catalogue §2.11: local JSON per store view)', () => {
  it('answers the default store view file, in Dutch, with banners and content items', async () => {
    const c = await new BundledHomeContent().load('');
    expect(c.banners.mainBanners.length).toBeGreaterThan(0);
    expect(c.contentItems.map((i) => i.title)).toContain('Gratis retourneren');
  });
  it('falls back to the default store view for a store view without a file, and fails when there is none at all', async () => {
    expect((await new BundledHomeContent().load('de')).banners.mainBanners.length).toBeGreaterThan(0);
    await expect(new BundledHomeContent({}).load('de')).rejects.toThrow(/no home content/);
  });
});
