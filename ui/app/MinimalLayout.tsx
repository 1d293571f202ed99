import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../hooks/use-service';
import { FOOTER_PART } from './boundaries';
import { CookieBanner, ShellExtras } from '../components/common/StatusOverlays';

/** spec catalogue §2.4: minimal header with a centred logo, page, footer (checkout). */
export function MinimalLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <div className="layout layout--minimal">
      {/* first in the Tab order while it shows, not after the whole page */}
      <CookieBanner />
      <header className="header header--minimal">
        <Link to="/" className="header__logo" aria-label={t('header.logo')}>
          {config.shop.name}
        </Link>
      </header>
      <main className="page" id="main">
        {children}
      </main>
      {FOOTER_PART}
      <ShellExtras />
    </div>
  );
}
