import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../hooks/use-service';
import { CmsBlock } from '../content/CmsBlock';
import { PaymentLogos } from './PaymentLogos';

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
              <li><Link to="/i/privacy">{t('footer.privacy')}</Link></li>
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
                <span aria-hidden="true">👍</span> {t('footer.like')}
              </a>
            </p>
          </section>
        </div>
        <div className="footer__bottom">
          <PaymentLogos />
          <CmsBlock identifier={config.cms.copyrightBlock} className="footer__copyright" />
        </div>
        <p className="footer__version">{t('footer.version', { version: config.shop.version, date: config.shop.buildDate })}</p>
      </div>
    </footer>
  );
}
