import { normaliseHomeContent, type HomeContentData, type HomeContentSource } from '../../core/catalogue/home-content';
import type { LocaleCode } from '../../core/config';
import defaultStore from './default.json';
import defaultStoreEn from './default.en-US.json';

/**
 * spec catalogue §2.11: the home content of each store view is a local JSON file bundled with the app (no network
 * call). Store views without a file of their own use the default store view's. Banners and USP texts are per locale
 * (issue 12): default.json is the Dutch default store view, default.en-US.json its English text.
 */
const FILES: Readonly<Record<string, unknown>> = { '': defaultStore };
const FILES_BY_LOCALE: Readonly<Partial<Record<LocaleCode, Readonly<Record<string, unknown>>>>> = { 'en-US': { '': defaultStoreEn } };

export class BundledHomeContent implements HomeContentSource {
  private readonly files: Readonly<Record<string, unknown>>;

  constructor(locale?: LocaleCode, files?: Readonly<Record<string, unknown>>) {
    this.files = files ?? (locale && FILES_BY_LOCALE[locale]) ?? FILES;
  }

  async load(storeCode: string): Promise<HomeContentData> {
    const raw = this.files[storeCode] ?? this.files[''];
    if (raw === undefined) throw new Error(`no home content for store view '${storeCode}'`);
    return normaliseHomeContent(raw);
  }
}
