import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { Product } from '../../core/catalogue/types';
import { CATALOGUE_VERSION, generateCatalogue, type DemoCatalogue } from '../catalogue/index';
import { englishAttributes, englishCategories, englishCmsBlocks, englishCmsPages, englishProduct } from '../catalogue/english';
import { cacheFileName, openCacheFile, removeOtherCacheFiles, writeCacheFile, type CacheFile } from './catalogue-cache';
import { getMeta, setMeta, type Db } from './db';
import { HttpError } from './errors';
import { specialWindowOpen } from './special-price';
import { Collection, type CollectionIndexes, type Doc, type DocSource } from './search/engine';
import { warmUpSearch } from './search/warm-up';

/** Bump with every change to what the cache file holds or how the search indexes are built. */
const ENGINE_VERSION = 3;

/** The fields the storefront filters, sorts and looks up by: their columns are kept in the cache file. */
const KEPT_FIELDS = [
  'id', 'sku', 'type_id', 'status', 'visibility', 'url_path', 'category_ids', 'tax_class_id', 'attribute_set_id',
  'price', 'price_incl_tax', 'final_price', 'final_price_incl_tax', 'special_price', 'special_price_incl_tax', 'original_price',
  'special_from_date', 'special_to_date', 'news_from_date', 'news_to_date', 'created_at', 'updated_at', 'position',
  'color', 'size', 'material', 'pattern', 'erin_recommends', 'eco_collection', 'new', 'color_options', 'size_options',
  'category.category_id', 'category.name', 'stock.is_in_stock', 'stock.qty', 'stock.manage_stock',
  'configurable_children.sku', 'configurable_children.color', 'configurable_children.size', 'configurable_children.status',
  'configurable_children.price', 'configurable_children.final_price', 'configurable_children.special_price',
  'configurable_children.stock.is_in_stock', 'configurable_children.stock.qty',
];
/** Full-text fields of the storefront's search (their indexes are kept; the columns of the long texts and of name are not). */
const TEXT_FIELDS = ['name', 'sku', 'description', 'short_description', 'category.name'];
const TEXT_ONLY = ['name', 'description', 'short_description'];
/** The translated fields: the English index builds its own indexes for them and shares the Dutch index's others. */
const ENGLISH_FIELDS = ['name', 'description', 'short_description', 'category.name'];
/** Up to this many documents x fields, warmUp builds every field's indexes at start (about 150 ms of CPU per 100,000). */
const PREBUILD_WORK = 250_000;
/** Sorts of the storefront (spec catalogue §8 sort options, home lists, category default). */
const SORTS: Array<[string, 'asc' | 'desc']> = [
  ['position', 'asc'], ['updated_at', 'desc'], ['final_price', 'asc'], ['final_price', 'desc'], ['price', 'asc'], ['price', 'desc'], ['created_at', 'desc'], ['name', 'asc'],
];

type SmallParts = Omit<DemoCatalogue, 'products' | 'english'>;

interface CacheHeader {
  key: string;
  parts: SmallParts;
  /** byte offsets of the product documents in the blob (n + 1) */
  offsets: Float64Array;
  /** CRC-32 of every product document's bytes (checked on every read) */
  crcs: Uint32Array;
  indexes: CollectionIndexes;
  /** the generated stock of every product (NaN / -1 when it has none): seeds the stock table, detects live changes */
  stockQty: Float64Array;
  stockIn: Int8Array;
  stockManaged: Uint8Array;
  /** the English documents (same order, after the Dutch ones in the blob) and the indexes of ENGLISH_FIELDS */
  en: { offsets: Float64Array; crcs: Uint32Array; indexes: CollectionIndexes };
}

type Lookup<K> = { get(key: K): Product | undefined };
/** The product documents of one store view as carts, totals and orders name their lines: by sku, and a child's parent. */
export interface ProductView {
  readonly bySku: Lookup<string>;
  readonly parentOf: Lookup<string>;
}

const lookup = <K>(index: Map<K, number>, docs: DocSource): Lookup<K> => ({
  get: (key) => {
    const i = index.get(key);
    return i === undefined ? undefined : (docs.get(i) as unknown as Product);
  },
});

