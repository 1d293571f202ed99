import type { Product } from '../../core/catalogue/types';
import { CATALOGUE_VERSION, generateCatalogue, type DemoCatalogue } from '../catalogue/index';
import { getMeta, setMeta, type Db } from './db';
import { englishAttributes, englishCategories, englishCmsBlocks, englishCmsPages } from '../catalogue/english';
import { Collection, type Doc } from './search/engine';

/** The catalogue as the backend serves it: one searchable collection per entity type, plus sku lookups and live stock. */
export class CatalogueStore {
  readonly collections = new Map<string, Collection>();
  /** the English store data (index vue_storefront_catalog_en, CMS store id 2): the types it translates; others are shared */
  readonly english = new Map<string, Collection>();
  readonly bySku = new Map<string, Product>();
  readonly byId = new Map<number, Product>();
  readonly parentOf = new Map<string, Product>();
  readonly byUrlPath = new Map<string, Product>();

  constructor(readonly data: DemoCatalogue, private readonly db: Db) {
    const c = data;
    // full-text indexes are stored next to the catalogue they were built from (dropped with it on --reset or a new seed/scale)
    const indexStore = {
      get: (type: string, field: string) => (db.prepare('SELECT json FROM search_index WHERE type = ? AND field = ?').pluck().get(type, field) as string | undefined),
      put: (type: string, field: string, json: string) => {
        db.prepare('INSERT OR REPLACE INTO search_index (type, field, json) VALUES (?, ?, ?)').run(type, field, json);
      },
    };
    this.collections.set('product', new Collection('product', c.products as unknown as Doc[], undefined, indexStore));
    this.collections.set('category', new Collection('category', c.categories as unknown as Doc[]));
    this.collections.set('attribute', new Collection('attribute', c.attributes as unknown as Doc[]));
    this.collections.set('cms_page', new Collection('cms_page', c.cmsPages as unknown as Doc[]));
    this.collections.set('cms_block', new Collection('cms_block', c.cmsBlocks as unknown as Doc[]));
    this.collections.set('review', new Collection('review', c.reviews as unknown as Doc[]));
    this.collections.set('taxrule', new Collection('taxrule', c.taxRules as unknown as Doc[]));
    this.english.set('attribute', new Collection('attribute', englishAttributes(c.attributes) as unknown as Doc[]));
    this.english.set('cms_block', new Collection('cms_block', englishCmsBlocks(c.cmsBlocks) as unknown as Doc[]));
    this.english.set('category', new Collection('category', englishCategories(c.categories) as unknown as Doc[]));
    this.english.set('cms_page', new Collection('cms_page', englishCmsPages(c.cmsPages) as unknown as Doc[]));
    for (const p of c.products) {
      this.bySku.set(p.sku, p);
      this.byId.set(Number(p.id), p);
      if (p.url_path) this.byUrlPath.set(p.url_path, p);
      for (const child of p.configurable_children ?? []) this.parentOf.set(child.sku, p);
    }
    this.seedStock();
    this.loadStock();
  }

  /** Builds the full-text indexes the storefront's search uses, so the first search is not the slow one. */
  warmUp(): void {
    const product = this.collections.get('product');
    for (const field of ['name', 'sku', 'description', 'short_description', 'category.name']) product?.fieldIndex(field, true);
  }

  static generate(db: Db, seed: number, scale: number): CatalogueStore {
    return new CatalogueStore(loadOrGenerate(db, seed, scale).data, db);
  }

  /** Stock rows are created from the catalogue the first time (and after --reset); later they live in SQLite. */
  private seedStock(): void {
    const insert = this.db.prepare('INSERT OR IGNORE INTO stock (sku, qty, is_in_stock, manage_stock) VALUES (?, ?, ?, ?)');
    this.db.transaction(() => {
      for (const p of this.data.products) {
        const st = p.stock;
        if (!st) continue;
        insert.run(p.sku, Number(st.qty ?? 0), st.is_in_stock ? 1 : 0, st.manage_stock === false ? 0 : 1);
      }
    })();
  }

  private loadStock(): void {
    const rows = this.db.prepare('SELECT sku, qty, is_in_stock FROM stock').all() as Array<{ sku: string; qty: number; is_in_stock: number }>;
    for (const r of rows) this.applyStock(r.sku, r.qty, r.is_in_stock === 1);
    this.flushStock();
  }

