import { createHash } from 'node:crypto';
import type { LocaleCode } from '../../core/config';
import type { DehydratedState } from '../app/dehydrate';

/**
 * What every page of a store view would carry the same (the category list) leaves the page's state for a document
 * named by its content: the browser fetches it once (preloaded from the head) and keeps it (immutable).
 */
export interface SharedDocument {
  href: string;
  body: string;
}

/** the boot data's references to shared documents */
export interface SharedRefs {
  categories?: string;
}

/** `/shop-data/categories/<locale>/<hash>.json` -> its locale; undefined for anything else */
export function parseCategoriesHref(path: string, locales: readonly string[]): { locale: LocaleCode } | undefined {
  const m = /^\/shop-data\/categories\/([A-Za-z-]{2,10})\/([A-Za-z0-9_-]{16})\.json$/.exec(path);
  return m && locales.includes(m[1]!) ? { locale: m[1] as LocaleCode } : undefined;
}

/** documents made of a frozen category list, by list and locale (a list that cannot change has one document) */
const documentsOf = new WeakMap<readonly unknown[], Map<LocaleCode, SharedDocument>>();

/** The category list as a shared document; a frozen list (the catalogue read cache's) is written and hashed once. */
export function categoriesDocument(locale: LocaleCode, categories: readonly unknown[]): SharedDocument {
  const kept = documentsOf.get(categories)?.get(locale);
  if (kept) return kept;
  const body = JSON.stringify(categories);
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 16);
  const doc = { href: `/shop-data/categories/${locale}/${hash}.json`, body };
  const byLocale = documentsOf.get(categories) ?? new Map<LocaleCode, SharedDocument>();
  if (Object.isFrozen(categories)) documentsOf.set(categories, byLocale.set(locale, doc));
  return doc;
}

/** A page's state as it travels: the category list moved out to its shared document (when it has one). */
export function splitSharedState(state: DehydratedState, locale: LocaleCode): { state: DehydratedState; shared: SharedRefs; documents: SharedDocument[] } {
  const category = state['category'] as { categories?: readonly unknown[] } | undefined;
  if (!category?.categories?.length) return { state, shared: {}, documents: [] };
  const doc = categoriesDocument(locale, category.categories);
  return { state: { ...state, category: { ...category, categories: [] } }, shared: { categories: doc.href }, documents: [doc] };
}
