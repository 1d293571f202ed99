/**
 * What the <head> of a page says to search engines and link previews (SEO basics): the meta description,
 * the canonical URL, Open Graph (title everywhere; type, url and image on products) and the JSON-LD documents.
 * Pure: the page gives its data, the origin and the locale's fallback texts; ui/head writes the tags.
 */
import type { LocaleCode, ShopConfig } from '../config';
import type { Breadcrumb, Category, CmsPage, MediaGalleryEntry, Product } from '../catalogue/types';
import { imageUrl } from '../catalogue/image-url';
import { absoluteUrl, categoryCanonicalPath, cmsCanonicalPath, pageCanonicalPath, productCanonicalPath } from './canonical';
import { categoryMetaDescription, cmsMetaDescription, metaDescription, plainText, productMetaDescription, truncateText } from './description';
import { breadcrumbJsonLd, productJsonLd, type JsonLd } from './structured-data';

export interface OpenGraph {
  readonly type: 'website' | 'product';
  readonly title: string;
  readonly url?: string;
  readonly image?: string;
}

export interface PageHead {
  readonly description: string;
  /** absolute; absent on pages that are not themselves indexable (an error answer) */
  readonly canonical?: string;
  readonly og: OpenGraph;
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

/** Absolute URLs of a gallery's images at the gallery size (spec catalogue §9: 600x744), the main one first. */
export function galleryImageUrls(gallery: readonly MediaGalleryEntry[], preferred: string | undefined, ctx: Pick<HeadContextData, 'origin' | 'config'>): string[] {
  const paths = [...new Set([...(preferred && preferred !== ctx.config.catalogue.noImageValue ? [preferred] : []), ...gallery.map((g) => g.image)])];
  return paths.flatMap((p) => {
    const url = imageUrl(p, ctx.config.images.gallery, ctx.config);
    return url ? [absoluteUrl(ctx.origin, url)] : [];
  });
}

/** A page without data of its own (home, static pages, account, ...): the fallback description, its own path. */
export function defaultHead(path: string, ctx: HeadContextData, description?: string): PageHead {
  const canonical = absoluteUrl(ctx.origin, pageCanonicalPath(path));
  return { description: metaDescription([description], ctx.fallbackDescription), canonical, og: { type: 'website', title: ctx.title, url: canonical }, jsonLd: [] };
}

export interface ProductHeadInput {
  readonly product: Product;
  readonly parent: Product;
  readonly gallery: readonly MediaGalleryEntry[];
  readonly breadcrumbs: readonly Breadcrumb[];
  readonly now: number;
}

/** A product page: its short description, its parent's URL, og type product with its image, Product + BreadcrumbList. */
export function productHead(input: ProductHeadInput, ctx: HeadContextData): PageHead {
  const { product, parent } = input;
  const canonical = absoluteUrl(ctx.origin, productCanonicalPath(parent, ctx.config, ctx.storeCode));
  const images = galleryImageUrls(input.gallery, product.image ?? parent.image, ctx);
  const description = productMetaDescription(product.short_description || product.description ? product : parent, ctx.fallbackDescription);
  const long = truncateText(plainText(product.description ?? parent.description) || description, 5000);
  return {
    description,
    canonical,
    og: { type: 'product', title: parent.name, url: canonical, ...(images[0] ? { image: images[0] } : {}) },
    jsonLd: [
      productJsonLd({ product, parent, url: canonical, images, description: long, now: input.now }, ctx.config),
      breadcrumbJsonLd(ctx.homeName, input.breadcrumbs, { name: parent.name, url: canonical }, ctx.origin),
    ],
  };
}

/**
 * A category page: its description, its own link (whatever the query), and its BreadcrumbList. A page of its own that
 * shows a category (the wholesale page, spec catalogue §2.1, with its introduction) passes its own path instead.
 */
export function categoryHead(category: Category, breadcrumbs: readonly Breadcrumb[], ctx: HeadContextData, ownPath?: string): PageHead {
  const canonical = absoluteUrl(ctx.origin, ownPath !== undefined ? pageCanonicalPath(ownPath) : categoryCanonicalPath(category, ctx.config, ctx.storeCode));
  return {
    description: categoryMetaDescription(category, ctx.fallbackDescription),
    canonical,
    og: { type: 'website', title: ctx.title, url: canonical },
    jsonLd: [breadcrumbJsonLd(ctx.homeName, breadcrumbs, { name: category.name, url: canonical }, ctx.origin)],
  };
}

/** A static page (spec catalogue §2.1) showing a CMS page of the same identifier: that page's description, its own path. */
export function staticPageHead(path: string, page: CmsPage | undefined, ctx: HeadContextData): PageHead {
  return defaultHead(path, ctx, page ? cmsMetaDescription(page, '') : undefined);
}

/** A CMS page: its meta description (else its text), its /i/{identifier} link. */
export function cmsHead(page: CmsPage, ctx: HeadContextData): PageHead {
  const canonical = absoluteUrl(ctx.origin, cmsCanonicalPath(page, ctx.config, ctx.storeCode));
  return { description: cmsMetaDescription(page, ctx.fallbackDescription), canonical, og: { type: 'website', title: ctx.title, url: canonical }, jsonLd: [] };
}
