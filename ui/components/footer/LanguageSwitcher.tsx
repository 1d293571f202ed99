import { useTranslation } from 'react-i18next';
import type { LocaleCode } from '../../../core/config';
import { useConfig } from '../../hooks/use-service';
import { useLocale } from '../../hooks/use-locale';
import { tellWorkerLocale } from '../../app/sw-locale';

/** A year: the shopper's language choice outlives the session. */
const COOKIE_MAX_AGE_S = 365 * 24 * 3600;
const NAMES: Readonly<Record<LocaleCode, { key: string; lang: string }>> = {
  'nl-NL': { key: 'footer.languageNl', lang: 'nl' },
  'en-US': { key: 'footer.languageEn', lang: 'en' },
};

/**
 * Writes the `locale` cookie; settles once the requests that follow carry it. document.cookie returns before the
 * browser's cookie store has the value (Chromium hands it to its network process asynchronously): a reload right after
 * it could go out without the cookie on a loaded machine and come back in the old language. The Cookie Store API's
 * promise settles once the cookie is stored; document.cookie where that API is missing (not a secure context) or fails.
 */
function writeLocaleCookie(locale: LocaleCode): Promise<void> {
  const plain = () => {
    document.cookie = `locale=${encodeURIComponent(locale)}; path=/; max-age=${COOKIE_MAX_AGE_S}; samesite=lax`;
  };
  if (!('cookieStore' in window)) return Promise.resolve(plain());
  const expires = Date.now() + COOKIE_MAX_AGE_S * 1000;
  return window.cookieStore.set({ name: 'locale', value: locale, path: '/', expires, sameSite: 'lax' }).catch(plain);
}

/**
 * The shop's language: one button per locale, the current one pressed. Choosing another writes the `locale`
 * cookie the server reads (README "Configuration": the shop's locale is nl-NL unless the cookie says en-US) and loads
 * the same page again, rendered in that language with that store view's data. Each language's name is in its own
 * language (lang attribute), so a screen reader says it right.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const config = useConfig();
  const current = useLocale();
  const locales = Object.keys(config.i18n.localeStores) as LocaleCode[];
  const choose = (locale: LocaleCode) => {
    if (locale === current) return;
    // the service worker keeps the reloaded page under this locale, also where it cannot read the cookie
    void writeLocaleCookie(locale)
      .then(() => tellWorkerLocale(locale))
      .then(() => window.location.reload());
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
