import account from './nl-NL/account.json';
import { addPageTexts } from './index';

/**
 * The default locale's sections that only the account pages show (my account, order details, create password,
 * contact): ui/i18n/nl-NL/account.json, loaded with those pages' chunks, which import this module, so the transaction
 * half a checkout loads does not carry them.
 */
addPageTexts(account);
