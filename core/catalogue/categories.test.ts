import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG } from '../config';
import { MESSAGES, ShopError } from '../messages';
import {
  appendPage,
  buildCategoryTree,
  categoryBreadcrumbs,
  categoryProductsRequest,
  categoryQueryEmpty,
  categorySearchRequest,
  findCategoryByPath,
  hasMoreItems,
  listDepthFromQuery,
  listDepthOf,
  listDepthToQuery,
  menuItems,
  productBreadcrumbs,
} from './categories';
import type { Category, Product } from './types';

/** every category of a tree, depth first */
const flattenTree = (tree: readonly Category[]): Category[] =>
  tree.flatMap((c) => [c, ...flattenTree(c.children_data ?? [])]);

const config = DEFAULT_CONFIG;
const cat = (id: number, parent_id: number, position: number, name: string, url_path: string, extra: Partial<Category> = {}): Category => ({
  id, parent_id, position, name, url_path, level: url_path.split('/').length + 1, is_active: true, path: '', url_key: name.toLowerCase(), slug: `${name.toLowerCase()}-${id}`, product_count: id, ...extra,
});
const flat: Category[] = [
  cat(1, 0, 0, 'Root', 'root', { path: '1' }),
  cat(2, 1, 0, 'Default', 'default', { path: '1/2' }),
  cat(10, 2, 2, 'Linten', 'linten', { path: '1/2/10' }),
  cat(11, 2, 1, 'Inpakpapier', 'inpakpapier', { path: '1/2/11' }),
  cat(12, 11, 1, 'Kerst', 'inpakpapier/kerst', { path: '1/2/11/12' }),
  cat(13, 12, 0, 'Goud', 'inpakpapier/kerst/goud', { path: '1/2/11/12/13' }),
  cat(14, 2, 3, 'Oud', 'oud', { path: '1/2/14', is_active: false }),
  cat(15, 14, 0, 'Onder oud', 'oud/onder', { path: '1/2/14/15' }),
];

describe('buildCategoryTree', () => {
  it('nests children of root id 2 by parent_id, position ascending, inactive subtrees left out // spec catalogue §3.2, §9', () => {
    const tree = buildCategoryTree(flat, config);
    expect(tree.map((c) => c.name)).toEqual(['Inpakpapier', 'Linten']);
    expect(tree[0]!.children_data!.map((c) => c.name)).toEqual(['Kerst']);
    expect(tree[0]!.children_data![0]!.children_data!.map((c) => c.name)).toEqual(['Goud']);
    expect(flattenTree(tree).map((c) => c.id)).not.toContain(15);
  });
  it('every active category reachable from the root appears exactly once, siblings sorted by position // spec catalogue §3.2', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.integer({ min: 2, max: 30 }), fc.integer({ min: 0, max: 9 })), { maxLength: 25 }), (spec) => {
      const cats = spec.map(([parent, pos], i) => cat(100 + i, parent === 2 ? 2 : 100 + (parent % Math.max(1, spec.length)), pos, `c${i}`, `c${i}`));
      const all = flattenTree(buildCategoryTree(cats, config));
      expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
      const check = (list: Category[]): void => {
        for (let i = 1; i < list.length; i++) expect(list[i - 1]!.position).toBeLessThanOrEqual(list[i]!.position);
        list.forEach((c) => check(c.children_data ?? []));
      };
      check(buildCategoryTree(cats, config));
    }));
  });
  it('menu items carry id, name, link, count, position, path and children // spec catalogue §3.2', () => {
    const items = menuItems(buildCategoryTree(flat, config), config);
    expect(items[0]).toMatchObject({ id: 11, name: 'Inpakpapier', link: '/inpakpapier', count: 11, position: 1 });
    expect(items[0]!.children_data[0]!.link).toBe('/inpakpapier/kerst');
  });
});

