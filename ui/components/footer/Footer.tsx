import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useConfig, useLocale } from '../../hooks/use-service';
import { formatCalendarDay } from '../../i18n/format-date';
import { CmsBlock } from '../content/CmsHtml';
import { LazyRatingWidget } from '../content/LazyRatingWidget';
import { PaymentLogos } from './PaymentLogos';
import type { LocaleCode } from '../../../core/config';
import { tellWorkerLocale } from '../../app/sw-locale';

/** the footer's columns: heading and links (text keys), the last one followed by the like button */
const COLUMNS: ReadonlyArray<readonly [string, ReadonlyArray<readonly [string, string]>]> = [
  ['footer.customerService', [['/i/veel-gestelde-vragen/', 'footer.faq'], ['/contacts', 'footer.contact']]],
  ['footer.privacyHeading', [['/i/orders-retouren', 'footer.ordersReturns'], ['/privacy', 'footer.privacy'], ['/i/leveringsvoorwaarden', 'footer.terms']]],
  ['footer.more', [['/i/wiezijnwij', 'footer.aboutUs'], ['/sitemap', 'footer.sitemap']]],
];

function FacebookLike() {
  const { t } = useTranslation();
  return (
    <p className="footer__social">
      <a href="https://www.facebook.com/" rel="noopener noreferrer" target="_blank" className="footer__like">
        <svg className="icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path fill="#1877f2" d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v2.9h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z" />
        </svg>{' '}
        {t('footer.like')}
      </a>
    </p>
  );
}

/** A year: the shopper's language choice outlives the session. */
const COOKIE_MAX_AGE_S = 365 * 24 * 3600;
const NAMES: Readonly<Record<LocaleCode, { key: string; lang: string }>> = {
  'nl-NL': { key: 'footer.languageNl', lang: 'nl' },
  'en-US': { key: 'footer.languageEn', lang: 'en' },
};

/** One button per locale (named in its own language): writes the `locale` cookie and loads the page again. */
function LanguageSwitcher() {
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

/** spec catalogue §2.6: the three-column footer, payment logos, the copyright block; `newsletter` from the caller. */
export function Footer({ newsletter }: { newsletter: ReactNode }) {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <footer className="footer-wrap">
      <div className="footer" style={{ maxWidth: config.ui.footerMaxWidthPx }}>
        <div className="footer__columns">
          {COLUMNS.map(([heading, links], i) => (
            <section key={heading}>
              <h2>{t(heading)}</h2>
              <ul>
                {links.map(([to, text]) => (
                  <li key={to}>
                    <Link to={to}>{t(text)}</Link>
                  </li>
                ))}
              </ul>
              {i === COLUMNS.length - 1 ? <FacebookLike /> : null}
            </section>
          ))}
        </div>
        <section className="footer__newsletter" aria-label={t('footer.newsletter')}>
          {newsletter}
        </section>
        <div className="footer__bottom">
          <LazyRatingWidget place="footer" />
          <PaymentLogos />
          <CmsBlock identifier={config.cms.copyrightBlock} className="footer__copyright" />
        </div>
        <LanguageSwitcher />
        <p className="footer__version">{t('footer.version', { version: config.shop.version, date: formatCalendarDay(config.shop.buildDate, t) })}</p>
      </div>
    </footer>
  );
}
