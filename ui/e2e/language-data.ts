/**
 * The per-language texts that live outside the i18n files, for the language crawl: the home content file of each
 * locale and the demo backend's per-language attribute labels, option values and CMS blocks. A Dutch attribute value
 * (e.g. 'Nee') in the English shop is then found like a Dutch UI string. Category names are catalogue content the
 * backend has in Dutch only (not UI text): a banner title that is also a category name ('Cadeauzakjes') is not
 * counted as a language marker.
 */
import homeNl from '../../adapters/content/default.json' with { type: 'json' };
import homeEn from '../../adapters/content/default.en-US.json' with { type: 'json' };
import { attributeMetadata } from '../../test-fixtures/catalogue/attributes';
import { cmsBlocks } from '../../test-fixtures/catalogue/content';
import { englishAttributes, englishCmsBlocks } from '../../test-fixtures/catalogue/english';
import { generateCatalogue } from '../../test-fixtures/catalogue/index';
import type { Locale } from './locale-texts';

function leaves(o: unknown): string[] {
  if (typeof o === 'string') return [o];
  if (o && typeof o === 'object') return Object.values(o).flatMap(leaves);
  return [];
}

const text = (html: string) => html.replace(/<[^>]+>/g, '\n').replace(/&middot;/g, '·').replace(/&copy;/g, '©').split('\n');
const home = (c: typeof homeNl) => leaves({ contentItems: c.contentItems, banners: c.banners }).filter((s) => !s.startsWith('/') && !s.startsWith('#'));

export function languageTexts(): Record<Locale, string[]> {
  const attrsNl = attributeMetadata();
  const labels = (attrs: typeof attrsNl) => attrs.flatMap((a) => [a.frontend_label ?? '', ...(a.options ?? []).map((o) => o.label)]);
  const blocksNl = cmsBlocks(new Date(0));
  const categories = new Set(generateCatalogue().categories.map((c) => c.name));
  const notCatalogue = (s: string) => !categories.has(s);
  return {
    'nl-NL': [...home(homeNl), ...labels(attrsNl), ...blocksNl.flatMap((b) => text(b.content))].filter(notCatalogue),
    'en-US': [...home(homeEn), ...labels(englishAttributes(attrsNl)), ...englishCmsBlocks(blocksNl).flatMap((b) => text(b.content))].filter(notCatalogue),
  };
}
