import { normaliseHomeContent, type HomeContentData, type HomeContentSource } from '../../core/catalogue/home-content';
import type { LocaleCode } from '../../core/config';

/**
 * spec catalogue §2.11: the home content is a local JSON file bundled with the app, one per locale, the same for every
 * store view. Imported on first use, so no page's first load carries it.
 */
export class BundledHomeContent implements HomeContentSource {
  constructor(private readonly locale?: LocaleCode) {}

  async load(): Promise<HomeContentData> {
    const file = await (this.locale === 'en-US' ? import('./default.en-US.json') : import('./default.json'));
    return normaliseHomeContent(file.default);
  }
}
