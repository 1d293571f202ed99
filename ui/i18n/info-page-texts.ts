import nl from './nl-NL.json';
import { addPageTexts } from './index';

/**
 * The default locale's sections that only the static pages, the sitemap and the wholesale page show. In the browser
 * bundle this module's nl-NL.json is those sections only (scripts/build.mjs LOCALE_PARTS) and loads with those pages'
 * chunks, which import it; elsewhere it is the whole file, and the server's texts are whole already.
 */
addPageTexts(nl);
