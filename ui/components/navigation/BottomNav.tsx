import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../hooks/use-service';
import { MicrocartButton } from '../cart/MicrocartButton';
import { AccountButton } from '../account/AccountButton';
import { useUiFlags, useUiFlagsService } from '../../hooks/use-shell';

/** spec catalogue §2.7: the mobile bottom navigation: home, menu, search, profile and the cart. */
export function BottomNav() {
  const { t } = useTranslation();
  const config = useConfig();
  const flags = useUiFlags();
  const service = useUiFlagsService();
  return (
    <nav className="bottom-nav" aria-label={t('header.bottomNav')} style={{ height: `${config.ui.bottomNavHeightRem}rem` }}>
      <Link to="/" className="bottom-nav__item" onClick={() => service.closeAll()}>
        <span aria-hidden="true">⌂</span>
        {t('header.home')}
      </Link>
      <button type="button" className="bottom-nav__item" aria-expanded={flags.sidebar} aria-controls="mobile-menu" onClick={() => service.togglePanel('sidebar')}>
        <span aria-hidden="true">☰</span>
        {t('header.menu')}
      </button>
      <button type="button" className="bottom-nav__item" aria-expanded={flags.searchpanel} onClick={() => service.togglePanel('searchpanel')}>
        <span aria-hidden="true">⌕</span>
        {t('header.search')}
      </button>
      <span className="bottom-nav__item bottom-nav__profile">
        <AccountButton />
      </span>
      <span className="bottom-nav__cart">
        <MicrocartButton />
      </span>
    </nav>
  );
}
