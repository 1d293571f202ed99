import { normaliseHomeContent, type HomeContentData, type HomeContentSource } from '../../core/catalogue/home-content';
import defaultStore from './default.json';

/**
 * spec catalogue §2.11: the home content of each store view is a local JSON file bundled with the app (no network
 * call). Store views without a file of their own use the default store view's.
 */
const FILES: Readonly<Record<string, unknown>> = { '': defaultStore };

export class BundledHomeContent implements HomeContentSource {
  constructor(private readonly files: Readonly<Record<string, unknown>> = FILES) {}

  async load(storeCode: string): Promise<HomeContentData> {
    const raw = this.files[storeCode] ?? this.files[''];
    if (raw === undefined) throw new Error(`no home content for store view '${storeCode}'`);
    return normaliseHomeContent(raw);
  }
}
