import nl from './nl-NL.json';
import { addPageTexts } from './index';

/**
 * The default locale's sections that only the account pages show (my account, order details, create password,
 * contact). In the browser bundle this module's nl-NL.json is those sections only (scripts/build.mjs LOCALE_PARTS)
 * and loads with those pages' chunks, which import it, so the transaction half a checkout loads does not carry them; elsewhere it is the whole file, and the server's texts are whole already.
 */
addPageTexts(nl);
