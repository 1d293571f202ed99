import { useTranslation } from 'react-i18next';
import type { LocaleCode } from '../../../core/config';
import { useConfig, useLocale } from '../../hooks/use-service';
import { tellWorkerLocale } from '../../app/sw-locale';

/** A year: the shopper's language choice outlives the session. */
const COOKIE_MAX_AGE_S = 365 * 24 * 3600;
const NAMES: Readonly<Record<LocaleCode, { key: string; lang: string }>> = {
  'nl-NL': { key: 'footer.languageNl', lang: 'nl' },
  'en-US': { key: 'footer.languageEn', lang: 'en' },
};

/** One button per locale (named in its own language): writes the `locale` cookie and loads the page again. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const config = useConfig();
  const current = useLocale();
  const locales = Object.keys(config.i18n.localeStores) as LocaleCode[];
  const choose = (locale: LocaleCode) => {
    if (locale === current) return;
    // a locale code is a cookie value as it is (letters and a hyphen)
    const plain = () => {
      document.cookie = `locale=${locale}; path=/; max-age=${COOKIE_MAX_AGE_S}; samesite=lax`;
    };
    // the reload waits for the Cookie Store API to store it; document.cookie where that API is missing or fails
    const expires = Date.now() + COOKIE_MAX_AGE_S * 1000;
    const stored =
      'cookieStore' in window
        ? cookieStore.set({ name: 'locale', value: locale, expires, sameSite: 'lax' }).catch(plain)
        : Promise.resolve(plain());
    // the service worker keeps the reloaded page under this locale, also where it cannot read the cookie
    void stored.then(() => tellWorkerLocale(locale)).then(() => location.reload());
  };
  return (
    <nav className="language-switcher" aria-label={t('footer.language')}>
      <span className="language-switcher__label" aria-hidden="true">
        {t('footer.language')}:
      </span>
      <ul>
        {locales.map((locale) => (
          <li key={locale}>
            <button type="button" className="link-button" lang={NAMES[locale]?.lang} aria-pressed={locale === current} onClick={() => choose(locale)}>
              {NAMES[locale] ? t(NAMES[locale].key) : locale}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
