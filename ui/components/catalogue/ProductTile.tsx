import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../core/catalogue/types';
import { imageUrl } from '../../../core/catalogue/image-url';
import { productLink } from '../../../core/routing/links';
import { useConfig } from '../../hooks/use-service';
import { Price } from '../common/Price';
import { ListToggles } from '../lists/ListToggles';

/** A listed product. `eager`: a first-row tile, whose image is the page's largest paint: loaded at once and first. */
export function ProductTile({ product, eager = false }: { product: Product; eager?: boolean }) {
  const config = useConfig();
  const { t } = useTranslation();
  const src = imageUrl(product.image, config.images.productList, config);
  const inStock = product.stock?.is_in_stock !== false;
  return (
    <li className="product-tile" data-sku={product.sku}>
      <Link to={productLink(product, config)}>
        {src ? (
          // alt="": the link's text already names the product (axe image-redundant-alt)
          <img
            src={src}
            alt=""
            width={config.images.productList.width}
            height={config.images.productList.height}
            loading={eager ? 'eager' : 'lazy'}
            {...(eager ? { fetchPriority: 'high' as const } : {})}
          />
        ) : (
          <div className="product-tile__noimage" aria-hidden="true" />
        )}
        <span className="product-tile__name">{product.name}</span>
      </Link>
      {/* Price's element, its hooks run as the tile's (one component less per tile; Price keeps no state) */}
      {Price({ product })}
      {!inStock && <span className="product-tile__stock">{t('product.outOfStock')}</span>}
      <ListToggles product={product} variant="tile" />
    </li>
  );
}
