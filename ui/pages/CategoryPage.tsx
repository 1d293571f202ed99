import { Suspense, type MouseEvent, type ReactNode, type SyntheticEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  chosenSort, clearFilters, filtersToRouteQuery, toggleFilter, isFilterChosen,
} from '../../core/catalogue/filters';
import { anyFilterChosen, withSort } from '../../core/catalogue/filter-choice';
import { hasMoreItems, listDepthOf, listDepthToQuery } from '../../core/catalogue/categories';
import type { ChosenFilters, FilterOption, Product } from '../../core/catalogue/types';
import type { SortOption } from '../../core/config';
import { useConfig, useCategory, useCategoryService, useContainer, usePageResolution } from '../hooks/use-service';
import { NotFoundPage } from './NotFoundPage';
import { useDocumentTitle } from '../hooks/use-document-title';
import { Breadcrumbs } from '../components/navigation/Breadcrumbs';
import { ProductTile } from '../components/catalogue/ProductTile';
import { CmsHtml } from '../components/content/CmsHtml';
import { usePageHead } from '../head/use-page-head';
import { categoryHead } from '../../core/seo/page-head';
import { useAnalytics, useAnalyticsView } from '../app/analytics';
import { boundary } from '../app/boundaries';
import type { AvailableFilters } from '../../core/catalogue/filters';

/** A route query written as a URL search string. */
const searchString = (query: Record<string, string | string[]>): string =>
  `?${new URLSearchParams(Object.entries(query).flatMap(([k, v]) => [v].flat().map((one) => [k, one])))}`;

/** the product grid, a boundary of its own (ui/app/boundaries.tsx boundary: a store change does not hydrate it at once) */
const ProductGrid = boundary(function ProductGrid({ items, listName }: { items: readonly Product[]; listName: string }) {
  const track = useAnalytics();
  const container = useContainer();
  // a tile pointed at or focused: its product's code and data are asked for before the click (quick navigation)
  const prefetchTile = (e: SyntheticEvent<HTMLUListElement>) => {
    const href = (e.target as Element).closest('a[href]')?.getAttribute('href');
    // (a chunk that cannot load now is the click's to load or recover)
    if (href) void import('../app/prefetch-product').then((m) => m.prefetchProduct(container, href), () => undefined);
  };
  const onTileClick = (e: MouseEvent<HTMLUListElement>) => {
    const tile = (e.target as Element).closest('a[href]') ? (e.target as Element).closest('li') : null;
    const index = tile ? Array.prototype.indexOf.call(e.currentTarget.children, tile) : -1;
    const product = items[index];
    if (product) track((a) => a.selectItem(listName, product, index));
  };
  return (
    <ul className="product-grid" data-testid="category-products" onClick={onTileClick} onPointerOver={prefetchTile} onFocus={prefetchTile}>
      {items.map((p, i) => (
        // the first row (two tiles on a phone) is above the fold: its images load at once (LCP)
        <ProductTile key={p.sku} product={p} eager={i < 2} />
      ))}
    </ul>
  );
});

type FiltersProps = {
  available: AvailableFilters;
  chosen: ChosenFilters;
  anyChosen: boolean;
  onToggle: (o: FilterOption) => void;
  onClear: () => void;
};

