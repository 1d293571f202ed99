import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { LayoutName } from '../../core/routing/routes';
import { useConfig } from '../hooks/use-service';
import { FOOTER_PART, HEADER_PART } from './boundaries';
import { ShellExtras } from '../components/common/ShellExtras';
import { CookieBanner } from '../components/common/StatusOverlays';
import { BackToTop } from '../components/common/BackToTop';

/**
 * spec catalogue §2.4: skip link, cookie notice, header, page, footer (boundaries of their own) and the overlays; the
 * minimal layout (checkout) has a centred logo for its header and neither skip link nor back-to-top.
 */
export function Layout({ name, children }: { name: LayoutName; children: ReactNode }) {
  const { t } = useTranslation();
  const config = useConfig();
  const minimal = name === 'minimal';
  return (
    <div className={`layout layout--${name}`}>
      {/* the Tab order starts with the skip link, then the cookie notice while it shows (not after the whole page) */}
      {minimal ? null : (
        <a href="#main" className="skip-link">
          {t('header.skipToContent')}
        </a>
      )}
      <CookieBanner />
      {minimal ? (
        <header className="header header--minimal">
          <Link to="/" className="header__logo" aria-label={t('header.logo')}>
            {config.shop.name}
          </Link>
        </header>
      ) : (
        HEADER_PART
      )}
      <main className="page" id="main">
        {children}
      </main>
      {FOOTER_PART}
      <ShellExtras />
      {minimal ? null : <BackToTop />}
    </div>
  );
}
