import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Product, MediaGalleryEntry } from '../../core/catalogue/types';
import { productLink } from '../../core/routing/links';
import { RELATED_LINK_TYPE } from '../../core/catalogue/related-products';
import { ReviewForm } from '../components/account/ReviewForm';
import { useClock, useConfig, useContainer, usePageResolution, useObservable } from '../hooks/use-service';
import { ProductService } from '../../core/catalogue/product-service';
import { PRODUCT } from '../../adapters/wiring-product';
import { useDocumentTitle } from '../hooks/use-document-title';
import { Breadcrumbs } from '../components/navigation/Breadcrumbs';
import { ConfigurableOptions } from '../components/catalogue/ConfigurableOptions';
import { BundleOptions } from '../components/catalogue/BundleOptions';
import { AddToCart } from '../components/catalogue/AddToCart';
import { ListToggles } from '../components/lists/ListToggles';
import { ProductTile } from '../components/catalogue/ProductTile';
import { Price } from '../components/common/Price';
import { CmsHtml } from '../components/content/CmsHtml';
import { LazyRatingWidget } from '../components/content/LazyRatingWidget';
import { NotFoundPage } from './NotFoundPage';
import { usePageHead } from '../head/use-page-head';
import { productHead } from '../../core/seo/product-head';
import { useAnalyticsView } from '../app/analytics';
import { boundary } from '../app/boundaries';
import { useEffect, useState } from 'react';
import { imageUrl } from '../../core/catalogue/image-url';

