import type { TFunction } from 'i18next';
import type { LocaleCode, ShopConfig } from '../../core/config';
import { defaultHead, type HeadContextData } from '../../core/seo/page-head';
import { FALLBACK_DESCRIPTION_KEY, HOME_NAME_KEY, headTagsHtml, type HeadSink } from './use-page-head';

interface ServerHeadInput {
  status: number;
  /** the request's path (no query) */
  path: string;
  /** the shop's public origin */
  origin: string;
  /** the page's full title */
  title: string;
  t: TFunction;
  config: ShopConfig;
  locale: LocaleCode;
}

/** The fallback texts per i18next `t` and locale, kept: the server's instances never change their texts. */
const fallbackTexts = new WeakMap<TFunction, { locale: LocaleCode; description: string; homeName: string }>();
function fallbacksOf(t: TFunction, locale: LocaleCode): { description: string; homeName: string } {
  let kept = fallbackTexts.get(t);
  if (kept?.locale !== locale) fallbackTexts.set(t, (kept = { locale, description: t(FALLBACK_DESCRIPTION_KEY), homeName: t(HOME_NAME_KEY) }));
  return kept;
}

/** A rendered page's SEO tags (its own head, else the default); not 200: no canonical, no structured data. */
export function serverHeadHtml(sink: HeadSink, input: ServerHeadInput): string {
  const fallbacks = fallbacksOf(input.t, input.locale);
  const ctx: HeadContextData = {
    origin: input.origin,
    title: input.title,
    fallbackDescription: fallbacks.description,
    homeName: fallbacks.homeName,
    config: input.config,
  };
  let head = input.status === 200 && sink.build ? sink.build(ctx) : defaultHead(input.path, ctx);
  if (input.status !== 200) head = { description: head.description, og: { type: 'website', title: input.title }, jsonLd: [] };
  return headTagsHtml(head, input.locale, input.config);
}
