import info from './nl-NL/info.json';
import { addPageTexts } from './index';

/** The default locale's texts only the static, sitemap and wholesale pages show (nl-NL/info.json). */
addPageTexts(info);
