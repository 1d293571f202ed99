import type { LocaleCode, ShopConfig } from '../../core/config';
import { ogLocale, type PageHead } from '../../core/seo/page-head';
import { serializeJsonLd } from '../../core/seo/structured-data';

function attr(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}

/** A page head's tags as HTML: values attribute-escaped, JSON-LD without '<', '>' or '&' (a data block, no nonce). */
export function headTagsHtml(head: PageHead, locale: LocaleCode, config: ShopConfig): string {
  const lines = [`<meta name="description" content="${attr(head.description)}">`];
  if (head.canonical) lines.push(`<link rel="canonical" href="${attr(head.canonical)}">`);
  // the Open Graph properties in this order; url and image where the page has them
  const { type, title, url, image } = head.og;
  const og = { type, title, site_name: config.shop.name, locale: ogLocale(locale), url, image };
  for (const [name, content] of Object.entries(og)) {
    if (content) lines.push(`<meta property="og:${name}" content="${attr(content)}">`);
  }
  for (const doc of head.jsonLd) lines.push(`<script type="application/ld+json">${serializeJsonLd(doc)}</script>`);
  return `${lines.join('\n')}\n`;
}
