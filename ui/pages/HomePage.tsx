import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../core/catalogue/types';
import { HomeService } from '../../core/catalogue/home-service';
import { useService, useObservable } from '../hooks/use-service';
import { ProductTile } from '../components/catalogue/ProductTile';
import { useDocumentTitle } from '../hooks/use-document-title';
import { HomeBanners } from '../components/content/HomeBanners';
import { usePageHead } from '../head/use-page-head';
import { defaultHead } from '../../core/seo/page-head';

function ProductList({ id, heading, items, status }: { id: string; heading: string; items: readonly Product[]; status: string }) {
  const { t } = useTranslation();
  return (
    <section className="product-list" aria-labelledby={`${id}-heading`} data-list={id}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {status === 'loading' && items.length === 0 ? (
        <p role="status">{t('home.loading')}</p>
      ) : items.length === 0 ? (
        <p>{status === 'error' ? t('home.loadError') : t('home.empty')}</p>
      ) : (
        <ul className="product-grid">
          {items.map((p) => (
            <ProductTile key={p.sku} product={p} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** spec catalogue §2.11: the store view's banners and content items, and two product lists, new_collection and bestsellers */
export function HomePage() {
  const { t } = useTranslation();
  const home = useObservable(useService(HomeService));
  useDocumentTitle(t('home.title'));
  usePageHead((ctx) => defaultHead('/', ctx, t('seo.homeDescription')));
  return (
    <div className="home">
      {/* every page has an h1 (the focus goes there after a client-side page change); the banners are the visual title */}
      <h1 className="visually-hidden">{t('a11y.homeHeading')}</h1>
      <HomeBanners content={home.content} />
      {/* each list a boundary of its own (selective hydration, the browser hydrates them one after another) */}
      <Suspense fallback={null}>
        <ProductList id="new_collection" heading={t('home.newCollection')} items={home.lists.new_collection} status={home.status} />
      </Suspense>
      <Suspense fallback={null}>
        <ProductList id="bestsellers" heading={t('home.bestsellers')} items={home.lists.bestsellers} status={home.status} />
      </Suspense>
    </div>
  );
}
