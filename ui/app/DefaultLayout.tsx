import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FOOTER_PART, HEADER_PART } from './boundaries';
import { ShellExtras } from '../components/common/ShellExtras';
import { CookieBanner } from '../components/common/StatusOverlays';
import { BackToTop } from '../components/common/BackToTop';

/** spec catalogue §2.4: skip link, cookie notice, header, page, footer (boundaries of their own) and the overlays. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="layout layout--default">
      {/* the Tab order starts with the skip link, then the cookie notice while it shows (not after the whole page) */}
      <a href="#main" className="skip-link">
        {t('header.skipToContent')}
      </a>
      <CookieBanner />
      {HEADER_PART}
      <main className="page" id="main">
        {children}
      </main>
      {FOOTER_PART}
      <ShellExtras />
      <BackToTop />
    </div>
  );
}
