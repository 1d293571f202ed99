import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CategoryService } from '../../../core/catalogue/category-service';
import { useConfig } from '../../hooks/use-service';
import { useCategory, useContainer, useSearch, useSearchService, useUiFlags, useUiFlagsService } from '../../hooks/use-catalogue';
import { MicrocartButton } from '../cart/MicrocartButton';
import { AccountButton } from '../account/AccountButton';
import { CmsBlock } from '../content/CmsBlock';
import { MobileMenu } from '../navigation/MobileMenu';
import { BottomNav } from '../navigation/BottomNav';
import { MegaMenu } from './MegaMenu';
import { SearchPanel } from './SearchPanel';

/**
 * spec catalogue §2.5: logo to home, the header CMS block, the search bar opening the search panel, account and
 * cart icons, the hamburger with the mobile menu, the desktop mega menu; §2.7 the mobile bottom navigation.
 */
export function Header() {
  const { t } = useTranslation();
  const config = useConfig();
  const container = useContainer();
  const { menu } = useCategory();
  const flags = useUiFlags();
  const ui = useUiFlagsService();
  const location = useLocation();
  const search = useSearch();
  const searchService = useSearchService();
  // the bottom navigation opens the panel: the search field gets the focus
  useEffect(() => {
    if (flags.searchpanel && document.activeElement?.id !== 'header-search') document.getElementById('header-search')?.focus();
  }, [flags.searchpanel]);
  // pages outside the catalogue do not load the menu on the server: load it here then
  useEffect(() => {
    if (!menu.length) void container.get(CategoryService).loadCategories().catch(() => undefined);
  }, [menu.length, container]);
  // a navigation closes the panels
  useEffect(() => {
    ui.setPanel('searchpanel', false);
    ui.setPanel('sidebar', false);
  }, [location.pathname, ui]);
  return (
    <>
      <a href="#main" className="skip-link">
        {t('header.skipToContent')}
      </a>
      <CmsBlock identifier={config.cms.headerBlock} className="header-block" />
      <header className="header">
        <div className="header__row">
          <button
            type="button"
            className="header__hamburger"
            aria-expanded={flags.sidebar}
            aria-controls="mobile-menu"
            aria-label={t('header.openMenu')}
            onClick={() => ui.togglePanel('sidebar')}
          >
            <span aria-hidden="true">☰</span>
          </button>
          <Link to="/" className="header__logo" aria-label={t('header.logo')}>
            <span className="header__logo-mark" aria-hidden="true">
              ✉
            </span>
            {config.shop.name}
          </Link>
          <form role="search" className="header__search" onSubmit={(e) => e.preventDefault()}>
            <label htmlFor="header-search" className="visually-hidden">
              {t('header.search')}
            </label>
            <span aria-hidden="true" className="header__search-icon">
              ⌕
            </span>
            <input
              id="header-search"
              type="search"
              autoComplete="off"
              placeholder={t('search.placeholder')}
              value={search.text}
              aria-expanded={flags.searchpanel}
              aria-controls="search-panel"
              onFocus={() => ui.setPanel('searchpanel', true)}
              onKeyDown={(e) => e.key === 'Escape' && ui.setPanel('searchpanel', false)}
              onChange={(e) => {
                if (!flags.searchpanel) ui.setPanel('searchpanel', true);
                void searchService.setText(e.target.value);
              }}
            />
          </form>
          <nav className="header__actions" aria-label={t('header.actions')}>
            <AccountButton />
            <MicrocartButton />
          </nav>
        </div>
        <MegaMenu menu={menu} />
        {flags.searchpanel && <SearchPanel onClose={() => ui.setPanel('searchpanel', false)} />}
      </header>
      <MobileMenu menu={menu} />
      {(flags.searchpanel || flags.sidebar) && <div className="overlay" aria-hidden="true" onClick={() => ui.closeAll()} />}
      <BottomNav />
    </>
  );
}