  private stockChanged = false;

  /** The search indexes over stock fields are rebuilt after a stock change (on their next use). */
  flushStock(): void {
    if (!this.stockChanged) return;
    this.stockChanged = false;
    this.collections.get('product')?.invalidate('stock');
  }

  /** Keeps the indexed documents (and the parent's configurable_children) in step with the stock table. */
  applyStock(sku: string, qty: number, inStock: boolean): void {
    this.stockChanged = true;
    const p = this.bySku.get(sku);
    if (p?.stock) Object.assign(p.stock, { qty, is_in_stock: inStock });
    const parent = this.parentOf.get(sku);
    const child = parent?.configurable_children?.find((c) => c.sku === sku);
    if (child?.stock) Object.assign(child.stock, { qty, is_in_stock: inStock });
    if (parent?.stock) parent.stock.is_in_stock = (parent.configurable_children ?? []).some((c) => c.status === 1 && c.stock?.is_in_stock);
  }

  stockOf(sku: string): { qty: number; is_in_stock: boolean; manage_stock: boolean } | undefined {
    const row = this.db.prepare('SELECT qty, is_in_stock, manage_stock FROM stock WHERE sku = ?').get(sku) as { qty: number; is_in_stock: number; manage_stock: number } | undefined;
    return row ? { qty: row.qty, is_in_stock: row.is_in_stock === 1, manage_stock: row.manage_stock === 1 } : undefined;
  }

  decrementStock(sku: string, qty: number): void {
    const st = this.stockOf(sku);
    if (!st || !st.manage_stock) return;
    const left = Math.max(0, st.qty - qty);
    this.db.prepare('UPDATE stock SET qty = ?, is_in_stock = ? WHERE sku = ?').run(left, left > 0 ? 1 : 0, sku);
    this.applyStock(sku, left, left > 0);
    this.flushStock();
  }
}

/** The shop's price of a product at `now`, incl. 21% VAT: the special price counts only inside its date window. */
export function unitPriceInclTax(p: { price_incl_tax?: number; special_price_incl_tax?: number | null; special_from_date?: string | null; special_to_date?: string | null }, now: Date): number {
  const regular = Number(p.price_incl_tax ?? 0);
  const special = p.special_price_incl_tax;
  if (special === null || special === undefined) return regular;
  const stamp = now.toISOString().slice(0, 19).replace('T', ' ');
  if (p.special_from_date && stamp < p.special_from_date) return regular;
  if (p.special_to_date && stamp > p.special_to_date) return regular;
  return Math.min(regular, special);
}

const PARTS = ['products', 'categories', 'attributes', 'cmsPages', 'cmsBlocks', 'reviews', 'taxRules'] as const;

/**
 * The catalogue for (seed, scale): read from the `catalogue` table when it holds this seed, scale and generator version
 * (a restart), else generated and stored there (first start, `--reset`, a new seed or scale). One row per document.
 */
export function loadOrGenerate(db: Db, seed: number, scale: number): { data: DemoCatalogue; generated: boolean } {
  const key = `${seed}:${scale}:${CATALOGUE_VERSION}`;
  if (getMeta(db, 'catalogue_key') === key) {
    const data: Record<string, unknown> = { seed, scale };
    for (const part of PARTS) data[part] = [];
    const rows = db.prepare('SELECT part, doc FROM catalogue ORDER BY part, pos').raw().iterate() as IterableIterator<[string, string]>;
    for (const [part, doc] of rows) {
      if (part === 'meta') Object.assign(data, JSON.parse(doc) as object);
      else (data[part] as unknown[]).push(JSON.parse(doc));
    }
    if ((data.products as unknown[]).length > 0) return { data: data as unknown as DemoCatalogue, generated: false };
  }
  const data = generateCatalogue({ seed, scale });
  db.transaction(() => {
    db.prepare('DELETE FROM catalogue').run();
    db.prepare('DELETE FROM search_index').run();
    const insert = db.prepare('INSERT INTO catalogue (part, pos, doc) VALUES (?, ?, ?)');
    for (const part of PARTS) (data[part] as unknown[]).forEach((doc, i) => insert.run(part, i, JSON.stringify(doc)));
    insert.run('meta', 0, JSON.stringify({ home: data.home, referenceDate: data.referenceDate }));
    setMeta(db, 'catalogue_key', key);
  })();
  return { data, generated: true };
}
