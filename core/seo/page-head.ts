/**
 * What the <head> of a page says to search engines and link previews (SEO basics): meta description, canonical URL,
 * Open Graph and JSON-LD (a product page's head is ./product-head.ts). Pure: ui/head writes the tags.
 */
import type { LocaleCode, ShopConfig } from '../config';
import type { Breadcrumb, Category, CmsPage } from '../catalogue/types';
import { categoryLink } from '../routing/links';
import { absoluteUrl, cmsCanonicalPath, pageCanonicalPath } from './canonical';
import { metaDescription } from './description';
import { breadcrumbJsonLd, type JsonLd } from './structured-data';

export interface PageHead {
  readonly description: string;
  /** absolute; absent on pages that are not themselves indexable (an error answer) */
  readonly canonical?: string;
  readonly og: Readonly<{ type: 'website' | 'product'; title: string; url?: string; image?: string }>;
  readonly jsonLd: readonly JsonLd[];
}

/** What every head builder is given besides the page's own data. */
export interface HeadContextData {
  /** the shop's public origin, 'https://shop.example' */
  readonly origin: string;
  /** the page's full title (spec catalogue §1's template applied) */
  readonly title: string;
  /** the locale's fallback description (i18next) for a page with no text of its own */
  readonly fallbackDescription: string;
  /** the breadcrumb name of home in the locale */
  readonly homeName: string;
  readonly config: ShopConfig;
  readonly storeCode?: string;
}

/** Open Graph's locale form: 'nl_NL'. */
export function ogLocale(locale: LocaleCode): string {
  return locale.replace('-', '_');
}

/** A page without data of its own (home, static pages, account, ...): the fallback description, its own path. */
export function defaultHead(path: string, ctx: HeadContextData, description?: string): PageHead {
  return websiteHead(pageCanonicalPath(path), metaDescription([description], ctx.fallbackDescription), ctx);
}

/** A page of its own at a canonical path: og type website with the page's title, no JSON-LD. */
function websiteHead(path: string, description: string, ctx: HeadContextData): PageHead & { canonical: string } {
  const canonical = absoluteUrl(ctx.origin, path);
  return { description, canonical, og: { type: 'website', title: ctx.title, url: canonical }, jsonLd: [] };
}

/**
 * A category page: its description, its own link (whatever the query), and its BreadcrumbList. A page of its own that
 * shows a category (the wholesale page, spec catalogue §2.1, with its introduction) passes its own path instead.
 */
export function categoryHead(category: Category, breadcrumbs: readonly Breadcrumb[], ctx: HeadContextData, ownPath?: string): PageHead {
  // spec catalogue §2.2: a category's own link, whatever filters, sort or depth the URL carries
  const path = ownPath !== undefined ? pageCanonicalPath(ownPath) : categoryLink(category, ctx.config, ctx.storeCode);
  const head = websiteHead(path, metaDescription([category.description], ctx.fallbackDescription), ctx);
  const current = { name: category.name, url: head.canonical };
  return { ...head, jsonLd: [breadcrumbJsonLd(ctx.homeName, breadcrumbs, current, ctx.origin)] };
}

/** A static page (spec catalogue §2.1) showing a CMS page of the same identifier: that page's description, its own path. */
export function staticPageHead(path: string, page: CmsPage | undefined, ctx: HeadContextData): PageHead {
  return defaultHead(path, ctx, page ? metaDescription([page.meta_description, page.content], '') : undefined);
}

/** spec catalogue §3.5: a CMS page: its meta description (else its text), its /i/{identifier} link. */
export function cmsHead(page: CmsPage, ctx: HeadContextData): PageHead {
  const description = metaDescription([page.meta_description, page.content], ctx.fallbackDescription);
  return websiteHead(cmsCanonicalPath(page, ctx.config, ctx.storeCode), description, ctx);
}
