import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LocaleCode, ShopConfig } from '../../core/config';
import nl from './nl-NL.json';
import en from './en-US.json';

export const RESOURCES = {
  'nl-NL': { translation: nl },
  'en-US': { translation: en },
} as const;

export function resolveLocale(requested: string | undefined | null, config: ShopConfig): LocaleCode {
  return (config.i18n.locales as readonly string[]).includes(requested ?? '') ? (requested as LocaleCode) : config.i18n.defaultLocale;
}

/** A fresh i18next instance (one per SSR request, one in the browser); resources are bundled, so init is synchronous. */
export function createI18n(locale: LocaleCode, config: ShopConfig): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: RESOURCES,
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
