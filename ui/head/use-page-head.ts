import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleCode, ShopConfig } from '../../core/config';
import { defaultHead, type HeadContextData, type PageHead, ogLocale } from '../../core/seo/page-head';
import { useConfig, useLocale } from '../hooks/use-service';
import { serializeJsonLd } from '../../core/seo/structured-data';

/** Builds a page's head once the origin, title and fallback texts are known. */
export type HeadBuilder = (ctx: HeadContextData) => PageHead;

/** On the server the page records how to build its head here; ui/entry-server.tsx writes it into <head>. */
export interface HeadSink {
  build?: HeadBuilder;
}
export const HeadContext = createContext<HeadSink | null>(null);

/** The i18next keys of the fallback texts (both locale files). */
export const FALLBACK_DESCRIPTION_KEY = 'seo.defaultDescription';
export const HOME_NAME_KEY = 'breadcrumbs.home';

/** The URL of the page the server rendered (this module may load when location is already another page). */
function documentUrl(): string {
  if (typeof location === 'undefined') return '';
  const entry = typeof performance !== 'undefined' ? (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined) : undefined;
  return entry?.name || location.href;
}
const firstUrl = documentUrl();
let navigated = false;
let shopOrigin: string | undefined;
function origin(): string {
  if (shopOrigin === undefined) {
    const named = document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? document.querySelector('meta[property="og:url"]')?.getAttribute('content');
    try {
      shopOrigin = named ? new URL(named).origin : location.origin;
    } catch {
      shopOrigin = location.origin;
    }
  }
  return shopOrigin;
}
/** what applyHead last wrote (a page re-rendering with the same head changes nothing) */
let lastApplied: string | undefined;

/** A page's head (core/seo): the server's HTML shell writes it; after a client-side navigation it replaces the tags. */
export function usePageHead(build: HeadBuilder | undefined): void {
  const sink = useContext(HeadContext);
  const { t } = useTranslation();
  const config = useConfig();
  const locale = useLocale();
  if (sink && build) sink.build = build;
  const context = (): HeadContextData => {
    const texts = { fallbackDescription: t(FALLBACK_DESCRIPTION_KEY), homeName: t(HOME_NAME_KEY) };
    return { origin: origin(), title: document.title, ...texts, config };
  };
  useEffect(() => {
    // until the shopper leaves the page the server rendered, its head stands (same data, same origin)
    if (!navigated && location.href === firstUrl) return;
    navigated = true;
    applyHead((build ?? ((c) => defaultHead(location.pathname, c)))(context()), locale, config);
  });
  useEffect(
    () => () => {
      navigated = true;
      applyHead(defaultHead(location.pathname, context()), locale, config);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
}

/** the tags headTagsHtml writes */
const HEAD_TAGS =
  'meta[name="description"], link[rel="canonical"], meta[property^="og:"], script[type="application/ld+json"]';

/** Replaces the head tags the server wrote (or an earlier call) with those of `head`, written by the same code. */
function applyHead(head: PageHead, locale: LocaleCode, config: ShopConfig): void {
  const html = headTagsHtml(head, locale, config);
  if (lastApplied === html) return;
  lastApplied = html;
  for (const el of document.head.querySelectorAll(HEAD_TAGS)) el.remove();
  // a JSON-LD block is data, never executed
  document.head.insertAdjacentHTML('beforeend', html);
}

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
