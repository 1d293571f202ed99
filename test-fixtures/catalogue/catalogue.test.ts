import { describe, expect, it } from 'vitest';
import type { Category, Product } from '../../core/catalogue/types';
import { generateCatalogue } from './index';

const cat = generateCatalogue();
const listed = cat.products.filter((p) => p.visibility !== 1);

describe('demo catalogue', () => {
  it('is deterministic per seed and differs between seeds', () => {
    const again = generateCatalogue();
    expect(JSON.stringify(again.products)).toBe(JSON.stringify(cat.products));
    const other = generateCatalogue({ seed: 7 });
    expect(other.products.map((p) => p.name)).not.toEqual(cat.products.map((p) => p.name));
  });

  it('has at least 400 listed products, 40 configurables, 6 grouped and 6 bundles', () => {
    expect(listed.length).toBeGreaterThanOrEqual(400);
    expect(cat.products.filter((p) => p.type_id === 'configurable').length).toBeGreaterThanOrEqual(40);
    expect(cat.products.filter((p) => p.type_id === 'grouped').length).toBeGreaterThanOrEqual(6);
    expect(cat.products.filter((p) => p.type_id === 'bundle').length).toBeGreaterThanOrEqual(6);
  });

  it('scale multiplies the product count', () => {
    const big = generateCatalogue({ scale: 3 });
    expect(big.products.filter((p) => p.visibility !== 1).length).toBe(listed.length * 3);
    expect(new Set(big.products.map((p) => p.sku)).size).toBe(big.products.length);
  });

  it('configurable children include disabled, out-of-stock and invisible entries (spec catalogue §4.3)', () => {
    const children = cat.products.flatMap((p) => p.configurable_children ?? []);
    expect(children.some((c) => c.status === 2)).toBe(true);
    expect(children.some((c) => c.stock?.is_in_stock === false)).toBe(true);
    expect(children.every((c) => c.visibility === 1)).toBe(true);
    for (const p of cat.products.filter((x) => x.type_id === 'configurable')) {
      expect(p.configurable_options?.map((o) => o.attribute_code)).toEqual(['color', 'size']);
      for (const c of p.configurable_children ?? []) {
        expect(p.color_options).toContain(c.color);
        expect(p.size_options).toContain(c.size);
        expect(cat.products.find((x) => x.sku === c.sku)?.visibility).toBe(1);
      }
    }
  });

  it('category tree is rooted at 2 and at least three levels deep below it', () => {
    const root = cat.categories.find((c) => c.id === 2) as Category;
    expect(root.level).toBe(1);
    expect(Math.max(...cat.categories.map((c) => c.level))).toBeGreaterThanOrEqual(4);
    const names = root.children_data?.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Inpakpapier', 'Linten', 'Cadeauzakjes', 'Dozen', 'Kaarten en enveloppen', 'Notitieboeken', 'Kantoorpapier', 'Groothandel']));
    for (const c of cat.categories.filter((x) => x.id !== 2)) {
      const parent = cat.categories.find((x) => x.id === c.parent_id) as Category;
      expect(c.path).toBe(`${parent.path}/${c.id}`);
      expect(c.slug).toBe(`${c.url_key}-${c.id}`);
    }
  });

  it('product urls follow category path + slug-id.html, and every product category exists', () => {
    for (const p of listed) {
      expect(p.url_path).toMatch(new RegExp(`^[a-z0-9-/]+/${p.slug}\\.html$`));
      expect(p.slug).toMatch(new RegExp(`-${p.id}$`));
      for (const id of p.category_ids ?? []) expect(cat.categories.some((c) => c.id === id)).toBe(true);
      expect(p.image).toMatch(/^\/[a-z]\/[a-z]\/[a-z]+-\d+-[a-z]+\.svg$/);
    }
  });

  it('special prices have past, current and future windows around the reference date', () => {
    const ref = '2026-11-01 00:00:00';
    const withSpecial = cat.products.filter((p) => p.special_price !== null && p.special_price !== undefined);
    const past = withSpecial.filter((p) => (p.special_to_date ?? '9') < ref);
    const future = withSpecial.filter((p) => (p.special_from_date ?? '') > ref);
    const current = withSpecial.filter((p) => (p.special_from_date ?? '') <= ref && (p.special_to_date ?? '9') >= ref);
    expect(past.length).toBeGreaterThan(0);
    expect(future.length).toBeGreaterThan(0);
    expect(current.length).toBeGreaterThan(0);
    for (const p of current) expect(p.final_price).toBe(p.special_price);
    for (const p of [...past, ...future]) expect(p.final_price).toBe(p.price);
    for (const p of withSpecial) expect(Number(p.special_price)).toBeLessThan(Number(p.price));
  });

  it('prices include 21% VAT consistently', () => {
    for (const p of cat.products) {
      expect(Math.abs(Number(p.price) * 1.21 - Number(p.price_incl_tax))).toBeLessThan(0.01);
    }
  });

  it('uses the Dutch words for wrapping paper and has attributes, CMS and reviews', () => {
    const text = listed.map((p) => `${p.name} ${p.description}`).join(' ').toLowerCase();
    for (const word of ['inpakpapier', 'cadeaupapier', 'kadopapier']) expect(text).toContain(word);
    expect(cat.attributes.map((a) => a.attribute_code)).toEqual(expect.arrayContaining(['color', 'size', 'erin_recommends']));
    expect(cat.cmsPages.map((p) => p.identifier)).toEqual(expect.arrayContaining(['veel-gestelde-vragen', 'orders-retouren', 'privacy', 'leveringsvoorwaarden', 'wiezijnwij']));
    expect(cat.cmsBlocks.map((b) => b.identifier)).toEqual(expect.arrayContaining(['header-block', 'copyright-block']));
    expect(cat.reviews.length).toBeGreaterThan(50);
  });

  it('grouped and bundle products link to existing simple products', () => {
    const skus = new Set(cat.products.map((p) => p.sku));
    for (const p of cat.products.filter((x: Product) => x.type_id === 'grouped')) {
      expect(p.product_links?.length).toBeGreaterThanOrEqual(3);
      for (const l of p.product_links ?? []) expect(skus.has(l.linked_product_sku)).toBe(true);
    }
    for (const p of cat.products.filter((x: Product) => x.type_id === 'bundle')) {
      for (const o of p.bundle_options ?? []) {
        expect(o.product_links.filter((l) => l.is_default).length).toBe(1);
        for (const l of o.product_links) expect(skus.has(l.sku)).toBe(true);
      }
    }
  });
});
