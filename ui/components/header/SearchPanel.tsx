import { useTranslation } from 'react-i18next';
import { imageUrl } from '../../../core/catalogue/image-url';
import { useConfig } from '../../hooks/use-service';
import { useSearch, useSearchService } from '../../hooks/use-catalogue';
import { Price } from '../common/Price';
import { ProductLinkTo } from '../catalogue/ProductLinkTo';

/**
 * spec catalogue §2.8: the search panel under the header's search field. A search starts from 3 characters, an
 * empty text clears the results, results page with 'see more' until the last page. Offline, results come from
 * the local cache (flagged).
 */
export function SearchPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const config = useConfig();
  const search = useSearch();
  const service = useSearchService();
  const text = search.text.trim();
  const tooShort = text.length < config.search.minQueryLength;
  return (
    <section id="search-panel" className="search-panel" aria-label={t('search.panel')} onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <div className="search-panel__inner">
        <div className="search-panel__head">
          <p className="search-panel__count" aria-live="polite">
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
            <ul className="search-panel__list">
              {search.items.map((p) => {
                const src = imageUrl(p.image, config.images.productList, config);
                return (
                  <li key={p.sku} className="search-result" data-sku={p.sku}>
                    <ProductLinkTo product={p}>
                      {src ? <img src={src} alt="" width={108} height={163} loading="lazy" /> : <span className="search-result__noimage" />}
                      <span className="search-result__name">{p.name}</span>
                    </ProductLinkTo>
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