describe('lookups and breadcrumbs', () => {
  it('finds a category by url_path (no leading slash) or /c/{slug} // spec catalogue §2.2', () => {
    expect(findCategoryByPath(flat, '/inpakpapier/kerst', config)?.id).toBe(12);
    expect(findCategoryByPath(flat, 'inpakpapier/kerst/?color=5', config)?.id).toBe(12);
    expect(findCategoryByPath(flat, '/c/goud-13', config)?.id).toBe(13);
    expect(findCategoryByPath(flat, '/nergens', config)).toBeUndefined();
  });
  it('breadcrumbs: ancestors below the root linked, the current one not // spec catalogue §3.6', () => {
    expect(categoryBreadcrumbs(flat[5]!, flat, config)).toEqual([
      { name: 'Inpakpapier', link: '/inpakpapier' },
      { name: 'Kerst', link: '/inpakpapier/kerst' },
      { name: 'Goud' },
    ]);
    const p: Product = { id: 1, sku: 's', name: 'Goudpapier', type_id: 'simple', category: [{ category_id: 11 }, { category_id: 13 }] };
    expect(productBreadcrumbs(p, flat, config).map((b) => b.name)).toEqual(['Inpakpapier', 'Kerst', 'Goud', 'Goudpapier']);
  });
  it("a lookup by id below the root id is an empty result 'Category query returned empty result id = N' // spec catalogue §5, §8", () => {
    expect(() => categorySearchRequest({ filters: { id: 1 } }, config)).toThrow(ShopError);
    const e = categoryQueryEmpty('url_path', 'x');
    expect(e.key).toBe(MESSAGES.categoryQueryEmpty);
    expect(e.params).toEqual({ key: 'url_path', value: 'x' });
  });
  it('the category query: size 4000, position ascending, active only // spec catalogue §7, §9', () => {
    const r = categorySearchRequest({ filters: { url_path: 'inpakpapier' } }, config);
    expect(r).toMatchObject({ type: 'category', size: 4000, from: 0, sort: 'position:asc' });
    expect(r.body).toEqual({ query: { bool: { filter: { bool: { must: [{ terms: { url_path: ['inpakpapier'] } }, { terms: { is_active: [true] } }] } } } } });
  });
});

describe('category product list', () => {
  it('searches the whole subtree with the chosen filters and sort // spec catalogue §4.4', () => {
    const r = categoryProductsRequest({ category: flat[3]!, categories: flat, filters: { sort: [{ id: 'latest', label: 'l', type: 'sort' }] } }, config);
    expect(r.sort).toBe('updated_at:desc');
    expect(r.size).toBe(50);
    expect(JSON.stringify(r.body)).toContain('"category_ids":[11,12,13]');
  });
  it('paging: more items while fewer than total are loaded; pages append // spec catalogue §3.6', () => {
    const item = (sku: string): Product => ({ id: sku, sku, name: sku, type_id: 'simple' });
    const first = { start: 0, perPage: 2, total: 3, items: [item('a'), item('b')] };
    expect(hasMoreItems(first)).toBe(true);
    const all = appendPage(first, { start: 2, perPage: 2, total: 3, items: [item('c')] });
    expect(all.items.map((p) => p.sku)).toEqual(['a', 'b', 'c']);
    expect(hasMoreItems(all)).toBe(false);
  });
});

describe("'load more' depth in the URL (?page=N; spec catalogue §2.2 route query)", () => {
  it('reads whole numbers 1..maxListDepth; anything else is the first page; a depth written back reads the same', () => {
    const max = config.catalogue.maxListDepth;
    expect(listDepthFromQuery('3', config)).toBe(3);
    expect(listDepthFromQuery(['2', '5'], config)).toBe(2);
    for (const bad of [undefined, '', '0', '-2', '2.5', 'abc', '1e3', ' 2', null, 7]) expect(listDepthFromQuery(bad, config)).toBe(1);
    expect(listDepthFromQuery('999999', config)).toBe(max);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer().map(String), fc.constant(undefined)), (raw) => {
        const depth = listDepthFromQuery(raw, config);
        return Number.isInteger(depth) && depth >= 1 && depth <= max;
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max }), (depth) => {
        const written = listDepthToQuery(depth);
        return (depth === 1 ? written === undefined : written === String(depth)) && listDepthFromQuery(written, config) === depth;
      }),
    );
  });

  it('the depth of a list is its shown pages, at least 1', () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i, sku: String(i), name: '', type_id: 'simple' }) as Product);
    expect(listDepthOf({ items: [] }, 50)).toBe(1);
    expect(listDepthOf({ items: items(50) }, 50)).toBe(1);
    expect(listDepthOf({ items: items(51) }, 50)).toBe(2);
    expect(listDepthOf({ items: items(100) }, 50)).toBe(2);
  });
});
