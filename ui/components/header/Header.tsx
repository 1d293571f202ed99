import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { Product } from '../../../core/catalogue/types';
import { productLink } from '../../../core/routing/links';
import { useTranslation } from 'react-i18next';
import { CategoryService } from '../../../core/catalogue/category-service';
import { useConfig, useCategory, useContainer, useSearch, useSearchService } from '../../hooks/use-service';
import { MicrocartButton } from '../cart/MicrocartButton';
import { AccountButton } from '../account/AccountButton';
import { ListLink } from '../lists/ListLinks';
import { CmsBlock } from '../content/CmsHtml';
import { MobileMenu } from '../navigation/MobileMenu';
import { BottomNav } from '../navigation/BottomNav';
import { MegaMenu } from './MegaMenu';
import { SEARCH_LISTBOX_ID, SearchPanel, searchOptionId } from './SearchPanel';
import { useUiFlags, useUiFlagsService } from '../../hooks/use-shell';

/** spec catalogue §2.5 the header; the search field is an ARIA 1.2 list autocomplete combobox. */
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
  const navigate = useNavigate();
  // the active option is a product, not a place: results that arrive later keep it while they hold it
  const [activeSku, setActiveSku] = useState<string>();
  const results = flags.searchpanel ? search.items : [];
  const active = results.findIndex((p) => p.sku === activeSku);
  useEffect(() => setActiveSku(undefined), [flags.searchpanel]);
  const closePanel = () => ui.setPanel('searchpanel', false);
  const pick = (product: Product) => {
    closePanel();
    navigate(productLink(product, config));
  };
  const onSearchKey = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      if (flags.searchpanel) e.stopPropagation();
      closePanel();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      // results is empty while the panel is closed: the arrow only opens it
      if (!flags.searchpanel && search.text) ui.setPanel('searchpanel', true);
      if (!results.length) return;
      e.preventDefault();
      const next = active + (e.key === 'ArrowDown' ? 1 : -1);
      setActiveSku(results[next < 0 ? results.length - 1 : next % results.length]?.sku);
    } else if (e.key === 'Enter' && active >= 0 && results[active]) {
      e.preventDefault();
      pick(results[active]);
    }
  };
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
      {/* in a landmark of its own: every piece of content sits in one (axe region) */}
      <aside className="header-notice" aria-label={t('a11y.headerNotice')}>
        <CmsBlock identifier={config.cms.headerBlock} className="header-block" />
      </aside>
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
              // type=search may not be a combobox (HTML-ARIA); inputMode gives the phone's search key
              type="text"
              role="combobox"
              inputMode="search"
              enterKeyHint="search"
              autoComplete="off"
              placeholder={t('search.placeholder')}
              value={search.text}
              aria-autocomplete="list"
              aria-expanded={results.length > 0}
              aria-controls={results.length > 0 ? SEARCH_LISTBOX_ID : undefined}
              aria-activedescendant={active >= 0 ? searchOptionId(active) : undefined}
              onKeyDown={onSearchKey}
              onChange={(e) => {
                setActiveSku(undefined);
                if (!flags.searchpanel) ui.setPanel('searchpanel', true);
                void searchService.setText(e.target.value);
              }}
            />
            {flags.searchpanel && (
              <SearchPanel
                active={active}
                onPick={pick}
                onClose={() => {
                  closePanel();
                  document.getElementById('header-search')?.focus();
                }}
              />
            )}
          </form>
          <nav className="header__actions" aria-label={t('header.actions')}>
            <ListLink kind="wishlist" />
            <ListLink kind="compare" />
            <AccountButton />
            <MicrocartButton />
          </nav>
        </div>
        <MegaMenu menu={menu} />
      </header>
      <MobileMenu menu={menu} />
      {(flags.searchpanel || flags.sidebar) && <div className="overlay" aria-hidden="true" onClick={() => ui.closeAll()} />}
      <BottomNav />
    </>
  );
}
