import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { backToTopVisible } from '../../../core/ui-state/back-to-top';
import { useConfig } from '../../hooks/use-service';

/** spec catalogue §2.5: the page shell's back-to-top button (desktop, past 200 px). */
export function BackToTop() {
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
