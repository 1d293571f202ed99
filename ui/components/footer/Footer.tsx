import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../hooks/use-service';
import { formatCalendarDay } from '../../i18n/format-date';
import { CmsBlock } from '../content/CmsBlock';
import { LazyRatingWidget } from '../content/LazyRatingWidget';
import { PaymentLogos } from './PaymentLogos';
import { LanguageSwitcher } from './LanguageSwitcher';

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