/** Builds the cache image of (seed, scale): the small parts, the product blob, the product indexes, the generated stock. */
function buildImage(seed: number, scale: number, key: string): { header: CacheHeader; blob: Buffer[] } {
  const data = generateCatalogue({ seed, scale });
  const { products, english, ...parts } = data;
  const n = products.length;
  const offsets = new Float64Array(n + 1);
  const blob: Buffer[] = [];
  const stockQty = new Float64Array(n).fill(NaN);
  const stockIn = new Int8Array(n).fill(-1);
  const stockManaged = new Uint8Array(n);
  const crcs = new Uint32Array(n);
  let pos = 0;
  const put = (doc: unknown, into: { offsets: Float64Array; crcs: Uint32Array }, i: number) => {
    const b = Buffer.from(JSON.stringify(doc), 'utf8');
    blob.push(b);
    into.crcs[i] = crc32(b);
    pos += b.length;
    into.offsets[i + 1] = pos;
  };
  products.forEach((p, i) => {
    put(p, { offsets, crcs }, i);
    if (p.stock) {
      stockQty[i] = Number(p.stock.qty ?? 0);
      stockIn[i] = p.stock.is_in_stock ? 1 : 0;
      stockManaged[i] = p.stock.manage_stock === false ? 0 : 1;
    }
  });
  const col = new Collection('product', products as unknown as Doc[]);
  col.prepare(KEPT_FIELDS, TEXT_FIELDS);
  for (const [field, order] of SORTS) col.sortOrder(field, order, 'last');
  for (const f of TEXT_FIELDS) col.isTextField(f);
  const indexes = col.exportIndexes(TEXT_ONLY);
  // the English documents follow the Dutch ones in the blob; only their translated fields are indexed again
  const en = { offsets: new Float64Array(n + 1).fill(pos), crcs: new Uint32Array(n) };
  const englishDocs = products.map((p) => englishProduct(p, english));
  englishDocs.forEach((p, i) => put(p, en, i));
  // the same ids and field paths as the Dutch documents: not gathered again
  const enCol = new Collection('product', englishDocs as unknown as Doc[], undefined,
    { columns: {}, sortOrders: {}, texts: {}, ids: indexes.ids, textFields: {}, fields: indexes.fields });
  enCol.prepare(ENGLISH_FIELDS, ENGLISH_FIELDS);
  enCol.sortOrder('name', 'asc', 'last');
  for (const f of ENGLISH_FIELDS) enCol.isTextField(f);
  return { header: { key, parts, offsets, crcs, indexes, stockQty, stockIn, stockManaged, en: { ...en, indexes: enCol.exportIndexes(TEXT_ONLY) } }, blob };
}

/** The English index's indexes: the Dutch index's, with the columns, text indexes and sorts of ENGLISH_FIELDS replaced. */
function englishIndexes(nl: CollectionIndexes, en: CollectionIndexes): CollectionIndexes {
  return {
    ...nl,
    columns: { ...nl.columns, ...en.columns },
    sortOrders: { ...nl.sortOrders, ...en.sortOrders },
    texts: { ...nl.texts, ...en.texts },
    textFields: { ...nl.textFields, ...en.textFields },
  };
}

/** The catalogue as the backend serves it: one searchable collection per entity type, plus sku lookups and live stock. */
export class CatalogueStore {
  readonly collections = new Map<string, Collection>();
  /** the English store data (index vue_storefront_catalog_en, CMS store id 2): the types it translates; others are shared */
  readonly english = new Map<string, Collection>();
  readonly bySku: Lookup<string>;
  /** product id -> its position */
  readonly byId = new Map<number, number>();
  readonly byUrlPath: Lookup<string>;
  /** child sku -> its configurable parent */
  readonly parentOf: Lookup<string>;
  /** the English store view's documents by sku and by child sku (the same positions as the Dutch ones) */
  readonly englishView: ProductView;
  readonly data: SmallParts & { products: { length: number } };
  private readonly skuIndex = new Map<string, number>();
  private readonly parentIndex = new Map<string, number>();
  private readonly products: Collection;
  private readonly englishProducts: Collection;
  private readonly docs: DocSource;
  /** live stock per product document (from the stock table), laid over every document read */
  private readonly qty: Float64Array;
  private readonly inStock: Int8Array;

