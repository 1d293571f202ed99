import info from './nl-NL/info.json';
import { addPageTexts } from './index';

/**
 * The default locale's sections that only the static pages, the sitemap and the wholesale page show
 * (ui/i18n/nl-NL/info.json), loaded with those pages' chunks, which import this module.
 */
addPageTexts(info);
