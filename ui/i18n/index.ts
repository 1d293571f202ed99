import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LocaleCode, ShopConfig } from '../../core/config';
import nl from '#default-locale-texts';

type Translation = typeof nl;

/**
 * A locale's texts are namespace files (ui/i18n/<locale>/*.json). The default locale is bundled (in the browser only
 * `common`: the rest comes with the chunks that show it); every other locale is a chunk loaded whole by `loadLocale`.
 */
const LOADERS: Record<LocaleCode, () => Promise<Translation>> = {
  'nl-NL': async () => nl,
  'en-US': () => import('./en-US').then((m) => m.default),
};
const loaded = new Map<LocaleCode, Translation>([['nl-NL', nl]]);

export async function loadLocale(locale: LocaleCode): Promise<void> {
  if (!loaded.has(locale)) loaded.set(locale, await LOADERS[locale]());
}

/** Texts that arrive after start: into the loaded locale (for an instance created later) and into `instance`. */
export function addTexts(locale: LocaleCode, texts: Record<string, unknown>, instance?: i18n): void {
  const current = loaded.get(locale);
  if (current) loaded.set(locale, { ...current, ...texts } as Translation);
  instance?.addResourceBundle(locale, 'translation', texts, true, false);
}

/** the browser's i18next instance (ui/entry-client.tsx): texts that come with a page's chunk are added to it */
export const browserI18n: { instance?: i18n } = {};

/** The default locale's texts of a page's chunk, added when it loads (the server's default locale is whole). */
export function addPageTexts(texts: Record<string, unknown>): void {
  if (typeof window === 'undefined') return;
  addTexts('nl-NL', texts, browserI18n.instance);
}

export function resolveLocale(requested: string | undefined | null, config: ShopConfig): LocaleCode {
  return (config.i18n.locales as readonly string[]).includes(requested ?? '') ? (requested as LocaleCode) : config.i18n.defaultLocale;
}

/** A fresh i18next instance (one per SSR request, one in the browser), synchronous: `loadLocale` first. */
export function createI18n(locale: LocaleCode, config: ShopConfig): i18n {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries([...loaded].map(([code, translation]) => [code, { translation }]));
  if (!loaded.has(locale)) throw new Error(`locale ${locale} not loaded: await loadLocale('${locale}') first`);
  void instance.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: config.i18n.defaultLocale,
    supportedLngs: [...config.i18n.locales],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
