import { ownEntry } from '../../core/dictionary';
import { normaliseHomeContent, type HomeContentData, type HomeContentSource } from '../../core/catalogue/home-content';
import type { LocaleCode } from '../../core/config';

/**
 * spec catalogue §2.11: the home content of each store view is a local JSON file bundled with the app, per locale
 * (store views without a file use the default one's). Imported on first use, so no page's first load carries it.
 */
export class BundledHomeContent implements HomeContentSource {
  /** `files`: the content by store code ('' the default one's) instead of the bundled files */
  constructor(
    private readonly locale?: LocaleCode,
    private readonly files?: Readonly<Record<string, unknown>>,
  ) {}

  async load(storeCode: string): Promise<HomeContentData> {
    const bundled = () => (this.locale === 'en-US' ? import('./default.en-US.json') : import('./default.json'));
    const files = this.files ?? { '': (await bundled()).default };
    const raw = ownEntry(files, storeCode) ?? ownEntry(files, '');
    if (raw === undefined) throw new Error(`no home content for store view '${storeCode}'`);
    return normaliseHomeContent(raw);
  }
}
