/**
 * The per-language texts that live outside the i18n files, for the language crawl: the home content file of each
 * locale and the demo backend's per-language attribute labels, option values, CMS blocks, category names and
 * descriptions, CMS pages (titles and every text of their bodies), bundle option titles and product names (each store view's own,
 * test-fixtures/catalogue/english.ts). A Dutch attribute value ('Nee'), category name ('Inpakpapier'), product name or CMS sentence in
 * the English shop is then found like a Dutch UI string.
 */
import homeNl from '../../adapters/content/default.json' with { type: 'json' };
import homeEn from '../../adapters/content/default.en-US.json' with { type: 'json' };
import { attributeMetadata } from '../../test-fixtures/catalogue/attributes';
import { cmsBlocks, cmsPages } from '../../test-fixtures/catalogue/content';
import { englishAttributes, englishCategories, englishCmsBlocks, englishCmsPages, englishProduct, englishProductDoc } from '../../test-fixtures/catalogue/english';
import { generateCatalogue } from '../../test-fixtures/catalogue/index';
import type { Locale } from './locale-texts';

function leaves(o: unknown): string[] {
  if (typeof o === 'string') return [o];
  if (o && typeof o === 'object') return Object.values(o).flatMap(leaves);
  return [];
}

const text = (html: string) => html.replace(/<[^>]+>/g, '\n').replace(/&middot;/g, '·').replace(/&copy;/g, '©').replace(/&amp;/g, '&').split('\n');
const home = (c: typeof homeNl) => leaves({ contentItems: c.contentItems, banners: c.banners }).filter((s) => !s.startsWith('/') && !s.startsWith('#'));

export function languageTexts(): Record<Locale, string[]> {
  const attrsNl = attributeMetadata();
  const labels = (attrs: typeof attrsNl) => attrs.flatMap((a) => [a.frontend_label ?? '', ...(a.options ?? []).map((o) => o.label)]);
  const blocksNl = cmsBlocks(new Date(0));
  const pagesNl = cmsPages(new Date(0));
  const catalogue = generateCatalogue();
  const categoriesNl = catalogue.categories;
  const namesNl = catalogue.products.map((p) => p.name);
  const namesEn = catalogue.products.map((p) => englishProduct(p, catalogue.english).name);
  const categoryTexts = (cs: typeof categoriesNl) => cs.flatMap((c) => [c.name, ...text(c.description ?? '')]);
  const pageTexts = (ps: typeof pagesNl) => ps.flatMap((p) => [p.title, ...text(p.content)]);
  const bundle = { bundle_options: [{ title: 'Inpakpapier' }, { title: 'Lint' }, { title: 'Kaart' }] };
  const bundleTitles = (b: typeof bundle) => b.bundle_options.map((o) => o.title);
  return {
    'nl-NL': [...home(homeNl), ...labels(attrsNl), ...blocksNl.flatMap((b) => text(b.content)), ...categoryTexts(categoriesNl), ...pageTexts(pagesNl), ...bundleTitles(bundle), ...namesNl],
    'en-US': [
      ...home(homeEn), ...labels(englishAttributes(attrsNl)), ...englishCmsBlocks(blocksNl).flatMap((b) => text(b.content)),
      ...categoryTexts(englishCategories(categoriesNl)), ...pageTexts(englishCmsPages(pagesNl)), ...bundleTitles(englishProductDoc(bundle)), ...namesEn,
    ],
  };
}