/** The product gallery (spec catalogue §9: 600x744), with thumbnails that choose the large image. */
/** `preferred` (the chosen variant's image) is shown first when the gallery holds it. */
function ProductGallery({ images, name, preferred }: { images: readonly MediaGalleryEntry[]; name: string; preferred?: string | undefined }) {
  const { t } = useTranslation();
  const config = useConfig();
  const start = Math.max(0, images.findIndex((i) => i.image === preferred));
  const [index, setIndex] = useState(start);
  useEffect(() => setIndex(start), [images, start]);
  const size = config.images.gallery;
  const main = images[index] ?? images[0];
  const src = imageUrl(main?.image, size, config);
  return (
    <div className="gallery">
      <div className="gallery__main">
        {src ? <img src={src} alt={main?.lab ?? name} width={size.width} height={size.height} /> : <div className="gallery__noimage" role="img" aria-label={t('product.noImage')} />}
      </div>
      {images.length > 1 && (
        <ul className="gallery__thumbs" aria-label={t('product.images')}>
          {images.map((img, i) => (
            <li key={`${img.image}-${i}`}>
              <button type="button" aria-pressed={i === index} aria-label={t('product.showImage', { n: i + 1 })} onClick={() => setIndex(i)}>
                <img src={imageUrl(img.image, { width: 120, height: 149 }, config)} alt="" width={60} height={74} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** the parts that hydrate on their own, one after another (ui/app/boundaries.tsx boundary) */
const Gallery = boundary(ProductGallery);
const Description = boundary(CmsHtml);
const Review = boundary(ReviewForm);
const Related = boundary(function RelatedTiles({ items }: { items: readonly Product[] }) {
  return (
    <ul className="product-grid">
      {items.map((p) => (
        <ProductTile key={p.sku} product={p} />
      ))}
    </ul>
  );
});

function GroupedChildren({ product }: { product: Product }) {
  const { t } = useTranslation();
  const links = (product.product_links ?? []).filter((l) => l.link_type === 'associated');
  if (!links.length) return null;
  return (
    <section className="grouped" aria-labelledby="grouped-heading">
      <h2 id="grouped-heading">{t('product.groupedParts')}</h2>
      <table className="grouped__table">
        <thead>
          <tr>
            <th scope="col">{t('product.part')}</th>
            <th scope="col">{t('product.qty')}</th>
            <th scope="col">{t('product.price')}</th>
          </tr>
        </thead>
        <tbody>
          {links.map((l) => (
            <tr key={l.linked_product_sku}>
              <td>{l.product?.name ?? l.linked_product_sku}</td>
              <td>{l.qty ?? 1}</td>
              <td>{l.product ? <Price product={l.product} /> : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The product page (spec catalogue §3.6, §4.1, §4.2, §4.4): a chosen option re-configures the product and writes
 * its childSku into the URL; a load error (§4.1) is shown instead.
 */
export function ProductPage() {
  const { t } = useTranslation();
  const config = useConfig();
  // the page's part of the wiring comes with its chunk; a graph that has it already keeps it as it is
  const service = useContainer().add(PRODUCT).get(ProductService);
  const state = useObservable(service);
  const resolution = usePageResolution();
  const navigate = useNavigate();
  const location = useLocation();
  const product = state.current;
  // spec catalogue §2.4 (tag manager): the product (or the variant chosen) shown
  useAnalyticsView(product?.sku, (a) => product && a.viewItem(product));
  const parent = state.parent ?? state.original;
  const error = resolution.path === location.pathname ? resolution.error : undefined;
  useDocumentTitle(error ? t('product.unavailable') : (product?.name ?? t('product.loading')));
  const now = useClock().now();
  usePageHead(
    product && parent && !error
      ? (ctx) => productHead({ product, parent, gallery: state.gallery, breadcrumbs: state.breadcrumbs, now }, ctx)
      : undefined,
  );
  if (error) {
    return (
      <div className="product-error">
        <NotFoundPage />
        <p className="notice notice--danger" role="alert">
          {t(error.key, error.params)}
        </p>
      </div>
    );
  }
  if (!product || !parent) return <p role="status">{t('product.loading')}</p>;
  const choose = (code: string, value: string | number) => {
    const result = service.configure({ options: { [code]: value } });
    if (result.ok) navigate(productLink(parent, config, { childSku: result.product.sku }), { replace: true });
  };
  const variantsError = product.errors?.variants;
  const inStock = product.stock?.is_in_stock !== false;
  const related = state.related[RELATED_LINK_TYPE] ?? [];
  return (
    <div className="product-page" data-sku={product.sku} data-parent-sku={parent.sku}>
      <Breadcrumbs items={state.breadcrumbs} current={parent.name} />
      <div className="product-page__main">
        <Gallery images={state.gallery} name={parent.name} preferred={product.image} />
        <div className="product-page__info">
          <h1>{parent.name}</h1>
          <LazyRatingWidget place="product" />
          <p className="product-page__sku">
            {t('product.sku')}: <span data-testid="product-sku">{product.sku}</span>
          </p>
          <div className="product-page__price" data-testid="product-price">
            <Price product={product} />
          </div>
          {product.short_description && <CmsHtml html={product.short_description} className="product-page__short" />}
          {state.options && state.options.length > 0 && parent.type_id === 'configurable' && (
            <ConfigurableOptions parent={parent} options={state.options} configuration={state.configuration} onChoose={choose} />
          )}
          {state.warning && (
            <div className="notice notice--warning" role="alert">
              <p>{t(state.warning)}</p>
              <button type="button" className="button button--small" onClick={() => service.dismissWarning()}>
                {t('common.ok')}
              </button>
            </div>
          )}
          {variantsError && <p className="notice notice--warning">{t(variantsError)}</p>}
          <p className={`stock ${inStock ? 'stock--ok' : 'stock--out'}`}>
            {inStock ? t('product.inStock') : t('catalogue.outOfStock')}
          </p>
          <GroupedChildren product={product} />
          {parent.type_id === 'bundle' && (
            <BundleOptions
              options={parent.bundle_options ?? []}
              selections={state.bundleSelections ?? []}
              problem={product.errors?.bundle}
              onChoose={(optionId, linkId, checked) => service.chooseBundleLink(optionId, linkId, checked)}
              onQty={(optionId, qty) => service.setBundleQty(optionId, qty)}
            />
          )}
          <AddToCart product={product} disabled={!!variantsError || !!state.warning || !!product.errors?.bundle} />
          {/* the product as shown: a chosen variant is kept with its options (spec transactions §3 keyed by sku) */}
          <ListToggles product={product} name={parent.name} variant="page" />
        </div>
      </div>
      {product.description && (
        <section className="product-page__description" aria-labelledby="description-heading">
          <h2 id="description-heading">{t('product.description')}</h2>
          <Description html={product.description} />
        </section>
      )}
      <section className="product-page__review" aria-labelledby="review-heading">
        <h2 id="review-heading">{t('review.title')}</h2>
        <Review productId={product.id} />
      </section>
      {related.length > 0 && (
        <section className="product-list product-page__related" aria-labelledby="related-heading">
          <h2 id="related-heading">{t('product.related')}</h2>
          <Related items={related} />
        </section>
      )}
    </div>
  );
}
