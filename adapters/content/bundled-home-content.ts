import { ownEntry } from '../../core/dictionary';
import { normaliseHomeContent, type HomeContentData, type HomeContentSource } from '../../core/catalogue/home-content';
import type { LocaleCode } from '../../core/config';

type Files = Readonly<Record<string, unknown>>;

/**
 * spec catalogue §2.11: the home content of each store view is a local JSON file bundled with the app, per locale
 * (store views without a file use the default one's). Imported on first use, so no page's first load carries it.
 */
const FILES = (): Promise<Files> => import('./default.json').then((m) => ({ '': m.default }));
const FILES_BY_LOCALE: Readonly<Partial<Record<LocaleCode, () => Promise<Files>>>> = {
  'en-US': () => import('./default.en-US.json').then((m) => ({ '': m.default })),
};

export class BundledHomeContent implements HomeContentSource {
  private files: Promise<Files> | undefined;
  private readonly read: () => Promise<Files>;

  constructor(locale?: LocaleCode, files?: Files) {
    this.read = files ? () => Promise.resolve(files) : ((locale && FILES_BY_LOCALE[locale]) ?? FILES);
  }

  async load(storeCode: string): Promise<HomeContentData> {
    const files = await (this.files ??= this.read());
    const raw = ownEntry(files, storeCode) ?? ownEntry(files, '');
    if (raw === undefined) throw new Error(`no home content for store view '${storeCode}'`);
    return normaliseHomeContent(raw);
  }
}
