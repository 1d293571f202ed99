import { useTranslation } from 'react-i18next';
import { FOOTER_PART, HEADER_PART } from './boundaries';
import { CookieBanner, ShellExtras } from '../components/common/StatusOverlays';
import { useEffect, useState, type ReactNode } from 'react';
import { backToTopVisible } from '../../core/ui-state/back-to-top';
import { useConfig } from '../hooks/use-service';

/** spec catalogue §2.5: the page shell's back-to-top button (desktop, past 200 px). */
function BackToTop() {
  const config = useConfig();
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(backToTopVisible('shell', window.scrollY, window.innerWidth, config));
    update();
    const listening = new AbortController();
    window.addEventListener('scroll', update, { passive: true, signal: listening.signal });
    window.addEventListener('resize', update, { signal: listening.signal });
    return () => listening.abort();
  }, [config]);
  if (!visible) return null;
  return (
    <button type="button" className="back-to-top" onClick={() => window.scrollTo({ top: 0, behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' })} aria-label={t('common.backToTop')}>
      ↑
    </button>
  );
}

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
