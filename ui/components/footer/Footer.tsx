import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../hooks/use-service';
import { formatCalendarDay } from '../../i18n/format-date';
import { NewsletterForm } from '../account/NewsletterForm';
import { CmsBlock } from '../content/CmsBlock';
import { PaymentLogos } from './PaymentLogos';
import { LanguageSwitcher } from './LanguageSwitcher';

/** spec catalogue §2.6: the shop's three-column footer, four payment logos and the copyright CMS block. */
export function Footer() {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <footer className="footer-wrap">
      <div className="footer" style={{ maxWidth: config.ui.footerMaxWidthPx }}>
        <div className="footer__columns">
          <section>
            <h2>{t('footer.customerService')}</h2>
            <ul>
              <li><Link to="/i/veel-gestelde-vragen/">{t('footer.faq')}</Link></li>
              <li><Link to="/contacts">{t('footer.contact')}</Link></li>
            </ul>
          </section>
          <section>
            <h2>{t('footer.privacyHeading')}</h2>
            <ul>
              <li><Link to="/i/orders-retouren">{t('footer.ordersReturns')}</Link></li>
              <li><Link to="/privacy">{t('footer.privacy')}</Link></li>
              <li><Link to="/i/leveringsvoorwaarden">{t('footer.terms')}</Link></li>
            </ul>
          </section>
          <section>
            <h2>{t('footer.more')}</h2>
            <ul>
              <li><Link to="/i/wiezijnwij">{t('footer.aboutUs')}</Link></li>
              <li><Link to="/sitemap">{t('footer.sitemap')}</Link></li>
            </ul>
            <p className="footer__social">
              <a href="https://www.facebook.com/" rel="noopener noreferrer" target="_blank" className="footer__like">
                <svg className="icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path fill="#1877f2" d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v2.9h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z" />
                </svg>{' '}
                {t('footer.like')}
              </a>
            </p>
          </section>
        </div>
        <section className="footer__newsletter" aria-label={t('footer.newsletter')}>
          <NewsletterForm />
        </section>
        <div className="footer__bottom">
          <PaymentLogos />
          <CmsBlock identifier={config.cms.copyrightBlock} className="footer__copyright" />
        </div>
        <LanguageSwitcher />
        <p className="footer__version">{t('footer.version', { version: config.shop.version, date: formatCalendarDay(config.shop.buildDate, t) })}</p>
      </div>
    </footer>
  );
}
