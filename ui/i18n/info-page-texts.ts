import nl from './nl-NL.json';
import { addPageTexts } from './index';

/**
 * The default locale's sections that only the static pages, the sitemap and the wholesale page show (issue 10). In the
 * browser bundle this module gets those sections only (scripts/locale-split.mjs PAGE_SECTIONS) and loads with those
 * pages' chunks, which import it; elsewhere it is the whole file, and the server's texts are whole already.
 */
addPageTexts(nl);
