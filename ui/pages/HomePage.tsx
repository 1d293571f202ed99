import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../core/catalogue/types';
import { HomeService } from '../../core/catalogue/home-service';
import { useService, useObservable } from '../hooks/use-service';
import { ProductTile } from '../components/catalogue/ProductTile';
import { useDocumentTitle } from '../hooks/use-document-title';
import type { Banner, HomeContentData } from '../../core/catalogue/home-content';
import { usePageHead } from '../head/use-page-head';
import { defaultHead } from '../../core/seo/page-head';

function BannerLink({ banner, className }: { banner: Banner; className: string }) {
  return (
    <Link to={banner.link} className={className} style={banner.color ? { backgroundColor: banner.color } : undefined}>
      <span className={`${className}__title`}>{banner.title}</span>
      {banner.subtitle && <span className={`${className}__subtitle`}>{banner.subtitle}</span>}
    </Link>
  );
}

/** spec catalogue §2.11: the main and small banners and the default content items of the store view's local file. */
function HomeBanners({ content }: { content: HomeContentData }) {
  const { mainBanners, smallBanners } = content.banners;
  if (mainBanners.length + smallBanners.length + content.contentItems.length === 0) return null;
  return (
    <div className="home-banners">
      {(mainBanners.length > 0 || smallBanners.length > 0) && (
        <div className="home-banners__grid">
          {mainBanners.map((b) => (
            <BannerLink key={b.link + b.title} banner={b} className="banner-main" />
          ))}
          {smallBanners.length > 0 && (
            <div className="home-banners__small">
              {smallBanners.map((b) => (
                <BannerLink key={b.link + b.title} banner={b} className="banner-small" />
              ))}
            </div>
          )}
        </div>
      )}
      {content.contentItems.length > 0 && (
        <ul className="home-usps">
          {content.contentItems.map((item) => (
            <li key={item.title}>
              <strong>{item.title}</strong> <span>{item.message}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

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