  private constructor(private readonly header: CacheHeader, read: (start: number, end: number) => Buffer, private readonly db: Db, private readonly cache?: CacheFile<CacheHeader>) {
    const { parts, indexes } = header;
    this.qty = Float64Array.from(header.stockQty);
    this.inStock = Int8Array.from(header.stockIn);
    // the documents as JSON bytes, one parse per read (its CRC-32 checked), with the live stock laid over them
    const docsOf = (part: { offsets: Float64Array; crcs: Uint32Array }): DocSource => ({
      length: part.offsets.length - 1,
      get: (i) => {
        if (!(i >= 0 && i < part.offsets.length - 1)) throw new RangeError(`no product document ${i}`);
        const bytes = read(part.offsets[i] as number, part.offsets[i + 1] as number);
        if (crc32(bytes) !== part.crcs[i]) {
          cache?.discard();
          throw new HttpError(503, 'The catalogue cache is damaged: restart the backend to generate it again');
        }
        const doc = JSON.parse(bytes.toString('utf8')) as Doc;
        this.layStock(doc, i);
        return doc;
      },
    });
    this.docs = docsOf(header);
    this.products = new Collection('product', this.docs, undefined, indexes);
    const englishDocs = docsOf(header.en);
    this.englishProducts = new Collection('product', englishDocs, undefined, englishIndexes(indexes, header.en.indexes));
    this.englishView = { bySku: lookup(this.skuIndex, englishDocs), parentOf: lookup(this.parentIndex, englishDocs) };
    this.data = { ...parts, products: { length: this.docs.length } };
    this.collections.set('product', this.products);
    this.english.set('product', this.englishProducts);
    const small: Array<[Map<string, Collection>, string, readonly object[]]> = [
      [this.collections, 'category', parts.categories], [this.collections, 'attribute', parts.attributes],
      [this.collections, 'cms_page', parts.cmsPages], [this.collections, 'cms_block', parts.cmsBlocks],
      [this.collections, 'review', parts.reviews], [this.collections, 'taxrule', parts.taxRules],
      [this.english, 'attribute', englishAttributes(parts.attributes)],
      [this.english, 'cms_block', englishCmsBlocks(parts.cmsBlocks)],
      [this.english, 'category', englishCategories(parts.categories)],
      [this.english, 'cms_page', englishCmsPages(parts.cmsPages)],
    ];
    for (const [into, type, docs] of small) into.set(type, new Collection(type, docs as unknown as Doc[]));
    // lookups from the kept columns: no document is read at start
    const byUrlPath = new Map<string, number>();
    const skus = this.products.column('sku');
    const ids = this.products.column('id');
    const urls = this.products.column('url_path');
    const children = this.products.column('configurable_children.sku');
    for (let i = 0; i < this.docs.length; i++) {
      const sku = skus.valuesAt(i)[0];
      if (sku !== undefined) this.skuIndex.set(sku as string, i);
      const id = ids.valuesAt(i)[0];
      this.byId.set(Number(id), i);
      const url = urls.valuesAt(i)[0];
      if (url) byUrlPath.set(url as string, i);
      for (const child of children.valuesAt(i)) this.parentIndex.set(child as string, i);
    }
    this.bySku = lookup(this.skuIndex, this.docs);
    this.byUrlPath = lookup(byUrlPath, this.docs);
    this.parentOf = lookup(this.parentIndex, this.docs);
    this.seedStock();
    this.loadStock();
  }

  /** The catalogue of (seed, scale): from the cache file in `dataDir` when it checks out, else generated. */
  static open(db: Db, opts: { dataDir: string; seed: number; scale: number; reset?: boolean; log?: (msg: string) => void }): { store: CatalogueStore; generated: boolean } {
    const key = `${opts.seed}-${opts.scale}-v${CATALOGUE_VERSION}-e${ENGINE_VERSION}`;
    const log = opts.log ?? (() => undefined);
    if (opts.dataDir === ':memory:') {
      const { header, blob } = buildImage(opts.seed, opts.scale, key);
      const all = Buffer.concat(blob);
      return { store: new CatalogueStore(header, (s, e) => all.subarray(s, e), db), generated: true };
    }
    mkdirSync(opts.dataDir, { recursive: true });
    const name = cacheFileName(key);
    const file = join(opts.dataDir, name);
    if (opts.reset) rmSync(file, { force: true });
    const accept = (h: CacheHeader, blobLength: number) =>
      h.key === key && h.crcs.length === h.offsets.length - 1 && h.en?.offsets.length === h.offsets.length &&
      h.en.offsets[0] === h.offsets[h.offsets.length - 1] && h.en.offsets[h.en.offsets.length - 1] === blobLength;
    let cache = openCacheFile<CacheHeader>(file, log, accept);
    let generated = false;
    if (!cache) {
      removeOtherCacheFiles(opts.dataDir, name);
      const { header, blob } = buildImage(opts.seed, opts.scale, key);
      writeCacheFile(file, header, blob);
      generated = true;
      cache = openCacheFile<CacheHeader>(file, log, accept);
      if (!cache) throw new Error(`catalogue cache ${file} could not be read back`);
    }
    const c = cache;
    return { store: new CatalogueStore(c.header, (s, e) => c.read(s, e), db, c), generated };
  }

