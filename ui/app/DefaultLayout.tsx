import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FOOTER_PART, HEADER_PART } from './boundaries';
import { ShellExtras } from '../components/common/ShellExtras';
import { CookieBanner } from '../components/common/StatusOverlays';
import { BackToTop } from '../components/common/BackToTop';

/**
 * spec catalogue §2.4: the default layout: the skip link and the cookie notice, header, page, footer, and the shell's
 * overlays.
 *
 * Selective hydration: the header (with its mega and mobile menus) and the footer are Suspense boundaries
 * of their own, as the page is (ui/app/App.tsx). The server renders them whole, with React's boundary markers; the
 * browser's hydration then does the root in one short task and each boundary afterwards at a lower priority, yielding
 * to the browser every few milliseconds (a click on a part not hydrated yet hydrates that part first and is replayed);
 * the footer's waits for its code (ui/app/boundaries.tsx). Without them the header and footer were hydrated in the
 * root's one long task.
 *
 * The boundaries' elements never change when the layout re-renders (ui/app/boundaries.tsx says why).
 */
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
