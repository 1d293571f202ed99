import account from './nl-NL/account.json';
import { addPageTexts } from './index';

/** The default locale's texts only the account pages show (nl-NL/account.json), loaded with their chunks. */
addPageTexts(account);