  close(): void {
    this.cache?.close();
  }

  /**
   * Before the first request: runs the search code over a sample, and on a small catalogue (scale 1) builds every
   * field's indexes, so no request reads the documents to build one (that cost a request 20-60 ms of CPU).
   */
  warmUp(): void {
    warmUpSearch(Array.from({ length: Math.min(200, this.docs.length) }, (_, i) => this.docs.get(i)));
    for (const col of [this.products, this.englishProducts]) {
      if (col.length * col.fieldPaths().size <= PREBUILD_WORK) col.prebuildAll();
    }
  }

  /** The live stock laid over a product read from the blob: its own row, its children's rows, a configurable's availability. */
  private layStock(doc: Doc, i: number): void {
    const stock = doc.stock as { qty?: number; is_in_stock?: boolean } | undefined;
    if (stock && this.inStock[i] !== -1) Object.assign(stock, { qty: this.qty[i], is_in_stock: this.inStock[i] === 1 });
    const children = doc.configurable_children as Array<{ sku?: string; status?: number; stock?: { qty?: number; is_in_stock?: boolean } }> | undefined;
    if (!Array.isArray(children) || !children.length) return;
    let any = false;
    for (const child of children) {
      const j = child.sku === undefined ? undefined : this.skuIndex.get(child.sku);
      if (j !== undefined && child.stock && this.inStock[j] !== -1) {
        Object.assign(child.stock, { qty: this.qty[j], is_in_stock: this.inStock[j] === 1 });
        any = true;
      }
    }
    if (any && stock) stock.is_in_stock = children.some((c) => c.status === 1 && c.stock?.is_in_stock);
  }

  /** Stock rows are created from the catalogue the first time (and after --reset, or for a new catalogue); later they live in SQLite. */
  private seedStock(): void {
    if (getMeta(this.db, 'stock_seeded') === this.header.key) return;
    const insert = this.db.prepare('INSERT OR IGNORE INTO stock (sku, qty, is_in_stock, manage_stock) VALUES (?, ?, ?, ?)');
    const skus = this.products.column('sku');
    this.db.transaction(() => {
      for (let i = 0; i < this.docs.length; i++) {
        if (this.header.stockIn[i] === -1) continue;
        insert.run(skus.valuesAt(i)[0], this.header.stockQty[i], this.header.stockIn[i], this.header.stockManaged[i]);
      }
      setMeta(this.db, 'stock_seeded', this.header.key);
    })();
  }

  /** Lays the stock table over the generated stock; the documents whose stock differs get their stock columns patched. */
  private loadStock(): void {
    const rows = this.db.prepare('SELECT sku, qty, is_in_stock FROM stock').raw().all() as Array<[string, number, number]>;
    const changed = new Set<number>();
    for (const [sku, qty, inStock] of rows) {
      const i = this.skuIndex.get(sku);
      if (i === undefined || this.inStock[i] === -1) continue;
      if (this.qty[i] !== qty || this.inStock[i] !== inStock) {
        this.qty[i] = qty;
        this.inStock[i] = inStock;
        changed.add(i);
        const parent = this.parentIndex.get(sku);
        if (parent !== undefined) changed.add(parent);
      }
    }
    for (const col of [this.products, this.englishProducts]) col.patchDocs([...changed], 'stock');
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
    const i = this.skuIndex.get(sku);
    if (i === undefined || this.inStock[i] === -1) return;
    this.qty[i] = left;
    this.inStock[i] = left > 0 ? 1 : 0;
    const parent = this.parentIndex.get(sku);
    // the next search sees it: the stock columns of the product and its parent are patched
    for (const col of [this.products, this.englishProducts]) col.patchDocs(parent === undefined ? [i] : [i, parent], 'stock');
  }
}

/** The shop's price of a product at `now`, incl. 21% VAT: the special price counts only inside its window. */
export function unitPriceInclTax(p: { price_incl_tax?: number; special_price_incl_tax?: number | null; special_from_date?: string | null; special_to_date?: string | null }, now: Date): number {
  const regular = Number(p.price_incl_tax ?? 0);
  const special = p.special_price_incl_tax;
  if (special === null || special === undefined) return regular;
  // the dates are days of the store view's time zone, the end day inclusive (as the storefront reads them)
  if (!specialWindowOpen(p.special_from_date, p.special_to_date, now)) return regular;
  return Math.min(regular, special);
}