/** spec catalogue §3.4, §4.4, §9: the filters offered from the aggregations, each a toggle pressed when chosen. */
function CategoryFilters({ available, chosen, anyChosen, onToggle, onClear }: FiltersProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const groups = Object.entries(available).filter(([, options]) => options.length > 0);
  if (!groups.length) return null;
  return (
    <aside className={`filters${open ? ' filters--open' : ''}`} aria-label={t('category.filters')}>
      <h2 className="filters__title">{t('category.filters')}</h2>
      <button type="button" className="button button--secondary filters__toggle" aria-expanded={open} aria-controls="filters-body" onClick={() => setOpen(!open)}>
        {t('category.filters')}
      </button>
      <div className="filters__body" id="filters-body">
      {groups.map(([type, options]) => (
        <fieldset key={type} className={`filters__group filters__group--${type}`} data-filter={type}>
          <legend>{t(`filters.${type}`, { defaultValue: type })}</legend>
          <ul>
            {options.map((o) => {
              const pressed = isFilterChosen(chosen, o);
              return (
                <li key={String(o.id)}>
                  <button
                    type="button"
                    className={`filter-option${pressed ? ' filter-option--chosen' : ''}`}
                    aria-pressed={pressed}
                    data-option={String(o.id)}
                    // a colour's swatch is the button's ::before (ui/styles.css)
                    data-color={type === 'color' ? o.label.toLowerCase() : undefined}
                    onClick={() => onToggle(o)}
                  >
                    <span className="filter-option__label">{o.label}</span>
                    <span className="filter-option__count">({o.count})</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
      {anyChosen && (
        <button type="button" className="button button--link" onClick={onClear}>
          {t('category.clearFilters')}
        </button>
      )}
      </div>
    </aside>
  );
}

/**
 * The category page (spec catalogue §2.2, §3.6, §4.4): filters and sort kept in the route query, the grid with 'load
 * more'. `ownPath`: a page of its own showing the category names itself canonical.
 */
export function CategoryPage({ intro, ownPath }: { intro?: ReactNode; ownPath?: string }) {
  const { t } = useTranslation();
  const config = useConfig();
  const state = useCategory();
  const service = useCategoryService();
  const navigate = useNavigate();
  const location = useLocation();
  const category = state.current;
  useDocumentTitle(category?.name ?? t('category.title'));
  usePageHead(category ? (ctx) => categoryHead(category, state.breadcrumbs, ctx, ownPath) : undefined);
  const push = (next: ChosenFilters) => navigate({ pathname: location.pathname, search: searchString(filtersToRouteQuery(next, config)) });
  const onToggle = (o: FilterOption) => push(toggleFilter(state.filters, o, config));
  const sort = chosenSort(state.filters, config);
  const sortBy = ({ key, label }: SortOption) => push(withSort(state.filters, key, t(label), config));
  const anyFilter = anyFilterChosen(state.filters, config);
  const resolution = usePageResolution();
  // spec catalogue §2.4 (tag manager): the list shown, and the product a shopper opens from it
  const listName = category?.name ?? '';
  const shown = category && state.list.items.length ? `${category.id} ${state.list.items.map((p) => p.sku).join()}` : undefined;
  useAnalyticsView(shown, (a) => a.viewItemList(listName, state.list.items));
  // the /c/{slug} route's load failed (no such category): the not-found page, not an endless 'loading'
  if (resolution.error && resolution.path === location.pathname) return <NotFoundPage message={t(resolution.error.key, resolution.error.params)} />;
  if (!category) return <p role="status">{t('category.loading')}</p>;
  const list = state.list;
  // 'load more' writes the depth into the URL (?page=N, replacing the entry), so back and refresh keep it;
  // a real link, so it works before hydration and without script too
  const moreParams = new URLSearchParams(location.search);
  const nextDepth = listDepthToQuery(listDepthOf(list, config.search.defaultPageSize) + 1);
  if (nextDepth) moreParams.set('page', nextDepth);
  const moreHref = `${location.pathname}?${moreParams.toString()}`;
  return (
    <div className="category-page" data-category={category.id}>
      <Breadcrumbs items={state.breadcrumbs} current={category.name} />
      <header className="category-page__head">
        <h1>{category.name}</h1>
        {intro}
        {category.description && <CmsHtml html={category.description} className="category-page__description" />}
      </header>
      {state.offline && <p className="notice notice--warning">{t('common.youAreOffline')}</p>}
      <div className="category-page__body">
        {/* the filters and the product grid are boundaries of their own (selective hydration) */}
        <Suspense fallback={null}>
          <CategoryFilters
            available={state.available}
            chosen={state.filters}
            anyChosen={anyFilter}
            onToggle={onToggle}
            onClear={() => push(clearFilters(state.filters, config))}
          />
        </Suspense>
        <section className="category-page__products" aria-labelledby="category-products-heading" aria-busy={state.loading}>
          <div className="category-page__toolbar">
            <h2 id="category-products-heading" className="category-page__count">
              {t('category.count', { count: list.total })}
            </h2>
            {/* spec catalogue §9: the four sort options (best sold, latest, price low to high, price high to low) */}
            <label className="sort-select">
              <span>{t('category.sortBy')}</span>
              <select value={sort} onChange={(e) => sortBy(config.sortOptions[e.target.selectedIndex]!)}>
                {config.sortOptions.map((o) => (
                  <option key={o.key} value={o.key}>
                    {t(o.label)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {state.loading && list.items.length === 0 ? (
            <p role="status" className="category-page__loading">
              {t('category.loading')}
            </p>
          ) : list.items.length === 0 ? (
            anyFilter && !state.offline ? (
              <div className="empty-state">
                <p>{t('category.noMatches')}</p>
                <button type="button" className="button" onClick={() => push(clearFilters(state.filters, config))}>
                  {t('category.clearFilters')}
                </button>
              </div>
            ) : state.warning ? (
              <div className="notice notice--warning" role="alert">
                <p>{t(state.warning)}</p>
                <button type="button" className="button button--small" onClick={() => service.dismissWarning()}>
                  {t('common.ok')}
                </button>
              </div>
            ) : (
              <p className="empty-state">{t('category.empty')}</p>
            )
          ) : (
            <>
              <ProductGrid items={list.items} listName={listName} />
              {hasMoreItems(list) && (
                <p className="category-page__more">
                  <span>{t('category.shown', { shown: list.items.length, total: list.total })}</span>
                  <Link
                    to={moreHref}
                    replace
                    preventScrollReset
                    className="button button--secondary"
                    aria-disabled={state.loading || undefined}
                    onClick={(e) => state.loading && e.preventDefault()}
                  >
                    {state.loading ? t('category.loading') : t('category.loadMore')}
                  </Link>
                </p>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
