import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { LocaleCode } from '../../core/config';
import type { DehydratedState } from '../app/dehydrate';

/**
 * What every page of a store view would carry the same
 * leaves the page's state for a document of its own, named by its content: the browser fetches it once (preloaded
 * from the page's head) and keeps it (immutable), and the next page names the same document.
 */
export const SHARED_STATE_PREFIX = '/shop-data/';

export interface SharedDocument {
  href: string;
  body: string;
}

/** the boot data's references to shared documents */
export interface SharedRefs {
  categories?: string;
}

const HASH = /^[A-Za-z0-9_-]{16}$/;

export function categoriesHref(locale: LocaleCode, body: string): string {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 16);
  return `${SHARED_STATE_PREFIX}categories/${locale}/${hash}.json`;
}

/** `/shop-data/categories/<locale>/<hash>.json` -> its locale and hash; undefined for anything else */
export function parseCategoriesHref(path: string, locales: readonly string[]): { locale: LocaleCode } | undefined {
  const m = /^\/shop-data\/categories\/([A-Za-z-]{2,10})\/([^/]+)\.json$/.exec(path);
  if (!m || !locales.includes(m[1]!) || !HASH.test(m[2]!)) return undefined;
  return { locale: m[1] as LocaleCode };
}

/** documents made of a frozen category list, by list and locale (a list that cannot change has one document) */
const documentsOf = new WeakMap<readonly unknown[], Map<LocaleCode, SharedDocument>>();

/**
 * The category list as a shared document (the JSON the page's state would have carried). A frozen list (the server's
 * come deep-frozen from the catalogue read cache, the same list for every render while it is kept) is written and
 * hashed once.
 */
export function categoriesDocument(locale: LocaleCode, categories: readonly unknown[]): SharedDocument {
  const frozen = Object.isFrozen(categories);
  const kept = frozen ? documentsOf.get(categories)?.get(locale) : undefined;
  if (kept) return kept;
  const body = JSON.stringify(categories);
  const doc = { href: categoriesHref(locale, body), body };
  if (frozen) {
    let byLocale = documentsOf.get(categories);
    if (!byLocale) documentsOf.set(categories, (byLocale = new Map()));
    byLocale.set(locale, doc);
  }
  return doc;
}

/**
 * A page's state as it travels: the category list moved out to its shared document (when the page has one), the
 * rest as dehydrate() left it.
 */
export function splitSharedState(state: DehydratedState, locale: LocaleCode): { state: DehydratedState; shared: SharedRefs; documents: SharedDocument[] } {
  const category = state['category'] as { categories?: readonly unknown[] } | undefined;
  if (!category?.categories?.length) return { state, shared: {}, documents: [] };
  const doc = categoriesDocument(locale, category.categories);
  return { state: { ...state, category: { ...category, categories: [] } }, shared: { categories: doc.href }, documents: [doc] };
}

/**
 * The shared documents the process rendered lately, by href (the newest 32 used): answered without reading the
 * catalogue. A document asked of a process that has not rendered it (another worker, a restart) is built again and
 * answered when its name still matches.
 */
export class RecentDocuments {
  private readonly docs: LRUCache<string, string>;
  constructor(max = 32) {
    this.docs = new LRUCache({ max });
  }
  add(doc: SharedDocument): void {
    this.docs.set(doc.href, doc.body);
  }
  get(href: string): string | undefined {
    return this.docs.get(href);
  }
}
