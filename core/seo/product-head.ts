/**
 * A product page's head: description, canonical URL, Open Graph, schema.org Product with its Offer (AggregateOffer
 * for configurable and grouped products) and BreadcrumbList; apart from page-head.ts so only the product chunk
 * brings it. The offer says what the page shows: the price rule (spec catalogue §3.1, §9) and the stock (§4.3, §4.4).
 */
import type { ShopConfig } from '../config';
import type { Breadcrumb, MediaGalleryEntry, Product } from '../catalogue/types';
import { imageUrl } from '../catalogue/image-url';
import { isSpecialPriceActive, productPrice, productPriceWithOptions } from '../catalogue/prices';
import { isChildDisabled } from '../catalogue/variant-merge';
import { absoluteUrl, productCanonicalPath } from './canonical';
import { metaDescription, plainText, truncateText } from './description';
import type { HeadContextData, PageHead } from './page-head';
import { breadcrumbJsonLd, type JsonLd } from './structured-data';

export const IN_STOCK = 'https://schema.org/InStock';
export const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

/** spec catalogue §4.3, §4.4: out of stock with errors.variants or a stock that says so; else in stock. */
export function offerAvailability(product: Pick<Product, 'stock' | 'errors'>): typeof IN_STOCK | typeof OUT_OF_STOCK {
  if (product.errors?.['variants']) return OUT_OF_STOCK;
  return product.stock?.is_in_stock === false ? OUT_OF_STOCK : IN_STOCK;
}

/**
 * spec catalogue §3.1, §9: the price the shopper sees at `now` (final, incl. tax, with chosen options) with the
 * currency's fraction digits ('12.50', as schema.org's examples write it); while a special price applies and has an
 * end, the offer is valid until that day (priceValidUntil 'YYYY-MM-DD').
 */
export function offerPrice(product: Product, now: number, config: ShopConfig) {
  const info = productPriceWithOptions(product, now, config);
  const price = info.final.toFixed(config.i18n.fractionDigits);
  const to = product.special_to_date;
  const until = info.special !== undefined && to && isSpecialPriceActive(product, now, config) ? /^\d{4}-\d{2}-\d{2}/.exec(to)?.[0] : undefined;
  return until ? { price, priceCurrency: config.i18n.currencyCode, priceValidUntil: until } : { price, priceCurrency: config.i18n.currencyCode };
}

/** What a product is sold as: a configurable's enabled children (spec catalogue §4.3), a grouped's parts (§3.1). */
function offeredParts(parent: Product, config: ShopConfig): Array<Pick<Product, 'stock'> & Parameters<typeof productPrice>[0]> {
  if (parent.type_id === 'configurable') return (parent.configurable_children ?? []).filter((c) => !isChildDisabled(c, config));
  if (parent.type_id === 'grouped') return (parent.product_links ?? []).filter((l) => l.link_type === 'associated' && l.product).map((l) => l.product!);
  return [];
}

/**
 * schema.org AggregateOffer of a configurable or grouped product: its parts' price range (§3.1) and count, in stock
 * when any part is; undefined without parts.
 */
export function aggregateOffer(parent: Product, url: string, now: number, config: ShopConfig): JsonLd | undefined {
  const parts = offeredParts(parent, config);
  const prices = parts.map((p) => productPrice(p, now, config).final).filter((n) => Number.isFinite(n));
  if (!prices.length) return undefined;
  const digits = config.i18n.fractionDigits;
  return {
    '@type': 'AggregateOffer',
    url,
    priceCurrency: config.i18n.currencyCode,
    lowPrice: Math.min(...prices).toFixed(digits),
    highPrice: Math.max(...prices).toFixed(digits),
    offerCount: prices.length,
    availability: parts.some((p) => p.stock?.is_in_stock !== false) ? IN_STOCK : OUT_OF_STOCK,
    itemCondition: 'https://schema.org/NewCondition',
  };
}

/**
 * schema.org Product for the product page: one Offer (what the page shows), or for a configurable or grouped product an
 * AggregateOffer over its variants or parts.
 */
export function productJsonLd(
  input: Pick<ProductHeadInput, 'product' | 'parent' | 'now'> &
    { readonly url: string; readonly images: readonly string[]; readonly description: string },
  config: ShopConfig,
): JsonLd {
  const { product, parent, url } = input;
  const aggregate = aggregateOffer(parent, url, input.now, config);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: parent.name,
    sku: product.sku,
    ...(input.description ? { description: input.description } : {}),
    ...(input.images.length ? { image: [...input.images] } : {}),
    url,
    offers: aggregate ?? {
      '@type': 'Offer',
      url,
      ...offerPrice(product, input.now, config),
      availability: offerAvailability(product),
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}

/** Absolute URLs of a gallery's images at the gallery size (spec catalogue §9: 600x744), the main one first. */
export function galleryImageUrls(gallery: readonly MediaGalleryEntry[], preferred: string | undefined, ctx: Pick<HeadContextData, 'origin' | 'config'>): string[] {
  // imageUrl answers nothing for an empty path or 'no_selection'
  const paths = [...new Set([preferred, ...gallery.map((g) => g.image)])];
  const urls = paths.map((p) => imageUrl(p, ctx.config.images.gallery, ctx.config));
  return urls.flatMap((url) => (url ? [absoluteUrl(ctx.origin, url)] : []));
}

export interface ProductHeadInput {
  /** the product as shown (a configurable's chosen variant merged in) */
  readonly product: Product;
  /** the product the page is about (a configurable's parent; the product itself otherwise) */
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
  // spec catalogue §3.1: the short description, else the description (a variant's own, else its parent's)
  const own = product.short_description || product.description ? product : parent;
  const description = metaDescription([own.short_description, own.description], ctx.fallbackDescription);
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

