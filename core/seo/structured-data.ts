/** schema.org JSON-LD any page may carry (SEO basics); the product page's Product is in ./product-head.ts. */
import type { Breadcrumb } from '../catalogue/types';
import { absoluteUrl } from './canonical';

/** One JSON-LD document (an object with '@context' and '@type'). */
export type JsonLd = Readonly<Record<string, unknown>>;

/**
 * schema.org BreadcrumbList: home, the trail (spec catalogue §3.6 breadcrumbs: ancestors linked) and the page itself
 * at its canonical URL, positions from 1, every item an absolute URL.
 */
export function breadcrumbJsonLd(home: string, trail: readonly Breadcrumb[], current: { name: string; url: string }, origin: string): JsonLd {
  const items: Array<{ name: string; url: string }> = [{ name: home, url: absoluteUrl(origin, '/') }];
  for (const b of trail) if (b.link && b.name !== current.name) items.push({ name: b.name, url: absoluteUrl(origin, b.link) });
  items.push(current);
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: item.url })),
  };
}

/**
 * JSON-LD as the text of a <script type="application/ld+json">: every '<', '>', '&' and line separator becomes a JSON
 * \u escape, the same data to a JSON reader and no markup (such as '</script') to the HTML parser.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
