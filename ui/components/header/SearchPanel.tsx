import { useTranslation } from 'react-i18next';
import type { Product } from '../../../core/catalogue/types';
import { imageUrl } from '../../../core/catalogue/image-url';
import { useConfig, useSearch, useSearchService } from '../../hooks/use-service';
import { Price } from '../common/Price';

export const SEARCH_LISTBOX_ID = 'search-results';
export const searchOptionId = (index: number) => `search-option-${index}`;

/** spec catalogue §2.8: the search combobox's popup: the count as a status, the results as a listbox. */
export function SearchPanel({ active, onPick, onClose }: { active: number; onPick: (product: Product) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const config = useConfig();
  const search = useSearch();
  const service = useSearchService();
  const text = search.text.trim();
  const tooShort = text.length < config.search.minQueryLength;
  return (
    <section
      id="search-panel"
      className="search-panel"
      aria-label={t('search.panel')}
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
    >
      <div className="search-panel__inner">
        <div className="search-panel__head">
          <p className="search-panel__count" role="status">
            {tooShort
              ? t('search.minLength', { min: config.search.minQueryLength })
              : search.loading && search.items.length === 0
                ? t('search.loading')
                : search.noResults
                  ? t('search.noResults', { text })
                  : t('search.count', { count: search.total, text })}
          </p>
          <button type="button" className="search-panel__close" onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
        {search.offline && <p className="notice notice--warning">{t('search.offline')}</p>}
        {search.items.length > 0 && (
          <>
            <ul className="search-panel__list" role="listbox" id={SEARCH_LISTBOX_ID} aria-label={t('a11y.searchResults')}>
              {search.items.map((p, i) => {
                const src = imageUrl(p.image, config.images.productList, config);
                return (
                  <li
                    key={p.sku}
                    id={searchOptionId(i)}
                    role="option"
                    aria-selected={i === active}
                    className={`search-result${i === active ? ' search-result--active' : ''}`}
                    data-sku={p.sku}
                    onClick={() => onPick(p)}
                  >
                    {src ? <img src={src} alt="" width={108} height={163} loading="lazy" /> : <span className="search-result__noimage" />}
                    <span className="search-result__name">{p.name}</span>
                    <Price product={p} />
                  </li>
                );
              })}
            </ul>
            {search.hasMore && (
              <p className="search-panel__more">
                <button type="button" className="button button--secondary" onClick={() => void service.loadMore()} disabled={search.loading}>
                  {t('search.seeMore')}
                </button>
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
