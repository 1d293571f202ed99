import { ownEntry } from '../../core/dictionary';
import { normaliseHomeContent, type HomeContentData, type HomeContentSource } from '../../core/catalogue/home-content';
import type { LocaleCode } from '../../core/config';

type Files = Readonly<Record<string, unknown>>;

/**
 * spec catalogue §2.11: the home content of each store view is a local JSON file bundled with the app (no network
 * call). Store views without a file of their own use the default store view's. Banners and USP texts are per locale:
 * default.json is the Dutch default store view, default.en-US.json its English text. Each file is imported
 * on its first load: a browser reads it only once the page is interactive (the menu's banners) or for a home
 * page it did not get from the server, so the files are not in its first load (both locales' were).
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
