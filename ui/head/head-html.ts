import type { LocaleCode, ShopConfig } from '../../core/config';
import { ogLocale, type PageHead } from '../../core/seo/page-head';
import { serializeJsonLd } from '../../core/seo/structured-data';

function attr(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}

/** The Open Graph properties of a head, in the order they are written. */
function openGraphTags(head: PageHead, locale: LocaleCode, config: ShopConfig): Array<[string, string]> {
  const og: Array<[string, string]> = [
    ['og:type', head.og.type],
    ['og:title', head.og.title],
    ['og:site_name', config.shop.name],
    ['og:locale', ogLocale(locale)],
  ];
  if (head.og.url) og.push(['og:url', head.og.url]);
  if (head.og.image) og.push(['og:image', head.og.image]);
  return og;
}

/** A page head's tags as HTML: values attribute-escaped, JSON-LD without '<', '>' or '&' (a data block, no nonce). */
export function headTagsHtml(head: PageHead, locale: LocaleCode, config: ShopConfig): string {
  const lines = [`<meta name="description" content="${attr(head.description)}">`];
  if (head.canonical) lines.push(`<link rel="canonical" href="${attr(head.canonical)}">`);
  for (const [property, content] of openGraphTags(head, locale, config)) lines.push(`<meta property="${property}" content="${attr(content)}">`);
  for (const doc of head.jsonLd) lines.push(`<script type="application/ld+json">${serializeJsonLd(doc)}</script>`);
  return `${lines.join('\n')}\n`;
}
